/**
 * Which search port answers a request (ARCHITECTURE.md "Data": stock lives in the search engine). The default is the
 * embedded engine over KV `STOCK`, or Meilisearch for tenants with a `search_service` when `SEARCH_ADAPTER=meilisearch`
 * (engine/meilisearch/select.ts); tests pass their own to `createApp({ engine })`.
 */
import type { SearchPort } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { createEmbeddedSearch, type EmbeddedSearch } from '../engine/embedded.ts';
import { createSearchPortChooser } from '../engine/meilisearch/select.ts';
import type { Env } from '../env.ts';
import { createStockWatch } from './stock-watch.ts';
import { loadStock } from './stock.ts';

/** The search port for a request's env and tenant; called once per request, before any route. */
export type EnginePort = (env: Env, config: SiteConfig) => SearchPort | Promise<SearchPort>;

/**
 * The default engine port, with its own state (the embedded index, the stock watch, the Meilisearch ports): one per
 * `createApp`, so one per isolate in the Worker. The embedded index reads the first request's `STOCK` binding; a new
 * import (stock meta changed) rebuilds the tenant's index, checked at most every `STOCK_WATCH_SECONDS` (default 60).
 * @example const engine = createEnginePort(); const port = await engine(c.env, c.var.config);
 */
export function createEnginePort(): EnginePort {
  let embedded: EmbeddedSearch | undefined;
  let choose: ReturnType<typeof createSearchPortChooser> | undefined;
  let watchStock: ((tenant: string) => Promise<void>) | undefined;
  return async (env, config) => {
    const stockKv = env.STOCK;
    embedded ??= createEmbeddedSearch((tenant: string) => loadStock(stockKv, tenant));
    const index = embedded;
    watchStock ??= createStockWatch(
      async (tenant) => (await stockKv.get<{ updated_at?: string }>(kvStockMetaKey(tenant), 'json'))?.updated_at ?? null,
      (tenant) => index.invalidate(tenant),
      { ttlMs: Number(env.STOCK_WATCH_SECONDS ?? 60) * 1000 },
    );
    await watchStock(config.slug);
    // SEARCH_ADAPTER=meilisearch sends tenants with a search_service to Meilisearch; the others stay embedded.
    choose ??= createSearchPortChooser(embedded, { timeoutMs: 3000 });
    return choose(env, config);
  };
}
