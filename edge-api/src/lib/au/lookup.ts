import { classifyPostcode, type AuState } from './states.ts';
import { POSTCODE_POINTS, type PostcodePoint } from './postcode-points.ts';

export type PostcodeLocation = {
  postcode: string;
  state: AuState;
  locality: string;
  lat: number;
  lng: number;
  /** True when the postcode is not in the gazetteer and the nearest listed postcode of its state stands in. */
  approximate: boolean;
};

const byPostcode = new Map<string, PostcodePoint>(POSTCODE_POINTS.map((p) => [p[0], p]));
const byState = new Map<AuState, { n: number; point: PostcodePoint }[]>();
for (const point of POSTCODE_POINTS) {
  const state = classifyPostcode(point[0])?.state;
  if (!state) throw new Error(`Gazetteer postcode ${point[0]} has no state`);
  const list = byState.get(state) ?? [];
  list.push({ n: Number(point[0]), point });
  byState.set(state, list);
}

const toLocation = ([postcode, locality, lat, lng]: PostcodePoint, state: AuState, approximate: boolean): PostcodeLocation =>
  ({ postcode, state, locality, lat, lng, approximate });

/**
 * Locates an Australian postcode: exact gazetteer entry, else the numerically nearest listed postcode of the
 * same state (postcodes are allocated in geographic runs), PO-box ranges at the city that serves them.
 * Null when the postcode is not 4 digits or no state owns it.
 */
export function locatePostcode(postcode: string): PostcodeLocation | null {
  const info = classifyPostcode(postcode);
  if (!info) return null;
  const exact = byPostcode.get(info.servedBy);
  if (exact) return { ...toLocation(exact, info.state, info.kind === 'po_box'), postcode };
  const candidates = byState.get(info.state) ?? [];
  const n = Number(postcode);
  let best: { n: number; point: PostcodePoint } | undefined;
  for (const c of candidates) {
    // Ties go to the lower postcode, so the answer never depends on table order.
    if (!best || Math.abs(c.n - n) < Math.abs(best.n - n) || (Math.abs(c.n - n) === Math.abs(best.n - n) && c.n < best.n)) best = c;
  }
  return best ? { ...toLocation(best.point, info.state, true), postcode } : null;
}
