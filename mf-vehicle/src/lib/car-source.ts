/**
 * The vehicle page's data (ARCHITECTURE.md "Data": stock lives in the search engine, the read model for the vehicle
 * page): a car by slug from mf-search over the SEARCH service binding, and market price / delivery from edge-api's
 * ports over EDGE_API. Every call carries the tenant header; answers are validated with the contracts schemas.
 */
import * as v from 'valibot';
import type { Fetcher } from '@cloudflare/workers-types';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { SlugSchema } from '@forecourt/contracts/entities/common';
import { MarketPriceResultSchema, type MarketPriceResult } from '@forecourt/contracts/entities/market-price';
import { DeliveryEstimateSchema, type DeliveryEstimate } from '@forecourt/contracts/entities/vdp';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

export type CarLookup = { kind: 'found'; car: Car } | { kind: 'not-found' };

const CarAnswerSchema = v.object({ car: CarSchema });

/**
 * Critical data of the page: throws when mf-search fails (the page is a 5xx and the shell shows its fallback),
 * 'not-found' for a slug that is not a car of this tenant (a real 404).
 */
export async function loadCar(search: Pick<Fetcher, 'fetch'>, tenant: string, slug: string): Promise<CarLookup> {
  if (!v.is(SlugSchema, slug)) return { kind: 'not-found' };
  const res = (await search.fetch(`https://mf-search.internal/internal/car?slug=${encodeURIComponent(slug)}`, { headers: { [TENANT_HEADER]: tenant } })) as unknown as Response;
  if (res.status === 404 || res.status === 400) {
    await res.body?.cancel();
    return { kind: 'not-found' };
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`mf-search answered ${res.status} for a car`);
  }
  const parsed = v.safeParse(CarAnswerSchema, await res.json());
  if (!parsed.success) throw new Error(`mf-search sent an invalid car: ${v.flatten(parsed.issues).root?.join('; ') ?? Object.keys(v.flatten(parsed.issues).nested ?? {}).join(', ')}`);
  return { kind: 'found', car: parsed.output.car };
}

/** Deferred data: never throws; null when edge-api fails, is slow or has no valuation (spec §8: panel hidden). */
export async function loadMarketPrice(edge: Pick<Fetcher, 'fetch'>, tenant: string, car: Car, timeoutMs = 800): Promise<MarketPriceResult | null> {
  const q = new URLSearchParams({ car_id: car.id, make: car.make, model: car.model, year: String(car.year), km: String(car.km), price: String(car.price) });
  if (car.badge) q.set('badge', car.badge);
  // The provider matches a car best by NVIC and prices it for its state (edge-api's autograb port).
  if (car.nvic && /^[A-Za-z0-9]{1,20}$/.test(car.nvic)) q.set('nvic', car.nvic);
  if (car.state && /^[A-Za-z]{2,3}$/.test(car.state)) q.set('state', car.state);
  try {
    const res = (await edge.fetch(`https://edge-api.internal/internal/autogauge?${q}`, { headers: { [TENANT_HEADER]: tenant }, signal: AbortSignal.timeout(timeoutMs) } as never)) as unknown as Response;
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const parsed = v.safeParse(MarketPriceResultSchema, await res.json());
    return parsed.success ? parsed.output : null;
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
export async function loadDelivery(edge: Pick<Fetcher, 'fetch'>, tenant: string, postcode: string, origin: string): Promise<DeliveryAnswer> {
  const q = new URLSearchParams({ postcode, origin });
  const res = (await edge.fetch(`https://edge-api.internal/internal/delivery?${q}`, { headers: { [TENANT_HEADER]: tenant }, signal: AbortSignal.timeout(3000) } as never)) as unknown as Response;
  if (res.status === 404) {
    await res.body?.cancel();
    return { kind: 'none' };
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`edge-api delivery answered ${res.status}`);
  }
  return { kind: 'estimate', estimate: v.parse(DeliveryEstimateSchema, await res.json()) };
}
