/**
 * Meilisearch adapter of the search port (ARCHITECTURE.md "Data"): the same answers as the embedded engine for
 * the same stock and request. Fetch-based through the `meilisearch` client, no Node APIs: runs in workerd.
 *
 * - Tenant and the scope's base filters (spec §4 Stock visibility, §9) are built here from the server-side scope
 *   and AND-ed outside the request's filters (filter.ts escapes every value; attributes come from an allow-list).
 * - Disjunctive facets: one search per refined facet (and per refined range, for its min/max) inside the same
 *   `/multi-search` call, without that facet's own refinement, as Algolia/Meilisearch UIs do.
 * - Paging asks for `page`/`hitsPerPage`, so Meilisearch returns an exhaustive `totalHits` (offset/limit only
 *   gives `estimatedTotalHits`); sold runs collapse on the returned page (spec §4).
 * - Similar cars: one `/multi-search` call; the price window is split at the car's price into "at or above,
 *   price ascending" and "below, price descending" (10 each), so merging them yields the 10 closest prices
 *   exactly (Meilisearch cannot sort by distance to a price), then same model first, de-duplicated, max 6.
 */
import { Meilisearch } from 'meilisearch';
import * as v from 'valibot';
import {
  RANGE_FACETS,
  SearchRequestSchema,
  TERM_FACETS,
  type FacetItem,
  type RangeFacet,
  type SearchPort,
  type SearchRequest,
  type SearchResponse,
  type SearchScope,
  type SortOption,
  type TermFacet,
} from '@forecourt/contracts/search';
import { collapseSoldRuns } from '../collapse.ts';
import { compareFacetItems, facetKey } from '../facets.ts';
import { pageWindow } from '../paging.ts';
import { mergeSimilar, similarPriceWindow, SIMILAR_MAX, SIMILAR_QUERY_LIMIT } from '../similar.ts';
import { DAY_MS, DEFAULT_INCLUDE_SOLD_CARS_DAYS } from '../visibility.ts';
import { SearchServiceError, SearchUnavailableError, unwrapSearchError } from './errors.ts';
import { and, anyOf, cmp, eq, noneOf, not, or, range, toFilterString, type Filter } from './filter.ts';
import { documentId, facetDisplayAttribute, facetKeyAttribute, fromDocument, parseFacetDisplay, stocknumKey } from './settings.ts';

export { SearchServiceError, SearchUnavailableError } from './errors.ts';

/** Hits asked for by getById: primary keys differing only in letter case all match its filter (see there). */
const ID_LOOKUP_LIMIT = 5;

/** Default time a request may take before it counts as unavailable. */
export const DEFAULT_TIMEOUT_MS = 3_000;

export type MeilisearchOptions = {
  host: string;
  apiKey?: string | undefined;
  indexUid: string;
  /** A fetch to use instead of the global one (a service binding, a test double). */
  fetch?: typeof fetch;
  /** Per request; a slower answer rejects with SearchUnavailableError. */
  timeoutMs?: number;
};

type Fetch = (input: URL | RequestInfo, init?: RequestInit) => Promise<Response>;

/**
 * A `meilisearch` client whose requests go through our fetch wrapper: timeouts, 5xx and network failures become
 * SearchUnavailableError, a 4xx error body becomes SearchServiceError with Meilisearch's message.
 */
export function createMeilisearchClient(options: Omit<MeilisearchOptions, 'indexUid'>): Meilisearch {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  async function httpClient(input: URL | RequestInfo, init?: RequestInit): Promise<unknown> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(input, { ...init, signal: controller.signal });
      text = await response.text();
    } catch (cause) {
      throw new SearchUnavailableError(timedOut ? `Search service timed out after ${timeoutMs} ms` : 'Search service unreachable', { timedOut, cause });
    } finally {
      clearTimeout(timer);
    }
    if (response.status >= 500) throw new SearchUnavailableError(`Search service unavailable (HTTP ${response.status})`, { status: response.status });
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch (cause) {
      if (!response.ok) throw new SearchServiceError(`Search service error (HTTP ${response.status})`, { status: response.status });
      throw new SearchUnavailableError('Search service sent a body that is not JSON', { status: response.status, cause });
    }
    if (!response.ok) {
      const error = (body ?? {}) as { message?: unknown; code?: unknown; type?: unknown; link?: unknown };
      const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
      throw new SearchServiceError(str(error.message) ?? `Search service error (HTTP ${response.status})`, {
        status: response.status,
        code: str(error.code),
        type: str(error.type),
        link: str(error.link),
      });
    }
    return body;
  }
  return new Meilisearch({ host: options.host, apiKey: options.apiKey, httpClient });
}

// --- filters --------------------------------------------------------------------------------------------------

function soldDays(scope: SearchScope): number {
  const days = scope.include_sold_cars_days;
  return typeof days === 'number' && Number.isFinite(days) ? Math.max(0, days) : DEFAULT_INCLUDE_SOLD_CARS_DAYS;
}

/** The tenant's stock rules that do not depend on time or status (visibility.ts belongsToSite). */
export function siteFilter(scope: SearchScope): Filter {
  return and(
    eq('tenant', scope.tenant),
    eq('show_on_dealer_website', true),
    scope.used_only ? eq('car_type', 'used') : undefined,
    // Demo-km rule: demo cars above the limit hidden; exactly the limit kept.
    scope.demo_max_km != null && Number.isFinite(scope.demo_max_km) ? not(and(eq('car_type', 'demo'), cmp('km', '>', scope.demo_max_km))!) : undefined,
    noneOf('stocknum_key', (scope.excluded_stocknums ?? []).map(stocknumKey)),
  )!;
}

/** Spec §4 Stock visibility and the tenant's base filters (visibility.ts isVisible), evaluated at `scope.now`. */
export function visibleFilter(scope: SearchScope): Filter {
  return and(
    siteFilter(scope),
    anyOf('status', ['in_stock', 'coming_soon', 'sold']),
    scope.in_stock_only ? and(eq('status', 'in_stock'), eq('is_sold', false)) : undefined,
    // Sold cars while now - sold_date <= N days; a sold car without a date never matches the comparison.
    or(eq('is_sold', false), cmp('sold_date_timestamp', '>=', scope.now - soldDays(scope) * DAY_MS)),
    scope.older_than_days > 0 ? cmp('created_at_timestamp', '>=', scope.now - scope.older_than_days * DAY_MS) : undefined,
  )!;
}

/** Spec §9: price sorts list only cars that show a price; the subscription sort only cars with a subscription price. */
function sortFilter(sort: SortOption): Filter | undefined {
  if (sort === 'price_asc' || sort === 'price_desc') return cmp('sale_price', '>', 0);
  if (sort === 'subscription_price') return cmp('subscription_price', '>', 0);
  return undefined;
}

/** The request's refinements, one per facet: OR within a facet (normalised keys), inclusive ranges; the specials. */
function requestClauses(request: SearchRequest): { key: TermFacet | RangeFacet | 'reduced'; filter: Filter }[] {
  const clauses: { key: TermFacet | RangeFacet | 'reduced'; filter: Filter }[] = [];
  for (const facet of TERM_FACETS) {
    const keys = (request.filters[facet] ?? []).map(facetKey).filter(Boolean).sort();
    const filter = anyOf(facetKeyAttribute(facet), keys);
    if (filter) clauses.push({ key: facet, filter });
  }
  for (const facet of RANGE_FACETS) {
    const filter = range(facet, request.ranges[facet]);
    if (filter) clauses.push({ key: facet, filter });
  }
  if (request.reduced) clauses.push({ key: 'reduced', filter: eq('is_reduced', true) });
  return clauses;
}

/**
 * Sort of each option, cars for sale first (`sold_rank`); "most relevant" sorts by that alone (the `sort` ranking rule
 * comes first, then words; the rules end in type order, newest, tie rank). Price sorts rank by the shown price.
 */
export const SORTS: Readonly<Record<SortOption, string[]>> = {
  relevance: ['sold_rank:asc'],
  latest: ['sold_rank:asc', 'created_at_timestamp:desc', 'tie_rank:asc'],
  price_desc: ['sold_rank:asc', 'sale_price:desc', 'tie_rank:asc'],
  price_asc: ['sold_rank:asc', 'sale_price:asc', 'tie_rank:asc'],
  subscription_price: ['sold_rank:asc', 'subscription_price:asc', 'tie_rank:asc'],
  km_asc: ['sold_rank:asc', 'km:asc', 'tie_rank:asc'],
};

// --- responses ------------------------------------------------------------------------------------------------

type Hit = Record<string, unknown>;
type RawResult = {
  hits: Hit[];
  totalHits?: number;
  estimatedTotalHits?: number;
  processingTimeMs?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
};

function facetItemsOf(distribution: Record<string, number> | undefined): FacetItem[] {
  const byKey = new Map<string, FacetItem>();
  for (const [text, count] of Object.entries(distribution ?? {})) {
    if (!(count > 0)) continue;
    const { key, value, label } = parseFacetDisplay(text);
    const held = byKey.get(key);
    if (held) held.count += count;
    else byKey.set(key, { value, label, count });
  }
  return [...byKey.values()].sort(compareFacetItems);
}

type SearchQuery = Record<string, unknown> & { indexUid: string };

export type MeilisearchSearch = SearchPort & { client: Meilisearch; indexUid: string };

/**
 * The Meilisearch search port.
 * @example
 * const port = createMeilisearchSearch({ host: 'https://search.example.com', apiKey: env.MEILI_KEY, indexUid: 'cars' });
 * const page = await port.search(scope, request); // rejects with SearchUnavailableError on 503/timeout
 */
export function createMeilisearchSearch(options: MeilisearchOptions): MeilisearchSearch {
  const client = createMeilisearchClient(options);
  const { indexUid } = options;

  async function multiSearch(queries: SearchQuery[]): Promise<RawResult[]> {
    try {
      const response = (await client.multiSearch({ queries })) as unknown as { results: RawResult[] };
      if (!response || !Array.isArray(response.results) || response.results.length !== queries.length) {
        throw new SearchUnavailableError('Search service sent an unexpected multi-search response');
      }
      return response.results;
    } catch (error) {
      throw unwrapSearchError(error);
    }
  }

  return {
    client,
    indexUid,
    async search(scope, input) {
      const started = Date.now();
      const request = v.parse(SearchRequestSchema, input);
      const base = and(visibleFilter(scope), sortFilter(request.sortBy))!;
      const clauses = requestClauses(request);
      const q = request.query.trim();
      const common = {
        indexUid,
        ...(q ? { q, matchingStrategy: 'all' } : {}),
        attributesToHighlight: [],
      };
      const filterWithout = (key?: string) => toFilterString(and(base, ...clauses.filter((c) => c.key !== key).map((c) => c.filter))!);
      const refined = new Set(clauses.map((c) => c.key));
      const facets = [...new Set(request.facets)];
      const mainFacets = [
        ...facets.filter((f) => !refined.has(f)).map(facetDisplayAttribute),
        ...RANGE_FACETS.filter((f) => !refined.has(f)),
      ];
      const queries: SearchQuery[] = [{
        ...common,
        filter: filterWithout(),
        page: request.page,
        hitsPerPage: request.hitsPerPage,
        facets: mainFacets,
        sort: SORTS[request.sortBy],
      }];
      // Disjunctive facets: each refined facet (and range, for its min/max) counted without its own refinement.
      const extra: (TermFacet | RangeFacet)[] = [];
      for (const clause of clauses) {
        if (clause.key === 'reduced') continue;
        const isRange = (RANGE_FACETS as readonly string[]).includes(clause.key);
        if (!isRange && !facets.includes(clause.key as TermFacet)) continue;
        extra.push(clause.key);
        queries.push({ ...common, filter: filterWithout(clause.key), limit: 0, facets: [isRange ? clause.key : facetDisplayAttribute(clause.key as TermFacet)] });
      }
      const [main, ...others] = await multiSearch(queries);
      const distribution = (facet: TermFacet): Record<string, number> | undefined => {
        const i = extra.indexOf(facet);
        return (i < 0 ? main! : others[i]!).facetDistribution?.[facetDisplayAttribute(facet)];
      };
      const out: SearchResponse['facets'] = {};
      for (const facet of facets) out[facet] = facetItemsOf(distribution(facet));
      const facetStats: SearchResponse['facetStats'] = {};
      for (const field of RANGE_FACETS) {
        const i = extra.indexOf(field);
        const stats = (i < 0 ? main! : others[i]!).facetStats?.[field];
        if (stats && Number.isFinite(stats.min) && Number.isFinite(stats.max)) facetStats[field] = { min: stats.min, max: stats.max };
      }
      const count = main!.totalHits ?? main!.estimatedTotalHits ?? 0;
      const { pages } = pageWindow(count, request.page, request.hitsPerPage);
      return {
        hits: collapseSoldRuns(main!.hits.map((hit) => fromDocument(hit).car)),
        facets: out,
        facetStats,
        count,
        page: request.page,
        pages,
        hitsPerPage: request.hitsPerPage,
        ms: Math.max(main!.processingTimeMs ?? 0, Date.now() - started),
      };
    },

    async getBySlug(scope, slug) {
      const [result] = await multiSearch([{ indexUid, filter: toFilterString(and(siteFilter(scope), eq('slug', slug))!), limit: 1, attributesToHighlight: [] }]);
      const hit = result!.hits[0];
      if (!hit) return null;
      const { car } = fromDocument(hit);
      // Meilisearch compares strings case-insensitively; the vehicle page wants this exact slug.
      return car.slug === slug ? car : null;
    },

    async getById(scope, id) {
      // The primary key holds tenant and id (ids are unique per tenant only), so this never reads another tenant's car.
      const [result] = await multiSearch([{ indexUid, filter: toFilterString(and(siteFilter(scope), eq('doc_id', documentId(scope.tenant, id)))!), limit: ID_LOOKUP_LIMIT, attributesToHighlight: [] }]);
      // Meilisearch compares strings case-insensitively, and doc_id is base64url, where case matters: a few keys may
      // match; the car is the one with exactly this id.
      return result!.hits.map((hit) => fromDocument(hit).car).find((car) => car.id === id) ?? null;
    },

    async similar(scope, car, limit = SIMILAR_MAX) {
      const window = similarPriceWindow(car.price);
      const base = and(visibleFilter(scope), eq('status', 'in_stock'), eq('is_sold', false), not(eq('doc_id', documentId(scope.tenant, car.id))))!;
      const groups: Filter[] = [and(eq('fk_make', facetKey(car.make)), eq('fk_model', facetKey(car.model)))!, eq('fk_make', facetKey(car.make))];
      if (car.simple_body) groups.push(eq('fk_simple_body', facetKey(car.simple_body)));
      // Each group: the cars at or above the price (ascending) and below it (descending), 10 each.
      const halves: { filter: Filter | undefined; sort: string[] }[] = window
        ? [
            { filter: and(cmp('price', '>=', car.price), cmp('price', '<=', window.max)), sort: ['price:asc', 'tie_rank:asc'] },
            { filter: and(cmp('price', '<', car.price), cmp('price', '>=', window.min)), sort: ['price:desc', 'tie_rank:asc'] },
          ]
        : [{ filter: undefined, sort: ['price:asc', 'tie_rank:asc'] }];
      const queries = groups.flatMap((group) =>
        halves.map((half) => ({ indexUid, filter: toFilterString(and(base, group, half.filter)!), sort: half.sort, limit: SIMILAR_QUERY_LIMIT, attributesToHighlight: [], facets: [] })),
      );
      const results = await multiSearch(queries);
      const lists = groups.map((_, g) => {
        const hits = results.slice(g * halves.length, (g + 1) * halves.length).flatMap((r) => r.hits.map(fromDocument));
        return hits
          .sort((a, b) => Math.abs(a.car.price - car.price) - Math.abs(b.car.price - car.price) || a.tieRank - b.tieRank)
          .slice(0, SIMILAR_QUERY_LIMIT)
          .map((h) => h.car);
      });
      return mergeSimilar(lists, car.id, limit);
    },
  };
}

