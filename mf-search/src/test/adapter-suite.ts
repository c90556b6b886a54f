/**
 * The shared test suite of the search port: every adapter (embedded, Meilisearch) must pass it on the same fixture
 * (engine-fixtures.ts: tenants alpha and beta). Expected answers are the spec's rules worked out by hand on that fixture.
 * Where text scoring legitimately differs between engines (typo tolerance, scores) only membership is tested.
 * Test support: imports vitest, so only test files import it.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, SORT_OPTIONS, type SearchPort, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { facetKey } from '../engine/facets.ts';
import { ALPHA_CARS, BETA_CARS, scopeOf } from './engine-fixtures.ts';
import { DAY_MS } from '../engine/visibility.ts';

/** Stock per tenant the adapter must serve. */
export type SuiteStock = Record<string, Car[]>;
export type AdapterHandle = { port: SearchPort; close?: () => Promise<void> };
export type MakeAdapter = (stock: SuiteStock) => Promise<AdapterHandle>;

/** Values that must match nothing (never widen a filter, never break a query). */
export const INJECTION_VALUES = [
  'x" OR tenant = "beta',
  '" OR "" = "',
  'Toyota" OR make = "Ford',
  'toyota\\',
  '\\" OR 1=1 --',
  "') OR ('1'='1",
  'Toyota] OR tenant IN [beta',
  'NOT tenant = "alpha"',
  'toyota\u0000beta',
  'トヨタ',
  '🚗',
];

export function describeSearchPort(name: string, makeAdapter: MakeAdapter): void {
  describe(`search port adapter suite: ${name}`, () => {
    let handle: AdapterHandle;
    let port: SearchPort;
    const alpha = scopeOf('alpha');
    const beta = scopeOf('beta');
    const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);
    const ids = (cars: readonly Car[]) => cars.map((c) => c.id);
    const search = (input: SearchRequestInput = {}, scope: SearchScope = alpha) => port.search(scope, req(input));
    const allIds = async (input: SearchRequestInput = {}, scope: SearchScope = alpha) => ids((await search({ ...input, hitsPerPage: 100 }, scope)).hits);
    const car = (id: string) => [...ALPHA_CARS, ...BETA_CARS].find((c) => c.id === id)!;

    beforeAll(async () => {
      handle = await makeAdapter({ alpha: ALPHA_CARS, beta: BETA_CARS });
      port = handle.port;
    });
    afterAll(async () => {
      await handle?.close?.();
    });

    describe('visibility and base filters', () => {
      it('lists the visible stock in relevance order, collapsing sold runs', async () => {
        const result = await search();
        expect(result).toMatchObject({ count: 15, pages: 1, page: 1, hitsPerPage: 21 });
        // Cars for sale first (issue 13), then the recently sold a16, a8, a7: one run, collapsed to its first.
        expect(ids(result.hits)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3', 'a4', 'a14', 'a5', 'a10', 'a6', 'a11', 'a16']);
        expect(result.hits[0]).toEqual(car('a12'));
        expect(result.ms).toBeGreaterThanOrEqual(0);
      });

      it('hides cars off the website, sold too long ago or sold without a date', async () => {
        const all = await allIds({ filters: { status: ['sold', 'in_stock', 'coming_soon'] }, sortBy: 'price_desc' });
        for (const hidden of ['a9', 'a13', 'a15']) expect(all).not.toContain(hidden);
      });

      it('applies used_only, in_stock_only, demo_max_km, excluded_stocknums and older_than_days', async () => {
        expect((await search({}, { ...alpha, used_only: true })).count).toBe(8);
        expect(await allIds({}, { ...alpha, in_stock_only: true })).toEqual(['a1', 'a2', 'a17', 'a18', 'a3', 'a4', 'a14', 'a5', 'a10', 'a6', 'a11']);
        expect(await allIds({}, { ...alpha, demo_max_km: 10_000 })).not.toContain('a4');
        expect(await allIds({}, { ...alpha, demo_max_km: 12_000 })).toContain('a4');
        expect(await allIds({}, { ...alpha, excluded_stocknums: [' u3001 ', 'N1001'] })).toEqual(['a12', 'a2', 'a17', 'a18', 'a3', 'a4', 'a14', 'a10', 'a6', 'a11', 'a16']);
        expect(await allIds({}, { ...alpha, older_than_days: 5 })).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3']);
      });

      it('moves the sold window with the scope (inclusive)', async () => {
        const one = await allIds({ filters: { status: ['sold'] } }, { ...alpha, include_sold_cars_days: 1 });
        expect(one).toEqual(['a7']);
        // A day later: a16 is exactly 3 days sold (kept), a8 is 4 (gone), a7 is 2.
        expect(await allIds({ filters: { status: ['sold'] } }, { ...alpha, now: alpha.now + DAY_MS })).toEqual(['a16', 'a7']);
        expect(await allIds({ filters: { status: ['sold'] } }, { ...alpha, now: alpha.now + DAY_MS + 1 })).toEqual(['a7']);
        expect(await allIds({ filters: { status: ['sold'] } }, { ...alpha, include_sold_cars_days: 0 })).toEqual([]);
      });
    });

    describe('filters and ranges', () => {
      it('matches facet values by normalised key (case, spacing)', async () => {
        expect((await search({ filters: { make: ['toyota'] } })).count).toBe(6);
        expect((await search({ filters: { make: ['TOYOTA'] } })).count).toBe(6);
        expect(await allIds({ filters: { model: ['cx 5'] } })).toEqual(['a6']);
        expect(await allIds({ filters: { make_model: ['mazda-cx-5'] } })).toEqual(['a6']);
        expect(await allIds({ filters: { status: ['coming_soon'] } })).toEqual(['a12']);
      });

      it('ORs within a facet and ANDs across facets', async () => {
        expect((await search({ filters: { make: ['Toyota', 'Ford'] } })).count).toBe(9);
        expect(await allIds({ filters: { make: ['Toyota', 'Ford'], simple_body: ['ute'] } })).toEqual(['a1', 'a18', 'a5', 'a11']);
        expect(await allIds({ filters: { make: ['Toyota', 'Ford'], simple_body: ['ute'], car_type: ['used'] } })).toEqual(['a5', 'a11']);
        expect(await allIds({ filters: { categories: ['towing', 'family'] } })).toEqual(['a1', 'a14', 'a5', 'a6']);
        expect(await allIds({ filters: { certified: ['true'] } })).toEqual(['a5']);
        expect(await allIds({ filters: { location_id: ['loc-a2'] } })).toEqual(['a3', 'a5']);
        expect(await allIds({ filters: { colour: ['white'], simple_transmission: ['manual'] } })).toEqual(['a11']);
      });

      it('ignores empty lists and values without letters or digits; unknown values match nothing', async () => {
        expect((await search({ filters: { make: [] } })).count).toBe(15);
        expect((await search({ filters: { make: ['--'] } })).count).toBe(15);
        expect((await search({ filters: { make: ['Lada'] } })).count).toBe(0);
      });

      it('treats ranges as inclusive; an inverted range matches nothing', async () => {
        expect(await allIds({ ranges: { price: { min: 30_990, max: 49_999 } }, sortBy: 'price_asc' })).toEqual(['a14', 'a2', 'a4', 'a3', 'a17', 'a5']);
        expect(await allIds({ ranges: { km: { max: 15 } } })).toEqual(['a12', 'a1', 'a2', 'a17']);
        expect(await allIds({ ranges: { year: { min: 2024 } } })).toEqual(['a12', 'a1', 'a2', 'a17', 'a18', 'a3', 'a4']);
        expect((await search({ ranges: { price: { min: 60_000, max: 50_000 } } })).count).toBe(0);
      });

      it('injection values match nothing and never widen the tenant scope', async () => {
        for (const value of INJECTION_VALUES) {
          for (const facet of ['make', 'model', 'categories', 'dealership_slug'] as const) {
            const result = await search({ filters: { [facet]: [value] }, facets: ['make'] });
            // Values match by normalised key: a key that exists nowhere matches nothing, 'toyota\\' is 'toyota',
            // and a value without letters or digits (after normalising) is no filter at all.
            const key = facetKey(value);
            const expected = key === '' ? 15 : facet === 'make' && key === 'toyota' ? 6 : 0;
            expect(result.hits.every((c) => c.dealership_slug === 'alpha-motors'), `${facet}=${value}`).toBe(true);
            expect(result.count, `${facet}=${value}`).toBe(expected);
          }
          const text = await search({ query: value });
          expect(text.hits.every((c) => c.dealership_slug === 'alpha-motors'), `query=${value}`).toBe(true);
        }
        expect((await search({ filters: { make: ['Toyota', 'x" OR tenant = "beta'] } })).count).toBe(6);
      });
    });

    describe('facets and facet stats', () => {
      it('gives stats over the matching stock and no facets unless asked', async () => {
        const result = await search();
        expect(result.facetStats).toEqual({ price: { min: 0, max: 145_000 }, km: { min: 5, max: 160_000 }, year: { min: 2015, max: 2025 } });
        expect(result.facets).toEqual({});
      });

      it('counts facets disjunctively: a facet ignores its own refinement only', async () => {
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

      it('labels locations, dealerships, statuses and certified; counts each category once per car', async () => {
        const result = await search({ facets: ['location_id', 'dealership_slug', 'status', 'certified', 'categories'] });
        expect(result.facets.location_id).toEqual([
          { value: 'loc-a1', label: 'Alpha Motors Brisbane', count: 13 },
          { value: 'loc-a2', label: 'Alpha Motors Ipswich', count: 2 },
        ]);
        expect(result.facets.dealership_slug).toEqual([{ value: 'alpha-motors', label: 'Alpha Motors', count: 15 }]);
        expect(result.facets.status).toEqual([
          { value: 'in_stock', label: 'In Stock', count: 11 },
          { value: 'sold', label: 'Sold', count: 3 },
          { value: 'coming_soon', label: 'Coming Soon', count: 1 },
        ]);
        expect(result.facets.certified).toEqual([
          { value: 'false', label: 'Not Certified', count: 14 },
          { value: 'true', label: 'Certified', count: 1 },
        ]);
        expect(result.facets.categories).toEqual([
          { value: '4x4', label: '4x4', count: 3 },
          { value: 'Family', label: 'Family', count: 2 },
          { value: 'Towing', label: 'Towing', count: 2 },
        ]);
      });

      it('gives a refined range its span without its own bounds, the others within them', async () => {
        const result = await search({ ranges: { price: { min: 40_000, max: 50_000 } }, filters: { car_type: ['used'] } });
        expect(ids(result.hits)).toEqual(['a5']);
        expect(result.facetStats.price).toEqual({ min: 0, max: 52_990 });
        expect(result.facetStats.km).toEqual({ min: 54_000, max: 54_000 });
        expect(result.facetStats.year).toEqual({ min: 2021, max: 2021 });
      });

      it('counts a refined facet with the sort filter and the other refinements applied', async () => {
        const result = await search({ sortBy: 'price_asc', filters: { make: ['Nissan'], simple_body: ['suv'] }, facets: ['make', 'simple_body'] });
        // a10 (Nissan, no price) is left out by the ascending price sort, also from the counts.
        expect(result.count).toBe(0);
        expect(result.facets.make?.find((i) => i.value === 'Nissan')).toBeUndefined();
        expect(result.facets.make?.map((i) => [i.value, i.count])).toEqual([['Toyota', 2], ['Ford', 1], ['Kia', 1], ['Mazda', 1]]);
        expect(result.facets.simple_body).toEqual([]);
      });

      it('returns empty facet lists and no stats when nothing matches', async () => {
        const result = await search({ filters: { make: ['Lada'] }, facets: ['model'] });
        expect(result).toMatchObject({ count: 0, pages: 0, hits: [], facets: { model: [] }, facetStats: {} });
      });
    });

    describe('sorts', () => {
      it('latest, price_desc, km_asc with relevance tie-breaks', async () => {
        expect((await allIds({ sortBy: 'latest' })).slice(0, 5)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18']);
        expect((await allIds({ sortBy: 'price_desc' })).slice(0, 3)).toEqual(['a12', 'a18', 'a1']);
        // The sold a16, a8, a7 follow every car for sale (one run, collapsed to a16); a10 shows no price.
        expect((await allIds({ sortBy: 'price_desc' })).at(-1)).toBe('a16');
        expect((await allIds({ sortBy: 'km_asc' })).slice(0, 4)).toEqual(['a12', 'a2', 'a1', 'a17']);
      });

      it('price sorts leave out cars without a price (spec §9, both directions)', async () => {
        const result = await search({ sortBy: 'price_asc', hitsPerPage: 100 });
        expect(result.count).toBe(14);
        // Issue 13: the sold a7 ($18,990) used to lead 'Lowest price'; cars for sale come first, the sold run last.
        expect(ids(result.hits).slice(0, 4)).toEqual(['a11', 'a6', 'a14', 'a2']);
        expect(ids(result.hits).at(-1)).toBe('a7');
        expect(ids(result.hits)).not.toContain('a10');
        const desc = await search({ sortBy: 'price_desc', hitsPerPage: 100 });
        expect(desc.count).toBe(14);
        expect(ids(desc.hits)).not.toContain('a10');
      });

      it('every sort lists the cars still for sale before the recently sold ones (issue 13)', async () => {
        const sold = new Set(['a7', 'a8', 'a16']);
        for (const sortBy of SORT_OPTIONS) {
          for (const input of [{ sortBy }, { sortBy, query: 'ford' }, { sortBy, filters: { car_type: ['used'] } }] satisfies SearchRequestInput[]) {
            const all = ids((await search({ ...input, hitsPerPage: 100, filters: { ...input.filters, status: ['in_stock', 'coming_soon', 'sold'] } })).hits);
            const first = all.findIndex((id) => sold.has(id));
            if (first >= 0) expect(all.slice(first).every((id) => sold.has(id)), `${JSON.stringify(input)}: ${all}`).toBe(true);
          }
        }
        // A sold car among text matches follows the cars for sale, whatever its score.
        expect(await allIds({ query: 'ford' })).toEqual(expect.arrayContaining(['a5', 'a18']));
        expect((await allIds({ query: 'ford' })).at(-1)).toBe('a16');
      });

      it('price sorts rank by the price the card shows: the offer price, a was-price reduction, never "Enquire for price"', async () => {
        // beta: b7 $19,990 (was $24,990), b5 $27,990 offer (price $36,990), b3 $28,990 ... b6 $1 shows no price.
        expect(await allIds({ sortBy: 'price_asc' }, beta)).toEqual(['b7', 'b5', 'b3', 'b1', 'b2', 'b4']);
        expect(await allIds({ sortBy: 'price_desc' }, beta)).toEqual(['b4', 'b2', 'b1', 'b3', 'b5', 'b7']);
        expect((await search({}, beta)).count).toBe(7);
      });

      it('subscription_price lists only cars with one, cheapest first', async () => {
        expect(await allIds({ sortBy: 'subscription_price' })).toEqual(['a11', 'a2']);
      });

      it('every sort is a total order: pages of 1 hit walk the same order as one page', async () => {
        for (const sortBy of ['relevance', 'latest', 'price_desc', 'price_asc', 'km_asc'] as const) {
          const whole = ids((await search({ sortBy, hitsPerPage: 100, filters: { status: ['in_stock', 'coming_soon'] } })).hits);
          const walked: string[] = [];
          for (let page = 1; page <= whole.length; page++) walked.push(...ids((await search({ sortBy, page, hitsPerPage: 1, filters: { status: ['in_stock', 'coming_soon'] } })).hits));
          expect(walked, sortBy).toEqual(whole);
        }
      });
    });

    describe('text query (membership only: scoring differs between engines)', () => {
      it('finds by model, badge, stock number, colour, body label; every word must match', async () => {
        expect(new Set(await allIds({ query: 'hilux' }))).toEqual(new Set(['a1', 'a11']));
        expect(await allIds({ query: 'wildtrak' })).toEqual(['a18']);
        expect(await allIds({ query: 'U3001' })).toEqual(['a5']);
        expect(await allIds({ query: 'orange' })).toEqual(['a18']);
        expect(new Set(await allIds({ query: 'white ute' }))).toEqual(new Set(['a1', 'a11']));
        expect(await allIds({ query: 'ford ranger xlt' })).toEqual(['a5']);
        expect((await search({ query: 'toyota zzzz' })).count).toBe(0);
        const prefix = await search({ query: 'u300', hitsPerPage: 100 });
        expect(prefix.count).toBe(7);
        expect(['a5', 'a6', 'a7', 'a8', 'a10', 'a11', 'a14']).toEqual(expect.arrayContaining(ids(prefix.hits)));
      });

      it('orders text matches by the chosen sort', async () => {
        expect(await allIds({ query: 'toyota', sortBy: 'price_asc' })).toEqual(['a11', 'a2', 'a4', 'a3', 'a1', 'a12']);
        expect(await allIds({ query: 'toyota', filters: { car_type: ['new'] }, sortBy: 'latest' })).toEqual(['a12', 'a1', 'a2']);
      });

      it('counts facets over the text matches', async () => {
        const result = await search({ query: 'toyota', filters: { car_type: ['new'] }, facets: ['car_type'], sortBy: 'latest' });
        expect(result.facets.car_type).toEqual([
          { value: 'new', label: 'New', count: 3 },
          { value: 'demo', label: 'Demo', count: 2 },
          { value: 'used', label: 'Used', count: 1 },
        ]);
      });

      it('treats a blank query as no query', async () => {
        expect((await search({ query: '   ' })).count).toBe(15);
      });
    });

    describe('specials (reduced)', () => {
      it('lists only cars shown at a reduced price: an offer price or a was-price above the price', async () => {
        expect(await allIds({ reduced: true, sortBy: 'price_asc' }, beta)).toEqual(['b7', 'b5']);
        expect((await search({ reduced: true }, alpha)).count).toBe(0);
        expect((await search({ reduced: false }, beta)).count).toBe(7);
      });
      it('combines with filters and counts facets over the specials', async () => {
        const result = await search({ reduced: true, filters: { make: ['Mazda'] }, facets: ['make'] }, beta);
        expect(ids(result.hits)).toEqual(['b5']);
        expect(result.facets.make).toEqual([
          { value: 'Mazda', label: 'Mazda', count: 1 },
          { value: 'Toyota', label: 'Toyota', count: 1 },
        ]);
      });
    });

    describe('paging and sold runs', () => {
      it('slices pages, counts before collapsing, collapses per page', async () => {
        const p1 = await search({ hitsPerPage: 5 });
        expect([p1.count, p1.pages]).toEqual([15, 3]);
        expect(ids(p1.hits)).toEqual(['a12', 'a1', 'a2', 'a17', 'a18']);
        expect(ids((await search({ hitsPerPage: 5, page: 2 })).hits)).toEqual(['a3', 'a4', 'a14', 'a5', 'a10']);
        expect(ids((await search({ hitsPerPage: 5, page: 3 })).hits)).toEqual(['a6', 'a11', 'a16']);
        const past = await search({ hitsPerPage: 5, page: 4 });
        expect(past).toMatchObject({ hits: [], count: 15, pages: 3, page: 4 });
      });

      it('shows every hit when the whole page is sold', async () => {
        expect(await allIds({ filters: { status: ['sold'] } })).toEqual(['a16', 'a8', 'a7']);
      });

      it('rejects requests outside the contract', async () => {
        await expect(port.search(alpha, { ...req(), hitsPerPage: 0 })).rejects.toThrow();
        await expect(port.search(alpha, { ...req(), hitsPerPage: 101 })).rejects.toThrow();
      });
    });

    describe('getBySlug', () => {
      it('returns the car, sold ones outside the window included', async () => {
        expect(await port.getBySlug(alpha, car('a1').slug)).toEqual(car('a1'));
        expect((await port.getBySlug(alpha, car('a9').slug))?.id).toBe('a9');
        expect((await port.getBySlug(alpha, car('a15').slug))?.id).toBe('a15');
      });
      it('returns null off the website, off the base filters, unknown, other tenant, other spelling or injected', async () => {
        expect(await port.getBySlug(alpha, car('a13').slug)).toBeNull();
        expect(await port.getBySlug({ ...alpha, used_only: true }, car('a1').slug)).toBeNull();
        expect(await port.getBySlug({ ...alpha, excluded_stocknums: ['n1001'] }, car('a1').slug)).toBeNull();
        expect(await port.getBySlug(alpha, 'no-such-car')).toBeNull();
        expect(await port.getBySlug(alpha, car('b1').slug)).toBeNull();
        expect(await port.getBySlug(alpha, car('a1').slug.toUpperCase())).toBeNull();
        expect(await port.getBySlug(alpha, `${car('a1').slug}" OR tenant = "beta`)).toBeNull();
        expect((await port.getBySlug(beta, car('b1').slug))?.id).toBe('b1');
      });
    });

    describe('getById', () => {
      it('returns the car, sold ones outside the window included (the getBySlug rule)', async () => {
        expect(await port.getById(alpha, 'a1')).toEqual(car('a1'));
        expect((await port.getById(alpha, 'a9'))?.slug).toBe(car('a9').slug);
        expect((await port.getById(alpha, 'a15'))?.slug).toBe(car('a15').slug);
        expect((await port.getById(beta, 'b1'))?.slug).toBe(car('b1').slug);
      });
      it('returns null off the website, off the base filters, unknown, other tenant, other spelling or injected', async () => {
        expect(await port.getById(alpha, 'a13')).toBeNull();
        expect(await port.getById({ ...alpha, used_only: true }, 'a1')).toBeNull();
        expect(await port.getById({ ...alpha, excluded_stocknums: ['n1001'] }, 'a1')).toBeNull();
        expect(await port.getById(alpha, 'a99')).toBeNull();
        expect(await port.getById(alpha, '')).toBeNull();
        expect(await port.getById(alpha, 'b1')).toBeNull();
        expect(await port.getById(beta, 'a1')).toBeNull();
        expect(await port.getById(alpha, 'A1')).toBeNull();
        expect(await port.getById(alpha, 'a1 ')).toBeNull();
        for (const value of INJECTION_VALUES) expect(await port.getById(alpha, value), value).toBeNull();
        expect(await port.getById(alpha, 'a1" OR tenant = "beta')).toBeNull();
      });
    });

    describe('similar', () => {
      it('same model first, then make, then body; in stock, price window, closest first', async () => {
        expect(ids(await port.similar(alpha, car('a1')))).toEqual(['a3', 'a4', 'a18', 'a5', 'a17']);
        expect(ids(await port.similar(alpha, car('a5')))).toEqual(['a17']);
        expect(ids(await port.similar(alpha, { ...car('a1'), id: 'x', price: 30_000 }))[0]).toBe('a11');
      });
      it('a car without a price has no price window (cheapest first)', async () => {
        // a10 (Nissan SUV, no price): no other Nissan; SUVs in stock a6 ($27,990) and a3 ($45,990).
        expect(ids(await port.similar(alpha, car('a10')))).toEqual(['a6', 'a3']);
      });
      it('respects the limit (max 6) and the tenant scope', async () => {
        expect(ids(await port.similar(alpha, car('a1'), 2))).toEqual(['a3', 'a4']);
        expect(await port.similar(alpha, car('a1'), 50)).toHaveLength(5);
        expect(ids(await port.similar({ ...alpha, used_only: true }, car('a1')))).toEqual(['a5']);
        expect(ids(await port.similar(beta, car('a1'))).every((id) => id.startsWith('b'))).toBe(true);
      });
      it('never suggests the car itself, sold or coming-soon cars', async () => {
        for (const c of ALPHA_CARS) {
          const similar = await port.similar(alpha, c);
          expect(ids(similar)).not.toContain(c.id);
          expect(similar.every((s) => s.status === 'in_stock' && !s.sold)).toBe(true);
          expect(similar.length).toBeLessThanOrEqual(6);
        }
      });
    });

    describe('tenant isolation', () => {
      it("a tenant's queries never return another tenant's cars", async () => {
        const betaIds = new Set(BETA_CARS.map((c) => c.id));
        for (const input of [{}, { query: 'hilux' }, { filters: { dealership_slug: ['beta-cars'] } }, { filters: { make: ['Toyota'] } }] satisfies SearchRequestInput[]) {
          expect((await allIds(input)).filter((id) => betaIds.has(id)), JSON.stringify(input)).toEqual([]);
        }
        expect(await allIds({ query: 'hilux' }, beta)).toEqual(['b1', 'b2']);
        expect((await search({ filters: { dealership_slug: ['alpha-motors'] } }, beta)).count).toBe(0);
      });
      it('an unknown tenant, even one named like an object property or an injection, has no stock', async () => {
        for (const tenant of ['gamma', '__proto__', 'constructor', 'alpha" OR tenant = "beta', 'alpha\\']) {
          expect((await port.search(scopeOf(tenant), req())).count, tenant).toBe(0);
        }
      });
    });
  });
}
