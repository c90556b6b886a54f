import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the mf-finance Worker (mf-finance/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
};
