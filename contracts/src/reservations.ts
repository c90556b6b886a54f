/**
 * Paid online reservations live in edge-api's D1 (stock comes from feeds and knows nothing of them): the vehicle page
 * and the search cards ask edge-api which of their cars are reserved, over a service binding, so a car shows
 * Reserved on every page as soon as its payment succeeds. Deferred data: never throws, null when edge-api fails.
 */
import { callInternal, RESERVED_LOOKUP_ID, RESERVED_LOOKUP_MAX, type ServiceBinding } from './internal.ts';

export { ReservedCarsSchema, RESERVED_LOOKUP_MAX } from './internal.ts';

/** Which of these cars have a paid reservation (a Set of ids), or null when edge-api could not tell in time. */
export async function loadReservedIds(edge: ServiceBinding | undefined, tenant: string, carIds: readonly string[], timeoutMs = 800): Promise<Set<string> | null> {
  if (carIds.length === 0) return new Set();
  if (!edge) return null;
  try {
    // Ids the lookup cannot take (edge-api would refuse the whole call) are simply not reserved online.
    const ids = [...new Set(carIds)].filter((id) => RESERVED_LOOKUP_ID.test(id)).slice(0, RESERVED_LOOKUP_MAX);
    if (ids.length === 0) return new Set();
    const answer = await callInternal(edge, 'reservedCars', { tenant, query: { car_ids: ids.join(',') }, timeoutMs });
    return answer.ok ? new Set(answer.data.reserved) : null;
  } catch (error) {
    console.error('reservations: edge-api lookup failed', error instanceof Error ? error.name : 'error');
    return null;
  }
}

/** The cars with `reserved: true` where edge-api holds a paid reservation (the feed's own flag is kept). */
export function markReserved<C extends { id: string | number; reserved?: boolean | null | undefined }>(cars: readonly C[], reserved: ReadonlySet<string> | null): C[] {
  if (!reserved?.size) return [...cars];
  return cars.map((car) => (!car.reserved && reserved.has(String(car.id)) ? { ...car, reserved: true } : car));
}
