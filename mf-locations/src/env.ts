import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the mf-locations Worker (mf-locations/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
};
