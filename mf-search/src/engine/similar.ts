/**
 * Similar cars (spec §7 multi-search for similar cars, §9 "Similar cars"): in stock only, the current car
 * excluded, a price window around its price, same model first, de-duplicated by id, 6 results.
 */
import type { Car } from '@forecourt/contracts/entities/car';

/** Spec §9: 6 results. */
export const SIMILAR_MAX = 6;
/** Spec §7: each query of the multi-search asks for 10 hits. */
export const SIMILAR_QUERY_LIMIT = 10;
/** Spec §9: ±10,000 under 50,000, else ±25,000. */
export const SIMILAR_PRICE_BREAK = 50_000;
export const SIMILAR_WINDOW_LOW = 10_000;
export const SIMILAR_WINDOW_HIGH = 25_000;

/**
 * Inclusive price window for similar cars, or undefined when the car has no price (0: "Enquire for price"),
 * in which case price does not restrict the suggestions.
 * @example similarPriceWindow(49_999) // { min: 39_999, max: 59_999 }
 * @example similarPriceWindow(50_000) // { min: 25_000, max: 75_000 }
 */
export function similarPriceWindow(price: number): { min: number; max: number } | undefined {
  if (!(price > 0)) return undefined;
  const delta = price < SIMILAR_PRICE_BREAK ? SIMILAR_WINDOW_LOW : SIMILAR_WINDOW_HIGH;
  return { min: price - delta, max: price + delta };
}

/**
 * Merges the result lists of the similar-cars queries in priority order (same model, then same make, then same
 * body), dropping the current car and repeats by id, and keeps the first `limit` (at most 6).
 */
export function mergeSimilar<T extends Pick<Car, 'id'>>(groups: readonly (readonly T[])[], currentId: string, limit: number = SIMILAR_MAX): T[] {
  const max = Math.max(0, Math.min(SIMILAR_MAX, Math.floor(limit)));
  const seen = new Set<string>([currentId]);
  const out: T[] = [];
  for (const group of groups) {
    for (const car of group) {
      if (out.length >= max) return out;
      if (seen.has(car.id)) continue;
      seen.add(car.id);
      out.push(car);
    }
  }
  return out;
}

/** Within one query, cars closest in price to the current car come first (then the given tie-break). */
export function byPriceCloseness<T extends Pick<Car, 'price'>>(price: number, tieBreak: (a: T, b: T) => number): (a: T, b: T) => number {
  return (a, b) => Math.abs(a.price - price) - Math.abs(b.price - price) || tieBreak(a, b);
}
