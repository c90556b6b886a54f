/**
 * Query cache of the search port (spec §7 "Search service query ... cached by query, filters, offset, sort";
 * §9 caches: manufacturer 10 entries, offers 11 (evict the oldest when over 10), vehicle search evicts the oldest
 * at its cap). Pure ESM, no Node APIs: runs in workerd and in the browser.
 */
import type { SearchPort, SearchRequest, SearchResponse, SearchScope } from '@forecourt/contracts/search';
import { MANUFACTURER_CACHE_SIZE, OFFERS_CACHE_SIZE } from '@forecourt/contracts/constants';

/** Spec §9: the manufacturer search keeps 10 entries. */
export const MANUFACTURER_QUERY_CACHE_CAP = MANUFACTURER_CACHE_SIZE;
/** Spec §9: offers evict the oldest entry when over 10, so it holds 11. */
export const OFFERS_QUERY_CACHE_CAP = OFFERS_CACHE_SIZE + 1;
/** Vehicle search: the spec does not show its cap; ours. */
export const VEHICLE_QUERY_CACHE_CAP = 50;
/** Entries older than this are not served: the sold window and stock imports move on. */
export const QUERY_CACHE_TTL_MS = 60_000;

export type QueryCacheOptions = {
  /** Most entries held; adding one more evicts the oldest (insertion order). */
  cap: number;
  /** How long an entry is served (ms); default 60 s. 0 or less: forever. */
  ttlMs?: number;
  /** Clock (ms); injectable for tests. */
  clock?: () => number;
};

/**
 * The cache key: tenant and its base filters (never `now`: it moves every request, the TTL bounds staleness),
 * query, filters (facet order and value order ignored), ranges, counted facets, offset, page size, sort and specials.
 */
export function queryCacheKey(scope: SearchScope, request: SearchRequest): string {
  const { now: _now, ...base } = scope;
  const filters = Object.entries(request.filters ?? {})
    .filter(([, values]) => values && values.length > 0)
    .map(([facet, values]) => [facet, [...new Set(values)].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ranges = Object.entries(request.ranges ?? {})
    .filter(([, r]) => r && (r.min != null || r.max != null))
    .map(([facet, r]) => [facet, r.min ?? null, r.max ?? null] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const offset = (request.page - 1) * request.hitsPerPage;
  return JSON.stringify([
    base.tenant,
    base.include_sold_cars_days,
    base.used_only,
    base.in_stock_only,
    base.demo_max_km ?? null,
    [...base.excluded_stocknums].sort(),
    base.older_than_days,
    request.query.trim(),
    filters,
    ranges,
    [...new Set(request.facets)].sort(),
    offset,
    request.hitsPerPage,
    request.sortBy,
    request.reduced === true,
  ]);
}

/** A small cache that evicts the oldest entry when over its cap (FIFO: a hit does not refresh an entry). */
export class QueryCache<V> {
  readonly #entries = new Map<string, { value: V; at: number }>();
  readonly #cap: number;
  readonly #ttl: number;
  readonly #clock: () => number;

  constructor(options: QueryCacheOptions) {
    this.#cap = Math.max(0, Math.floor(options.cap));
    this.#ttl = options.ttlMs ?? QUERY_CACHE_TTL_MS;
    this.#clock = options.clock ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Most entries held. */
  get cap(): number {
    return this.#cap;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#ttl > 0 && this.#clock() - entry.at > this.#ttl) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.#cap === 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: this.#clock() });
    while (this.#entries.size > this.#cap) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * Drops every entry of one tenant (keys from queryCacheKey start with it): its stock changed, so results cached
   * before would rebuild a purged page from the old stock. Answers how many entries went.
   */
  forgetTenant(tenant: string): number {
    const prefix = `${JSON.stringify([tenant]).slice(0, -1)},`;
    let dropped = 0;
    for (const key of [...this.#entries.keys()]) {
      if (key.startsWith(prefix)) {
        this.#entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }
}

export type CachedSearchPort = SearchPort & { cache: QueryCache<Promise<SearchResponse>> };

/**
 * Wraps a search port with a query cache. Concurrent identical queries share one call; a failed call (503,
 * timeout) is not cached, so the next query asks the engine again. getBySlug, getById and similar pass through.
 * @example const port = withQueryCache(createEmbeddedSearch(stock), { cap: MANUFACTURER_QUERY_CACHE_CAP });
 */
export function withQueryCache(port: SearchPort, options: QueryCacheOptions): CachedSearchPort {
  const cache = new QueryCache<Promise<SearchResponse>>(options);
  return {
    cache,
    search(scope, request) {
      const key = queryCacheKey(scope, request);
      const hit = cache.get(key);
      if (hit) return hit;
      const pending = port.search(scope, request);
      cache.set(key, pending);
      pending.catch(() => {
        // Only forget the entry this call made (a newer one may have replaced it).
        if (cache.get(key) === pending) cache.delete(key);
      });
      return pending;
    },
    getBySlug: (scope, slug) => port.getBySlug(scope, slug),
    getById: (scope, id) => port.getById(scope, id),
    similar: (scope, car, limit) => port.similar(scope, car, limit),
  };
}
