import { Hono } from 'hono';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import type { CompareResponse, SearchRequest } from '@forecourt/contracts/search';
import { carouselFavourites, toCardCars } from '../lib/card.ts';
import { compareCar, parseCompareQuery } from '../lib/compare-table.ts';
import { scopeFor } from '../lib/scope.ts';
import { parseSimilarQuery, relaxableSearch, SIMILAR_CARDS, similarRelaxations } from '../lib/similar.ts';
import { parseRefinements } from '../lib/url-state.ts';
import { buildSearchView } from '../lib/view.ts';
import { reservedOf, SEARCH_PAGE_CACHE, type AppEnv, type RouteOptions } from './context.ts';

/**
 * `/api/search/*` (the shell proxies it with the tenant set; 503 JSON when the search service is down, see app.tsx):
 * - `GET /view?path=/search/<page>&<refinements>`: the search page's view model, for the results island;
 * - `GET /similar?slug=<car>` or `?path=/search/<page>&<refinements>`: up to 6 similar cards (issue 3);
 * - `GET /compare?slug=…` (1-4 slugs): the shopper's compare list, for mf-account's compare table.
 */
export function searchApi({ assetBase, searchPathFor }: Pick<RouteOptions, 'assetBase' | 'searchPathFor'>) {
  const app = new Hono<AppEnv>();

  app.get('/view', async (c) => {
    const url = new URL(c.req.url);
    const pathParam = (url.searchParams.get('path') ?? '').replace(/^\/search\/?/, '');
    const page = await searchPathFor(c, pathParam);
    if (!page) return c.json({ error: 'Unknown search page.' }, 400);
    const { manufacturers } = await c.var.store.data(c.var.config.slug);
    const view = await buildSearchView({ engine: c.var.engine, config: c.var.config, path: page.path, params: url.searchParams, now: Date.now(), manufacturers, assetBase, reservedOf: reservedOf(c), crumbSource: page.crumbSource });
    return c.json(view);
  });

  // --- Similar cars (issue 3; spec §7 multi-search for similar cars, §8 fallback, §9 Similar cars) ---
  app.get('/similar', async (c) => {
    const config = c.var.config;
    const url = new URL(c.req.url);
    const source = parseSimilarQuery(url.searchParams);
    if (!source) return c.json({ error: 'Give a car slug or a search path.' }, 400);
    const now = Date.now();
    // Spec §9: similar cars are in stock only, whatever the tenant's search shows.
    const scope = { ...scopeFor(config, now), in_stock_only: true };
    // Same freshness as a search page (SEARCH_PAGE_CACHE): suggestions are the same for every shopper.
    const headers = { 'cache-control': SEARCH_PAGE_CACHE };
    // Carousel cards carry the favourite control like the grid's (not in compare mode, where the grid compares).
    const favourites = carouselFavourites(config);
    const watchlist = config.features.watchlist;
    if (source.kind === 'slug') {
      const car = await c.var.engine.getBySlug(scope, source.slug);
      const cars = car ? await c.var.engine.similar(scope, car, SIMILAR_CARDS) : [];
      return c.json({ cards: toCardCars(cars, config, now), favourites, watchlist }, 200, headers);
    }
    const page = await searchPathFor(c, source.path.replace(/^\/search\/?/, ''));
    if (!page) return c.json({ error: 'Unknown search page.' }, 400);
    const { relaxable, carTypes } = relaxableSearch(parseRefinements(url.searchParams), page.path.filters);
    // Asked for an empty search, so the looser searches are tried straight away (the original has no hits).
    for (const step of similarRelaxations(relaxable)) {
      const filters = carTypes.length ? { ...step.filters, car_type: carTypes } : step.filters;
      const result = await c.var.engine.search(scope, { query: step.query, page: 1, hitsPerPage: SIMILAR_CARDS, sortBy: 'relevance', filters, ranges: step.ranges as SearchRequest['ranges'], facets: [] });
      if (result.hits.length) return c.json({ cards: toCardCars(result.hits.slice(0, SIMILAR_CARDS), config, now), favourites, watchlist }, 200, headers);
    }
    return c.json({ cards: [], favourites, watchlist }, 200, headers);
  });
  // --- end similar cars ---

  // The shopper's compare list, drawn by mf-account's compare table: visible stock of this tenant only (a slug that is
  // sold past its window, hidden or another tenant's is reported as missing, never shown).
  app.get('/compare', async (c) => {
    const slugs = parseCompareQuery(new URL(c.req.url).searchParams);
    if (!slugs) return c.json({ error: `Give 1 to ${COMPARE_MAX} car slugs to compare.` }, 400);
    const scope = scopeFor(c.var.config, Date.now());
    const found = await Promise.all(slugs.map((slug) => c.var.engine.getBySlug(scope, slug)));
    const cars = found.flatMap((car) => (car ? [compareCar(car)] : []));
    const missing = slugs.filter((_, i) => !found[i]);
    return c.json({ cars, missing } satisfies CompareResponse, 200, { 'cache-control': SEARCH_PAGE_CACHE });
  });

  return app;
}
