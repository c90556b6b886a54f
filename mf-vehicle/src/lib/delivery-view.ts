import { POSTCODE_MESSAGE } from '@forecourt/contracts/api';
import type { Car } from '@forecourt/contracts/entities/car';
import { loadDelivery, originPostcode } from './car-source.ts';
import { NO_POSTCODE_MESSAGE, type DeliveryView } from './delivery.ts';

/**
 * The delivery calculator's answer for a postcode (spec §5 postcode required, §8 texts): no postcode -> 'Please enter
 * a postcode.' with no lookup; a malformed one -> the postcode message; else edge-api's delivery port (its estimate, or
 * 'none' when it has none, the car's origin is unknown or the port fails: the shopper is told to ask for a quote).
 */
export async function deliveryView(edge: Pick<Fetcher, 'fetch'>, tenant: string, car: Pick<Car, 'location' | 'private_postcode'>, postcode: string): Promise<DeliveryView> {
  const code = postcode.trim();
  if (!code) return { kind: 'error', text: NO_POSTCODE_MESSAGE };
  if (!/^\d{4}$/.test(code)) return { kind: 'error', text: POSTCODE_MESSAGE };
  const origin = originPostcode(car);
  if (!origin) return { kind: 'none' };
  try {
    const answer = await loadDelivery(edge, tenant, code, origin);
    return answer.kind === 'estimate' ? { kind: 'estimate', name: answer.estimate.name, price: answer.estimate.price } : { kind: 'none' };
  } catch (error) {
    console.error('delivery estimate failed', error instanceof Error ? error.message : error);
    return { kind: 'none' };
  }
}
