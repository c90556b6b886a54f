import { RANGE_FACETS, SORT_OPTIONS, TERM_FACETS, type RangeFacet, type SearchRequest, type SortOption, type TermFacet } from '@forecourt/contracts/search';

/** Stock-type landing pages of spec §2 and the car types each one shows. */
export const TYPE_PAGES: Record<string, { carTypes: string[]; label: string }> = {
  'new-used-and-demo-cars': { carTypes: [], label: 'New, used and demo cars' },
  'used-cars': { carTypes: ['used'], label: 'Used cars' },
  'new-and-demo-cars': { carTypes: ['new', 'demo'], label: 'New and demo cars' },
  'new-cars': { carTypes: ['new'], label: 'New cars' },
  'demo-cars': { carTypes: ['demo'], label: 'Demo cars' },
};

/** What the URL's query says: the shopper's refinements (spec §4: refinements live in the URL query). */
export type UrlRefinements = {
  query: string;
  page: number;
  sortBy: SortOption;
  filters: Partial<Record<TermFacet, string[]>>;
  ranges: Partial<Record<RangeFacet, { min?: number; max?: number }>>;
};

const isSort = (s: string | null): s is SortOption => !!s && (SORT_OPTIONS as readonly string[]).includes(s);
const toInt = (s: string | null) => (s && /^\d{1,9}$/.test(s) ? Number(s) : undefined);

/** Parses refinements from a query string, ignoring anything unknown or malformed. */
export function parseRefinements(params: URLSearchParams): UrlRefinements {
  const filters: UrlRefinements['filters'] = {};
  for (const facet of TERM_FACETS) {
    const values = params.getAll(facet).map((s) => s.trim().slice(0, 100)).filter(Boolean);
    if (values.length) filters[facet] = [...new Set(values)].slice(0, 50);
  }
  const ranges: UrlRefinements['ranges'] = {};
  for (const facet of RANGE_FACETS) {
    const min = toInt(params.get(`${facet}_min`));
    const max = toInt(params.get(`${facet}_max`));
    if (min !== undefined || max !== undefined) ranges[facet] = { min, max };
  }
  const page = toInt(params.get('page'));
  return {
    query: (params.get('query') ?? '').trim().slice(0, 200),
    page: page && page >= 1 && page <= 1000 ? page : 1,
    sortBy: isSort(params.get('sortBy')) ? (params.get('sortBy') as SortOption) : 'relevance',
    filters,
    ranges,
  };
}

/** Serialises refinements back to a query string: page omitted when 1, sort omitted when default (spec §4). */
export function refinementsToParams(r: UrlRefinements): URLSearchParams {
  const params = new URLSearchParams();
  if (r.query) params.set('query', r.query);
  for (const facet of TERM_FACETS) for (const value of r.filters[facet] ?? []) params.append(facet, value);
  for (const facet of RANGE_FACETS) {
    const range = r.ranges[facet];
    if (range?.min !== undefined) params.set(`${facet}_min`, String(range.min));
    if (range?.max !== undefined) params.set(`${facet}_max`, String(range.max));
  }
  if (r.sortBy !== 'relevance') params.set('sortBy', r.sortBy);
  if (r.page > 1) params.set('page', String(r.page));
  return params;
}

/** Applies a change: any refinement change removes page (spec §4); a page change keeps the rest. */
export function changeRefinements(current: UrlRefinements, change: Partial<UrlRefinements>): UrlRefinements {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

export function hrefFor(pathname: string, r: UrlRefinements): string {
  const qs = refinementsToParams(r).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The search request for a page: the path's stock type plus the URL's refinements. */
export function toSearchRequest(r: UrlRefinements, pathFilters: Partial<Record<TermFacet, string[]>>, hitsPerPage: number, facets: TermFacet[]): SearchRequest {
  const filters: SearchRequest['filters'] = { ...r.filters };
  for (const [facet, values] of Object.entries(pathFilters) as Array<[TermFacet, string[]]>) if (values.length) filters[facet] = values;
  return { query: r.query, page: r.page, sortBy: r.sortBy, hitsPerPage, filters, ranges: r.ranges as SearchRequest['ranges'], facets };
}
