import type { Fetcher, KVNamespace, RateLimit } from '@cloudflare/workers-types';
import type { QuickQuoteEnv } from './quote/select.ts';

/** Bindings of the mf-finance Worker (mf-finance/wrangler.jsonc); YOUX_API_KEY is a secret, never a var. */
export type Env = QuickQuoteEnv & {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  /** Workers rate-limiting binding of POST /api/finance/quote (wrangler.jsonc `ratelimits`), keyed by tenant and client IP. */
  QUOTE_LIMITER: RateLimit;
};
