/**
 * Memory bounds of the embedded engine (issue 19 "Memory bounded"): tenant indexes evicted least recently used under
 * the budget, and each per-index cache (words, filters, Orama's normalisation cache) filled past its bound.
 */
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { SearchRequestSchema, type SearchRequestInput } from '@forecourt/contracts/search';
import { generateStock } from '@forecourt/demo';
import { createEmbeddedSearch, DEFAULT_INDEX_BUDGET_BYTES } from './embedded.ts';
import { loadSnapshotIndex, snapshotWrites } from './snapshot.ts';
import { asKv, fakeKv } from '../test/fake-kv.ts';
import { buildTenantIndex, cached, CLAUSE_CACHE_MAX, indexBytes, NORMALISATION_CACHE_MAX, TOKEN_CACHE_MAX } from './tenant-index.ts';
import { generateCars, scopeOf } from '../test/engine-fixtures.ts';

const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);
const stock = (seed: number) => generateCars(200, { seed, idPrefix: `s${seed}-` });

describe('tenant indexes under the memory budget', () => {
  const tenants = { a: stock(1), b: stock(2), c: stock(3) };

  it('evicts the least recently used index when over the budget, never the one just used', async () => {
    const probe = createEmbeddedSearch(tenants);
    await probe.warm('a');
    const one = probe.stats().totalBytes;
    expect(one).toBeGreaterThan(0);
    // Room for two indexes of this size, not three.
    const engine = createEmbeddedSearch(tenants, { budgetBytes: Math.floor(one * 2.5) });
    await engine.search(scopeOf('a'), req());
    await engine.search(scopeOf('b'), req());
    await engine.search(scopeOf('a'), req()); // a is now more recent than b
    await engine.search(scopeOf('c'), req());
    expect(engine.stats().indexes.map((i) => i.tenant)).toEqual(['a', 'c']);
    expect(engine.stats().totalBytes).toBeLessThanOrEqual(engine.stats().budgetBytes);
    // An evicted tenant is loaded again on its next query (and answers the same).
    const again = await engine.search(scopeOf('b'), req({ hitsPerPage: 5 }));
    expect(again.hits.map((c) => c.id)).toEqual((await probe.search(scopeOf('b'), req({ hitsPerPage: 5 }))).hits.map((c) => c.id));
    expect(engine.stats().indexes.map((i) => i.tenant)).toEqual(['c', 'b']);
  });

  it('keeps the index in use even when it alone is over the budget', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const engine = createEmbeddedSearch(tenants, { budgetBytes: 1 });
    await engine.search(scopeOf('a'), req());
    await engine.search(scopeOf('b'), req());
    expect(engine.stats().indexes.map((i) => i.tenant)).toEqual(['b']);
    error.mockRestore();
  });

  it('logs an error when one tenant alone is over the budget: once per tenant and stock version', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let version = 'v1';
    const engine = createEmbeddedSearch(async (t) => ({ ...buildTenantIndex(tenants[t as 'a']), version }), { budgetBytes: 1_000 });
    const overBudget = () => error.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('over this isolate'));
    for (let i = 0; i < 3; i++) await engine.search(scopeOf('a'), req());
    await engine.search(scopeOf('b'), req());
    expect(overBudget()).toHaveLength(2);
    expect(overBudget()[0]).toMatch(/index of a alone .* for \d+ cars, budget 0\.0 MB/);
    // Loaded again (evicted) at the same version: no new error; a new stock version: one more.
    await engine.search(scopeOf('a'), req());
    expect(overBudget()).toHaveLength(2);
    version = 'v2';
    engine.invalidate('a');
    await engine.search(scopeOf('a'), req());
    await engine.search(scopeOf('a'), req());
    expect(overBudget()).toHaveLength(3);
    // Under the budget: never.
    error.mockClear();
    const roomy = createEmbeddedSearch(tenants);
    await roomy.search(scopeOf('a'), req());
    expect(overBudget()).toHaveLength(0);
    error.mockRestore();
  });

  it('counts the text index once a text query built it', async () => {
    const engine = createEmbeddedSearch(tenants);
    await engine.search(scopeOf('a'), req());
    const before = engine.stats().totalBytes;
    await engine.search(scopeOf('a'), req({ query: 'toyota' }));
    expect(engine.stats().indexes[0]!.textIndex).toBe(true);
    expect(engine.stats().totalBytes).toBeGreaterThan(before);
  });
});

describe('a bench-scale tenant from its snapshot (issue 19: 6,000 cars)', () => {
  it('stays under three quarters of the default budget after every sort and page, text queries and car pages at once', async () => {
    const now = Date.UTC(2026, 10, 21);
    const tenant = 'southern-cross-motor-group';
    const cars = generateStock({ tenant, count: 6_000, now });
    const meta = { count: cars.length, chunks: 12, updated_at: new Date(now).toISOString() };
    const kv = fakeKv(snapshotWrites(tenant, cars, meta));
    const index = (await loadSnapshotIndex(asKv(kv), tenant, meta))!;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const engine = createEmbeddedSearch(async () => index);
    const scope = { ...scopeOf(tenant), now };
    const sorts = ['relevance', 'latest', 'price_desc', 'price_asc', 'subscription_price', 'km_asc'] as const;
    const pages = Math.ceil(cars.length / 21);
    // 20 at a time, as the bench: every sort and page of the whole stock (every card block read, shards come and go).
    const requests = sorts.flatMap((sortBy) => Array.from({ length: pages }, (_, p) => req({ sortBy, page: p + 1, facets: ['make', 'model', 'simple_body', 'car_type', 'categories'] })));
    let next = 0;
    await Promise.all(Array.from({ length: 20 }, async () => {
      while (next < requests.length) await engine.search(scope, requests[next++]!);
    }));
    for (const query of ['toyota', 'hilux sr5', 'ranger', 'corola']) await engine.search(scope, req({ query }));
    await Promise.all(cars.slice(0, 200).map((car) => engine.getBySlug(scope, car.slug)));
    const bytes = engine.stats().totalBytes;
    expect(bytes).toBe(indexBytes(index));
    expect(bytes).toBeLessThan(DEFAULT_INDEX_BUDGET_BYTES * 0.75);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  }, 180_000);
});

describe('per-index caches', () => {
  it('cached(): least recently used out beyond its bound', () => {
    const cache = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) cached(cache, key, 3, () => 1);
    cached(cache, 'a', 3, () => 2); // a hit: moves to the end, keeps its value
    cached(cache, 'd', 3, () => 1);
    expect([...cache.keys()]).toEqual(['c', 'a', 'd']);
    expect(cache.get('a')).toBe(1);
  });

  it(`word matches: at most TOKEN_CACHE_MAX (${TOKEN_CACHE_MAX}) per index, the oldest out`, async () => {
    const engine = createEmbeddedSearch({ a: stock(1) });
    for (let i = 0; i < TOKEN_CACHE_MAX + 20; i++) await engine.search(scopeOf('a'), req({ query: `w${i}x` }));
    const cache = engine.peek('a')!.tokenCache;
    expect(cache.size).toBe(TOKEN_CACHE_MAX);
    expect(cache.has('w0x')).toBe(false);
    expect(cache.has(`w${TOKEN_CACHE_MAX + 19}x`)).toBe(true);
    expect([...cache.keys()][0]).toBe('w20x');
  });

  it(`filter bitmaps: at most CLAUSE_CACHE_MAX (${CLAUSE_CACHE_MAX}) per index, the oldest out`, async () => {
    const engine = createEmbeddedSearch({ a: stock(1) });
    for (let i = 0; i < CLAUSE_CACHE_MAX + 10; i++) await engine.search(scopeOf('a'), req({ ranges: { price: { min: i * 10 } } }));
    const cache = engine.peek('a')!.clauseCache;
    expect(cache.size).toBe(CLAUSE_CACHE_MAX);
    expect([...cache.keys()][0]).toContain('"min":100');
    const index = engine.peek('a')!;
    expect(indexBytes(index)).toBeGreaterThan(index.coreBytes);
  });

  it(`Orama's normalisation cache: emptied beyond NORMALISATION_CACHE_MAX (${NORMALISATION_CACHE_MAX})`, async () => {
    const engine = createEmbeddedSearch({ a: stock(1) });
    await engine.search(scopeOf('a'), req({ query: 'toyota' }));
    const cache = engine.peek('a')!.text!.db.tokenizer.normalizationCache;
    for (let i = 0; i <= NORMALISATION_CACHE_MAX; i++) cache.set(`x${i}`, `x${i}`);
    await engine.search(scopeOf('a'), req({ query: 'mazda' }));
    expect(cache.size).toBeLessThan(10);
  });
});
