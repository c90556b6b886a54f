/**
 * The checkout pages' calls to edge-api over the EDGE_API service binding (tenant header on every call): a payment's
 * state and which cars are reserved. Deferred data (STYLE.md): never throws, null when edge-api fails or is slow.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { callInternal, type PaymentState, type ServiceBinding } from '@forecourt/contracts/internal';
import { loadReservedIds } from '@forecourt/contracts/reservations';

/** A service binding to edge-api. */
export type EdgeFetcher = ServiceBinding;
export type PaymentView = PaymentState;

/** `GET /api/payments/intents/:id`: the payment's state (no personal data), or null. */
export async function loadPayment(edge: EdgeFetcher, tenant: string, id: string, timeoutMs = 1500): Promise<PaymentView | null> {
  try {
    const answer = await callInternal(edge, 'payment', { tenant, params: { id }, timeoutMs });
    return answer.ok ? answer.data : null;
  } catch (error) {
    console.error('mf-vehicle checkout: edge-api call failed', error instanceof Error ? error.name : 'error');
    return null;
  }
}

export { loadReservedIds } from '@forecourt/contracts/reservations';

/**
 * The car with `reserved: true` when edge-api holds a paid reservation for it (stock comes from feeds; reservations
 * live in D1). The vehicle page uses `withKnownReservation` (src/lib/page-cache.ts: it also says whether the answer is known).
 */
export async function withReservation<C extends Pick<Car, 'id' | 'reserved'>>(edge: EdgeFetcher, tenant: string, car: C): Promise<C> {
  if (car.reserved) return car;
  const reserved = await loadReservedIds(edge, tenant, [car.id]);
  return reserved?.has(car.id) ? { ...car, reserved: true } : car;
}
