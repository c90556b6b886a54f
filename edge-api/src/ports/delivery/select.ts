import { adapterName } from '../adapter-name.ts';
import type { DeliveryPort } from './port.ts';
import { EmbeddedDelivery } from './embedded.ts';
import { HttpDelivery } from './http.ts';

/** Adapters of the delivery port: the embedded region tariff, or a transport partner's quote API ('http'). */
export const DELIVERY_ADAPTERS = ['embedded', 'http'] as const;

export type DeliveryEnv = {
  DELIVERY_ADAPTER?: string;
  /** The partner quote API's origin (POST {DELIVERY_API_URL}/v1/quotes), needed by 'http'. */
  DELIVERY_API_URL?: string;
  /** Worker secret (`wrangler secret put DELIVERY_API_KEY`), needed by 'http'. */
  DELIVERY_API_KEY?: string;
};

/** Picks the delivery adapter named by env.DELIVERY_ADAPTER (default 'embedded'); 'http' without URL or key throws. */
export function selectDelivery(env: DeliveryEnv, options: { fetch?: typeof fetch } = {}): DeliveryPort {
  switch (adapterName('DELIVERY_ADAPTER', env.DELIVERY_ADAPTER, DELIVERY_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedDelivery();
    case 'http':
      return new HttpDelivery({
        apiUrl: env.DELIVERY_API_URL ?? '',
        apiKey: env.DELIVERY_API_KEY ?? '',
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
