import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  STOCK: KVNamespace;
  /** edge-api: paid online reservations (a car reserved online shows Reserved on its card). */
  EDGE_API?: Fetcher;
  SEARCH_ADAPTER?: string;
  /** How often (seconds) a Worker checks whether the tenant's stock was re-imported; default 60. */
  STOCK_WATCH_SECONDS?: string;
};
