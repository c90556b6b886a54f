/**
 * Spec §9 query caches by kind of search: manufacturer searches (a make's own search page) keep 10 entries, offers
 * searches (the stock behind each offer) 11; the vehicle search cache wraps remote engines (engine/meilisearch/select).
 * One cache of each kind per engine port, so tenants on different engines never share entries (the key also holds
 * the tenant and its base filters).
 */
import type { SearchPort } from '@forecourt/contracts/search';
import type { Offer } from '@forecourt/contracts/entities/content';
import { OFFERS_PAGE_SIZE } from '@forecourt/contracts/constants';
import type { SearchScope } from '@forecourt/contracts/search';
import { MANUFACTURER_QUERY_CACHE_CAP, OFFERS_QUERY_CACHE_CAP, withQueryCache, type CachedSearchPort } from '../engine/cache.ts';
import type { SearchPath } from './search-path.ts';

type Caches = { manufacturer: CachedSearchPort; offers: CachedSearchPort };
const byPort = new WeakMap<SearchPort, Caches>();

export function queryCaches(port: SearchPort): Caches {
  let caches = byPort.get(port);
  if (!caches) {
    caches = { manufacturer: withQueryCache(port, { cap: MANUFACTURER_QUERY_CACHE_CAP }), offers: withQueryCache(port, { cap: OFFERS_QUERY_CACHE_CAP }) };
    byPort.set(port, caches);
  }
  return caches;
}

/**
 * Forgets one tenant's cached searches of every kind made over `port` (the engine port calls it when the tenant's
 * stock changed: lib/engine-port.ts). Answers how many entries went.
 */
export function forgetTenantQueries(port: SearchPort, tenant: string): number {
  const caches = byPort.get(port);
  return caches ? caches.manufacturer.cache.forgetTenant(tenant) + caches.offers.cache.forgetTenant(tenant) : 0;
}

/** A manufacturer search: a page whose path fixes one make and nothing else (`/search/toyota`). */
export const isManufacturerSearch = (path: Pick<SearchPath, 'filters'>): boolean => {
  const fixed = Object.entries(path.filters).filter(([, values]) => values && values.length);
  return fixed.length === 1 && fixed[0]![0] === 'make' && fixed[0]![1]!.length === 1;
};

/** The search page of an offer's model, when the offer names its make and model. */
export function offerSearchPath(offer: Pick<Offer, 'manufacturer_slug' | 'model'>): string | null {
  return offer.manufacturer_slug && offer.model ? `/search/${offer.manufacturer_slug}/${offer.model.slug}` : null;
}

/**
 * The stock behind each offer (an "offers search" of spec §9: page size 21, offers cache): how many cars of the
 * offer's make and model are on sale now. Offers without a make and model get no count.
 */
export async function offerStockCounts(port: SearchPort, scope: SearchScope, offers: readonly Offer[]): Promise<Map<string, number>> {
  const engine = queryCaches(port).offers;
  const counts = new Map<string, number>();
  await Promise.all(
    offers.map(async (offer) => {
      if (!offerSearchPath(offer)) return;
      const result = await engine.search(scope, {
        query: '',
        page: 1,
        hitsPerPage: OFFERS_PAGE_SIZE,
        sortBy: 'relevance',
        filters: { make: [offer.manufacturer_slug!], model: [offer.model!.slug] },
        ranges: {},
        facets: [],
      });
      counts.set(offer.id, result.count);
    }),
  );
  return counts;
}
