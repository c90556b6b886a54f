import type { SiteConfig } from '@forecourt/contracts/tenant';

/** Hono environment of edge-api: Worker bindings plus what the tenant middleware resolves per request. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** Tenant slug from the `x-forecourt-tenant` header, known to exist in KV CONFIG. */
    tenant: string;
    /** That tenant's validated config. */
    siteConfig: SiteConfig;
  };
};
