import { describe, expect, it } from 'vitest';
import { createRng, hashString } from './prng.ts';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('accepts string seeds through a stable hash', () => {
    expect(hashString('harbourside-toyota')).toBe(hashString('harbourside-toyota'));
    expect(hashString('a')).not.toBe(hashString('b'));
    expect(createRng('x').next()).toBe(createRng(hashString('x')).next());
  });

  it('keeps values in range and roughly uniform', () => {
    const rng = createRng(7);
    const buckets = new Array(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 20_000; i++) {
      const x = rng.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      buckets[Math.floor(x * 10)]++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const n of buckets) expect(n).toBeGreaterThan(1_800);
    const ints = new Set(Array.from({ length: 1000 }, () => rng.int(3, 5)));
    expect([...ints].sort()).toEqual([3, 4, 5]);
  });

  it('picks by weight and samples distinct items', () => {
    const rng = createRng(1);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) if (rng.weighted([['a', 9], ['b', 1]] as const) === 'a') heavy++;
    expect(heavy).toBeGreaterThan(8_700);
    expect(heavy).toBeLessThan(9_300);
    const s = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(s).size).toBe(4);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
    expect(() => rng.pick([])).toThrow();
  });
});
