/**
 * The Meilisearch adapter (against the fake server) gives the embedded engine's answers on generated stock:
 * randomised requests over every filter, range, sort, facet and page, compared in full (hits in order, counts,
 * facet items, facet stats), plus getBySlug, getById and similar. Text queries are left to the adapter suite (scoring differs).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestSchema, SORT_OPTIONS, TERM_FACETS, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import type { Car } from '@forecourt/contracts/entities/car';
import { createEmbeddedSearch } from '../embedded.ts';
import { FIXTURE_NOW, generateCars, scopeOf } from '../../test/engine-fixtures.ts';
import { createMeilisearchClient, createMeilisearchSearch, type MeilisearchSearch } from './adapter.ts';
import { startFakeMeilisearch, type FakeMeilisearch } from '../../test/fake-meilisearch.ts';
import { ensureIndex, indexStock } from './settings.ts';

const CARS: Car[] = generateCars(400, { seed: 7 })
  .map((car, i) =>
    // Odd spellings of one value (one facet key) and duplicate-ish values exercise the canonical labels.
    i % 37 === 0 ? { ...car, make: car.make.toUpperCase(), make_model: `${car.make.toUpperCase()} ${car.model}` } : car,
  )
  // Prices as cards show them (price sorts, specials): offer prices, was-prices, placeholder prices ($1-$10).
  .map((car, i) => (i % 11 === 0 && car.price > 0 ? { ...car, offer_price: car.price - 500 } : i % 13 === 0 && car.price > 0 ? { ...car, before_price: car.price + 1_500 } : i % 17 === 0 ? { ...car, price: 1 + (i % 10) } : car));
const OTHER: Car[] = generateCars(50, { seed: 8, idPrefix: 'o', dealershipSlug: 'other-motors' });

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function randomRequest(next: () => number): SearchRequestInput {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const filters: Record<string, string[]> = {};
  const facetPool = ['make', 'model', 'simple_body', 'car_type', 'colour', 'categories', 'status', 'certified', 'city', 'simple_drive'] as const;
  for (let n = Math.floor(next() * 3); n > 0; n--) {
    const facet = pick(facetPool);
    const values = [...new Set(CARS.flatMap((c) => (facet === 'categories' ? c.categories ?? [] : [String(c[facet as keyof Car] ?? '')])))].filter(Boolean);
    filters[facet] = Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(values));
  }
  const ranges: Record<string, { min?: number; max?: number }> = {};
  if (next() < 0.4) ranges.price = { min: Math.round(next() * 40_000), ...(next() < 0.5 ? { max: 40_000 + Math.round(next() * 60_000) } : {}) };
  if (next() < 0.3) ranges.km = { max: Math.round(next() * 100_000) };
  if (next() < 0.2) ranges.year = { min: 2018 + Math.floor(next() * 6) };
  return {
    filters,
    ranges,
    sortBy: pick(SORT_OPTIONS),
    page: 1 + Math.floor(next() * 3),
    hitsPerPage: pick([5, 21, 50]),
    facets: TERM_FACETS.filter(() => next() < 0.4),
    ...(next() < 0.15 ? { reduced: true } : {}),
  };
}

describe('meilisearch adapter = embedded engine on generated stock', () => {
  let fake: FakeMeilisearch;
  let meili: MeilisearchSearch;
  const embedded = createEmbeddedSearch({ gen: CARS, other: OTHER });
  const scopes: SearchScope[] = [
    scopeOf('gen'),
    scopeOf('gen', { used_only: true, include_sold_cars_days: 5 }),
    scopeOf('gen', { in_stock_only: true, demo_max_km: 5_000, older_than_days: 60 }),
    scopeOf('gen', { excluded_stocknums: CARS.slice(0, 40).map((c) => ` ${c.stocknum?.toLowerCase()} `), now: FIXTURE_NOW - 3 * 86_400_000 }),
  ];

  beforeAll(async () => {
    fake = await startFakeMeilisearch();
    const client = createMeilisearchClient({ host: fake.url });
    await ensureIndex(client, 'cars');
    await indexStock(client, 'cars', 'gen', CARS);
    await indexStock(client, 'cars', 'other', OTHER);
    meili = createMeilisearchSearch({ host: fake.url, indexUid: 'cars' });
  }, 30_000);
  afterAll(() => fake.close());

  it('answers 120 random requests identically (hits, counts, facets, stats)', async () => {
    const next = rng(42);
    let withHits = 0;
    for (let n = 0; n < 120; n++) {
      const scope = scopes[n % scopes.length]!;
      const request = v.parse(SearchRequestSchema, randomRequest(next));
      const [a, b] = await Promise.all([embedded.search(scope, request), meili.search(scope, request)]);
      const label = JSON.stringify({ scope: n % scopes.length, request });
      expect(b.hits.map((c) => c.id), label).toEqual(a.hits.map((c) => c.id));
      expect({ ...b, hits: [], ms: 0 }, label).toEqual({ ...a, hits: [], ms: 0 });
      if (a.hits.length > 0) withHits++;
    }
    // The comparison is not vacuous: most random requests find cars.
    expect(withHits).toBeGreaterThan(60);
    // 240 engine calls: about 1 s alone, more on a loaded CI machine (a correctness test, not a timing one).
  }, 30_000);

  it('finds the same vehicle pages and the same similar cars', async () => {
    for (const scope of scopes) {
      for (const car of CARS.slice(0, 30)) {
        expect(await meili.getBySlug(scope, car.slug), car.id).toEqual(await embedded.getBySlug(scope, car.slug));
        expect(await meili.getById(scope, car.id), car.id).toEqual(await embedded.getById(scope, car.id));
        expect((await meili.similar(scope, car)).map((c) => c.id), car.id).toEqual((await embedded.similar(scope, car)).map((c) => c.id));
      }
    }
  }, 30_000);
});
