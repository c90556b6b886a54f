import { classifyPostcode, type AuState } from './states.ts';
import { postcodePoint, statePostcodes, type PostcodePoint } from './localities-table.ts';

export type PostcodeLocation = {
  postcode: string;
  state: AuState;
  locality: string;
  lat: number;
  lng: number;
  /** True when the postcode is not in the table (or is a PO-box postcode) and another postcode's point stands in. */
  approximate: boolean;
};

const toLocation = ({ locality, lat, lng }: PostcodePoint, postcode: string, state: AuState, approximate: boolean): PostcodeLocation =>
  ({ postcode, state, locality, lat, lng, approximate });

/**
 * Locates an Australian postcode from the locality table (localities-table.ts: the centroid of the postcode's
 * localities, named by the one nearest it); else the numerically nearest listed postcode of the same state (postcodes
 * are allocated in geographic runs; a tie goes to the lower), PO-box ranges at the city that serves them. Null when the
 * postcode is not 4 digits or no state owns it.
 */
export function locatePostcode(postcode: string): PostcodeLocation | null {
  const info = classifyPostcode(postcode);
  if (!info) return null;
  const exact = postcodePoint(info.servedBy);
  if (exact && exact.state === info.state) return toLocation(exact, postcode, info.state, info.kind === 'po_box');
  const n = Number(postcode);
  let best: number | undefined;
  for (const c of statePostcodes(info.state)) {
    if (best === undefined || Math.abs(c - n) < Math.abs(best - n)) best = c; // ascending: a tie keeps the lower
  }
  const point = best === undefined ? null : postcodePoint(String(best).padStart(4, '0'));
  return point ? toLocation(point, postcode, info.state, true) : null;
}
