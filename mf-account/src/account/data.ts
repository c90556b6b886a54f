/**
 * What the account pages read over their service bindings: the signed-in shopper's own data (edge-api `GET /api/me`,
 * contracts INTERNAL.account, with the shopper's cookie forwarded, so edge-api's session decides who they are), the live
 * cars of their lists (mf-search, contracts fetchCarById) and which of them hold a paid reservation (edge-api,
 * contracts loadReservedIds). The summary is critical (the page says when it cannot be read); the cars are deferred
 * (a car that cannot be read is drawn without its details, never fails the page).
 */
import type { AccountSummary } from '@forecourt/contracts/account';
import type { Car } from '@forecourt/contracts/entities/car';
import { callInternal, fetchCarById, type ServiceBinding } from '@forecourt/contracts/internal';
import { loadReservedIds } from '@forecourt/contracts/reservations';
import { hasSessionCookie } from '../sign-in/model.ts';
import { mapBounded } from './model.ts';

/** How long a page waits for edge-api's summary. */
export const SUMMARY_TIMEOUT_MS = 2_500;
/** How long a page waits for one car. */
export const CAR_TIMEOUT_MS = 1_500;
/** Car lookups in flight at once. */
export const CAR_LOOKUP_CONCURRENCY = 6;
/** The most cars one page looks up (a longer list draws the rest without live details). */
export const CAR_LOOKUP_MAX = 60;

/** The shopper as edge-api knows them: signed in (their summary), signed out (401), or edge-api could not say. */
export type AccountLoad = { kind: 'signed-in'; summary: AccountSummary } | { kind: 'signed-out' } | { kind: 'unavailable' };

/**
 * The signed-in shopper's summary, their cookie forwarded. No session cookie at all is signed out without a call;
 * edge-api's 401 (expired, signed out, another tenant's session) too; anything else (error, timeout, an answer outside
 * the contract) is `unavailable`. Logs name the failure only, never the shopper.
 */
export async function loadAccount(edge: ServiceBinding, tenant: string, cookie: string | undefined): Promise<AccountLoad> {
  if (!cookie || !hasSessionCookie(cookie)) return { kind: 'signed-out' };
  try {
    const answer = await callInternal(edge, 'account', { tenant, headers: { cookie }, timeoutMs: SUMMARY_TIMEOUT_MS });
    if (answer.ok) return { kind: 'signed-in', summary: answer.data };
    if (answer.status === 401) return { kind: 'signed-out' };
    console.error('mf-account: account summary answered', answer.status);
    return { kind: 'unavailable' };
  } catch (error) {
    console.error('mf-account: account summary failed', error instanceof Error ? error.name : 'error');
    return { kind: 'unavailable' };
  }
}

/** One car of a list: live (with its paid-reservation state), no longer listed (mf-search's 404), or unknown (not read). */
export type CarLookup = { kind: 'car'; car: Car; reserved: boolean } | { kind: 'gone' } | { kind: 'unknown' };

/**
 * The live cars of these ids (distinct, the first CAR_LOOKUP_MAX looked up, CAR_LOOKUP_CONCURRENCY at a time) with the
 * paid reservations edge-api holds for them. A car mf-search fails on is `unknown`; a missing reservation answer
 * leaves the feed's own flag.
 */
export async function loadCars(bindings: { SEARCH: ServiceBinding; EDGE_API: ServiceBinding }, tenant: string, ids: readonly string[]): Promise<Map<string, CarLookup>> {
  const wanted = [...new Set(ids)].slice(0, CAR_LOOKUP_MAX);
  const [cars, reserved] = await Promise.all([
    mapBounded(wanted, CAR_LOOKUP_CONCURRENCY, async (id): Promise<Car | null | undefined> => {
      try {
        return await fetchCarById(bindings.SEARCH, tenant, id, CAR_TIMEOUT_MS);
      } catch (error) {
        console.warn('mf-account: saved car not loaded', error instanceof Error ? error.name : 'error');
        return undefined;
      }
    }),
    loadReservedIds(bindings.EDGE_API, tenant, wanted),
  ]);
  const out = new Map<string, CarLookup>();
  wanted.forEach((id, i) => {
    const car = cars[i];
    if (car === undefined) out.set(id, { kind: 'unknown' });
    else if (car === null || car.id !== id) out.set(id, { kind: 'gone' });
    else out.set(id, { kind: 'car', car, reserved: reserved?.has(id) ?? false });
  });
  return out;
}

/** A lookup of a map, `unknown` for an id that was not looked up. */
export const lookupOf = (cars: ReadonlyMap<string, CarLookup>, id: string | null | undefined): CarLookup => (id ? cars.get(id) : undefined) ?? { kind: 'unknown' };
