/**
 * The car as mf-search (the stock's read model) knows it, over edge-api's SEARCH service binding: what a write that
 * names a car checks (a reservation, a phone-reveal lead call) before it trusts the car's id or dealership.
 */
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

/** The car of this tenant with this slug: null when unknown, undefined when unchecked (no SEARCH binding or slug). */
export async function lookUpCar(env: { SEARCH?: Fetcher }, tenant: string, slug: string | undefined): Promise<Car | null | undefined> {
  if (!env.SEARCH || !slug) return undefined;
  const res = await env.SEARCH.fetch(`https://mf-search.internal/internal/car?slug=${encodeURIComponent(slug)}`, { headers: { [TENANT_HEADER]: tenant } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`mf-search answered ${res.status} for a car lookup`);
  const parsed = v.safeParse(v.object({ car: CarSchema }), await res.json());
  if (!parsed.success) throw new Error('mf-search answered a car that is not a valid Car');
  return parsed.output.car;
}
