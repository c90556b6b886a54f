/** Embedded search engine (search port adapter). Fixtures and the benchmark are imported from their own files. */
export { createEmbeddedSearch, type CarSource, type EmbeddedSearch } from './embedded.ts';
export { collapseSoldRuns } from './collapse.ts';
export { DAY_MS, DEFAULT_INCLUDE_SOLD_CARS_DAYS, hasVehiclePage, inSoldWindow, isInStock, isSold, isVisible } from './visibility.ts';
export { compareRelevance, SORT_COMPARATORS, TYPE_ORDER } from './sorting.ts';
export { pageWindow, DEFAULT_HITS_PER_PAGE } from './paging.ts';
export { facetKey, facetLabel } from './facets.ts';
export { similarPriceWindow, SIMILAR_MAX } from './similar.ts';
