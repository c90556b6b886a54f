/**
 * Search breadcrumbs, spec §2: Home > car type > make > model > body > current. Each level appears when the page
 * (its path or its URL refinements) narrows to exactly one value of it, and links to that level's own search page;
 * the last crumb is the current page (no link).
 */
import { facetKey, facetLabel } from '../engine/facets.ts';
import type { SearchPath } from './search-path.ts';
import type { UrlRefinements } from './url-state.ts';

export type Crumb = { label: string; href?: string };

const TYPE_PATHS: Record<string, string> = { new: 'new-cars', used: 'used-cars', demo: 'demo-cars' };

export function searchCrumbs(path: Pick<SearchPath, 'pathname' | 'heading' | 'filters'>, refinements: Pick<UrlRefinements, 'filters'>): Crumb[] {
  const one = (facet: 'car_type' | 'make' | 'model' | 'simple_body') => {
    const values = path.filters[facet]?.length ? path.filters[facet]! : (refinements.filters[facet] ?? []);
    return values.length === 1 ? values[0]! : null;
  };
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  const type = one('car_type');
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
