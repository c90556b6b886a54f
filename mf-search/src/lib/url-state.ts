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
  /** `reduced=true`: only the specials (cars shown at a reduced price); absent otherwise. */
  reduced?: true;
};

const isSort = (s: string | null): s is SortOption => !!s && (SORT_OPTIONS as readonly string[]).includes(s);
const toInt = (s: string | null) => (s && /^\d{1,9}$/.test(s) ? Number(s) : undefined);
/** Range values as typed in the no-JS inputs: '$12,500', '80,000 kms' and '12500' all read 12500 (spec §5 inputs). */
const toAmount = (s: string | null) => {
  if (!s || !/^\s*\$?\s*[\d,]{1,11}\s*(kms?)?\s*$/i.test(s)) return undefined;
  return toInt(s.replace(/\D/g, ''));
};

/** Parses refinements from a query string, ignoring anything unknown or malformed. */
export function parseRefinements(params: URLSearchParams): UrlRefinements {
  const filters: UrlRefinements['filters'] = {};
  for (const facet of TERM_FACETS) {
    const values = params.getAll(facet).map((s) => s.trim().slice(0, 100)).filter(Boolean);
    if (values.length) filters[facet] = [...new Set(values)].slice(0, 50);
  }
  const ranges: UrlRefinements['ranges'] = {};
  for (const facet of RANGE_FACETS) {
    const min = toAmount(params.get(`${facet}_min`));
    const max = toAmount(params.get(`${facet}_max`));
    if (min !== undefined || max !== undefined) ranges[facet] = { min, max };
  }
  const page = toInt(params.get('page'));
  return {
    query: (params.get('query') ?? '').trim().slice(0, 200),
    page: page && page >= 1 && page <= 1000 ? page : 1,
    sortBy: isSort(params.get('sortBy')) ? (params.get('sortBy') as SortOption) : 'relevance',
    filters,
    ranges,
    ...(params.get('reduced') === 'true' ? { reduced: true as const } : {}),
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
  if (r.reduced) params.set('reduced', 'true');
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
  return { query: r.query, page: r.page, sortBy: r.sortBy, hitsPerPage, filters, ranges: r.ranges as SearchRequest['ranges'], facets, ...(r.reduced ? { reduced: true } : {}) };
}

/** The search landing page that fixes nothing (used when a shopper changes a facet the current path fixes). */
export const ALL_STOCK_PATH = '/search/new-used-and-demo-cars';

/**
 * Href of a facet item's toggle (spec §4: any refinement change removes page). A facet the path fixes
 * (`/search/toyota` fixes make) moves, with every other path filter, into the query of the all-stock page,
 * so the link still changes the results. Removing or adding a make drops the model refinement.
 */
export function toggleHref(pathname: string, pathFilters: Partial<Record<TermFacet, string[]>>, r: UrlRefinements, facet: TermFacet, value: string, selected: boolean): string {
  const fixed = (pathFilters[facet] ?? []).length > 0;
  const filters: UrlRefinements['filters'] = fixed ? mergeFilters(pathFilters, r.filters) : { ...r.filters };
  const same = (v: string) => v.toLowerCase() === value.toLowerCase();
  const values = filters[facet] ?? [];
  const next = selected ? values.filter((v) => !same(v)) : [...values.filter((v) => !same(v)), value];
  if (next.length) filters[facet] = next;
  else delete filters[facet];
  if (facet === 'make') delete filters.model;
  return hrefFor(fixed ? ALL_STOCK_PATH : pathname, changeRefinements(r, { filters }));
}

function mergeFilters(a: Partial<Record<TermFacet, string[]>>, b: Partial<Record<TermFacet, string[]>>): Partial<Record<TermFacet, string[]>> {
  const out: Partial<Record<TermFacet, string[]>> = {};
  for (const facet of TERM_FACETS) {
    const values = [...(a[facet] ?? []), ...(b[facet] ?? [])];
    const seen = new Set<string>();
    const unique = values.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
    if (unique.length) out[facet] = unique;
  }
  return out;
}

/** Hidden inputs a no-JS GET form carries so it keeps the other refinements (page dropped: a change resets it). */
export function hiddenFields(r: UrlRefinements, omit: readonly string[]): Array<[string, string]> {
  const params = refinementsToParams({ ...r, page: 1 });
  return [...params.entries()].filter(([name]) => !omit.includes(name));
}
