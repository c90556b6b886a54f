import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '@forecourt/contracts/search';
import { ALPHA_CARS, FIXTURE_NOW, makeCar } from '../test/engine-fixtures.ts';
import { compareRelevance, passesSortFilter, saleRank, SORT_COMPARATORS, sortPositions, TYPE_ORDER, type SortableCar } from './sorting.ts';
import { DAY_MS } from './visibility.ts';

const car = (id: string, over: Partial<SortableCar>): SortableCar => ({ id, car_type: 'used', created_at_timestamp: FIXTURE_NOW, price: 10_000, km: 1_000, subscription_price: null, offer_price: null, before_price: null, status: 'in_stock', sold: false, ...over });
const order = (cars: SortableCar[], sort: keyof typeof SORT_COMPARATORS) => [...cars].sort(SORT_COMPARATORS[sort]).map((c) => c.id);

describe('sort orders', () => {
  it('type order is new, demo, used (spec §9)', () => {
    expect(TYPE_ORDER.new).toBeLessThan(TYPE_ORDER.demo);
    expect(TYPE_ORDER.demo).toBeLessThan(TYPE_ORDER.used);
  });

  it('relevance: type order, then newest, then id', () => {
    const cars = [
      car('u-old', { car_type: 'used', created_at_timestamp: FIXTURE_NOW - 9 * DAY_MS }),
      car('u-new', { car_type: 'used', created_at_timestamp: FIXTURE_NOW }),
      car('d', { car_type: 'demo', created_at_timestamp: FIXTURE_NOW - 20 * DAY_MS }),
      car('n', { car_type: 'new', created_at_timestamp: FIXTURE_NOW - 30 * DAY_MS }),
      car('u-b', { car_type: 'used', created_at_timestamp: FIXTURE_NOW - 9 * DAY_MS }),
    ];
    expect(order(cars, 'relevance')).toEqual(['n', 'd', 'u-new', 'u-b', 'u-old']);
    expect(compareRelevance(cars[0]!, cars[0]!)).toBe(0);
  });

  it('latest: created_at_timestamp descending', () => {
    const cars = [car('a', { created_at_timestamp: 1 }), car('b', { created_at_timestamp: 3 }), car('c', { created_at_timestamp: 2 })];
    expect(order(cars, 'latest')).toEqual(['b', 'c', 'a']);
  });

  it('price orders, ties broken by relevance', () => {
    const cars = [
      car('cheap', { price: 5_000 }),
      car('dear', { price: 90_000 }),
      car('mid-used', { price: 30_000, car_type: 'used' }),
      car('mid-new', { price: 30_000, car_type: 'new' }),
    ];
    expect(order(cars, 'price_desc')).toEqual(['dear', 'mid-new', 'mid-used', 'cheap']);
    expect(order(cars, 'price_asc')).toEqual(['cheap', 'mid-new', 'mid-used', 'dear']);
  });

  it('subscription price ascending and km ascending', () => {
    const cars = [car('a', { subscription_price: 199, km: 50 }), car('b', { subscription_price: 149, km: 10 }), car('c', { subscription_price: 249, km: 30 })];
    expect(order(cars, 'subscription_price')).toEqual(['b', 'a', 'c']);
    expect(order(cars, 'km_asc')).toEqual(['b', 'c', 'a']);
  });

  it('sort filters: price sorts need a shown price (spec §9, both directions), subscription sort needs a subscription price', () => {
    const none = { price: 0, offer_price: null, before_price: null, subscription_price: null };
    for (const sort of ['price_asc', 'price_desc'] as const) {
      expect(passesSortFilter(none, sort)).toBe(false);
      // $1-$10 shows 'Enquire for price.' (MIN_DISPLAYED_PRICE): nothing to rank by either.
      expect(passesSortFilter({ ...none, price: 10 }, sort)).toBe(false);
      expect(passesSortFilter({ ...none, price: 11 }, sort)).toBe(true);
      expect(passesSortFilter({ ...none, offer_price: 9_990 }, sort)).toBe(true);
      // A weekly subscription alone is no price to rank against drive-away prices.
      expect(passesSortFilter({ ...none, subscription_price: 149 }, sort)).toBe(false);
    }
    expect(passesSortFilter({ ...none, price: 20_000 }, 'subscription_price')).toBe(false);
    expect(passesSortFilter({ ...none, price: 20_000, subscription_price: 0 }, 'subscription_price')).toBe(false);
    expect(passesSortFilter({ ...none, price: 20_000, subscription_price: 149 }, 'subscription_price')).toBe(true);
    for (const sort of ['relevance', 'latest', 'km_asc'] as const) expect(passesSortFilter(none, sort)).toBe(true);
  });

  it('every sort puts cars still for sale before recently sold ones (issue 13: a JUST SOLD car led Lowest price)', () => {
    // The used-car bug: three identical bikes at the lowest price, one of them just sold.
    const cars = [
      car('sold-cheap', { price: 3_990, status: 'sold', sold: true, created_at_timestamp: FIXTURE_NOW }),
      car('flagged-sold', { price: 3_990, status: 'in_stock', sold: true, km: 1 }),
      car('bike-a', { price: 3_990, km: 9_000, created_at_timestamp: FIXTURE_NOW - DAY_MS }),
      car('bike-b', { price: 3_990, km: 8_000, created_at_timestamp: FIXTURE_NOW - 2 * DAY_MS }),
      car('soon', { price: 50_000, status: 'coming_soon', km: 5, subscription_price: 99, created_at_timestamp: FIXTURE_NOW - 3 * DAY_MS }),
    ];
    for (const sort of SORT_OPTIONS) {
      const ids = order(cars, sort);
      const firstSold = ids.findIndex((id) => id === 'sold-cheap' || id === 'flagged-sold');
      expect(ids.slice(firstSold).every((id) => id === 'sold-cheap' || id === 'flagged-sold'), `${sort}: ${ids}`).toBe(true);
    }
    expect(order(cars, 'price_asc')).toEqual(['bike-a', 'bike-b', 'soon', 'flagged-sold', 'sold-cheap']);
    expect(order(cars, 'latest')).toEqual(['bike-a', 'bike-b', 'soon', 'flagged-sold', 'sold-cheap']);
    expect(order(cars, 'km_asc').slice(0, 3)).toEqual(['soon', 'bike-b', 'bike-a']);
    expect(saleRank({ status: 'in_stock', sold: false })).toBe(0);
    expect(saleRank({ status: 'coming_soon', sold: null })).toBe(0);
    expect(saleRank({ status: 'sold', sold: false })).toBe(1);
  });

  it('price sorts rank by the price the card shows: the offer price, not the price it replaced', () => {
    const cars = [car('list-30', { price: 30_000 }), car('offer-28', { price: 31_000, offer_price: 28_000 }), car('was-29', { price: 29_000, before_price: 33_000 })];
    expect(order(cars, 'price_asc')).toEqual(['offer-28', 'was-29', 'list-30']);
    expect(order(cars, 'price_desc')).toEqual(['list-30', 'was-29', 'offer-28']);
  });

  it('sortPositions gives every car its place in every order', () => {
    const cars = [...ALPHA_CARS, makeCar({ id: 'zz', make: 'Kia', model: 'Rio', year: 2020, car_type: 'used', price: 24_990, km: 160_000, status: 'in_stock', created_at_timestamp: FIXTURE_NOW - 30 * DAY_MS })];
    const positions = sortPositions(cars);
    for (const sort of SORT_OPTIONS) {
      const pos = positions[sort];
      const byPosition = [...cars.keys()].sort((a, b) => pos[a]! - pos[b]!).map((i) => cars[i]!.id);
      expect(byPosition, sort).toEqual(order(cars, sort));
      expect(new Set(pos).size).toBe(cars.length);
    }
  });
});
