import { describe, expect, it } from 'vitest';
import { SHARED_LOAD_STALL_MS } from '@forecourt/contracts/shared-load';
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

describe('createTtlCache bound', () => {
  it(`holds at most max entries (default TTL_CACHE_DEFAULT_MAX), the oldest stored first out; delete forgets one`, async () => {
    const { TTL_CACHE_DEFAULT_MAX } = await import('./ttl-cache.ts');
    expect(TTL_CACHE_DEFAULT_MAX).toBe(1_000);
    const cache = createTtlCache<string>(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache(key, async () => key);
    expect(cache.size()).toBe(3);
    let loaded = false;
    // a and b went first (oldest stored); c is still there.
    expect(await cache('c', async () => ((loaded = true), 'again'))).toBe('c');
    expect(loaded).toBe(false);
    expect(await cache('a', async () => 'reloaded')).toBe('reloaded');
    expect(cache.size()).toBe(3);
    cache.delete('a');
    expect(cache.size()).toBe(2);
    const unbounded = createTtlCache<string>(60_000);
    for (let i = 0; i < TTL_CACHE_DEFAULT_MAX + 5; i++) await unbounded(`k${i}`, async () => 'v');
    expect(unbounded.size()).toBe(TTL_CACHE_DEFAULT_MAX);
  });

  it('loads again instead of waiting forever on a load whose request was cancelled (it never settles)', async () => {
    let t = 0;
    const cache = createTtlCache<string>(60_000, 10, () => t);
    void cache('k', () => new Promise<string>(() => {}));
    t = SHARED_LOAD_STALL_MS;
    expect(await cache('k', async () => 'fresh')).toBe('fresh');
    expect(await cache('k', async () => 'again')).toBe('fresh');
  });
});
