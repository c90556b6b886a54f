/**
 * The spin-to-win draw (issue 14): the prize comes from the campaign's odds, on the server only. Pure, so its odds are
 * tested; the Worker passes `secureRandomInt` (crypto.getRandomValues, unbiased).
 */
import type { SpinPrize } from '@forecourt/contracts/content';

/** A uniform integer in [0, bound): what the draw needs from a source of randomness. */
export type RandomInt = (bound: number) => number;

const UINT32 = 2 ** 32;

/**
 * A uniform integer in [0, bound) from crypto.getRandomValues, without modulo bias: values from the incomplete last
 * block of 2^32 are drawn again (at most half of them, so the loop ends almost at once).
 * @example secureRandomInt(6) // 0..5
 */
export function secureRandomInt(bound: number, values: (array: Uint32Array) => Uint32Array = (a) => crypto.getRandomValues(a)): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > UINT32) throw new RangeError(`bound must be an integer in 1..2^32, got ${bound}`);
  const limit = UINT32 - (UINT32 % bound);
  const one = new Uint32Array(1);
  for (;;) {
    const n = values(one)[0]!;
    if (n < limit) return n % bound;
  }
}

/**
 * One prize drawn by weight: each prize's chance is its weight over the sum of weights; a prize of weight 0 is never
 * drawn. Throws when no prize has odds (contracts' SpinCampaignSchema refuses such a campaign).
 * @example drawPrize([{ id: 'a', weight: 1, ... }, { id: 'b', weight: 3, ... }], secureRandomInt) // 'b' three times in four
 */
export function drawPrize<P extends Pick<SpinPrize, 'weight'>>(prizes: readonly P[], random: RandomInt): P {
  const total = prizes.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
  if (!(total > 0)) throw new Error('No prize has odds above 0');
  const r = random(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new RangeError(`random(${total}) gave ${r}`);
  let upTo = 0;
  for (const prize of prizes) {
    upTo += Math.max(0, prize.weight);
    if (r < upTo) return prize;
  }
  // Unreachable: r < total, the last prize with odds ends at total.
  throw new Error('draw out of range');
}
