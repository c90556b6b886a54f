import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the mf-account Worker (mf-account/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
};
