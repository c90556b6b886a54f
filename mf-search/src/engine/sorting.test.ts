import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '@forecourt/contracts/search';
import { ALPHA_CARS, FIXTURE_NOW, makeCar } from '../test/engine-fixtures.ts';
import { compareRelevance, passesSortFilter, SORT_COMPARATORS, sortPositions, TYPE_ORDER, type SortableCar } from './sorting.ts';
import { DAY_MS } from './visibility.ts';

const car = (id: string, over: Partial<SortableCar>): SortableCar => ({ id, car_type: 'used', created_at_timestamp: FIXTURE_NOW, price: 10_000, km: 1_000, subscription_price: null, ...over });
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

  it('sort filters: price_asc needs price > 0 (spec §9), subscription sort needs a subscription price', () => {
    expect(passesSortFilter({ price: 0, subscription_price: null }, 'price_asc')).toBe(false);
    expect(passesSortFilter({ price: 1, subscription_price: null }, 'price_asc')).toBe(true);
    expect(passesSortFilter({ price: 0, subscription_price: null }, 'price_desc')).toBe(true);
    expect(passesSortFilter({ price: 20_000, subscription_price: null }, 'subscription_price')).toBe(false);
    expect(passesSortFilter({ price: 20_000, subscription_price: 0 }, 'subscription_price')).toBe(false);
    expect(passesSortFilter({ price: 20_000, subscription_price: 149 }, 'subscription_price')).toBe(true);
    for (const sort of ['relevance', 'latest', 'km_asc'] as const) expect(passesSortFilter({ price: 0, subscription_price: null }, sort)).toBe(true);
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
