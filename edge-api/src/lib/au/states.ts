/**
 * Australian postcode ranges by state and territory (Australia Post allocation).
 * Large-volume-receiver ranges (PO boxes, e.g. 1000-1999 NSW) belong to a state but not to a street address.
 */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

type Range = readonly [from: number, to: number];

/** Street-address ranges. ACT ranges sit inside the NSW block, so they are checked first. */
const DELIVERY_RANGES: ReadonlyArray<readonly [AuState, Range]> = [
  ['ACT', [2600, 2618]], ['ACT', [2900, 2920]],
  ['NSW', [2000, 2599]], ['NSW', [2619, 2899]], ['NSW', [2921, 2999]],
  ['NT', [800, 899]],
  ['QLD', [4000, 4999]],
  ['SA', [5000, 5799]],
  ['TAS', [7000, 7799]],
  ['VIC', [3000, 3999]],
  ['WA', [6000, 6797]],
];

/** PO-box / large-volume-receiver ranges, each with the street postcode of the city that serves it. */
const LVR_RANGES: ReadonlyArray<readonly [AuState, Range, string]> = [
  ['ACT', [200, 299], '2601'],
  ['NSW', [1000, 1999], '2000'],
  ['NT', [900, 999], '0800'],
  ['QLD', [9000, 9999], '4000'],
  ['SA', [5800, 5999], '5000'],
  ['TAS', [7800, 7999], '7000'],
  ['VIC', [8000, 8999], '3000'],
  ['WA', [6800, 6999], '6000'],
];

const inRange = (n: number, [from, to]: Range) => n >= from && n <= to;

/** Exactly 4 digits (spec §5 Postcode field). */
export const isPostcodeShape = (postcode: string) => /^\d{4}$/.test(postcode);

export type PostcodeInfo = { postcode: string; state: AuState; kind: 'street' | 'po_box'; servedBy: string };

/** State of a postcode and whether it is a street or PO-box postcode; null when no state owns it. */
export function classifyPostcode(postcode: string): PostcodeInfo | null {
  if (!isPostcodeShape(postcode)) return null;
  const n = Number(postcode);
  for (const [state, range] of DELIVERY_RANGES) if (inRange(n, range)) return { postcode, state, kind: 'street', servedBy: postcode };
  for (const [state, range, servedBy] of LVR_RANGES) if (inRange(n, range)) return { postcode, state, kind: 'po_box', servedBy };
  return null;
}

export const stateOfPostcode = (postcode: string): AuState | null => classifyPostcode(postcode)?.state ?? null;
