/**
 * The embedded search engine: the default adapter of the search port (ARCHITECTURE.md "Data"), backed by Orama 3.
 *
 * Readings of the spec this engine makes (details beside each rule):
 * - Visibility (spec §4) and the tenant's base filters are applied to every query from the server-side scope.
 * - `older_than_days` (spec §9, "exact meaning not shown"): N > 0 hides cars created more than N days before `now`.
 * - "Most relevant" (default sort): text score when there is a query; otherwise, and for ties, type order
 *   new, demo, used (spec §9), then newest first.
 * - Facet counts and range min/max ignore their own refinement (disjunctive faceting).
 * - Consecutive sold hits are collapsed on each returned page, so a page may hold fewer than hitsPerPage cars;
 *   `count` and `pages` count the matching cars before collapsing.
 */
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchPort, type SearchRequest, type SearchResponse, type SearchScope } from '@forecourt/contracts/search';
import { buildTenantIndex, carById, carBySlug, searchIndex, similarCars, type TenantIndex } from './tenant-index.ts';
import { SIMILAR_MAX } from './similar.ts';

/** Stock per tenant: a fixed map (tests, demo) or a loader (KV, an import) called once per tenant and isolate. */
export type CarSource = Readonly<Record<string, readonly Car[]>> | ((tenant: string) => Promise<readonly Car[]>);

export type EmbeddedSearch = SearchPort & {
  /** Builds the tenant's index now (or returns the cached one): its size and how long the build took. */
  warm(tenant: string): Promise<{ cars: number; buildMs: number }>;
  /** Forgets the cached index of one tenant (or all), so the next query rebuilds from the source. */
  invalidate(tenant?: string): void;
};

/**
 * Creates the embedded search engine. Each tenant gets its own Orama index, built on first use and cached;
 * a query can only ever read the index of `scope.tenant`.
 * @example
 * const engine = createEmbeddedSearch({ 'acme-motors': cars });
 * const page = await engine.search(scope, v.parse(SearchRequestSchema, { query: 'hilux', sortBy: 'price_asc' }));
 */
export function createEmbeddedSearch(source: CarSource): EmbeddedSearch {
  const indexes = new Map<string, Promise<TenantIndex>>();

  async function load(tenant: string): Promise<readonly Car[]> {
    if (typeof source === 'function') return source(tenant);
    // Own keys only: a tenant named like an Object.prototype member must not read it.
    return Object.hasOwn(source, tenant) ? source[tenant]! : [];
  }

  function indexOf(tenant: string): Promise<TenantIndex> {
    let index = indexes.get(tenant);
    if (!index) {
      index = load(tenant).then(buildTenantIndex);
      indexes.set(tenant, index);
      // A failed load is not cached: the next query tries again.
      index.catch(() => {
        if (indexes.get(tenant) === index) indexes.delete(tenant);
      });
    }
    return index;
  }

  return {
    async search(scope: SearchScope, request: SearchRequest): Promise<SearchResponse> {
      // Re-validated here so a caller cannot bypass the contract's limits (page size, page, value lengths).
      const parsed = v.parse(SearchRequestSchema, request);
      return searchIndex(await indexOf(scope.tenant), scope, parsed);
    },
    async getBySlug(scope: SearchScope, slug: string): Promise<Car | null> {
      return carBySlug(await indexOf(scope.tenant), scope, slug);
    },
    async getById(scope: SearchScope, id: string): Promise<Car | null> {
      return carById(await indexOf(scope.tenant), scope, id);
    },
    async similar(scope: SearchScope, car: Car, limit: number = SIMILAR_MAX): Promise<Car[]> {
      return similarCars(await indexOf(scope.tenant), scope, car, limit);
    },
    async warm(tenant: string) {
      const index = await indexOf(tenant);
      return { cars: index.cars.length, buildMs: index.buildMs };
    },
    invalidate(tenant?: string) {
      if (tenant === undefined) indexes.clear();
      else indexes.delete(tenant);
    },
  };
}
