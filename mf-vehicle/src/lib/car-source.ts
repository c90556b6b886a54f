/**
 * The vehicle page's data (ARCHITECTURE.md "Data": stock lives in the search engine, the read model for the vehicle
 * page): a car by slug from mf-search over the SEARCH service binding, and market price / delivery from edge-api's
 * ports over EDGE_API. Every call carries the tenant header; answers are validated with the contracts schemas.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { MarketPriceResult } from '@forecourt/contracts/entities/market-price';
import type { DeliveryEstimate } from '@forecourt/contracts/entities/vdp';
import { callInternal, fetchCar, type ServiceBinding } from '@forecourt/contracts/internal';

export type CarLookup = { kind: 'found'; car: Car } | { kind: 'not-found' };

/**
 * Critical data of the page: throws when mf-search fails (the page is a 5xx and the shell shows its fallback),
 * 'not-found' for a slug that is not a car of this tenant (a real 404).
 */
export async function loadCar(search: ServiceBinding, tenant: string, slug: string): Promise<CarLookup> {
  const car = await fetchCar(search, tenant, slug);
  return car ? { kind: 'found', car } : { kind: 'not-found' };
}

/** Deferred data: never throws; null when edge-api fails, is slow or has no valuation (spec §8: panel hidden). */
export async function loadMarketPrice(edge: ServiceBinding, tenant: string, car: Car, timeoutMs = 800): Promise<MarketPriceResult | null> {
  const query = {
    car_id: car.id, make: car.make, model: car.model, year: String(car.year), km: String(car.km), price: String(car.price),
    ...(car.badge ? { badge: car.badge } : {}),
    // The provider matches a car best by NVIC and prices it for its state (edge-api's autograb port).
    ...(car.nvic && /^[A-Za-z0-9]{1,20}$/.test(car.nvic) ? { nvic: car.nvic } : {}),
    ...(car.state && /^[A-Za-z]{2,3}$/.test(car.state) ? { state: car.state } : {}),
  };
  try {
    const answer = await callInternal(edge, 'marketPrice', { tenant, query, timeoutMs });
    return answer.ok ? answer.data : null;
  } catch (error) {
    console.error('market price failed', error instanceof Error ? error.message : error);
    return null;
  }
}

/** Where a car leaves from for delivery: the 4-digit postcode at the end of its location's address line. */
export function originPostcode(car: Pick<Car, 'location' | 'private_postcode'>): string | null {
  const fromAddress = car.location?.address?.match(/\b(\d{4})\s*$/)?.[1];
  return fromAddress ?? (car.private_postcode && /^\d{4}$/.test(car.private_postcode) ? car.private_postcode : null);
}

export type DeliveryAnswer = { kind: 'estimate'; estimate: DeliveryEstimate } | { kind: 'none' };

/** Delivery estimate from edge-api's delivery port; 'none' when the port has no estimate for that postcode. Throws on failure. */
export async function loadDelivery(edge: ServiceBinding, tenant: string, postcode: string, origin: string): Promise<DeliveryAnswer> {
  const answer = await callInternal(edge, 'delivery', { tenant, query: { postcode, origin }, timeoutMs: 3000 });
  if (answer.ok) return { kind: 'estimate', estimate: answer.data };
  if (answer.status === 404) return { kind: 'none' };
  throw new Error(`edge-api delivery answered ${answer.status}`);
}
