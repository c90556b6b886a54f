/**
 * Engine benchmark for bench/: index build time and query latency over a given stock. Figures only, no
 * assertions. Times come from `performance.now()`; run it in Node (workerd freezes timers during compute).
 */
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { createEmbeddedSearch } from './embedded.ts';

export type LatencyFigures = { medianMs: number; p95Ms: number; runs: number; meanCount: number };
export type EngineBenchFigures = {
  /** Cars given, and cars indexed (shown on the dealer website). */
  cars: number;
  indexedCars: number;
  /** Building the tenant's Orama index on first use. */
  indexBuildMs: number;
  /** Free-text queries (one and two words, one with a typo). */
  text: LatencyFigures;
  /** 3 term facets + a price range (new on every run) + a sort, with those 3 facets counted. */
  facetsRangeSort: LatencyFigures;
};
export type BenchOptions = { runs?: number; warmup?: number; now?: number };

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return Math.round(sorted[at]! * 100) / 100;
}

function topValues(cars: readonly Car[], pick: (car: Car) => string | null | undefined, n: number): string[] {
  const counts = new Map<string, number>();
  for (const car of cars) {
    const value = pick(car);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([value]) => value);
}

/**
 * Indexes `cars` as one tenant and times queries. `now` defaults to the stock's latest timestamp so generated
 * stock keeps its recently sold cars in the sold window.
 * @example const figures = await benchEngine(generateCars(10_000));
 */
export async function benchEngine(cars: readonly Car[], options: BenchOptions = {}): Promise<EngineBenchFigures> {
  const { runs = 50, warmup = 5 } = options;
  const now = options.now ?? cars.reduce((max, car) => Math.max(max, car.created_at_timestamp, car.sold_date_timestamp ?? 0), 0);
  const scope: SearchScope = { tenant: 'bench', include_sold_cars_days: 3, used_only: false, in_stock_only: false, excluded_stocknums: [], older_than_days: 0, now };
  const engine = createEmbeddedSearch({ bench: cars });
  const { cars: indexedCars, buildMs } = await engine.warm('bench');

  const models = topValues(cars, (car) => `${car.make} ${car.model}`, 4);
  const makes = topValues(cars, (car) => car.make, 2);
  const bodies = topValues(cars, (car) => car.simple_body, 2);
  const firstMake = makes[0] ?? 'Toyota';
  // A dropped letter in the most common make exercises typo tolerance.
  const typo = firstMake.length > 4 ? firstMake.slice(0, 2) + firstMake.slice(3) : firstMake;
  const textQueries: SearchRequestInput[] = [...models, ...models.map((m) => m.split(' ').slice(1).join(' ')), typo].map((query) => ({ query }));
  const facets = ['make', 'simple_body', 'car_type'] as const;
  // The price range moves by $500 every run (a shopper dragging the slider), so its filter is never a cache hit.
  const facetQuery = (run: number): SearchRequestInput => {
    const min = 5_000 + (run % 1000) * 500;
    const variants: SearchRequestInput[] = [
      { filters: { make: makes, simple_body: bodies, car_type: ['used', 'demo'] }, ranges: { price: { min, max: min + 50_000 } }, sortBy: 'price_desc', facets: [...facets] },
      { filters: { make: makes.slice(0, 1), simple_body: bodies, car_type: ['new', 'demo'] }, ranges: { price: { min, max: min + 70_000 } }, sortBy: 'price_asc', facets: [...facets] },
      { filters: { make: makes, simple_body: bodies.slice(0, 1), car_type: ['used'] }, ranges: { price: { min } }, sortBy: 'latest', facets: [...facets] },
    ];
    return variants[run % variants.length]!;
  };

  async function time(requestFor: (run: number) => SearchRequestInput): Promise<LatencyFigures> {
    for (let i = 0; i < warmup; i++) await engine.search(scope, v.parse(SearchRequestSchema, requestFor(runs + i)));
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const request = v.parse(SearchRequestSchema, requestFor(i));
      const started = performance.now();
      const result = await engine.search(scope, request);
      samples.push(performance.now() - started);
      total += result.count;
    }
    samples.sort((a, b) => a - b);
    return { medianMs: percentile(samples, 0.5), p95Ms: percentile(samples, 0.95), runs, meanCount: Math.round(total / runs) };
  }

  return {
    cars: cars.length,
    indexedCars,
    indexBuildMs: Math.round(buildMs * 100) / 100,
    text: await time((run) => textQueries[run % textQueries.length]!),
    facetsRangeSort: await time(facetQuery),
  };
}
