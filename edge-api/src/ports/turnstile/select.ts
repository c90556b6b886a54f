import { adapterName } from '../adapter-name.ts';
import type { TurnstilePort } from './port.ts';
import { EmbeddedTurnstile } from './embedded.ts';
import { HttpTurnstile } from './http.ts';

/** Adapters of the turnstile port: local stand-in, or Cloudflare siteverify ('http'). */
export const TURNSTILE_ADAPTERS = ['embedded', 'http'] as const;

export type TurnstileEnv = {
  TURNSTILE_ADAPTER?: string;
  /** Worker secret (`wrangler secret put TURNSTILE_SECRET_KEY`), needed by 'http'. */
  TURNSTILE_SECRET_KEY?: string;
  /** Override of the siteverify URL (tests against a local server); Cloudflare's by default. */
  TURNSTILE_VERIFY_URL?: string;
};

/** Picks the turnstile adapter named by env.TURNSTILE_ADAPTER (default 'embedded'). */
export function selectTurnstile(env: TurnstileEnv): TurnstilePort {
  switch (adapterName('TURNSTILE_ADAPTER', env.TURNSTILE_ADAPTER, TURNSTILE_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedTurnstile();
    case 'http':
      return new HttpTurnstile({ secret: env.TURNSTILE_SECRET_KEY ?? '', ...(env.TURNSTILE_VERIFY_URL ? { url: env.TURNSTILE_VERIFY_URL } : {}) });
  }
}
