import { adapterName } from '../adapter-name.ts';
import type { DeliveryPort } from './port.ts';
import { EmbeddedDelivery } from './embedded.ts';

/** Adapters of the delivery port. A transport partner's HTTP adapter ('http') lands with the vehicle-page issue. */
export const DELIVERY_ADAPTERS = ['embedded'] as const;

/** Picks the delivery adapter named by env.DELIVERY_ADAPTER (default 'embedded'). */
export function selectDelivery(env: { DELIVERY_ADAPTER?: string }): DeliveryPort {
  switch (adapterName('DELIVERY_ADAPTER', env.DELIVERY_ADAPTER, DELIVERY_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedDelivery();
  }
}
