/**
 * Search card tag overlay: spec §4 Card tag precedence. Pure; `now` is passed in so SSR and hydration agree.
 */
import { isPurchasable, type Car } from '@forecourt/contracts/entities/car';
import { JUST_ARRIVED_DAYS, NEW_ARRIVAL_DEFAULT_TAG, SOLD_TAG_DEFAULT } from '@forecourt/contracts/constants';
import { facetKey } from '../engine/facets.ts';

export type CardTagKind = 'sold' | 'electric' | 'hybrid' | 'reserved' | 'certified' | 'own' | 'coming_soon' | 'new_arrival';
/** The one tag a card shows; `kind` picks its style, `text` says it (never colour alone). */
export type CardTag = { kind: CardTagKind; text: string };

/** Shown under the sold tag of an unavailable car (spec §4). */
export const SOLD_PROMPT = 'Like this and want something similar?';
export const COMING_SOON_TAG = 'COMING SOON';
export const RESERVED_TAG = 'Reserved';
export const CERTIFIED_TAG = 'Certified';
const DAY_MS = 86_400_000;

export type CardTagOptions = {
  /** Render time (epoch ms), passed in. */
  now: number;
  /** Tenant flag `features.electric_tag`. */
  electricTag: boolean;
  /** Tenant's manufacturer slug: certified-used badges only for this one make. */
  manufacturer: string | null;
  /** Tenant `search.new_arrival_label` (default 'New'; 'New Arrival' on some). */
  newArrivalLabel: string;
  /** Tenant `search.sold_tag` (default 'JUST SOLD'). */
  soldTag: string;
};

export const DEFAULT_TAG_OPTIONS: CardTagOptions = { now: 0, electricTag: false, manufacturer: null, newArrivalLabel: NEW_ARRIVAL_DEFAULT_TAG, soldTag: SOLD_TAG_DEFAULT };

/** A car that can be reserved, financed or test-driven, and is not flagged sold (spec §4 Purchasable car). */
export const isAvailable = (car: Pick<Car, 'status' | 'sold'>): boolean => isPurchasable(car) && !car.sold;

/** 'electric' or 'hybrid' from the feed's fuel (a plug-in hybrid is a hybrid), else null. */
export function electrification(car: Pick<Car, 'fuel' | 'simple_fuel'>): 'electric' | 'hybrid' | null {
  const fuel = `${car.fuel ?? ''} ${car.simple_fuel ?? ''}`.toLowerCase();
  if (fuel.includes('hybrid')) return 'hybrid';
  if (fuel.includes('electric') || /\bev\b|\bbev\b/.test(fuel)) return 'electric';
  return null;
}

/**
 * Created within the just-arrived window (spec §9: 8 days): on or after `now - 8 days`, so a car exactly 8 days old
 * is still new and one a millisecond older is not.
 */
export const isNewArrival = (createdAt: number, now: number, days = JUST_ARRIVED_DAYS): boolean => now > 0 && now - createdAt <= days * DAY_MS;

/**
 * Spec §4 Card tag precedence. An unavailable car shows the sold tag. Otherwise the first that applies:
 * electric/hybrid (tenants with `electric_tag`), Reserved, certified-used (the tenant's own make, used cars only),
 * the car's own tag, COMING SOON, the new-arrival tag when created within 8 days, else none.
 */
export function cardTag(car: Car, options: CardTagOptions): CardTag | null {
  if (!isAvailable(car)) return { kind: 'sold', text: options.soldTag || SOLD_TAG_DEFAULT };
  const power = options.electricTag ? electrification(car) : null;
  if (power) return { kind: power, text: power === 'electric' ? 'Electric' : 'Hybrid' };
  if (car.reserved) return { kind: 'reserved', text: RESERVED_TAG };
  if (car.certified === true && car.car_type === 'used' && options.manufacturer && facetKey(car.make) === facetKey(options.manufacturer)) {
    return { kind: 'certified', text: CERTIFIED_TAG };
  }
  const own = car.tag?.trim();
  if (own) return { kind: 'own', text: own };
  if (car.status === 'coming_soon') return { kind: 'coming_soon', text: COMING_SOON_TAG };
  if (isNewArrival(car.created_at_timestamp, options.now)) return { kind: 'new_arrival', text: options.newArrivalLabel || NEW_ARRIVAL_DEFAULT_TAG };
  return null;
}
