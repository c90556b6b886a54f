import type { Fetcher, KVNamespace } from '@cloudflare/workers-types';

/** Bindings of the shell Worker (shell/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  SEARCH: Fetcher;
  VEHICLE: Fetcher;
  LOCATIONS: Fetcher;
  FINANCE: Fetcher;
  ACCOUNT: Fetcher;
  EDGE_API: Fetcher;
  FRAGMENT_TIMEOUT_MS?: string;
  DEMO_IMAGES?: string;
  /** "on" only in local runs (dev/platform.mjs, `.dev.vars`): `<slug>.localhost` then names the tenant. */
  LOCAL_HOSTS?: string;
};
