/**
 * The embedded search engine: the default adapter of the search port (ARCHITECTURE.md "Data"), columns of our own
 * plus Orama 3 for free text (tenant-index.ts).
 *
 * Readings of the spec this engine makes (details beside each rule):
 * - Visibility (spec §4) and the tenant's base filters are applied to every query from the server-side scope.
 * - `older_than_days` (spec §9, "exact meaning not shown"): N > 0 hides cars created more than N days before `now`.
 * - "Most relevant" (default sort): text score when there is a query; otherwise, and for ties, type order
 *   new, demo, used (spec §9), then newest first.
 * - Facet counts and range min/max ignore their own refinement (disjunctive faceting).
 * - Consecutive sold hits are collapsed on each returned page, so a page may hold fewer than hitsPerPage cars;
 *   `count` and `pages` count the matching cars before collapsing.
 *
 * Memory (issue 19): an isolate keeps the indexes of the tenants it serves least recently used first out, under a
 * budget of estimated bytes (`budgetBytes`, default DEFAULT_INDEX_BUDGET_BYTES): after each query the oldest indexes go
 * until the rest fit (the one just used always stays, even alone over the budget: then an error is logged once per
 * tenant and stock version).
 */
import * as v from 'valibot';
import { awaitSharedLoad, startSharedLoad, type SharedLoad } from '@forecourt/contracts/shared-load';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchPort, type SearchRequest, type SearchResponse, type SearchScope } from '@forecourt/contracts/search';
import { buildTenantIndex, carById, carBySlug, indexBytes, searchIndex, similarCars, type TenantIndex } from './tenant-index.ts';
import { StaleSnapshotError } from './snapshot.ts';
import { SIMILAR_MAX } from './similar.ts';

/**
 * Stock per tenant: a fixed map (tests, demo) or a loader (KV, an import) called once per tenant and isolate (again
 * after an eviction or `invalidate`). A loader may answer a ready index (a snapshot loaded: snapshot.ts) instead of cars.
 */
export type CarSource = Readonly<Record<string, readonly Car[]>> | ((tenant: string) => Promise<readonly Car[] | TenantIndex>);

/**
 * The default memory budget of an isolate's tenant indexes: 48 MB of estimated heap, so with the Worker's own code,
 * React renders and the other caches an isolate stays well under the Workers limit of 128 MB.
 */
export const DEFAULT_INDEX_BUDGET_BYTES = 48 * 1024 * 1024;

/** Tenants an engine remembers having reported over the budget (the oldest forgotten beyond). */
export const OVER_BUDGET_TENANTS_MAX = 1_000;

export type EmbeddedOptions = {
  /** Most estimated bytes of tenant indexes kept (least recently used evicted beyond). */
  budgetBytes?: number;
};

export type IndexStats = { tenant: string; cars: number; bytes: number; textIndex: boolean };

export type EmbeddedSearch = SearchPort & {
  /** Builds or loads the tenant's index now (or returns the cached one): its size and how long that took. */
  warm(tenant: string): Promise<{ cars: number; buildMs: number }>;
  /** Forgets the cached index of one tenant (or all), so the next query loads it from the source again. */
  invalidate(tenant?: string): void;
  /** The indexes kept, least recently used first, with their estimated bytes. */
  stats(): { budgetBytes: number; totalBytes: number; indexes: IndexStats[] };
  /** The index of a tenant if this isolate holds one (loaded), without loading it. */
  peek(tenant: string): TenantIndex | undefined;
};

type Entry = { load: SharedLoad<TenantIndex>; index?: TenantIndex };
/**
 * How long a query waits for a tenant's index another request started before loading it itself: far past a sound load
 * (a snapshot read is tens of ms; a 6,000-car build from the stock ~0.5 s quiet, a few seconds on a busy machine), so a
 * slow load is never duplicated (two builds would double the isolate's memory), only one that can no longer finish.
 */
export const INDEX_LOAD_STALL_MS = 30_000;

/**
 * Creates the embedded search engine. Each tenant gets its own index, built (or loaded) on first use and cached
 * under the memory budget; a query can only ever read the index of `scope.tenant`.
 * @example
 * const engine = createEmbeddedSearch({ 'acme-motors': cars });
 * const page = await engine.search(scope, v.parse(SearchRequestSchema, { query: 'hilux', sortBy: 'price_asc' }));
 */
export function createEmbeddedSearch(source: CarSource, options: EmbeddedOptions = {}): EmbeddedSearch {
  const budget = options.budgetBytes ?? DEFAULT_INDEX_BUDGET_BYTES;
  const entries = new Map<string, Entry>();

  async function load(tenant: string): Promise<TenantIndex> {
    if (typeof source === 'function') {
      const loaded = await source(tenant);
      return Array.isArray(loaded) ? buildTenantIndex(loaded as readonly Car[]) : (loaded as TenantIndex);
    }
    // Own keys only: a tenant named like an Object.prototype member must not read it.
    return buildTenantIndex(Object.hasOwn(source, tenant) ? source[tenant]! : []);
  }

  function indexOf(tenant: string): Promise<TenantIndex> {
    const hit = entries.get(tenant);
    if (hit) {
      // Most recently used last.
      entries.delete(tenant);
      entries.set(tenant, hit);
      if (hit.index) return Promise.resolve(hit.index);
      // A load another request started: never awaited past its stall time (that request may have been cancelled, and
      // its KV reads with it: contracts shared-load.ts).
      return awaitSharedLoad(
        hit.load,
        () => {
          if (entries.get(tenant) === hit) entries.delete(tenant);
          return indexOf(tenant);
        },
        { stallMs: INDEX_LOAD_STALL_MS },
      );
    }
    const entry: Entry = { load: startSharedLoad(() => load(tenant)) };
    entries.set(tenant, entry);
    entry.load.promise.then(
      (index) => {
        entry.index = index;
        enforceBudget(tenant);
      },
      // A failed load is not cached: the next query tries again.
      () => {
        if (entries.get(tenant) === entry) entries.delete(tenant);
      },
    );
    return entry.load.promise;
  }

  function enforceBudget(keepTenant: string): void {
    let total = 0;
    for (const entry of entries.values()) if (entry.index) total += indexBytes(entry.index);
    for (const [tenant, entry] of entries) {
      if (total <= budget) break;
      if (tenant === keepTenant || !entry.index) continue;
      total -= indexBytes(entry.index);
      entries.delete(tenant);
    }
    const kept = entries.get(keepTenant)?.index;
    if (kept && total > budget) reportOverBudget(keepTenant, kept, indexBytes(kept));
  }

  /** Tenants whose index was reported over the budget, by the stock version (or the index) reported. */
  const overBudget = new Map<string, string | TenantIndex>();
  /**
   * The index just used stays even alone over the budget (a query needs it), but that isolate may then pass the
   * Workers memory limit: an error, once per tenant and stock version (or per load when the version is unknown).
   */
  function reportOverBudget(tenant: string, index: TenantIndex, bytes: number): void {
    if (bytes <= budget) return;
    const mark = index.version ?? index;
    if (overBudget.get(tenant) === mark) return;
    if (overBudget.size >= OVER_BUDGET_TENANTS_MAX) overBudget.delete(overBudget.keys().next().value!);
    overBudget.set(tenant, mark);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.error(
      `mf-search: the index of ${tenant} alone is over this isolate's index budget (${mb(bytes)} MB estimated for ${index.stubs.length} cars, budget ${mb(budget)} MB): kept, but the isolate may pass the Workers memory limit (README "Memory"; a stock import writes a snapshot, SEARCH_INDEX_BUDGET_MB, or Meilisearch for this stock size)`,
    );
  }

  /** Runs `use` on the tenant's index; a snapshot found stale mid-read (a newer import) is reloaded once. */
  async function withIndex<T>(tenant: string, use: (index: TenantIndex) => Promise<T>): Promise<T> {
    try {
      return await use(await indexOf(tenant));
    } catch (error) {
      if (!(error instanceof StaleSnapshotError)) throw error;
      entries.delete(tenant);
      return use(await indexOf(tenant));
    } finally {
      enforceBudget(tenant);
    }
  }

  return {
    async search(scope: SearchScope, request: SearchRequest): Promise<SearchResponse> {
      // Re-validated here so a caller cannot bypass the contract's limits (page size, page, value lengths).
      const parsed = v.parse(SearchRequestSchema, request);
      return withIndex(scope.tenant, (index) => searchIndex(index, scope, parsed));
    },
    async getBySlug(scope: SearchScope, slug: string): Promise<Car | null> {
      return withIndex(scope.tenant, (index) => carBySlug(index, scope, slug));
    },
    async getById(scope: SearchScope, id: string): Promise<Car | null> {
      return withIndex(scope.tenant, (index) => carById(index, scope, id));
    },
    async similar(scope: SearchScope, car: Car, limit: number = SIMILAR_MAX): Promise<Car[]> {
      return withIndex(scope.tenant, (index) => similarCars(index, scope, car, limit));
    },
    async warm(tenant: string) {
      const index = await indexOf(tenant);
      return { cars: index.stubs.length, buildMs: index.buildMs };
    },
    invalidate(tenant?: string) {
      if (tenant === undefined) entries.clear();
      else entries.delete(tenant);
    },
    stats() {
      const indexes: IndexStats[] = [];
      for (const [tenant, entry] of entries) {
        if (entry.index) indexes.push({ tenant, cars: entry.index.stubs.length, bytes: indexBytes(entry.index), textIndex: entry.index.text !== undefined });
      }
      return { budgetBytes: budget, totalBytes: indexes.reduce((sum, i) => sum + i.bytes, 0), indexes };
    },
    peek(tenant: string) {
      return entries.get(tenant)?.index;
    },
  };
}
