/**
 * Which search port answers a request (ARCHITECTURE.md "Data": stock lives in the search engine). The default is the
 * embedded engine over KV `STOCK`, or Meilisearch for tenants with a `search_service` when `SEARCH_ADAPTER=meilisearch`
 * (engine/meilisearch/select.ts); tests pass their own to `createApp({ engine })`.
 */
import type { SearchPort } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { createEmbeddedSearch, DEFAULT_INDEX_BUDGET_BYTES, type EmbeddedSearch } from '../engine/embedded.ts';
import { createSearchPortChooser, searchAdapterOf } from '../engine/meilisearch/select.ts';
import type { Env } from '../env.ts';
import { forgetTenantQueries } from './query-caches.ts';
import { readPendingPurge, settlePendingPurge, type PurgeOutcome } from './stock-changes.ts';
import { createStockWatch, type StockWatch } from './stock-watch.ts';
import { loadTenantIndex } from './stock.ts';

/** What a stock refresh did: the stock version now served, whether it was new to this isolate, and the page purge. */
export type StockRefreshOutcome = { version: string | null; changed: boolean; purge: PurgeOutcome };

/** The search port for a request's env and tenant; called once per request, before any route. */
export type EnginePort = ((env: Env, config: SiteConfig) => SearchPort | Promise<SearchPort>) & {
  /**
   * Reloads a tenant's stock now and purges the pages its import changed (the refresh route: an import calls it so its
   * stock shows at once). Absent on ports that hold no stock of their own (tests' fixed engines).
   */
  refresh?: (env: Env, tenant: string) => Promise<StockRefreshOutcome>;
  /** The embedded engine once made (its memory stats; bench and tests). */
  embedded?: () => EmbeddedSearch | undefined;
  /**
   * Calls `listener` whenever this port serves a new stock version of a tenant (the refresh route or the stock
   * watch), before the request that noticed it goes on: the app drops what it cached from the old stock (the search
   * path catalogues). The port itself drops the tenant's query caches (lib/query-caches.ts).
   */
  onStockChange?: (listener: (tenant: string) => void) => void;
  /**
   * Starts loading a tenant's embedded index before its config is read, where the platform runs every tenant embedded
   * (SEARCH_ADAPTER unset or `embedded`: no config can send it elsewhere), so a tenant's first page reads its config and
   * its index together (issue 19, cold start); and with it the stock watch's check of the tenant (its stock version,
   * one read shared with the index load, and its pending-purge marker), which the request then joins instead of
   * reading both after its config. A no-op in Meilisearch mode (there a tenant's config decides; its index loads on
   * its first query). Never throws; a failed load is not cached (the query loads again).
   */
  prefetch?: (env: Env, tenant: string) => void;
  /** Forgets what a prefetch kept of a tenant (its index, its stock watch entry): a slug the tenant store does not know. */
  forget?: (tenant: string) => void;
};

/** The memory budget of the isolate's tenant indexes from `SEARCH_INDEX_BUDGET_MB` (default 48 MB). */
export function indexBudgetBytes(env: Pick<Env, 'SEARCH_INDEX_BUDGET_MB'>): number {
  const mb = Number(env.SEARCH_INDEX_BUDGET_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : DEFAULT_INDEX_BUDGET_BYTES;
}

/**
 * The default engine port, with its own state (the embedded index, the stock watch, the Meilisearch ports): one per
 * `createApp`, so one per isolate in the Worker. The embedded index reads the first request's `STOCK` binding (its
 * snapshot when there is one: lib/stock.ts); a new import (stock meta changed) reloads the tenant's index and its
 * pending page purge is settled (lib/stock-changes.ts), noticed at most `STOCK_WATCH_SECONDS` (default 60) later, or at
 * once through `refresh`.
 * @example const engine = createEnginePort(); const port = await engine(c.env, c.var.config);
 */
export function createEnginePort(): EnginePort {
  let embedded: EmbeddedSearch | undefined;
  let choose: ReturnType<typeof createSearchPortChooser> | undefined;
  let watchStock: StockWatch | undefined;
  /** The env of the latest request (an isolate's bindings do not change). */
  let current: Env | undefined;
  const listeners: Array<(tenant: string) => void> = [];
  /**
   * A tenant's stock changed: its index is rebuilt on next use, and every cache of results from the old stock is
   * dropped (query caches here, the app's through `onStockChange`), so the pages a purge dropped are rebuilt from the
   * new stock, not from results cached up to a minute before.
   */
  const stockChanged = (index: EmbeddedSearch, tenant: string) => {
    index.invalidate(tenant);
    forgetTenantQueries(index, tenant);
    for (const listener of listeners) {
      try {
        listener(tenant);
      } catch (error) {
        console.error(`mf-search: clearing caches of ${tenant} after a stock change failed: ${(error as Error).message}`);
      }
    }
  };

  const readVersion = async (env: Env, tenant: string) => (await env.STOCK.get<{ updated_at?: string }>(kvStockMetaKey(tenant), 'json'))?.updated_at ?? null;

  /**
   * The stock meta read a prefetch starts for a tenant, handed to the index load and the stock watch it starts in the
   * same moment (set only around those calls: a read begun earlier could predate an import, so none is ever reused).
   */
  const metaHandoff = new Map<string, () => Promise<unknown>>();
  /** Each stock watch check's read of the tenant's pending-purge marker, started beside its version read (onRead takes it). */
  const markerReads = new Map<string, Promise<unknown>>();

  function setUp(env: Env): { embedded: EmbeddedSearch; watch: StockWatch } {
    current = env;
    const stockKv = env.STOCK;
    embedded ??= createEmbeddedSearch((tenant: string) => loadTenantIndex(stockKv, tenant, metaHandoff.get(tenant)?.()), { budgetBytes: indexBudgetBytes(env) });
    const index = embedded;
    watchStock ??= createStockWatch(
      async (tenant) => {
        // The marker is read beside the version, not after it: one round trip before the request goes on, not two. An
        // import writes the marker before the meta; a marker read that just misses an import the version read sees leaves
        // that fallback purge to the next check (STOCK_WATCH_SECONDS), as KV's eventual consistency across keys could in
        // production anyway (the import's own purge, the normal path, is not affected).
        markerReads.set(tenant, readPendingPurge(current!.STOCK, tenant));
        try {
          const handed = metaHandoff.get(tenant);
          return handed ? (((await handed()) as { updated_at?: string } | null)?.updated_at ?? null) : await readVersion(current!, tenant);
        } catch (error) {
          markerReads.delete(tenant);
          throw error;
        }
      },
      (tenant) => stockChanged(index, tenant),
      {
        ttlMs: Number(env.STOCK_WATCH_SECONDS ?? 60) * 1000,
        // An import's pages still to purge (the import could not reach this runtime, or ran while it was stopped).
        onRead: (tenant, version) => {
          const marker = markerReads.get(tenant);
          markerReads.delete(tenant);
          return settlePendingPurge(current!.STOCK, current!.EDGE_API, tenant, version, marker);
        },
      },
    );
    return { embedded: index, watch: watchStock };
  }

  const port: EnginePort = async (env, config) => {
    const { embedded: index, watch } = setUp(env);
    await watch(config.slug);
    // SEARCH_ADAPTER=meilisearch sends tenants with a search_service to Meilisearch; the others stay embedded.
    choose ??= createSearchPortChooser(index, { timeoutMs: 3000 });
    return choose(env, config);
  };
  port.refresh = async (env, tenant) => {
    const { embedded: index, watch } = setUp(env);
    const previous = watch.seen(tenant);
    const version = await readVersion(env, tenant);
    watch.note(tenant, version);
    const changed = previous !== version;
    if (changed) stockChanged(index, tenant);
    const purge = (await settlePendingPurge(env.STOCK, env.EDGE_API, tenant, version)) ?? { tags: 0, purged: false };
    // The new index loaded now, so the next shopper does not wait for it (a failure shows on that request instead).
    if (changed) await index.warm(tenant).catch(() => {});
    return { version, changed, purge };
  };
  port.prefetch = (env, tenant) => {
    let embeddedOnly = false;
    try {
      embeddedOnly = searchAdapterOf(env.SEARCH_ADAPTER) === 'embedded';
    } catch {
      // An unknown SEARCH_ADAPTER: the port reports it on this request.
    }
    if (!embeddedOnly) return;
    const { embedded: index, watch } = setUp(env);
    // One read of the stock meta for both, made only if either needs it (an index held or loading, a check not due or
    // under way: nothing read).
    let meta: Promise<unknown> | undefined;
    metaHandoff.set(tenant, () => {
      if (!meta) {
        meta = env.STOCK.get(kvStockMetaKey(tenant), 'json');
        meta.catch(() => {});
      }
      return meta;
    });
    try {
      index.warm(tenant).catch(() => {});
      watch(tenant).catch(() => {});
    } finally {
      metaHandoff.delete(tenant);
    }
  };
  port.forget = (tenant) => {
    embedded?.invalidate(tenant);
    watchStock?.forget(tenant);
    // A forgotten check never reaches onRead: its marker read is dropped here.
    markerReads.delete(tenant);
  };
  port.embedded = () => embedded;
  port.onStockChange = (listener) => void listeners.push(listener);
  return port;
}
