/**
 * 10,000 generated cars: the engine (Orama index + linear pass) must agree with a brute-force reference built
 * only from the pure rules (visibility, facet keys, ranges, sort comparators, text matching by prefix or edit
 * distance). Correctness only; timing is bench.ts's job.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { RANGE_FACETS, SearchRequestSchema, type SearchRequest, type SearchRequestInput, type SearchResponse, type SearchScope, type TermFacet } from '@forecourt/contracts/search';
import { collapseSoldRuns } from './collapse.ts';
import { createEmbeddedSearch, type EmbeddedSearch } from './embedded.ts';
import { countFacet, facetKey, facetRawValues, inRange, rangeStats } from './facets.ts';
import { generateCars, scopeOf } from '../test/engine-fixtures.ts';
import { isReduced } from './pricing.ts';
import { passesSortFilter, SORT_COMPARATORS } from './sorting.ts';
import { cleanQueryTokens, searchableText, typoTolerance } from './text.ts';
import { isVisible } from './visibility.ts';

// Prices as cards show them (price sorts, specials): some offer prices, was-prices and placeholder prices ($1-$10).
const CARS = generateCars(10_000, { seed: 42 }).map((car, i) =>
  i % 19 === 0 && car.price > 0 ? { ...car, offer_price: car.price - 700 } : i % 23 === 0 && car.price > 0 ? { ...car, before_price: car.price + 2_000 } : i % 29 === 0 ? { ...car, price: 1 + (i % 10) } : car,
);
let engine: EmbeddedSearch;

beforeAll(async () => {
  engine = createEmbeddedSearch({ big: CARS });
  await engine.warm('big');
});

// Orama's English tokeniser keeps letters, digits, '_', "'" and '-' together.
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9_'-]+/).filter(Boolean);

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

type Reference = { matches: Car[]; facets: Partial<Record<TermFacet, ReturnType<typeof countFacet>>>; facetStats: SearchResponse['facetStats'] };

function reference(scope: SearchScope, request: SearchRequest): Reference {
  const tokens = cleanQueryTokens(words(request.query));
  const textOk = (car: Car) => {
    const carWords = words(searchableText(car));
    return tokens.every((t) => carWords.some((w) => w.startsWith(t) || levenshtein(t, w) <= typoTolerance(t)));
  };
  const filterOk = (car: Car, skip?: string) => {
    for (const [facet, values] of Object.entries(request.filters) as [TermFacet, string[]][]) {
      const keys = values.map(facetKey).filter(Boolean);
      if (facet === skip || keys.length === 0) continue;
      const carKeys = facetRawValues(car, facet).map(facetKey);
      if (!keys.some((k) => carKeys.includes(k))) return false;
    }
    for (const field of RANGE_FACETS) {
      if (field !== skip && !inRange(car[field], request.ranges[field])) return false;
    }
    if (request.reduced && !isReduced(car)) return false;
    return passesSortFilter(car, request.sortBy);
  };
  const base = CARS.filter((car) => isVisible(car, scope) && textOk(car));
  const matches = base.filter((car) => filterOk(car)).sort(SORT_COMPARATORS[request.sortBy]);
  const facets: Reference['facets'] = {};
  for (const facet of request.facets) facets[facet] = countFacet(base.filter((car) => filterOk(car, facet)), facet);
  const facetStats: SearchResponse['facetStats'] = {};
  for (const field of RANGE_FACETS) {
    const stats = rangeStats(base.filter((car) => filterOk(car, field)), field);
    if (stats) facetStats[field] = stats;
  }
  return { matches, facets, facetStats };
}

/** Compares every page of the engine's answer with the reference. Text relevance order is the engine's own (BM25). */
async function expectAgreement(scope: SearchScope, input: SearchRequestInput): Promise<number> {
  const request = v.parse(SearchRequestSchema, { hitsPerPage: 100, ...input });
  const expected = reference(scope, request);
  const first = await engine.search(scope, request);
  expect(first.count).toBe(expected.matches.length);
  expect(first.pages).toBe(Math.ceil(expected.matches.length / request.hitsPerPage));
  expect(first.facets).toEqual(expected.facets);
  expect(first.facetStats).toEqual(expected.facetStats);

  const byScore = request.query.trim() !== '' && request.sortBy === 'relevance';
  const expectedIds = new Set(expected.matches.map((c) => c.id));
  const seen = new Set<string>();
  for (let page = 1; page <= first.pages; page++) {
    const result = page === 1 ? first : await engine.search(scope, { ...request, page, facets: [] });
    const slice = expected.matches.slice((page - 1) * request.hitsPerPage, page * request.hitsPerPage);
    if (byScore) {
      for (const hit of result.hits) {
        expect(expectedIds.has(hit.id)).toBe(true);
        expect(seen.has(hit.id)).toBe(false);
        seen.add(hit.id);
      }
    } else {
      expect(result.hits.map((c) => c.id), `page ${page}`).toEqual(collapseSoldRuns(slice).map((c) => c.id));
    }
  }
  return expected.matches.length;
}

describe('engine at 10,000 cars agrees with the brute-force reference', { timeout: 60_000 }, () => {
  const scope = scopeOf('big');
  const allFacets: TermFacet[] = ['car_type', 'make', 'model', 'simple_body', 'categories', 'certified', 'status', 'location_id', 'colour'];

  it('indexes every car shown on the dealer website', async () => {
    expect((await engine.warm('big')).cars).toBe(CARS.filter((c) => c.show_on_dealer_website).length);
  });

  it('default request: all visible stock in relevance order with every facet', async () => {
    const count = await expectAgreement(scope, { facets: allFacets });
    expect(count).toBeGreaterThan(8_000);
  });

  it('3 facets + range + sort (the benchmark query)', async () => {
    const count = await expectAgreement(scope, {
      filters: { make: ['Toyota', 'ford'], simple_body: ['ute', 'suv'], car_type: ['used', 'demo'] },
      ranges: { price: { min: 20_000, max: 60_000 } },
      sortBy: 'price_desc',
      facets: ['make', 'simple_body', 'car_type'],
    });
    expect(count).toBeGreaterThan(100);
  });

  it.each([
    { sortBy: 'price_asc', facets: ['make'] },
    { sortBy: 'subscription_price' },
    { sortBy: 'km_asc', ranges: { km: { max: 50_000 }, year: { min: 2020 } }, facets: ['car_type'] },
    { sortBy: 'latest', filters: { categories: ['Towing', '4x4'], certified: ['true'] }, facets: ['categories', 'certified'] },
    { filters: { location_id: ['loc-2'], status: ['sold', 'coming_soon'] }, facets: ['status', 'location_id'] },
    { reduced: true, sortBy: 'price_asc', facets: ['make', 'car_type'] },
    { reduced: true, filters: { car_type: ['used'] }, sortBy: 'latest', facets: ['simple_body'] },
  ] satisfies SearchRequestInput[])('filters and sorts: %j', async (input) => {
    expect(await expectAgreement(scope, input)).toBeGreaterThan(0);
  });

  it.each([
    { query: 'hilux', facets: ['make', 'model'] },
    { query: 'toyota hilux', sortBy: 'latest' },
    { query: 'toyta rav4' },
    { query: 'white ute', sortBy: 'price_asc', filters: { car_type: ['used'] }, facets: ['car_type'] },
    { query: 'landcrusier', sortBy: 'price_desc' },
    { query: 'ranger wildtr', ranges: { price: { max: 80_000 } }, facets: ['model'] },
  ] satisfies SearchRequestInput[])('text: %j', async (input) => {
    expect(await expectAgreement(scope, input)).toBeGreaterThan(0);
  });

  it('a stock number finds exactly that car', async () => {
    const car = CARS.find((c) => c.show_on_dealer_website && c.status === 'in_stock')!;
    const result = await engine.search(scope, v.parse(SearchRequestSchema, { query: car.stocknum! }));
    expect(result.hits.map((c) => c.id)).toEqual([car.id]);
  });

  it.each([
    ['used only, demo km 5,000', { used_only: true, demo_max_km: 5_000 }],
    ['in stock only, 500 excluded stock numbers', { in_stock_only: true, excluded_stocknums: CARS.slice(0, 500).map((c) => c.stocknum!.toLowerCase()) }],
    ['older than 14 days, 7 sold days', { older_than_days: 14, include_sold_cars_days: 7 }],
    ['no sold days, demo km 1,000', { include_sold_cars_days: 0, demo_max_km: 1_000 }],
  ] satisfies [string, Partial<SearchScope>][])('tenant scope: %s', async (_name, overrides) => {
    expect(await expectAgreement({ ...scope, ...overrides }, { sortBy: 'latest', facets: ['car_type', 'status'] })).toBeGreaterThan(0);
  });

  it('similar cars stay in stock, visible, in the price window and same model first', async () => {
    const visibleInStock = CARS.filter((c) => isVisible(c, scope) && c.status === 'in_stock' && !c.sold);
    for (const car of visibleInStock.slice(0, 25)) {
      const similar = await engine.similar(scope, car);
      expect(similar.length).toBeGreaterThan(0);
      expect(similar.length).toBeLessThanOrEqual(6);
      const delta = car.price < 50_000 ? 10_000 : 25_000;
      for (const s of similar) {
        expect(s.id).not.toBe(car.id);
        expect(isVisible(s, scope) && s.status === 'in_stock' && !s.sold).toBe(true);
        if (car.price > 0) expect(Math.abs(s.price - car.price)).toBeLessThanOrEqual(delta);
      }
      const sameModel = visibleInStock.filter((c) => c.id !== car.id && c.make === car.make && c.model === car.model && (car.price === 0 || Math.abs(c.price - car.price) <= delta));
      const leading = similar.slice(0, Math.min(6, sameModel.length));
      expect(leading.every((s) => s.make === car.make && s.model === car.model)).toBe(true);
    }
  });
});
