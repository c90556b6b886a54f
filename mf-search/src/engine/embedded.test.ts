import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { createEmbeddedSearch } from './embedded.ts';
import { ALPHA_CARS, BETA_CARS, scopeOf } from './fixtures.ts';
import { DAY_MS } from './visibility.ts';

const engine = createEmbeddedSearch({ alpha: ALPHA_CARS, beta: BETA_CARS });
const alpha = scopeOf('alpha');
const beta = scopeOf('beta');
const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);
const ids = (cars: readonly Car[]) => cars.map((c) => c.id);
const search = (input: SearchRequestInput = {}, scope: SearchScope = alpha) => engine.search(scope, req(input));
const car = (id: string) => [...ALPHA_CARS, ...BETA_CARS].find((c) => c.id === id)!;

/** The ids of one 100-hit page (holds the whole fixture), after sold-run collapsing. */
async function allIds(input: SearchRequestInput, scope: SearchScope = alpha): Promise<string[]> {
  const result = await search({ ...input, hitsPerPage: 100 }, scope);
  return ids(result.hits);
}

describe('search: default request', () => {
  it('lists the visible stock in relevance order (new, demo, used; newest first) with 21 per page', async () => {
    const result = await search();
    expect(result.count).toBe(15);
    expect(result.pages).toBe(1);
    expect(result.page).toBe(1);
    expect(result.hitsPerPage).toBe(21);
    // a7 follows a8 (both sold): the run collapses to a8.
    expect(ids(result.hits)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3', 'a4', 'a14', 'a5', 'a10', 'a6', 'a16', 'a11', 'a8']);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it('never returns hidden cars: off the website, sold too long ago, sold without date', async () => {
    const all = await allIds({});
    expect(all).not.toContain('a9');
    expect(all).not.toContain('a13');
    expect(all).not.toContain('a15');
  });

  it('gives facet stats over the matching stock', async () => {
    const result = await search();
    expect(result.facetStats).toEqual({ price: { min: 0, max: 145_000 }, km: { min: 5, max: 160_000 }, year: { min: 2015, max: 2025 } });
    expect(result.facets).toEqual({});
  });
});

describe('search: tenant scope (applied server-side)', () => {
  it('applies used_only, in_stock_only, demo_max_km, excluded_stocknums and older_than_days', async () => {
    expect((await search({}, { ...alpha, used_only: true })).count).toBe(8);
    expect(await allIds({}, { ...alpha, in_stock_only: true })).toEqual(['a1', 'a2', 'a17', 'a18', 'a3', 'a4', 'a14', 'a5', 'a10', 'a6', 'a11']);
    expect(await allIds({}, { ...alpha, demo_max_km: 10_000 })).not.toContain('a4');
    expect(await allIds({}, { ...alpha, excluded_stocknums: ['U3001'] })).not.toContain('a5');
    expect(await allIds({}, { ...alpha, older_than_days: 5 })).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3']);
  });

  it('moves the sold window with the scope: 1 day keeps a7 (sold exactly 1 day ago) and drops a8 and a16', async () => {
    const all = await allIds({}, { ...alpha, include_sold_cars_days: 1 });
    expect(all).toContain('a7');
    expect(all).not.toContain('a8');
    expect(all).not.toContain('a16');
    // Same index, later `now`: a7 leaves the default 3-day window 2 days and 1 ms later.
    expect(await allIds({}, { ...alpha, now: alpha.now + 2 * DAY_MS + 1 })).not.toContain('a7');
  });
});

describe('search: filters and ranges', () => {
  it('matches facet values case- and spelling-insensitively (URL slugs work)', async () => {
    expect((await search({ filters: { make: ['toyota'] } })).count).toBe(6);
    expect((await search({ filters: { make: ['TOYOTA'] } })).count).toBe(6);
    expect(await allIds({ filters: { model: ['cx 5'] } })).toEqual(['a6']);
    expect(await allIds({ filters: { status: ['coming_soon'] } })).toEqual(['a12']);
  });

  it('ORs values within a facet and ANDs across facets', async () => {
    expect((await search({ filters: { make: ['Toyota', 'Ford'] } })).count).toBe(9);
    expect(await allIds({ filters: { make: ['Toyota', 'Ford'], simple_body: ['ute'] } })).toEqual(['a1', 'a18', 'a5', 'a11']);
    expect(await allIds({ filters: { make: ['Toyota', 'Ford'], simple_body: ['ute'], car_type: ['used'] } })).toEqual(['a5', 'a11']);
    expect(await allIds({ filters: { categories: ['towing', 'family'] } })).toEqual(['a1', 'a14', 'a5', 'a6']);
    expect(await allIds({ filters: { certified: ['true'] } })).toEqual(['a5']);
    expect(await allIds({ filters: { location_id: ['loc-a2'] } })).toEqual(['a3', 'a5']);
  });

  it('ignores empty filter lists and returns nothing for unknown values', async () => {
    expect((await search({ filters: { make: [] } })).count).toBe(15);
    expect((await search({ filters: { make: ['Lada'] } })).count).toBe(0);
  });

  it('treats range bounds as inclusive', async () => {
    expect(await allIds({ ranges: { price: { min: 30_990, max: 49_999 } }, sortBy: 'price_asc' })).toEqual(['a14', 'a2', 'a4', 'a3', 'a17', 'a5']);
    expect(await allIds({ ranges: { km: { max: 15 } } })).toEqual(['a12', 'a1', 'a2', 'a17']);
    expect(await allIds({ ranges: { year: { min: 2024 } } })).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3', 'a4']);
    expect((await search({ ranges: { price: { min: 60_000, max: 50_000 } } })).count).toBe(0);
  });

  it('counts facets disjunctively: a facet ignores its own refinement but not the others', async () => {
    const result = await search({ filters: { make: ['Toyota'] }, facets: ['make', 'car_type', 'simple_body'] });
    expect(result.facets.make?.slice(0, 3)).toEqual([
      { value: 'Toyota', label: 'Toyota', count: 6 },
      { value: 'Ford', label: 'Ford', count: 3 },
      { value: 'Mazda', label: 'Mazda', count: 2 },
    ]);
    expect(result.facets.make?.reduce((n, item) => n + item.count, 0)).toBe(15);
    expect(result.facets.car_type).toEqual([
      { value: 'new', label: 'New', count: 3 },
      { value: 'demo', label: 'Demo', count: 2 },
      { value: 'used', label: 'Used', count: 1 },
    ]);
    expect(result.facets.simple_body).toEqual([
      { value: 'suv', label: 'SUV', count: 2 },
      { value: 'ute', label: 'Ute', count: 2 },
      { value: 'hatch', label: 'Hatch', count: 1 },
      { value: 'sedan', label: 'Sedan', count: 1 },
    ]);
  });

  it('gives a refined range its span without its own bounds, and the others within them', async () => {
    const result = await search({ ranges: { price: { min: 40_000, max: 50_000 } }, filters: { car_type: ['used'] } });
    expect(ids(result.hits)).toEqual(['a5']);
    // Price span over used cars regardless of the price range; km over the matching set (a5 only).
    expect(result.facetStats.price).toEqual({ min: 0, max: 52_990 });
    expect(result.facetStats.km).toEqual({ min: 54_000, max: 54_000 });
  });

  it('returns empty facet lists and no stats when nothing matches', async () => {
    const result = await search({ filters: { make: ['Lada'] }, facets: ['model'] });
    expect(result).toMatchObject({ count: 0, pages: 0, hits: [], facets: { model: [] }, facetStats: {} });
  });
});

describe('search: sort orders', () => {
  it('latest, price_desc, km_asc', async () => {
    expect((await allIds({ sortBy: 'latest' })).slice(0, 5)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18']);
    expect((await allIds({ sortBy: 'price_desc' })).slice(0, 3)).toEqual(['a12', 'a18', 'a1']);
    expect((await allIds({ sortBy: 'price_desc' })).at(-1)).toBe('a10');
    // a12 and a2 both have 5 km: relevance breaks the tie (a12 is newer).
    expect((await allIds({ sortBy: 'km_asc' })).slice(0, 4)).toEqual(['a12', 'a2', 'a1', 'a17']);
  });

  it('price_asc leaves out cars without a price (spec §9)', async () => {
    const result = await search({ sortBy: 'price_asc', hitsPerPage: 100 });
    expect(result.count).toBe(14);
    expect(ids(result.hits).slice(0, 4)).toEqual(['a7', 'a11', 'a6', 'a8']);
    expect(ids(result.hits)).not.toContain('a10');
  });

  it('subscription_price lists only cars with one, cheapest first', async () => {
    expect(await allIds({ sortBy: 'subscription_price' })).toEqual(['a11', 'a2']);
  });
});

describe('search: text query', () => {
  it('finds by model, make, badge, colour, stock number', async () => {
    expect(await allIds({ query: 'hilux' })).toEqual(expect.arrayContaining(['a1', 'a11']));
    expect((await search({ query: 'hilux' })).count).toBe(2);
    expect(await allIds({ query: 'wildtrak' })).toEqual(['a18']);
    expect(await allIds({ query: 'U3001' })).toEqual(['a5']);
    expect((await search({ query: 'orange' })).count).toBe(1);
  });

  it('is typo-tolerant and matches prefixes', async () => {
    expect((await search({ query: 'toyta' })).count).toBe(6);
    expect((await search({ query: 'hillux' })).count).toBe(2);
    const prefix = await search({ query: 'u300', hitsPerPage: 100 });
    expect(prefix.count).toBe(7);
    expect(['a5', 'a6', 'a7', 'a8', 'a10', 'a11', 'a14']).toEqual(expect.arrayContaining(ids(prefix.hits)));
    expect(await allIds({ query: 'xtrail' })).toEqual(['a10']);
  });

  it('needs every word to match (in any field)', async () => {
    expect(new Set(await allIds({ query: 'toyota hilux' }))).toEqual(new Set(['a1', 'a11']));
    expect(new Set(await allIds({ query: 'white ute' }))).toEqual(new Set(['a1', 'a11']));
    expect(await allIds({ query: 'ford ranger xlt' })).toEqual(['a5']);
    expect((await search({ query: 'toyota zzzz' })).count).toBe(0);
  });

  it('ranks by text score with relevance order for ties, or by the chosen sort', async () => {
    expect((await allIds({ query: 'hilux sr5' }))[0]).toBe('a1');
    expect(await allIds({ query: 'ranger' })).toEqual(['a18', 'a5']);
    expect(await allIds({ query: 'toyota', sortBy: 'price_asc' })).toEqual(['a11', 'a2', 'a4', 'a3', 'a1', 'a12']);
  });

  it('combines text with filters and counts facets over the text matches', async () => {
    const result = await search({ query: 'toyota', filters: { car_type: ['new'] }, facets: ['car_type'], sortBy: 'latest' });
    expect(ids(result.hits)).toEqual(['a12', 'a1', 'a2']);
    expect(result.facets.car_type).toEqual([
      { value: 'new', label: 'New', count: 3 },
      { value: 'demo', label: 'Demo', count: 2 },
      { value: 'used', label: 'Used', count: 1 },
    ]);
  });

  it('treats a blank or punctuation-only query as no query', async () => {
    expect((await search({ query: '   ' })).count).toBe(15);
    expect((await search({ query: '--' })).count).toBe(15);
  });
});

describe('search: paging and sold-run collapsing', () => {
  it('slices pages and reports pages from the matching count', async () => {
    const p1 = await search({ hitsPerPage: 5 });
    const p2 = await search({ hitsPerPage: 5, page: 2 });
    const p3 = await search({ hitsPerPage: 5, page: 3 });
    expect([p1.count, p1.pages]).toEqual([15, 3]);
    expect(ids(p1.hits)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18']);
    expect(ids(p2.hits)).toEqual(['a3', 'a4', 'a14', 'a5', 'a10']);
    // Page 3 is a6, a16 (sold), a11, a8 (sold), a7 (sold): the a8-a7 run collapses.
    expect(ids(p3.hits)).toEqual(['a6', 'a16', 'a11', 'a8']);
    expect((await search({ hitsPerPage: 5, page: 4 })).hits).toEqual([]);
  });

  it('shows every hit when the whole page is sold', async () => {
    const result = await search({ filters: { status: ['sold'] } });
    expect(ids(result.hits)).toEqual(['a16', 'a8', 'a7']);
  });

  it('rejects requests outside the contract', async () => {
    await expect(engine.search(alpha, { ...req(), hitsPerPage: 0 })).rejects.toThrow();
    await expect(engine.search(alpha, { ...req(), hitsPerPage: 101 })).rejects.toThrow();
    await expect(engine.search(alpha, { ...req(), query: 'x'.repeat(201) })).rejects.toThrow();
  });
});

describe('getBySlug', () => {
  it('returns the car, including sold cars outside the window (vehicle page SOLD block)', async () => {
    expect((await engine.getBySlug(alpha, car('a1').slug))?.id).toBe('a1');
    expect((await engine.getBySlug(alpha, car('a9').slug))?.id).toBe('a9');
    expect((await engine.getBySlug(alpha, car('a15').slug))?.id).toBe('a15');
  });
  it('returns null for cars off the website, off the tenant base filters, unknown or of another tenant', async () => {
    expect(await engine.getBySlug(alpha, car('a13').slug)).toBeNull();
    expect(await engine.getBySlug({ ...alpha, used_only: true }, car('a1').slug)).toBeNull();
    expect(await engine.getBySlug(alpha, 'no-such-car')).toBeNull();
    expect(await engine.getBySlug(alpha, car('b1').slug)).toBeNull();
    expect((await engine.getBySlug(beta, car('b1').slug))?.id).toBe('b1');
  });
});

describe('similar', () => {
  it('same model first, then same make, then same body; in stock, in the price window, closest price first', async () => {
    // a1: $62,990 (>= 50,000) so ±25,000: 37,990 to 87,990. Hilux a11 ($24,990) is outside; a12 is coming soon.
    expect(ids(await engine.similar(alpha, car('a1')))).toEqual(['a3', 'a4', 'a18', 'a5', 'a17']);
  });
  it('uses ±10,000 under 50,000 and puts the same model first', async () => {
    // a5: $49,999 so 39,999 to 59,999. Ranger a18 ($65,990) is outside; Everest a16 is sold.
    // a4 ($38,990) is just under the window; a3 ($45,990) is in it but neither a Ford nor a ute.
    expect(ids(await engine.similar(alpha, car('a5')))).toEqual(['a17']);
    const hilux = { ...car('a1'), id: 'x', price: 30_000 };
    expect(ids(await engine.similar(alpha, hilux))[0]).toBe('a11');
  });
  it('respects the limit (max 6) and the tenant scope', async () => {
    expect(ids(await engine.similar(alpha, car('a1'), 2))).toEqual(['a3', 'a4']);
    expect(await engine.similar(alpha, car('a1'), 50)).toHaveLength(5);
    expect(ids(await engine.similar({ ...alpha, used_only: true }, car('a1')))).toEqual(['a5']);
  });
  it('never suggests the car itself, sold or coming-soon cars', async () => {
    for (const c of ALPHA_CARS) {
      const similar = await engine.similar(alpha, c);
      expect(ids(similar)).not.toContain(c.id);
      expect(similar.every((s) => s.status === 'in_stock' && !s.sold)).toBe(true);
      expect(similar.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('tenant isolation', () => {
  it("a tenant's query never returns another tenant's cars", async () => {
    const betaIds = new Set(BETA_CARS.map((c) => c.id));
    for (const input of [{}, { query: 'hilux' }, { query: 'toyota' }, { filters: { dealership_slug: ['beta-cars'] } }, { filters: { make: ['Toyota'] } }] satisfies SearchRequestInput[]) {
      expect((await allIds(input)).filter((id) => betaIds.has(id)), JSON.stringify(input)).toEqual([]);
    }
    expect(await allIds({ query: 'hilux' }, beta)).toEqual(['b1', 'b2']);
    expect((await search({ filters: { dealership_slug: ['alpha-motors'] } }, beta)).count).toBe(0);
    expect(ids(await engine.similar(beta, car('a1'))).every((id) => betaIds.has(id))).toBe(true);
  });
  it('an unknown tenant (even one named like an object property) has no stock', async () => {
    for (const tenant of ['gamma', '__proto__', 'constructor', 'toString']) {
      const result = await engine.search(scopeOf(tenant), req());
      expect(result.count, tenant).toBe(0);
    }
  });
  it('cars with the same id in two tenants stay apart', async () => {
    const twin = { ...car('b1'), id: 'a1' };
    const isolated = createEmbeddedSearch({ alpha: ALPHA_CARS, beta: [twin] });
    expect(ids((await isolated.search(beta, req({ query: 'hilux' }))).hits)).toEqual(['a1']);
    expect((await isolated.search(beta, req({ query: 'hilux' }))).hits[0]?.dealership_slug).toBe('beta-cars');
    expect((await isolated.search(alpha, req({ query: 'hilux sr' }))).hits.every((c) => c.dealership_slug === 'alpha-motors')).toBe(true);
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
