import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { createEmbeddedSearch, INDEX_LOAD_STALL_MS } from './embedded.ts';
import { ALPHA_CARS, BETA_CARS, generateCars, scopeOf } from '../test/engine-fixtures.ts';
import { buildTenantIndex } from './tenant-index.ts';

const engine = createEmbeddedSearch({ alpha: ALPHA_CARS, beta: BETA_CARS });
const alpha = scopeOf('alpha');
const beta = scopeOf('beta');
const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);
const ids = (cars: readonly Car[]) => cars.map((c) => c.id);
const search = (input: SearchRequestInput = {}, scope: SearchScope = alpha) => engine.search(scope, req(input));
const car = (id: string) => [...ALPHA_CARS, ...BETA_CARS].find((c) => c.id === id)!;

// Everything both adapters must do is in ../test/adapter-suite.ts (run for this engine by adapter-suite.test.ts). Here:
// what only the embedded engine does — typo tolerance and text ranking, the price window edge, its index lifecycle.

/** The ids of one 100-hit page (holds the whole fixture), after sold-run collapsing. */
async function allIds(input: SearchRequestInput, scope: SearchScope = alpha): Promise<string[]> {
  const result = await search({ ...input, hitsPerPage: 100 }, scope);
  return ids(result.hits);
}

describe('search: text query', () => {
  it('is typo-tolerant and matches prefixes', async () => {
    expect((await search({ query: 'toyta' })).count).toBe(6);
    expect((await search({ query: 'hillux' })).count).toBe(2);
    const prefix = await search({ query: 'u300', hitsPerPage: 100 });
    expect(prefix.count).toBe(7);
    expect(['a5', 'a6', 'a7', 'a8', 'a10', 'a11', 'a14']).toEqual(expect.arrayContaining(ids(prefix.hits)));
    expect(await allIds({ query: 'xtrail' })).toEqual(['a10']);
  });

  it('ranks by text score with relevance order for ties, or by the chosen sort', async () => {
    expect((await allIds({ query: 'hilux sr5' }))[0]).toBe('a1');
    expect(await allIds({ query: 'ranger' })).toEqual(['a18', 'a5']);
    expect(await allIds({ query: 'toyota', sortBy: 'price_asc' })).toEqual(['a11', 'a2', 'a4', 'a3', 'a1', 'a12']);
  });
});

describe('similar', () => {
  it('uses ±10,000 under 50,000 and puts the same model first', async () => {
    // a5: $49,999 so 39,999 to 59,999. Ranger a18 ($65,990) is outside; Everest a16 is sold.
    // a4 ($38,990) is just under the window; a3 ($45,990) is in it but neither a Ford nor a ute.
    expect(ids(await engine.similar(alpha, car('a5')))).toEqual(['a17']);
    const hilux = { ...car('a1'), id: 'x', price: 30_000 };
    expect(ids(await engine.similar(alpha, hilux))[0]).toBe('a11');
  });
});

describe('index lifecycle', () => {
  it('builds each tenant once from a loader, shared by concurrent first queries', async () => {
    const loader = vi.fn(async (tenant: string) => (tenant === 'alpha' ? ALPHA_CARS : BETA_CARS));
    const lazy = createEmbeddedSearch(loader);
    await Promise.all([lazy.search(alpha, req()), lazy.search(alpha, req({ query: 'hilux' })), lazy.getBySlug(alpha, car('a1').slug)]);
    await lazy.search(beta, req());
    expect(loader.mock.calls.map(([t]) => t)).toEqual(['alpha', 'beta']);
    expect(await lazy.warm('alpha')).toMatchObject({ cars: 17 });
  });
  it('loads a tenant again when the load another request started never settles (that request cancelled)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const loader = vi.fn(async (): Promise<readonly Car[]> => (++calls === 1 ? new Promise<readonly Car[]>(() => {}) : ALPHA_CARS));
      const stalled = createEmbeddedSearch(loader);
      void stalled.search(alpha, req());
      const next = stalled.search(alpha, req());
      // A slow load is waited for (never built twice)...
      await vi.advanceTimersByTimeAsync(INDEX_LOAD_STALL_MS - 1);
      expect(loader).toHaveBeenCalledTimes(1);
      // ...one that can no longer finish is not waited for past the stall time.
      await vi.advanceTimersByTimeAsync(1);
      expect((await next).count).toBeGreaterThan(0);
      expect(loader).toHaveBeenCalledTimes(2);
      await stalled.search(alpha, req());
      expect(loader).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a failed load and rebuilds after invalidate', async () => {
    let calls = 0;
    const lazy = createEmbeddedSearch(async () => {
      calls++;
      if (calls === 1) throw new Error('KV unavailable');
      return calls === 2 ? ALPHA_CARS.slice(0, 2) : ALPHA_CARS;
    });
    await expect(lazy.search(alpha, req())).rejects.toThrow('KV unavailable');
    expect((await lazy.search(alpha, req())).count).toBe(2);
    expect((await lazy.search(alpha, req())).count).toBe(2);
    lazy.invalidate('alpha');
    expect((await lazy.search(alpha, req())).count).toBe(15);
    expect(calls).toBe(3);
  });
  it('indexes a car id once (first wins) and ignores cars not on the website', async () => {
    const dup = createEmbeddedSearch({ alpha: [...ALPHA_CARS, { ...car('a1'), price: 1 }] });
    expect(await dup.warm('alpha')).toMatchObject({ cars: 17 });
    expect((await dup.search(alpha, req())).count).toBe(15);
  });
});

describe('sort positions (issue 19, cold start)', () => {
  it('are made on first use, each the inverse of its order', () => {
    const index = buildTenantIndex(generateCars(50, { seed: 2 }));
    // Not made yet: a search page without words reads none.
    expect(Object.getOwnPropertyDescriptor(index.positions, 'latest')?.get).toBeTypeOf('function');
    for (const sort of ['relevance', 'latest', 'price_asc'] as const) {
      const order = index.orders[sort];
      const positions = index.positions[sort];
      expect(index.positions[sort]).toBe(positions);
      order.forEach((ordinal, position) => expect(positions[ordinal]).toBe(position));
    }
  });
});
