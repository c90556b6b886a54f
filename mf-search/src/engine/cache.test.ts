import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchPort, type SearchRequestInput, type SearchResponse } from '@forecourt/contracts/search';
import { MANUFACTURER_QUERY_CACHE_CAP, OFFERS_QUERY_CACHE_CAP, QueryCache, queryCacheKey, withQueryCache } from './cache.ts';
import { scopeOf } from '../test/engine-fixtures.ts';

const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);
const scope = scopeOf('alpha');

function countingPort(fail?: () => boolean): SearchPort & { calls: number } {
  const port = {
    calls: 0,
    async search(_scope: unknown, request: { page: number }): Promise<SearchResponse> {
      port.calls++;
      if (fail?.()) throw new Error('unavailable');
      return { hits: [], facets: {}, facetStats: {}, count: port.calls, page: request.page, pages: 0, hitsPerPage: 21, ms: 0 };
    },
    async getBySlug() {
      return null;
    },
    async getById(_scope: unknown, id: string) {
      return id === 'known' ? ({ id } as Car) : null;
    },
    async similar() {
      return [];
    },
  };
  return port as SearchPort & { calls: number };
}

describe('query cache constants (spec §9)', () => {
  it('manufacturer keeps 10 entries, offers 11 (evict the oldest when over 10)', () => {
    expect(MANUFACTURER_QUERY_CACHE_CAP).toBe(10);
    expect(OFFERS_QUERY_CACHE_CAP).toBe(11);
  });
});

describe('queryCacheKey', () => {
  it('differs by query, filters, offset, sort, facets, page size and tenant', () => {
    const base = queryCacheKey(scope, req());
    const others = [
      queryCacheKey(scope, req({ query: 'hilux' })),
      queryCacheKey(scope, req({ filters: { make: ['Toyota'] } })),
      queryCacheKey(scope, req({ reduced: true })),
      queryCacheKey(scope, req({ page: 2 })),
      queryCacheKey(scope, req({ sortBy: 'price_asc' })),
      queryCacheKey(scope, req({ facets: ['make'] })),
      queryCacheKey(scope, req({ hitsPerPage: 10 })),
      queryCacheKey(scope, req({ ranges: { price: { min: 1 } } })),
      queryCacheKey(scopeOf('beta'), req()),
      queryCacheKey(scopeOf('alpha', { used_only: true }), req()),
      queryCacheKey(scopeOf('alpha', { excluded_stocknums: ['X1'] }), req()),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('ignores value order, facet order, empty lists, surrounding spaces and the evaluation time', () => {
    const a = queryCacheKey(scope, req({ query: 'hilux ', filters: { make: ['Toyota', 'Ford'], model: ['Ranger'], colour: [] } }));
    const b = queryCacheKey(scopeOf('alpha', { now: scope.now + 5_000 }), req({ query: 'hilux', filters: { model: ['Ranger'], make: ['Ford', 'Toyota'] } }));
    expect(a).toBe(b);
  });

  it('keys the offset, so page 2 of 21 and page 3 of 14 are different but page 1 with and without page=1 is the same', () => {
    expect(queryCacheKey(scope, req({ page: 1 }))).toBe(queryCacheKey(scope, req()));
    expect(queryCacheKey(scope, req({ page: 2, hitsPerPage: 21 }))).not.toBe(queryCacheKey(scope, req({ page: 3, hitsPerPage: 14 })));
  });
});

describe('QueryCache', () => {
  it("forgetTenant drops one tenant's entries only (a tenant whose slug starts like another's is kept)", async () => {
    const port = countingPort();
    const cached = withQueryCache(port, { cap: 10 });
    for (const s of [scopeOf('alpha'), scopeOf('alpha-2'), scopeOf('beta')]) await cached.search(s, req());
    await cached.search(scopeOf('alpha'), req({ query: 'corolla' }));
    expect(cached.cache.size).toBe(4);
    expect(cached.cache.forgetTenant('alpha')).toBe(2);
    expect(cached.cache.size).toBe(2);
    await cached.search(scopeOf('alpha'), req());
    await cached.search(scopeOf('alpha-2'), req());
    expect(port.calls).toBe(5);
  });

  it('evicts the oldest entry when over the cap (offers: 11 held, the 12th evicts the first)', () => {
    const cache = new QueryCache<number>({ cap: OFFERS_QUERY_CACHE_CAP });
    for (let i = 1; i <= 11; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(11);
    expect(cache.get('k1')).toBe(1);
    cache.set('k12', 12);
    expect(cache.size).toBe(11);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBe(2);
    expect(cache.keys()[0]).toBe('k2');
  });

  it('a hit does not make an entry younger (oldest by insertion); re-setting does', () => {
    const cache = new QueryCache<number>({ cap: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.keys()).toEqual(['b', 'c']);
    cache.set('b', 4);
    cache.set('d', 5);
    expect(cache.keys()).toEqual(['b', 'd']);
  });

  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = new QueryCache<number>({ cap: 5, ttlMs: 1_000, clock: () => now });
    cache.set('a', 1);
    now = 1_000;
    expect(cache.get('a')).toBe(1);
    now = 1_001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds nothing with cap 0', () => {
    const cache = new QueryCache<number>({ cap: 0 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('withQueryCache', () => {
  it('serves a repeated query from the cache and shares concurrent identical calls', async () => {
    const port = countingPort();
    const cached = withQueryCache(port, { cap: 10 });
    const [a, b] = await Promise.all([cached.search(scope, req({ query: 'x' })), cached.search(scope, req({ query: 'x' }))]);
    expect(port.calls).toBe(1);
    expect(a).toBe(b);
    await cached.search(scope, req({ query: 'x', page: 2 }));
    expect(port.calls).toBe(2);
    await cached.search(scope, req({ query: 'x' }));
    expect(port.calls).toBe(2);
  });

  it('re-asks the engine for an evicted query', async () => {
    const port = countingPort();
    const cached = withQueryCache(port, { cap: MANUFACTURER_QUERY_CACHE_CAP });
    for (let page = 1; page <= 11; page++) await cached.search(scope, req({ page }));
    expect(port.calls).toBe(11);
    await cached.search(scope, req({ page: 11 }));
    expect(port.calls).toBe(11);
    await cached.search(scope, req({ page: 1 }));
    expect(port.calls).toBe(12);
  });

  it('does not cache failures: the next identical query asks again', async () => {
    let failing = true;
    const port = countingPort(() => failing);
    const cached = withQueryCache(port, { cap: 10 });
    await expect(cached.search(scope, req())).rejects.toThrow('unavailable');
    failing = false;
    await expect(cached.search(scope, req())).resolves.toMatchObject({ count: 2 });
    expect(cached.cache.size).toBe(1);
  });

  it('passes getBySlug, getById and similar through', async () => {
    const port = countingPort();
    const cached = withQueryCache(port, { cap: 10 });
    expect(await cached.getBySlug(scope, 'x')).toBeNull();
    expect(await cached.getById(scope, 'known')).toEqual({ id: 'known' });
    expect(await cached.getById(scope, 'x')).toBeNull();
    expect(port.calls).toBe(0);
    expect(cached.cache.size).toBe(0);
  });
});
