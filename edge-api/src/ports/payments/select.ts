import { adapterName } from '../adapter-name.ts';
import type { PaymentsPort } from './port.ts';
import { EmbeddedPayments } from './embedded.ts';

/** Adapters of the payments port. A payment processor's HTTP adapter ('http') lands with the checkout issue. */
export const PAYMENTS_ADAPTERS = ['embedded'] as const;

/** Picks the payments adapter named by env.PAYMENTS_ADAPTER (default 'embedded'). */
export function selectPayments(env: { PAYMENTS_ADAPTER?: string; DB: D1Database }): PaymentsPort {
  switch (adapterName('PAYMENTS_ADAPTER', env.PAYMENTS_ADAPTER, PAYMENTS_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedPayments(env.DB);
  }
}
