/**
 * What edge-api's alerts read of the stock (issue 16; contracts INTERNAL.stockDigest and INTERNAL.searchMatches, both
 * called by edge-api's cron over its SEARCH binding). Both read the tenant's stock from KV `STOCK` as the last import
 * wrote it, never an isolate's search index (which may be up to STOCK_WATCH_SECONDS old): an alert is computed right
 * after an import. Mounted at the root, tenant-scoped like the other `/internal/*` routes.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { INTERNAL, SearchMatchesRequestSchema, StockDigestQuerySchema, type InternalAnswer, type StockDigestCar } from '@forecourt/contracts/internal';
import type { SearchPort, SearchRequest, SearchScope, TermFacet } from '@forecourt/contracts/search';
import { kvStockChunkKey, kvStockMetaKey, StockMetaSchema, type StockMeta } from '@forecourt/contracts/tenant-data';
import { sortPrice } from '../engine/pricing.ts';
import { buildTenantIndex, carById, carBySlug, searchIndex, similarCars, type TenantIndex } from '../engine/tenant-index.ts';
import { hasVehiclePage, isSold } from '../engine/visibility.ts';
import { buildCatalogue, modelsOf } from '../lib/catalogue.ts';
import { scopeFor } from '../lib/scope.ts';
import { resolveSearchPath } from '../lib/search-path.ts';
import { parseRefinements, toSearchRequest } from '../lib/url-state.ts';
import type { AppEnv } from './context.ts';

/** The stored stock could not be read whole (a chunk missing, or not the count its meta names). */
export class PartialStockError extends Error {}

/**
 * The tenant's stock meta and cars as the last import wrote them (meta null: never imported). A read that is not whole
 * throws PartialStockError: KV is eventually consistent per key, so right after an import a chunk may be missing or
 * still the old one, and a partial digest would text shoppers that cars are gone (the caller answers 503; the next
 * cron reads again).
 */
export async function readStoredStock(kv: Pick<KVNamespace, 'get'>, tenant: string): Promise<{ meta: StockMeta | null; cars: Car[] }> {
  const parsed = v.safeParse(StockMetaSchema, await kv.get(kvStockMetaKey(tenant), 'json'));
  if (!parsed.success) return { meta: null, cars: [] };
  const chunks = await Promise.all(Array.from({ length: parsed.output.chunks }, (_, i) => kv.get<Car[]>(kvStockChunkKey(tenant, i), 'json')));
  if (chunks.some((chunk) => !Array.isArray(chunk))) throw new PartialStockError('a stock chunk is missing');
  const cars = chunks.flatMap((chunk) => chunk!);
  if (cars.length !== parsed.output.count) throw new PartialStockError(`${cars.length} cars read, the import wrote ${parsed.output.count}`);
  return { meta: parsed.output, cars };
}

/** 503 for a stock read that was not whole (the caller retries on its next run). */
const partial = (error: unknown) => {
  if (error instanceof PartialStockError) return Response.json({ error: 'The stock is being updated. Try again shortly.' }, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '60' } });
  throw error;
};

/** The car's name in a text: `{year} {make} {model} {badge}` ('2021 Toyota Corolla Ascent'). */
export const digestName = (car: Pick<Car, 'year' | 'make' | 'model' | 'badge'>) => [car.year, car.make, car.model, car.badge].filter((part) => part !== null && part !== undefined && String(part).trim() !== '').join(' ');

/**
 * The digest of a stock: every car with a page on the site (the tenant's base rules: on the website, used-only, demo
 * km, excluded stock numbers; sold ones included, their status says so), first of each id, with the price a shopper
 * sees (sortPrice: the offer, else the price when shown; 0 for price on application) and its status (sold; reserved
 * by the feed's flag; else available. Paid online reservations live in edge-api, which has them itself).
 */
export function stockDigest(cars: readonly Car[], scope: SearchScope): StockDigestCar[] {
  const seen = new Set<string>();
  const out: StockDigestCar[] = [];
  for (const car of cars) {
    if (seen.has(car.id) || !hasVehiclePage(car, scope)) continue;
    seen.add(car.id);
    out.push({ id: car.id, price: sortPrice(car), status: isSold(car) ? 'sold' : car.reserved ? 'reserved' : 'available', name: digestName(car), slug: car.slug });
  }
  return out;
}

/** A search port over one prebuilt index (no request limits: the matcher asks for every hit at once). */
function indexPort(index: TenantIndex): SearchPort {
  return {
    search: async (scope, request) => searchIndex(index, scope, request),
    getBySlug: async (scope, slug) => carBySlug(index, scope, slug),
    getById: async (scope, id) => carById(index, scope, id),
    similar: async (scope, car, limit) => similarCars(index, scope, car, limit),
  };
}

/**
 * Which of `cars` each saved search (a `/search...` URL) lists, as its search page reads it: the path resolved as the
 * page resolves it (lib/search-path.ts), the refinements of its query (lib/url-state.ts, the path's own facets not
 * refined again, page 1, an unoffered sort falling back as on the page), the tenant's visibility rules. Only cars for
 * sale are candidates (a new car already sold is no news). The index holds the candidates only: a filter or a word
 * matches a car whatever else is in stock, so the answer is the same as over the whole stock, at a fraction of the
 * cost (a few hundred new cars, ~1,000 searches). Catalogue names a candidate lacks cannot match it either.
 */
export async function matchSearches(
  cars: readonly Car[],
  searches: ReadonlyArray<{ id: string; url: string }>,
  carIds: readonly string[],
  config: AppEnv['Variables']['config'],
  data: Parameters<typeof buildCatalogue>[3],
  now: number,
): Promise<InternalAnswer<'searchMatches'>> {
  const wanted = new Set(carIds);
  const candidates = cars.filter((car) => wanted.has(car.id) && !isSold(car));
  if (candidates.length === 0) return { matches: searches.map((s) => ({ id: s.id, car_ids: [] })) };
  const index = buildTenantIndex(candidates);
  const port = indexPort(index);
  const scope = scopeFor(config, now);
  const catalogue = await buildCatalogue(port, scope, config, data);
  const models = (make: string) => modelsOf(port, scope, make);
  const everyHit = Math.max(1, index.stubs.length);
  const matches = [];
  for (const search of searches) {
    const url = new URL(search.url, 'https://saved.search');
    const path = await resolveSearchPath(url.pathname.replace(/^\/search\/?/, ''), catalogue, models);
    if (!path) {
      matches.push({ id: search.id, car_ids: [] });
      continue;
    }
    const refinements = parseRefinements(url.searchParams);
    for (const facet of Object.keys(path.filters) as TermFacet[]) delete refinements.filters[facet];
    if (!config.search.sort_options.includes(refinements.sortBy)) refinements.sortBy = config.search.sort_options[0] ?? 'relevance';
    const request: SearchRequest = toSearchRequest({ ...refinements, page: 1 }, path.filters, everyHit, []);
    const result = await searchIndex(index, scope, request);
    matches.push({ id: search.id, car_ids: result.hits.map((car) => car.id) });
  }
  return { matches };
}

export function alertRoutes() {
  const app = new Hono<AppEnv>();

  /** `GET /internal/stock-digest?since=`: the stock's version, and its cars unless the version is `since`. */
  app.get(INTERNAL.stockDigest.path, async (c) => {
    const since = c.req.query('since');
    const query = v.safeParse(StockDigestQuerySchema, since === undefined ? {} : { since });
    if (!query.success) return c.json({ error: 'since is a stock version (at most 100 characters).' }, 400);
    const config = c.var.config;
    const metaParsed = v.safeParse(StockMetaSchema, await c.env.STOCK.get(kvStockMetaKey(config.slug), 'json'));
    const version = metaParsed.success ? metaParsed.output.updated_at : null;
    const headers = { 'cache-control': 'no-store' };
    // Unchanged since the caller's last look (or still never imported): the version alone.
    if ((query.output.since ?? null) === version) return c.json({ version } satisfies InternalAnswer<'stockDigest'>, 200, headers);
    let stored;
    try {
      stored = await readStoredStock(c.env.STOCK, config.slug);
    } catch (error) {
      return partial(error);
    }
    const { meta, cars } = stored;
    return c.json({ version: meta?.updated_at ?? null, cars: stockDigest(cars, scopeFor(config, Date.now())) } satisfies InternalAnswer<'stockDigest'>, 200, headers);
  });

  /** `POST /internal/search-matches`: which of the given cars each saved search lists. */
  app.post(INTERNAL.searchMatches.path, async (c) => {
    const body = v.safeParse(SearchMatchesRequestSchema, await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'Give searches (id and /search URL) and car_ids.' }, 400);
    const config = c.var.config;
    let cars: Car[];
    try {
      cars = (await readStoredStock(c.env.STOCK, config.slug)).cars;
    } catch (error) {
      return partial(error);
    }
    const data = await c.var.store.data(config.slug);
    const answer = await matchSearches(cars, body.output.searches, body.output.car_ids, config, data, Date.now());
    return c.json(answer, 200, { 'cache-control': 'no-store' });
  });

  return app;
}
