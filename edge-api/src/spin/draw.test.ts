import { describe, expect, it } from 'vitest';
import { drawPrize, secureRandomInt } from './draw.ts';

const prizes = [
  { id: 'never', weight: 0 },
  { id: 'fuel', weight: 1 },
  { id: 'miss', weight: 3 },
  { id: 'also-never', weight: 0 },
];

describe('drawPrize (the server draw from the campaign odds)', () => {
  it('maps each value of the range to the prize whose share holds it; weight 0 owns no value', () => {
    expect([0, 1, 2, 3].map((r) => drawPrize(prizes, () => r).id)).toEqual(['fuel', 'miss', 'miss', 'miss']);
  });

  it('asks for a value below the sum of weights and refuses one outside it', () => {
    let asked = 0;
    drawPrize(prizes, (bound) => ((asked = bound), 0));
    expect(asked).toBe(4);
    expect(() => drawPrize(prizes, () => 4)).toThrow(RangeError);
    expect(() => drawPrize(prizes, () => -1)).toThrow(RangeError);
    expect(() => drawPrize(prizes, () => 0.5)).toThrow(RangeError);
  });

  it('refuses a campaign where nothing has odds', () => {
    expect(() => drawPrize([{ id: 'a', weight: 0 }], () => 0)).toThrow('No prize has odds above 0');
    expect(() => drawPrize([], () => 0)).toThrow();
  });

  it('follows the odds with the real source: 1 : 3 within a few percent over 40,000 draws, zero weights never drawn', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 40_000; i++) {
      const id = drawPrize(prizes, secureRandomInt).id;
      counts[id] = (counts[id] ?? 0) + 1;
    }
    expect(counts.never).toBeUndefined();
    expect(counts['also-never']).toBeUndefined();
    // Expected 10,000 and 30,000; the standard deviation is about 87, so ±600 never fails by chance.
    expect(counts.fuel).toBeGreaterThan(9_400);
    expect(counts.fuel).toBeLessThan(10_600);
    expect(counts.miss).toBe(40_000 - counts.fuel!);
  });
});

describe('secureRandomInt', () => {
  it('draws again from the biased tail instead of folding it (no modulo bias)', () => {
    // bound 3: 2^32 % 3 = 1, so 2^32 - 1 is the one value outside the last complete block.
    const queue = [2 ** 32 - 1, 2 ** 32 - 1, 7];
    const values = (a: Uint32Array) => ((a[0] = queue.shift()!), a);
    expect(secureRandomInt(3, values)).toBe(1);
    expect(queue).toEqual([]);
  });

  it('stays in range and refuses a bound it cannot draw', () => {
    for (let i = 0; i < 1000; i++) {
      const n = secureRandomInt(7);
      expect(n >= 0 && n < 7 && Number.isInteger(n)).toBe(true);
    }
    expect(secureRandomInt(1)).toBe(0);
    for (const bad of [0, -1, 1.5, 2 ** 33]) expect(() => secureRandomInt(bad)).toThrow(RangeError);
  });
});
