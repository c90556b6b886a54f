/**
 * The car as mf-search (the stock's read model) knows it, over edge-api's SEARCH service binding: what a write that
 * names a car checks (a reservation, a phone-reveal lead call, a view) before it trusts the car's id or dealership.
 * The lookup itself is contracts' `fetchCar` (the one client of mf-search's `/internal/car`).
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { fetchCar } from '@forecourt/contracts/internal';

/** The car of this tenant with this slug: null when unknown, undefined when unchecked (no SEARCH binding or slug). */
export async function lookUpCar(env: { SEARCH?: Fetcher }, tenant: string, slug: string | undefined): Promise<Car | null | undefined> {
  if (!env.SEARCH || !slug) return undefined;
  return fetchCar(env.SEARCH, tenant, slug);
}
