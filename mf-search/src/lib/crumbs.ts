/**
 * Search breadcrumbs, spec §2: Home > car type > make > model > body > current. Each level appears when the page
 * (its path or its URL refinements) narrows to exactly one value of it, and links to that level's own search page;
 * the last crumb is the current page (no link).
 *
 * A crumb shows the site's own text, so it only names values the tenant knows: a path's values are resolved against
 * the tenant's stock and data already (search-path.ts); a URL refinement names a crumb only when the tenant's stock or
 * data know it (the same values its search paths resolve, so the crumb's link is a page), in the tenant's spelling.
 * An unknown refinement (`?make=<any text>`) shows no crumb.
 */
import { BODY_TYPES } from '@forecourt/contracts/entities/car';
import type { FacetItem } from '@forecourt/contracts/search';
import { facetKey, facetLabel } from '../engine/facets.ts';
import type { SearchCatalogue, SearchPath } from './search-path.ts';
import type { UrlRefinements } from './url-state.ts';

export type Crumb = { label: string; href?: string };

type CrumbFacet = 'make' | 'model' | 'simple_body';
type Known = { value: string; label: string };

/** Values of the crumb levels the tenant knows (its spelling and label); a level left out knows none. */
export type KnownValues = Partial<Record<CrumbFacet, readonly Known[]>>;

/** Where the known values come from: the tenant's catalogue (catalogue.ts) and the models of a make in its stock. */
export type CrumbSource = { catalogue: Pick<SearchCatalogue, 'makes' | 'bodies' | 'knownMakes' | 'knownModels'>; models: (make: string) => Promise<FacetItem[]> };

const TYPE_PATHS: Record<string, string> = { new: 'new-cars', used: 'used-cars', demo: 'demo-cars' };

/** The spec §5 body types: known to every tenant (a body path resolves to them even with none in stock). */
const SPEC_BODIES: readonly Known[] = BODY_TYPES.map((b) => ({ value: b, label: facetLabel('simple_body', b) }));

const find = (items: readonly Known[], value: string) => {
  const key = facetKey(value);
  return key ? items.find((i) => facetKey(i.value) === key || facetKey(i.label) === key) : undefined;
};

/**
 * What the crumbs may name for this page: the makes and bodies the tenant's search paths resolve (in stock, sold by
 * the tenant, spec bodies), and the models of the page's one make (in stock, or on the tenant's model list), asked
 * only when a model refinement could name a crumb.
 */
export async function knownCrumbValues(source: CrumbSource, path: Pick<SearchPath, 'filters'>, refinements: Pick<UrlRefinements, 'filters'>): Promise<KnownValues> {
  const { catalogue } = source;
  const make: Known[] = [...catalogue.makes, ...catalogue.knownMakes.map((m) => ({ value: m.name, label: m.name }))];
  const known: KnownValues = { make, simple_body: catalogue.bodies };
  const pathMake = path.filters.make?.length === 1 ? path.filters.make[0]! : null;
  const refinedMakes = refinements.filters.make ?? [];
  const oneMake = path.filters.make?.length ? pathMake : refinedMakes.length === 1 ? (find(make, refinedMakes[0]!)?.value ?? null) : null;
  if (oneMake && !path.filters.model?.length && refinements.filters.model?.length === 1) {
    known.model = [...(await source.models(oneMake)), ...catalogue.knownModels.map((m) => ({ value: m, label: m }))];
  }
  return known;
}

/**
 * @param known what the tenant knows of each level (knownCrumbValues); without it, a URL refinement names a crumb only
 *   for a car type or a spec body type.
 */
export function searchCrumbs(path: Pick<SearchPath, 'pathname' | 'heading' | 'filters'>, refinements: Pick<UrlRefinements, 'filters'>, known: KnownValues = {}): Crumb[] {
  /** The level's one value: the path's as it is (already resolved), a refinement's only when the tenant knows it. */
  const one = (facet: CrumbFacet): string | null => {
    const fixed = path.filters[facet];
    if (fixed?.length) return fixed.length === 1 ? fixed[0]! : null;
    const values = refinements.filters[facet] ?? [];
    if (values.length !== 1) return null;
    const item = find(known[facet] ?? [], values[0]!) ?? (facet === 'simple_body' ? find(SPEC_BODIES, values[0]!) : undefined);
    return item?.value ?? null;
  };
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  const types = path.filters.car_type?.length ? path.filters.car_type : (refinements.filters.car_type ?? []);
  const type = types.length === 1 ? types[0]! : null;
  if (type && TYPE_PATHS[type]) crumbs.push({ label: `${facetLabel('car_type', type)} cars`, href: `/search/${TYPE_PATHS[type]}` });
  const make = one('make');
  if (make) crumbs.push({ label: make, href: `/search/${facetKey(make)}` });
  const model = make ? one('model') : null;
  if (make && model) crumbs.push({ label: model, href: `/search/${facetKey(make)}/${facetKey(model)}` });
  const body = one('simple_body');
  if (body) crumbs.push({ label: facetLabel('simple_body', body), href: `/search/${facetKey(body)}` });
  // The current page closes the trail: it replaces a crumb that already names it, else it is added.
  const last = crumbs[crumbs.length - 1]!;
  if (crumbs.length > 1 && (last.href === path.pathname || last.label === path.heading)) crumbs[crumbs.length - 1] = { label: last.label };
  else crumbs.push({ label: path.heading });
  return crumbs;
}
