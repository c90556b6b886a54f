import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the mf-vehicle Worker (mf-vehicle/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  /** mf-search: the vehicle page's read model (`/internal/car?slug=`). */
  SEARCH: Fetcher;
  /** edge-api: delivery and market-price ports (tenant header on every call). */
  EDGE_API: Fetcher;
};
