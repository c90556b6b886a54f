/**
 * The prices the search ranks and filters by, read as the card shows them (spec §4 Price display precedence), so
 * "Lowest price" orders cars by the figure the shopper sees and "specials" are the cars the card shows reduced.
 * Pure; shared by both adapters (the Meilisearch documents carry `sale_price` and `is_reduced` from here).
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { MIN_DISPLAYED_PRICE } from '@forecourt/contracts/constants';

export type PriceFields = Pick<Car, 'price' | 'offer_price' | 'before_price'>;

/**
 * The price a price sort ranks a car by: its offer price, else its price when the card shows one (above $10);
 * 0 when the card shows no price ('Enquire for price.', PREORDER, or a weekly subscription only).
 * @example sortPrice({ price: 35_990, offer_price: 35_190, before_price: null }) // 35190
 */
export function sortPrice(car: PriceFields): number {
  if (car.offer_price != null && car.offer_price > 0) return car.offer_price;
  return car.price > MIN_DISPLAYED_PRICE ? car.price : 0;
}

/** Shown at a reduced price: an offer price, or a was-price above a shown price (the card's struck-out 'Was'). */
export function isReduced(car: PriceFields): boolean {
  if (car.offer_price != null && car.offer_price > 0) return true;
  return car.before_price != null && car.before_price > car.price && car.price > MIN_DISPLAYED_PRICE;
}
