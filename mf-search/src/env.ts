import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  STOCK: KVNamespace;
  SEARCH_ADAPTER?: string;
};
