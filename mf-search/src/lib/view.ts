import { markReserved } from '@forecourt/contracts/reservations';
import type { SearchPort, SortOption, TermFacet } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { toCardCars, type CardCar } from './card.ts';
import { scopeFor } from './scope.ts';
import { knownCrumbValues, searchCrumbs, type Crumb, type CrumbSource } from './crumbs.ts';
import type { SearchPath } from './search-path.ts';
import { buildFacets, displayedTotal, PANEL_FACETS, promoPositions, refinedValues, seedOf, type FacetsView } from './facets-ui.ts';
import { hrefFor, parseRefinements, toSearchRequest, type UrlRefinements } from './url-state.ts';

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
  /** The count shown (spec §9: above 1999 hits, the configured stock count or summed car_type counts). */
  displayedCount: number;
  /** Facets the path fixes (e.g. make on /search/toyota): shown selected, changed via the all-stock page. */
  pathFilters: Partial<Record<TermFacet, string[]>>;
  facets: FacetsView;
  /** 1-based grid positions of the promotional card (spec §2; random variant seeded by the URL). */
  promoPositions: number[];
  /** Spec §3: search history kept in the browser (feature search_history). */
  searchHistory: boolean;
  page: number;
  pages: number;
  gridColumns: number;
  favourites: boolean;
  /** The cards' Save / Saved is the server watchlist's (tenant switch `watchlist`; spec §4 Watchlist toggle). */
  watchlist: boolean;
  /** The card's control adds to the compare list instead of favourites (tenant `search.card_control`, feature compare). */
  compare: boolean;
};

type Manufacturers = ReadonlyArray<{ name: string; slug: string; logo?: { url: string } | null | undefined }>;

export async function buildSearchView(opts: {
  engine: SearchPort;
  config: SiteConfig;
  path: SearchPath;
  params: URLSearchParams;
  now: number;
  manufacturers?: Manufacturers;
  /** This remote's versioned asset path, for the body drawings (`/_mf/mf-search/<version>/`). */
  assetBase?: string;
  /** Which of these cars have a paid online reservation (edge-api); null when unknown. */
  reservedOf?: (carIds: string[]) => Promise<ReadonlySet<string> | null>;
  /** The tenant's catalogue, so a crumb names only refinements it knows (crumbs.ts); without it, none but car and body types. */
  crumbSource?: CrumbSource;
}): Promise<SearchView> {
  const { engine, config, path } = opts;
  const refinements = parseRefinements(opts.params);
  // A facet the path fixes (make on /search/toyota) is not refined again by the query: `?make=mazda` there would
  // show Mazda selected while only Toyotas are found. Its links lead to the all-stock page instead (facets-ui).
  for (const facet of Object.keys(path.filters) as TermFacet[]) delete refinements.filters[facet];
  const sortOptions = config.search.sort_options.map((value) => ({ value, label: SORT_LABELS[value] }));
  // A sort this tenant does not offer falls back to its first option (normally 'relevance').
  if (!config.search.sort_options.includes(refinements.sortBy)) refinements.sortBy = config.search.sort_options[0] ?? 'relevance';
  // Model counts only under one refined make (spec §4 Make facet 'Select models').
  const facetNames: TermFacet[] = refinedValues(path.filters, refinements, 'make').length === 1 ? [...PANEL_FACETS, 'model'] : PANEL_FACETS;
  const request = toSearchRequest(refinements, path.filters, config.search.page_size, facetNames);
  const scope = scopeFor(config, opts.now);
  let result = await engine.search(scope, request);
  // A page past the last one (an old link, a shrunk stock) shows the last page instead of an empty one.
  if (result.pages > 0 && refinements.page > result.pages) {
    refinements.page = result.pages;
    result = await engine.search(scope, { ...request, page: result.pages });
  }
  // Reserved online (edge-api, issue 5): the card shows Reserved and no Reserve button, as for a feed-reserved car.
  if (opts.reservedOf && result.hits.length) {
    const reserved = await opts.reservedOf(result.hits.map((car) => String(car.id)));
    if (reserved?.size) result = { ...result, hits: markReserved(result.hits, reserved) };
  }
  const facets = buildFacets({
    result,
    pathname: path.pathname,
    pathFilters: path.filters,
    refinements,
    popularMakesCount: config.search.popular_makes_count,
    popularMakesHeadings: config.search.popular_makes_headings,
    popularMakesBoundary: config.search.popular_makes_boundary,
    priceQuickPicks: config.search.price_quick_picks,
    assetBase: opts.assetBase,
    certifiedOnly: config.features.certified_only,
    manufacturers: opts.manufacturers ?? [],
  });
  const carTypes = facets.lists.find((l) => l.facet === 'car_type')?.items;
  const known = opts.crumbSource ? await knownCrumbValues(opts.crumbSource, path, refinements) : {};
  return {
    pathname: path.pathname,
    heading: path.heading,
    crumbs: searchCrumbs(path, refinements, known),
    refinements,
    sortOptions,
    cards: toCardCars(result.hits, config, opts.now),
    count: result.count,
    displayedCount: displayedTotal(result.count, config.search.stock_count_override, carTypes ?? (result.facets.car_type ?? []).map((i) => ({ ...i, selected: false, href: '' }))),
    pathFilters: path.filters,
    facets,
    promoPositions: promoPositions({
      enabled: config.features.promo_card,
      position: config.search.promo_card_position,
      random: config.search.promo_card_random,
      cards: result.hits.length,
      seed: seedOf(hrefFor(path.pathname, refinements)),
    }),
    searchHistory: config.features.search_history,
    page: result.page,
    pages: result.pages,
    gridColumns: config.search.grid_columns,
    favourites: config.features.favourites,
    watchlist: config.features.watchlist,
    compare: config.features.compare && config.search.card_control === 'compare',
  };
}
