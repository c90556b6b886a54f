import { describe, expect, it } from 'vitest';
import type { StockDigestCar } from '@forecourt/contracts/internal';
import { decodeSnapshot, diffStock, encodeSnapshot, matchAlerts, MAX_NEW_MATCHES_PER_SEARCH, snapshotOf, watchAlerts } from './diff.ts';

const car = (id: string, price: number, status: StockDigestCar['status'] = 'available'): StockDigestCar => ({ id, price, status, name: `Car ${id}`, slug: `car-${id}` });

describe('diffStock (what changed between two imports)', () => {
  const before = snapshotOf([car('a', 25_990), car('b', 30_000), car('c', 12_000), car('d', 0), car('e', 9_000, 'sold'), car('f', 15_000, 'reserved')]);

  it('finds price drops, sales and cars gone among the watched cars, and the new ids for saved searches', () => {
    const after = snapshotOf([car('a', 24_990), car('b', 31_000), car('d', 19_990), car('e', 9_000, 'sold'), car('f', 14_000, 'sold'), car('n1', 20_000), car('n2', 22_000, 'sold')]);
    const { changes, newIds } = diffStock(before, after, new Set(['a', 'b', 'c', 'd', 'e', 'f']));
    expect([...changes.values()]).toEqual([
      { kind: 'price_drop', car_id: 'a', price: 24_990, was: 25_990 },
      { kind: 'sold', car_id: 'c', gone: true },
      { kind: 'sold', car_id: 'f', gone: false },
    ]);
    // A price rise, a price newly shown (was on application) and a car already sold are no news; a new sold car neither.
    expect(newIds).toEqual(['n1']);
  });

  it('only compares watched cars, and a price put on application is not a drop', () => {
    const after = snapshotOf([car('a', 0), car('b', 20_000)]);
    expect([...diffStock(before, after, new Set(['a'])).changes.values()]).toEqual([]);
    expect([...diffStock(before, after, new Set(['b'])).changes.values()]).toEqual([{ kind: 'price_drop', car_id: 'b', price: 20_000, was: 30_000 }]);
  });

  it('is a baseline without a previous snapshot: nothing changed, nothing new', () => {
    const { changes, newIds } = diffStock(null, before, new Set(['a', 'b']));
    expect(changes.size).toBe(0);
    expect(newIds).toEqual([]);
  });

  it('round-trips a snapshot through its stored parts', () => {
    const big = snapshotOf(Array.from({ length: 9_001 }, (_, i) => car(`id-${i}`, 10_000 + i, i % 3 === 0 ? 'sold' : i % 3 === 1 ? 'reserved' : 'available')));
    const parts = encodeSnapshot(big, 4000);
    expect(parts).toHaveLength(3);
    expect(decodeSnapshot(parts)).toEqual(big);
    expect(encodeSnapshot(new Map())).toEqual(['{}']);
  });
});

describe('watchAlerts and matchAlerts (one alert per shopper, each with its dedupe key)', () => {
  it('makes one alert per watcher of each changed car, keyed so the same change is one alert', () => {
    const changes = diffStock(snapshotOf([car('a', 25_990), car('c', 1)]), snapshotOf([car('a', 24_990)]), new Set(['a', 'c'])).changes;
    const drafts = watchAlerts(changes, [{ user_id: 'u1', car_id: 'a' }, { user_id: 'u2', car_id: 'a' }, { user_id: 'u2', car_id: 'c' }, { user_id: 'u3', car_id: 'zz' }], (id) => ({ name: `Car ${id}`, slug: `car-${id}` }));
    expect(drafts).toEqual([
      { user_id: 'u1', kind: 'price_drop', car_id: 'a', search_id: null, dedupe_key: 'price_drop:a:24990', payload: { name: 'Car a', slug: 'car-a', price: 24_990, was: 25_990 } },
      { user_id: 'u2', kind: 'price_drop', car_id: 'a', search_id: null, dedupe_key: 'price_drop:a:24990', payload: { name: 'Car a', slug: 'car-a', price: 24_990, was: 25_990 } },
      { user_id: 'u2', kind: 'sold', car_id: 'c', search_id: null, dedupe_key: 'sold:c', payload: { name: 'Car c', slug: 'car-c', gone: true } },
    ]);
  });

  it('makes one alert per search and new car, at most MAX_NEW_MATCHES_PER_SEARCH, marking the rest', () => {
    const searches = new Map([['s1', { id: 's1', user_id: 'u1', url: '/search/toyota', label: 'Toyota' }]]);
    const ids = Array.from({ length: MAX_NEW_MATCHES_PER_SEARCH + 5 }, (_, i) => `n${i}`);
    const drafts = matchAlerts([{ id: 's1', car_ids: ids }, { id: 'gone', car_ids: ['n1'] }], searches, (id) => ({ name: `Car ${id}`, slug: `car-${id}`, price: 1000 }));
    expect(drafts).toHaveLength(MAX_NEW_MATCHES_PER_SEARCH);
    expect(drafts[0]).toEqual({
      user_id: 'u1', kind: 'new_match', car_id: 'n0', search_id: 's1', dedupe_key: 'new_match:s1:n0',
      payload: { name: 'Car n0', slug: 'car-n0', price: 1000, search_label: 'Toyota', search_url: '/search/toyota', more: true },
    });
  });
});
