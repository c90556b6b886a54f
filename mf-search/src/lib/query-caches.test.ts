import { describe, expect, it } from 'vitest';
import type { SearchPort, SearchRequest, SearchResponse } from '@forecourt/contracts/search';
import type { Offer } from '@forecourt/contracts/entities/content';
import { MANUFACTURER_QUERY_CACHE_CAP, OFFERS_QUERY_CACHE_CAP } from '../engine/cache.ts';
import { isManufacturerSearch, offerSearchPath, offerStockCounts, queryCaches } from './query-caches.ts';

function countingPort() {
  const calls: SearchRequest[] = [];
  const port: SearchPort = {
    async search(_scope, request) {
      calls.push(request);
      const model = request.filters.model?.[0] ?? '';
      return { hits: [], count: model.length, page: 1, pages: 1, facets: {}, facetStats: {}, ms: 0 } as unknown as SearchResponse;
    },
    getBySlug: async () => null,
    getById: async () => null,
    similar: async () => [],
  } as SearchPort;
  return { port, calls };
}
const scope = { tenant: 't', now: 0, include_sold_cars_days: 3, used_only: false, in_stock_only: false, excluded_stocknums: [], older_than_days: 0 } as never;
const offer = (id: string, model: string | null, make: string | null = 'toyota') =>
  ({ id, name: id, description: '', model: model ? { slug: model, name: model } : null, manufacturer_slug: make }) as unknown as Offer;

describe('query caches by search kind (spec §9)', () => {
  it('manufacturer 10 and offers 11 entries, one pair per engine port', () => {
    const { port } = countingPort();
    const caches = queryCaches(port);
    expect(caches.manufacturer.cache.cap).toBe(MANUFACTURER_QUERY_CACHE_CAP);
    expect(MANUFACTURER_QUERY_CACHE_CAP).toBe(10);
    expect(caches.offers.cache.cap).toBe(OFFERS_QUERY_CACHE_CAP);
    expect(OFFERS_QUERY_CACHE_CAP).toBe(11);
    expect(queryCaches(port)).toBe(caches);
    expect(queryCaches(countingPort().port)).not.toBe(caches);
  });
  it("a make's own page is a manufacturer search; a model or another fixed facet is not", () => {
    expect(isManufacturerSearch({ filters: { make: ['toyota'] } })).toBe(true);
    expect(isManufacturerSearch({ filters: { make: ['toyota'], model: ['hilux'] } })).toBe(false);
    expect(isManufacturerSearch({ filters: { car_type: ['used'] } })).toBe(false);
    expect(isManufacturerSearch({ filters: {} })).toBe(false);
  });
  it("offers searches count each offer's model stock (21 a page), once per cache lifetime", async () => {
    const { port, calls } = countingPort();
    const offers = [offer('a', 'hilux'), offer('b', 'rav4'), offer('c', null), offer('d', 'corolla', null)];
    const counts = await offerStockCounts(port, scope, offers);
    expect([...counts]).toEqual([['a', 5], ['b', 4]]);
    expect(calls.map((r) => [r.filters, r.hitsPerPage])).toEqual([
      [{ make: ['toyota'], model: ['hilux'] }, 21],
      [{ make: ['toyota'], model: ['rav4'] }, 21],
    ]);
    await offerStockCounts(port, scope, offers);
    expect(calls).toHaveLength(2);
    expect(offerSearchPath(offers[0]!)).toBe('/search/toyota/hilux');
    expect(offerSearchPath(offers[2]!)).toBeNull();
  });
});
