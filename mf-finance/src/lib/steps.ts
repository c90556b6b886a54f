import type { IslandTrigger } from '@forecourt/contracts/islands';

/** The finance page sidebar's 3 steps when no car is chosen (spec §2 Finance page); kept apart from the page table so the island stays small. */
export const FINANCE_STEPS = [
  { title: 'Apply online in minutes', text: 'Tell us a little about yourself and the car you are after.' },
  { title: 'Get pre-approved', text: 'Receive a personalised rate before you choose your car.' },
  { title: 'Purchase the car', text: 'Drive away in your new car with your finance sorted.' },
] as const;

/** Label of the steps toggle for the current state. */
export const stepsToggleLabel = (open: boolean): string => (open ? 'Hide steps' : 'Show steps');

/**
 * When the steps' island (FinanceSteps: only its Hide/Show toggle needs JavaScript) loads: the shopper's first use of
 * the page (issue 19: a first visit of /finance loads no React at load; the steps themselves are server HTML). Its
 * toggle keeps its place until then (invisible), so it appears without moving anything.
 */
export const STEPS_WHEN: IslandTrigger[] = [{ kind: 'engaged' }];
