/** The finance page sidebar's 3 steps when no car is chosen (spec §2 Finance page); kept apart from the page table so the island stays small. */
export const FINANCE_STEPS = [
  { title: 'Apply online in minutes', text: 'Tell us a little about yourself and the car you are after.' },
  { title: 'Get pre-approved', text: 'Receive a personalised rate before you choose your car.' },
  { title: 'Purchase the car', text: 'Drive away in your new car with your finance sorted.' },
] as const;

/** Label of the steps toggle for the current state. */
export const stepsToggleLabel = (open: boolean): string => (open ? 'Hide steps' : 'Show steps');
