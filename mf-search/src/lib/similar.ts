/**
 * Similar cars for the carousel (spec §2 similar-cars carousel, §7 multi-search for similar cars, §9 Similar cars):
 * the API's query parsing and, for an empty search, the order in which its refinements are relaxed.
 */
import * as v from 'valibot';
import { TERM_FACETS, type TermFacet } from '@forecourt/contracts/search';
import type { UrlRefinements } from './url-state.ts';
import type { SimilarSource } from '@forecourt/contracts/islands';

/** Spec §9: 6 results (and 6 placeholders while they load). */
export const SIMILAR_CARDS = 6;

/** Spec §9: the carousel loads when it comes within 500px of the viewport. */
export const SIMILAR_ROOT_MARGIN = '500px';

/**
 * What the carousel is similar to: a car (vehicle page) or a search page with its query (empty search). Part of the
 * SimilarCars island's props, a contract (mf-vehicle mounts the island): declared in contracts/islands.ts.
 */
export type { SimilarSource } from '@forecourt/contracts/islands';

const SlugSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9][a-z0-9-]{0,199}$/));
const PathSchema = v.pipe(v.string(), v.trim(), v.maxLength(300), v.regex(/^\/search\/[A-Za-z0-9/_-]+$/));

/** The API query: exactly one of `slug` or `path` (the rest of the query are the search page's refinements). */
export type SimilarQuery = { kind: 'slug'; slug: string } | { kind: 'path'; path: string };

/** Parses `/api/search/similar`'s query; null when it names neither a valid slug nor a valid search path. */
export function parseSimilarQuery(params: URLSearchParams): SimilarQuery | null {
  const slug = params.get('slug');
  const path = params.get('path');
  if (slug !== null && path === null) {
    const parsed = v.safeParse(SlugSchema, slug);
    return parsed.success ? { kind: 'slug', slug: parsed.output } : null;
  }
  if (path !== null && slug === null) {
    const parsed = v.safeParse(PathSchema, path);
    return parsed.success ? { kind: 'path', path: parsed.output } : null;
  }
  return null;
}

/** The API URL the carousel loads for its source. */
export function similarUrl(source: SimilarSource): string {
  if ('slug' in source) return `/api/search/similar?${new URLSearchParams({ slug: source.slug })}`;
  const params = new URLSearchParams(source.query.replace(/^\?/, ''));
  params.delete('path');
  params.delete('slug');
  params.delete('page');
  const rest = params.toString();
  return `/api/search/similar?path=${encodeURIComponent(source.path)}${rest ? `&${rest}` : ''}`;
}

/** What can be relaxed: the page's own filters (minus its car type) merged with the URL's refinements. */
export type Relaxable = Pick<UrlRefinements, 'query' | 'filters' | 'ranges'>;

/**
 * The search a page shows, as one relaxable set: the path's filters other than car type join the URL's
 * refinements (so `/search/toyota` can relax its make); the path's car type is kept apart and never relaxed.
 */
export function relaxableSearch(refinements: UrlRefinements, pathFilters: Partial<Record<TermFacet, string[]>>): { relaxable: Relaxable; carTypes: string[] } {
  const filters: Relaxable['filters'] = {};
  for (const facet of TERM_FACETS) {
    if (facet === 'car_type') {
      if (refinements.filters.car_type?.length) filters.car_type = [...refinements.filters.car_type];
      continue;
    }
    const values = [...(pathFilters[facet] ?? []), ...(refinements.filters[facet] ?? [])];
    if (values.length) filters[facet] = [...new Set(values)];
  }
  return { relaxable: { query: refinements.query, filters, ranges: { ...refinements.ranges } }, carTypes: [...(pathFilters.car_type ?? [])] };
}

const withoutFacets = (filters: Relaxable['filters'], drop: (facet: TermFacet) => boolean): Relaxable['filters'] =>
  Object.fromEntries(Object.entries(filters).filter(([facet]) => !drop(facet as TermFacet))) as Relaxable['filters'];

const same = (a: Relaxable, b: Relaxable) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Ever looser versions of an empty search, tried in order until one has hits (spec §8 similar-cars fallback):
 * drop the text query, then the model, then the ranges (price, km, year), then every other term filter but the
 * make, then the make. Steps that change nothing are skipped; the original search is not in the list.
 * @example similarRelaxations({ query: 'gt', filters: { make: ['Toyota'] }, ranges: {} }).length // 2
 */
export function similarRelaxations(search: Relaxable): Relaxable[] {
  const steps: Array<(r: Relaxable) => Relaxable> = [
    (r) => ({ ...r, query: '' }),
    (r) => ({ ...r, filters: withoutFacets(r.filters, (f) => f === 'model' || f === 'make_model') }),
    (r) => ({ ...r, ranges: {} }),
    (r) => ({ ...r, filters: withoutFacets(r.filters, (f) => f !== 'make') }),
    (r) => ({ ...r, filters: {} }),
  ];
  const out: Relaxable[] = [];
  let current = search;
  for (const step of steps) {
    const next = step(current);
    if (!same(next, current)) out.push(next);
    current = next;
  }
  return out;
}
