/**
 * Paid online reservations live in edge-api's D1 (stock comes from feeds and knows nothing of them): the vehicle page
 * and the search cards ask edge-api which of their cars are reserved, over a service binding, so a car shows
 * Reserved on every page as soon as its payment succeeds. Deferred data: never throws, null when edge-api fails.
 */
import * as v from 'valibot';
import { TENANT_HEADER } from './tenant.ts';

/** `GET /api/payments/reserved?car_ids=a,b` answer. */
export const ReservedCarsSchema = v.object({ reserved: v.array(v.string()) });
/** edge-api accepts at most this many ids per call. */
export const RESERVED_LOOKUP_MAX = 100;

type Edge = { fetch(input: string, init?: RequestInit): Promise<Response> };
/** A service binding (Fetcher) or anything with its `fetch`. */
export type EdgeFetcher = { fetch: (...args: never[]) => Promise<unknown> };

/** Which of these cars have a paid reservation (a Set of ids), or null when edge-api could not tell in time. */
export async function loadReservedIds(edge: EdgeFetcher | undefined, tenant: string, carIds: readonly string[], timeoutMs = 800): Promise<Set<string> | null> {
  if (carIds.length === 0) return new Set();
  if (!edge) return null;
  try {
    const ids = carIds.slice(0, RESERVED_LOOKUP_MAX).map(encodeURIComponent).join(',');
    const res = await (edge as unknown as Edge).fetch(`https://edge-api.internal/api/payments/reserved?car_ids=${ids}`, {
      headers: { [TENANT_HEADER]: tenant },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const parsed = v.safeParse(ReservedCarsSchema, await res.json());
    return parsed.success ? new Set(parsed.output.reserved) : null;
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
