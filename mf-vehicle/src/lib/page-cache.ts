/**
 * Cache policy of mf-vehicle's pages (issue 19, contracts page-cache.ts). The car page and the
 * test-drive page are the same for every shopper (nothing in them reads a cookie or a session: the shopper's own
 * things, saved cars and sign-in, are islands and the header slot), so they answer `public, max-age` and name their
 * cache tags; the shell keeps them whole and drops them when a tag is purged. The checkout and trade-in journey pages
 * show one shopper's payment or journey and stay private. The print page is dated by the day it is printed, so it is
 * not kept (PRINT_PAGE_CACHE).
 */
import { DEFAULT_FRAGMENT_CACHE_CONTROL } from '@forecourt/contracts/fragments';
import { pageCacheTags } from '@forecourt/contracts/page-cache';
import { loadReservedIds } from '@forecourt/contracts/reservations';
import type { ServiceBinding } from '@forecourt/contracts/internal';

/**
 * Five minutes. What a car page shows changes with a reservation, a payment or refund (edge-api purges the car's tag
 * at once), a stock import (mf-search purges the changed cars) or a tenant config change (the tenant's tag): the
 * max-age only bounds what no purge covers, namely the clock (registration expiry, lender eligibility by the car's
 * age, which change by the day) and a market valuation refreshed by the provider. Paid holds do not lapse on their
 * own (only a refund releases a car, and it purges), so no hold expiry shortens it.
 */
export const CAR_PAGE_MAX_AGE_SECONDS = 300;
export const CAR_PAGE_CACHE = `public, max-age=${CAR_PAGE_MAX_AGE_SECONDS}`;
/** A page rendered without one of its deferred parts (the tenant's locations, its blog posts): shared only briefly. */
export const DEGRADED_PAGE_CACHE = 'public, max-age=30';
/**
 * The print page: what it prints is as of the day it is printed (registration left, the finance terms by the car's
 * age, rendered with `now`), so a kept copy would print yesterday's figures after midnight in the tenant's time zone;
 * it is opened rarely (a shopper printing a car), so it is rendered every time rather than kept.
 */
export const PRINT_PAGE_CACHE = 'private, no-store';
/** One shopper's page (checkout, trade-in journey), or a car page whose Reserved state is unknown. */
export const PRIVATE_PAGE_CACHE = DEFAULT_FRAGMENT_CACHE_CONTROL;

/** The tags of a page showing this car: the car's own, and the tenant's stock (an import purging it in bulk). */
export const carPageTags = (tenant: string, carId: string) => [pageCacheTags.car(tenant, carId), pageCacheTags.stock(tenant)];

/**
 * The car page's policy: private while edge-api could not say whether the car is reserved (a page saying
 * "available" must never be shared for minutes after a reservation), briefly shared when a deferred part is missing,
 * else CAR_PAGE_CACHE.
 */
export function carPageCacheControl(state: { reservationKnown: boolean; degraded: boolean }): string {
  if (!state.reservationKnown) return PRIVATE_PAGE_CACHE;
  return state.degraded ? DEGRADED_PAGE_CACHE : CAR_PAGE_CACHE;
}

/**
 * The car with `reserved: true` where edge-api holds a paid reservation (the feed's own flag is kept), and whether
 * that is known: false when edge-api did not answer (the car is then shown as the feed says, and not shared).
 */
export async function withKnownReservation<C extends { id: string; reserved?: boolean | null }>(edge: ServiceBinding | undefined, tenant: string, car: C): Promise<{ car: C; known: boolean }> {
  if (car.reserved) return { car, known: true };
  const reserved = await loadReservedIds(edge, tenant, [car.id]).catch(() => null);
  if (!reserved) return { car, known: false };
  return { car: reserved.has(car.id) ? { ...car, reserved: true } : car, known: true };
}
