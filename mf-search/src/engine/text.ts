/** Free-text search rules of the embedded engine. */
import type { Car } from '@forecourt/contracts/entities/car';
import { facetLabel } from './facets.ts';

/** Fields the text query searches (the search input of spec §2 Search results). */
export const TEXT_FIELDS = ['make', 'model', 'badge', 'series', 'body', 'colour', 'stocknum', 'name'] as const satisfies readonly (keyof Car)[];

/**
 * One searchable string per car: every word of a query must match somewhere in it (all words, any field).
 * The body type's label is added too, so 'white ute' or 'suv' find cars whose feed body is 'Dual Cab Utility'.
 */
export function searchableText(car: Pick<Car, (typeof TEXT_FIELDS)[number] | 'simple_body'>): string {
  const parts: string[] = TEXT_FIELDS.map((field) => car[field] ?? '');
  if (car.simple_body) parts.push(facetLabel('simple_body', car.simple_body));
  return parts.filter((part) => part !== '').join(' ');
}

/**
 * Query words worth searching: punctuation trimmed from their ends ('hilux-' -> 'hilux'), words without a letter
 * or digit dropped ('--'), repeats dropped.
 */
export function cleanQueryTokens(tokens: readonly string[]): string[] {
  const out = tokens.map((t) => t.replace(/^[-_']+|[-_']+$/g, '')).filter((t) => /[\p{L}\p{N}]/u.test(t));
  return [...new Set(out)];
}

/**
 * Typos allowed for one query word (edit distance): none under 4 characters (so 'gt' or 'suv' stay exact) and
 * none in words with a digit (stock numbers, years, 'i30', 'sr5': 'U3001' must not find 'U3002'); otherwise 1 up
 * to 7 characters ('toyta' finds Toyota) and 2 from 8 ('landcrusier'). Every word also matches as a prefix.
 */
export function typoTolerance(token: string): number {
  if (token.length < 4 || /\d/.test(token)) return 0;
  if (token.length < 8) return 1;
  return 2;
}
