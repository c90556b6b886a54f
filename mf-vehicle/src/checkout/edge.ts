/**
 * The checkout pages' calls to edge-api over the EDGE_API service binding (tenant header on every call): a payment's
 * state and which cars are reserved. Deferred data (STYLE.md): never throws, null when edge-api fails or is slow.
 */
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { loadReservedIds } from '@forecourt/contracts/reservations';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

type Edge = { fetch(input: string, init?: RequestInit): Promise<Response> };
/** A Fetcher (service binding) or anything with its `fetch`. */
export type EdgeFetcher = { fetch: (...args: never[]) => Promise<unknown> };

const PaymentSchema = v.object({
  payment_id: v.string(),
  status: v.picklist(['requires_payment', 'paid', 'failed', 'refunded']),
  car_id: v.nullable(v.string()),
  car_slug: v.nullable(v.string()),
  amount_cents: v.number(),
  currency: v.literal('aud'),
});
export type PaymentView = v.InferOutput<typeof PaymentSchema>;

async function getJson<T extends v.GenericSchema>(edge: EdgeFetcher, tenant: string, path: string, schema: T, timeoutMs: number): Promise<v.InferOutput<T> | null> {
  try {
    const res = await (edge as unknown as Edge).fetch(`https://edge-api.internal${path}`, { headers: { [TENANT_HEADER]: tenant }, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const parsed = v.safeParse(schema, await res.json());
    return parsed.success ? parsed.output : null;
  } catch (error) {
    console.error('mf-vehicle checkout: edge-api call failed', error instanceof Error ? error.name : 'error');
    return null;
  }
}

/** `GET /api/payments/intents/:id`: the payment's state (no personal data), or null. */
export function loadPayment(edge: EdgeFetcher, tenant: string, id: string, timeoutMs = 1500): Promise<PaymentView | null> {
  return getJson(edge, tenant, `/api/payments/intents/${encodeURIComponent(id)}`, PaymentSchema, timeoutMs);
}

export { loadReservedIds } from '@forecourt/contracts/reservations';

/**
 * The car with `reserved: true` when edge-api holds a paid reservation for it (stock comes from feeds; reservations
 * live in D1). For the vehicle page: `car = await withReservation(c.env.EDGE_API, config.slug, car)`.
 */
export async function withReservation<C extends Pick<Car, 'id' | 'reserved'>>(edge: EdgeFetcher, tenant: string, car: C): Promise<C> {
  if (car.reserved) return car;
  const reserved = await loadReservedIds(edge, tenant, [car.id]);
  return reserved?.has(car.id) ? { ...car, reserved: true } : car;
}
