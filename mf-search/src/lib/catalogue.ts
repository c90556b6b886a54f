import type { FacetItem, SearchPort, SearchRequest, SearchScope } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import type { SearchCatalogue } from './search-path.ts';

const EMPTY: Omit<SearchRequest, 'facets'> = { query: '', page: 1, sortBy: 'relevance', hitsPerPage: 1, filters: {}, ranges: {} };

/**
 * What the tenant's search paths can name: makes and bodies in stock, brands it sells, its locations. `data` may be
 * still in flight: the stock's facets are asked for at once, so a tenant's first page reads its data and its index
 * together (issue 19, cold start).
 */
export async function buildCatalogue(engine: SearchPort, scope: SearchScope, config: SiteConfig, data: TenantData | Promise<TenantData>): Promise<SearchCatalogue> {
  const [result, { manufacturers: known, locations, dealerships }] = await Promise.all([engine.search(scope, { ...EMPTY, facets: ['make', 'simple_body'] }), data]);
  const manufacturers = new Map(known.map((m) => [m.slug, m.name]));
  const makeSlugs = [...config.brands, ...(config.manufacturer ? [config.manufacturer] : [])];
  const visibleLocations = new Set(config.locations);
  const visibleDealerships = new Set(config.dealerships);
  return {
    makes: result.facets.make ?? [],
    bodies: result.facets.simple_body ?? [],
    knownMakes: makeSlugs.map((slug) => ({ slug, name: manufacturers.get(slug) ?? slug })),
    places: [
      ...locations.filter((l) => visibleLocations.has(l.id)).map((l) => ({ slug: l.slug, name: l.name, facet: 'location_id' as const, value: l.id })),
      ...dealerships.filter((d) => visibleDealerships.has(d.id)).map((d) => ({ slug: d.slug, name: d.name, facet: 'dealership_slug' as const, value: d.slug })),
    ],
    knownModels: config.stock.models,
  };
}

/** Models of one make in the tenant's visible stock. */
export async function modelsOf(engine: SearchPort, scope: SearchScope, make: string): Promise<FacetItem[]> {
  const result = await engine.search(scope, { ...EMPTY, filters: { make: [make] }, facets: ['model'] });
  return result.facets.model ?? [];
}
