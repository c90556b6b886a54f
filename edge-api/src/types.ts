import type { SiteConfig } from '@forecourt/contracts/tenant';

/** Hono environment of edge-api: Worker bindings plus what the tenant middleware resolves per request. */
export type AppEnv = {
  Bindings: Env & Secrets & LocalBindings;
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
  /**
   * Keys the lead ids minted for no-JavaScript forms (src/leads/form.ts noJsLeadIdKey); optional: without it a key is
   * derived from OTP_HASH_KEY with a fixed label.
   */
  LEAD_ID_KEY?: string;
  /**
   * YouX's quick-quote and customer-creation endpoints (vars set with YOUX_ADAPTER="http") and its key (a secret):
   * ports/youx/select.ts.
   */
  YOUX_QUOTE_URL?: string;
  YOUX_CUSTOMER_URL?: string;
  YOUX_API_KEY?: string;
};

/** Bindings only the local runtime sets (dev/platform.mjs, `.dev.vars`): never in wrangler.jsonc, so never deployed. */
export type LocalBindings = {
  /** 'on' shows the dev pages (the embedded CRM inbox, the test processor's Pay button) and allows the embedded SMS. */
  DEV_PAGES?: string;
};
