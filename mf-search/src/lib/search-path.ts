/**
 * Resolves `/search/<segments>` (spec §2 Search routes) to the page's fixed filters and heading (breadcrumbs: crumbs.ts).
 *
 * One segment, first match wins:
 *  1. a stock-type page (`new-used-and-demo-cars`, `used-cars`, `new-and-demo-cars`, `new-cars`, `demo-cars`);
 *  2. `{type}-cars` where {type} is a body type (`suv-cars`, `ute-cars`);
 *  3. a body type (spec §5 list, or a body the tenant's stock has);
 *  4. one of the tenant's locations or dealerships (`{locationSlug}` or `{dealership_slug}`);
 *  5. a make the tenant stocks or sells (`/search/toyota`).
 * Two segments: `{make}/{model}` (a model in stock or on the tenant's model list).
 * Anything else: null (404). Matching ignores case and punctuation (facetKey), so `land-rover` finds 'Land Rover'.
 */
import { BODY_TYPES } from '@forecourt/contracts/entities/car';
import type { FacetItem, TermFacet } from '@forecourt/contracts/search';
import { facetKey, facetLabel } from '../engine/facets.ts';
import { TYPE_PAGES } from './url-state.ts';

export type SearchPath = {
  pathname: string;
  heading: string;
  filters: Partial<Record<TermFacet, string[]>>;
};

/** What a tenant has to search by, from its stock facets and its data. */
export type SearchCatalogue = {
  makes: FacetItem[];
  bodies: FacetItem[];
  /** Makes the tenant sells even when none is in stock right now (brands, franchise). */
  knownMakes: Array<{ slug: string; name: string }>;
  places: Array<{ slug: string; name: string; facet: 'location_id' | 'dealership_slug'; value: string }>;
  /** Models on the tenant's model list (config.stock.models). */
  knownModels: string[];
};

const findFacet = (items: readonly FacetItem[], key: string) => items.find((i) => facetKey(i.value) === key || facetKey(i.label) === key);

function resolveBody(key: string, catalogue: SearchCatalogue): { value: string; label: string } | null {
  const inStock = findFacet(catalogue.bodies, key);
  if (inStock) return { value: inStock.value, label: inStock.label };
  const code = BODY_TYPES.find((b) => facetKey(b) === key || facetKey(facetLabel('simple_body', b)) === key);
  return code ? { value: code, label: facetLabel('simple_body', code) } : null;
}

function resolveMake(key: string, catalogue: SearchCatalogue): { value: string; label: string } | null {
  const inStock = findFacet(catalogue.makes, key);
  if (inStock) return { value: inStock.value, label: inStock.label };
  const known = catalogue.knownMakes.find((m) => m.slug === key || facetKey(m.name) === key);
  if (!known) return null;
  // A brand that names a line of its make ('Isuzu UTE', slug isuzu-ute) finds the stock's make ('Isuzu'): the longest
  // stock make its name starts with. Otherwise the brand's own name (no stock yet: an empty page, not a 404).
  const knownKey = facetKey(known.name);
  const line = catalogue.makes.filter((i) => knownKey.startsWith(facetKey(i.value))).sort((a, b) => facetKey(b.value).length - facetKey(a.value).length)[0];
  return { value: line?.value ?? known.name, label: known.name };
}

/**
 * @param models the models of a make in the tenant's stock (asked only for `{make}/{model}` paths).
 */
export async function resolveSearchPath(segments: string, catalogue: SearchCatalogue, models: (make: string) => Promise<FacetItem[]>): Promise<SearchPath | null> {
  const parts = segments
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.toLowerCase());
  if (parts.length === 1) {
    const [seg] = parts as [string];
    const type = TYPE_PAGES[seg];
    if (type) return { pathname: `/search/${seg}`, heading: type.label, filters: type.carTypes.length ? { car_type: type.carTypes } : {} };
    const bodyKey = seg.endsWith('-cars') ? seg.slice(0, -'-cars'.length) : seg;
    const body = resolveBody(facetKey(bodyKey), catalogue);
    if (body) return { pathname: `/search/${seg}`, heading: body.label, filters: { simple_body: [body.value] } };
    const place = catalogue.places.find((p) => p.slug === seg);
    if (place) return { pathname: `/search/${seg}`, heading: `Stock at ${place.name}`, filters: { [place.facet]: [place.value] } };
    const make = resolveMake(facetKey(seg), catalogue);
    if (make) return { pathname: `/search/${seg}`, heading: make.label, filters: { make: [make.value] } };
    return null;
  }
  if (parts.length === 2) {
    const [makeSeg, modelSeg] = parts as [string, string];
    const make = resolveMake(facetKey(makeSeg), catalogue);
    if (!make) return null;
    const modelKey = facetKey(modelSeg);
    const inStock = findFacet(await models(make.value), modelKey);
    const known = catalogue.knownModels.find((m) => facetKey(m) === modelKey);
    const model = inStock ? { value: inStock.value, label: inStock.label } : known ? { value: known, label: known } : null;
    if (!model) return null;
    return {
      pathname: `/search/${makeSeg}/${modelSeg}`,
      heading: `${make.label} ${model.label}`,
      filters: { make: [make.value], model: [model.value] },
    };
  }
  return null;
}
