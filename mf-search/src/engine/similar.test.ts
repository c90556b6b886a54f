import { describe, expect, it } from 'vitest';
import { byPriceCloseness, mergeSimilar, SIMILAR_MAX, similarPriceWindow } from './similar.ts';

describe('similarPriceWindow (spec §9: ±10,000 under 50,000, else ±25,000)', () => {
  it('uses ±10,000 up to 49,999 and ±25,000 from 50,000', () => {
    expect(similarPriceWindow(49_999)).toEqual({ min: 39_999, max: 59_999 });
    expect(similarPriceWindow(50_000)).toEqual({ min: 25_000, max: 75_000 });
    expect(similarPriceWindow(20_000)).toEqual({ min: 10_000, max: 30_000 });
    expect(similarPriceWindow(120_000)).toEqual({ min: 95_000, max: 145_000 });
  });
  it('does not restrict by price for a car without a price', () => {
    expect(similarPriceWindow(0)).toBeUndefined();
  });
});

describe('mergeSimilar', () => {
  const c = (id: string) => ({ id });
  it('keeps priority order, drops repeats and the current car, max 6', () => {
    const merged = mergeSimilar([[c('cur'), c('m1'), c('m2')], [c('m2'), c('k1'), c('k2'), c('k3')], [c('b1'), c('b2'), c('k1')]], 'cur');
    expect(SIMILAR_MAX).toBe(6);
    expect(merged.map((x) => x.id)).toEqual(['m1', 'm2', 'k1', 'k2', 'k3', 'b1']);
  });
  it('honours a smaller limit and never goes above 6', () => {
    const many = Array.from({ length: 20 }, (_, i) => c(`x${i}`));
    expect(mergeSimilar([many], 'cur', 3)).toHaveLength(3);
    expect(mergeSimilar([many], 'cur', 50)).toHaveLength(6);
    expect(mergeSimilar([many], 'cur', 0)).toHaveLength(0);
  });
});

describe('byPriceCloseness', () => {
  it('puts the closest price first, then the tie-break', () => {
    const cars = [{ id: 'a', price: 30_000 }, { id: 'b', price: 21_000 }, { id: 'c', price: 19_000 }, { id: 'd', price: 25_000 }];
    const sorted = [...cars].sort(byPriceCloseness(20_000, (x, y) => (x.id < y.id ? -1 : 1)));
    expect(sorted.map((x) => x.id)).toEqual(['b', 'c', 'd', 'a']);
  });
});
