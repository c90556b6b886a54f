/**
 * Spec §4 Stock visibility: "Consecutive sold hits collapse to the first of each run (all shown if every hit is sold)."
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { isSold } from './visibility.ts';

/**
 * Keeps the first sold hit of each run of consecutive sold hits and drops the rest of the run.
 * When every hit is sold (and there is at least one), all are returned unchanged.
 * @example collapseSoldRuns([inStock, sold1, sold2, inStock2, sold3]) // [inStock, sold1, inStock2, sold3]
 */
export function collapseSoldRuns<T extends Pick<Car, 'status' | 'sold'>>(hits: readonly T[]): T[] {
  if (hits.every(isSold)) return hits.slice();
  const out: T[] = [];
  let previousSold = false;
  for (const hit of hits) {
    const sold = isSold(hit);
    if (!(sold && previousSold)) out.push(hit);
    previousSold = sold;
  }
  return out;
}
