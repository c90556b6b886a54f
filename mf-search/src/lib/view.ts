import type { SearchPort, SortOption, TermFacet } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { toCardCar, type CardCar } from './card.ts';
import { scopeFor } from './scope.ts';
import type { Crumb, SearchPath } from './search-path.ts';
import { parseRefinements, toSearchRequest, type UrlRefinements } from './url-state.ts';

export const SORT_LABELS: Record<SortOption, string> = {
  relevance: 'Most relevant',
  latest: 'Latest',
  price_desc: 'Highest price',
  price_asc: 'Lowest price',
  subscription_price: 'Subscription price',
  km_asc: 'Lowest kms',
};

/** Everything the search results island renders; the same object SSR and `/api/search/view` produce. */
export type SearchView = {
  pathname: string;
  heading: string;
  crumbs: Crumb[];
  refinements: UrlRefinements;
  sortOptions: Array<{ value: SortOption; label: string }>;
  cards: CardCar[];
  count: number;
  page: number;
  pages: number;
  gridColumns: number;
  favourites: boolean;
};

export async function buildSearchView(opts: { engine: SearchPort; config: SiteConfig; path: SearchPath; params: URLSearchParams; now: number }): Promise<SearchView> {
  const { engine, config, path } = opts;
  const refinements = parseRefinements(opts.params);
  const sortOptions = config.search.sort_options.map((value) => ({ value, label: SORT_LABELS[value] }));
  if (!config.search.sort_options.includes(refinements.sortBy)) refinements.sortBy = 'relevance';
  const request = toSearchRequest(refinements, path.filters, config.search.page_size, []);
  const result = await engine.search(scopeFor(config, opts.now), request);
  return {
    pathname: path.pathname,
    heading: path.heading,
    crumbs: path.crumbs,
    refinements,
    sortOptions,
    cards: result.hits.map(toCardCar),
    count: result.count,
    page: result.page,
    pages: result.pages,
    gridColumns: config.search.grid_columns,
    favourites: config.features.favourites,
  };
}
