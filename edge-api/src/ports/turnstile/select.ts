import { adapterName } from '../adapter-name.ts';
import type { TurnstilePort } from './port.ts';
import { EmbeddedTurnstile } from './embedded.ts';

/** Adapters of the turnstile port. Cloudflare siteverify ('http') lands with the leads issue. */
export const TURNSTILE_ADAPTERS = ['embedded'] as const;

/** Picks the turnstile adapter named by env.TURNSTILE_ADAPTER (default 'embedded'). */
export function selectTurnstile(env: { TURNSTILE_ADAPTER?: string }): TurnstilePort {
  switch (adapterName('TURNSTILE_ADAPTER', env.TURNSTILE_ADAPTER, TURNSTILE_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedTurnstile();
  }
}
