/**
 * Sort orders of the search port (spec §9 "Type order: new, demo, used"; sort options most relevant, latest,
 * highest and lowest price, subscription price, kms). Every order is total: ties fall back to the relevance
 * order, then to the car id, so paging never shows a car twice or skips one.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { SortOption } from '@forecourt/contracts/search';
import { TYPE_ORDER as CONTRACT_TYPE_ORDER } from '@forecourt/contracts/constants';

/** Spec §9 Type order (contracts TYPE_ORDER: new, demo, used) as ranks. */
export const TYPE_ORDER: Readonly<Record<Car['car_type'], number>> = Object.fromEntries(CONTRACT_TYPE_ORDER.map((type, i) => [type, i])) as Record<Car['car_type'], number>;

export type SortableCar = Pick<Car, 'id' | 'car_type' | 'created_at_timestamp' | 'price' | 'km' | 'subscription_price'>;
export type CarComparator = (a: SortableCar, b: SortableCar) => number;

function byId(a: SortableCar, b: SortableCar): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * "Most relevant" without a text query: type order (new, demo, used), then newest first (created_at_timestamp
 * desc), then id. With a text query the engine ranks by text score first and uses this order for ties.
 */
export function compareRelevance(a: SortableCar, b: SortableCar): number {
  return TYPE_ORDER[a.car_type] - TYPE_ORDER[b.car_type] || b.created_at_timestamp - a.created_at_timestamp || byId(a, b);
}

const subscription = (car: SortableCar): number => car.subscription_price ?? 0;

/** One comparator per sort option (ascending means "comes first"). */
export const SORT_COMPARATORS: Readonly<Record<SortOption, CarComparator>> = {
  relevance: compareRelevance,
  latest: (a, b) => b.created_at_timestamp - a.created_at_timestamp || compareRelevance(a, b),
  price_desc: (a, b) => b.price - a.price || compareRelevance(a, b),
  price_asc: (a, b) => a.price - b.price || compareRelevance(a, b),
  subscription_price: (a, b) => subscription(a) - subscription(b) || compareRelevance(a, b),
  km_asc: (a, b) => a.km - b.km || compareRelevance(a, b),
};

/**
 * Cars a sort leaves out: spec §9 "Ascending price sort may add price > 0" (no-price cars would otherwise lead);
 * sorting by subscription price lists only cars that have one.
 */
export function passesSortFilter(car: Pick<Car, 'price' | 'subscription_price'>, sort: SortOption): boolean {
  if (sort === 'price_asc') return car.price > 0;
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
