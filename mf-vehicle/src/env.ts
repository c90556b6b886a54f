import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the mf-vehicle Worker (mf-vehicle/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
};
