/**
 * Sort orders of the search port (spec §9 "Type order: new, demo, used"; sort options most relevant, latest,
 * highest and lowest price, subscription price, kms). Every order is total: ties fall back to the relevance
 * order, then to the car id, so paging never shows a car twice or skips one.
 *
 * What a shopper expects of every order (issue 13): cars still for sale (in stock, coming soon) come before the
 * recently sold ones the sold window keeps on show; price sorts rank by the price the card shows (pricing.ts) and
 * leave out cars that show none.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { SortOption } from '@forecourt/contracts/search';
import { TYPE_ORDER as CONTRACT_TYPE_ORDER } from '@forecourt/contracts/constants';
import { sortPrice } from './pricing.ts';
import { isSold } from './visibility.ts';

/** Spec §9 Type order (contracts TYPE_ORDER: new, demo, used) as ranks. */
export const TYPE_ORDER: Readonly<Record<Car['car_type'], number>> = Object.fromEntries(CONTRACT_TYPE_ORDER.map((type, i) => [type, i])) as Record<Car['car_type'], number>;

export type SortableCar = Pick<Car, 'id' | 'car_type' | 'created_at_timestamp' | 'price' | 'km' | 'subscription_price' | 'offer_price' | 'before_price' | 'status' | 'sold'>;
export type CarComparator = (a: SortableCar, b: SortableCar) => number;

/** 0 for a car still for sale, 1 for a sold one (shown while its sold window lasts): the first key of every sort. */
export const saleRank = (car: Pick<Car, 'status' | 'sold'>): 0 | 1 => (isSold(car) ? 1 : 0);

function byId(a: SortableCar, b: SortableCar): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The tie order of every sort, and "most relevant" without a text query after cars for sale: type order (new, demo,
 * used), then newest first (created_at_timestamp desc), then id. With a text query the engine ranks cars for sale
 * first, then by text score, and uses this order for ties.
 */
export function compareRelevance(a: SortableCar, b: SortableCar): number {
  return TYPE_ORDER[a.car_type] - TYPE_ORDER[b.car_type] || b.created_at_timestamp - a.created_at_timestamp || byId(a, b);
}

const subscription = (car: SortableCar): number => car.subscription_price ?? 0;

/** Cars for sale first, then the order itself. */
const forSaleFirst = (compare: CarComparator): CarComparator => (a, b) => saleRank(a) - saleRank(b) || compare(a, b);

/** One comparator per sort option (ascending means "comes first"). */
export const SORT_COMPARATORS: Readonly<Record<SortOption, CarComparator>> = {
  relevance: forSaleFirst(compareRelevance),
  latest: forSaleFirst((a, b) => b.created_at_timestamp - a.created_at_timestamp || compareRelevance(a, b)),
  price_desc: forSaleFirst((a, b) => sortPrice(b) - sortPrice(a) || compareRelevance(a, b)),
  price_asc: forSaleFirst((a, b) => sortPrice(a) - sortPrice(b) || compareRelevance(a, b)),
  subscription_price: forSaleFirst((a, b) => subscription(a) - subscription(b) || compareRelevance(a, b)),
  km_asc: forSaleFirst((a, b) => a.km - b.km || compareRelevance(a, b)),
};

/**
 * Cars a sort leaves out: price sorts list only cars that show a price (spec §9 "Ascending price sort may add
 * price > 0", read for both directions: a car without a shown price has nothing to rank by and would otherwise lead
 * "Lowest price" as 'Enquire for price.'); sorting by subscription price lists only cars that have one.
 */
export function passesSortFilter(car: Pick<Car, 'price' | 'offer_price' | 'before_price' | 'subscription_price'>, sort: SortOption): boolean {
  if (sort === 'price_asc' || sort === 'price_desc') return sortPrice(car) > 0;
  if (sort === 'subscription_price') return (car.subscription_price ?? 0) > 0;
  return true;
}

/**
 * Position of every car in every sort order (`positions[sort][i]` for `cars[i]`), computed once per index so a
 * query sorts by comparing two integers.
 */
export function sortPositions(cars: readonly SortableCar[]): Record<SortOption, Int32Array> {
  const out = {} as Record<SortOption, Int32Array>;
  for (const sort of Object.keys(SORT_COMPARATORS) as SortOption[]) {
    const compare = SORT_COMPARATORS[sort];
    const order = Array.from(cars.keys()).sort((i, j) => compare(cars[i]!, cars[j]!));
    const pos = new Int32Array(cars.length);
    order.forEach((carIndex, position) => {
      pos[carIndex] = position;
    });
    out[sort] = pos;
  }
  return out;
}
