import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('shares a load within the ttl and reloads after it', async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache<number>(1000, 10, () => t);
    const load = async () => ++loads;
    expect(await cache('a', load)).toBe(1);
    t = 999;
    expect(await cache('a', load)).toBe(1);
    t = 1000;
    expect(await cache('a', load)).toBe(2);
  });
  it('forgets failures at once', async () => {
    const cache = createTtlCache<number>(60_000);
    await expect(cache('a', async () => Promise.reject(new Error('kv down')))).rejects.toThrow('kv down');
    await Promise.resolve();
    expect(await cache('a', async () => 7)).toBe(7);
  });
  it('drops the oldest entry beyond max', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(60_000, 2);
    const load = async () => ++loads;
    await cache('a', load);
    await cache('b', load);
    await cache('c', load);
    expect(await cache('a', load)).toBe(4);
  });
});
