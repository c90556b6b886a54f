import type { SiteConfig } from '@forecourt/contracts/tenant';

/** Hono environment of edge-api: Worker bindings plus what the tenant middleware resolves per request. */
export type AppEnv = {
  Bindings: Env & Secrets;
  Variables: {
    /** Tenant slug from the `x-forecourt-tenant` header, known to exist in KV CONFIG. */
    tenant: string;
    /** That tenant's validated config. */
    siteConfig: SiteConfig;
  };
};

/**
 * Worker secrets edge-api reads directly (`wrangler secret put <NAME>`; never in wrangler.jsonc, so not in the generated
 * Env). Port secrets are typed by their ports' select.ts.
 */
export type Secrets = {
  /** Keys the sign-in code hashes (src/auth/code.ts otpHashKey); the local runtime makes one per start. */
  OTP_HASH_KEY?: string;
};
