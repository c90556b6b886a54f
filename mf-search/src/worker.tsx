import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { SlugSchema } from '@forecourt/contracts/entities/common';
import { renderToString } from 'react-dom/server';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import { escapeHtml, formatNumber } from '@forecourt/contracts/display';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import type { CompareResponse, SearchPort, SearchRequest } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import assetManifest from '../dist/asset-manifest.json';
import { createEmbeddedSearch, type EmbeddedSearch } from './engine/embedded.ts';
import { SearchUnavailableError } from './engine/meilisearch/errors.ts';
import { createSearchPortChooser } from './engine/meilisearch/select.ts';
import { createStockWatch } from './lib/stock-watch.ts';
import { kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { loadReservedIds } from '@forecourt/contracts/reservations';
import type { Env } from './env.ts';
import { currentOffers, OffersPage } from './fragments/OffersPage.tsx';
import { SearchPage } from './fragments/SearchPage.tsx';
import { scopeFor } from './lib/scope.ts';
import { loadStock } from './lib/stock.ts';
import { createTtlCache } from './lib/ttl-cache.ts';
import { buildCatalogue, modelsOf } from './lib/catalogue.ts';
import { resolveSearchPath, type SearchCatalogue, type SearchPath } from './lib/search-path.ts';
import { buildSearchView } from './lib/view.ts';
import { toCardCars } from './lib/card.ts';
import { compareCar, parseCompareQuery } from './lib/compare-table.ts';
import { isManufacturerSearch, offerStockCounts, queryCaches } from './lib/query-caches.ts';
import { parseSimilarQuery, relaxableSearch, SIMILAR_CARDS, similarRelaxations } from './lib/similar.ts';
import { parseRefinements } from './lib/url-state.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables & { engine: SearchPort } };

let embedded: EmbeddedSearch | undefined;
let choose: ReturnType<typeof createSearchPortChooser> | undefined;
let watchStock: ((tenant: string) => Promise<void>) | undefined;
const styles = assetManifest.css as string[];
const version = assetManifest.version as string;
/** This remote's versioned static files (body drawings), same-origin through the shell. */
const assetBase = `/_mf/mf-search/${version}/`;

const app = new Hono<AppEnv>();

/** Paid online reservations of this tenant's cars, from edge-api (contracts/src/reservations.ts); null when unknown. */
const reservedOf = (c: Context<AppEnv>) => (ids: string[]) => loadReservedIds(c.env.EDGE_API, c.var.config.slug, ids);

// Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw as never) as never);

// The tenant comes from the shell (server-side), never from the browser.
app.use('*', tenantMiddleware());
app.use('*', async (c, next) => {
  const stockKv = c.env.STOCK;
  embedded ??= createEmbeddedSearch((tenant: string) => loadStock(stockKv, tenant));
  // A new import (stock meta changed) rebuilds the tenant's in-isolate index; checked at most once a minute.
  const index = embedded;
  watchStock ??= createStockWatch(
    async (tenant) => ((await stockKv.get(kvStockMetaKey(tenant), 'json')) as { updated_at?: string } | null)?.updated_at ?? null,
    (tenant) => index.invalidate(tenant),
    { ttlMs: Number(c.env.STOCK_WATCH_SECONDS ?? 60) * 1000 },
  );
  await watchStock(c.var.config.slug);
  // SEARCH_ADAPTER=meilisearch sends tenants with a search_service to Meilisearch; the others stay embedded.
  choose ??= createSearchPortChooser(embedded, { timeoutMs: 3000 });
  c.set('engine', choose(c.env, c.var.config));
  await next();
});

app.get('/fragments/search', async (c) => {
  const config = c.var.config;
  const url = new URL(c.req.url);
  const path = await searchPathFor(c, url.searchParams.get('_segments') ?? '');
  if (!path) return notFound(config);
  const { manufacturers } = await c.var.store.data(config.slug);
  // Spec §9: a make's own page is a manufacturer search, with its own 10-entry query cache.
  const engine = isManufacturerSearch(path) ? queryCaches(c.var.engine).manufacturer : c.var.engine;
  const view = await buildSearchView({ engine, config, path, params: url.searchParams, now: Date.now(), manufacturers, assetBase, reservedOf: reservedOf(c) });
  const canonical = config.site_url ? new URL(path.pathname, config.site_url).toString() : undefined;
  // renderToString: the fragment is small and its data is ready; measured 197 -> 279 pages/s over streaming.
  return fragment(renderToString(<SearchPage view={view} />), {
    title: `${view.heading} for sale | ${config.name}`,
    // The count as shoppers see it (spec §9: above 1999 the configured stock count or the summed facet counts).
    description: `${formatNumber(view.displayedCount)} ${view.heading.toLowerCase()} for sale at ${config.name}.`,
    canonical,
  }, SEARCH_PAGE_CACHE);
});

const catalogues = createTtlCache<SearchCatalogue>(60_000);

/** Resolves a search path for the request's tenant; the tenant's catalogue is cached per isolate for a minute. */
async function searchPathFor(c: Context<AppEnv>, segments: string): Promise<SearchPath | null> {
  const config = c.var.config;
  const scope = scopeFor(config, Date.now());
  const catalogue = await catalogues(config.slug, async () => buildCatalogue(c.var.engine, scope, config, await c.var.store.data(config.slug)));
  return resolveSearchPath(segments, catalogue, (make) => modelsOf(c.var.engine, scope, make));
}

/** An HTML fragment with its head data and this build's version for the shell. */
const fragment = (body: string, head: FragmentHead, cacheControl?: string) => fragmentResponse(body, { head: { ...head, styles }, version, ...(cacheControl ? { cacheControl } : {}) });

/**
 * A search page is the same for every shopper (favourites fill in on the client), so the shell may keep it for a
 * short while: a popular page then costs one render per half minute, and stock is at most that stale.
 */
const SEARCH_PAGE_CACHE = 'public, max-age=30';

/** The empty 404 the shell answers with its standard not-found block. */
const notFound = (config: SiteConfig) => notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex', styles }, version });

app.get('/fragments/offers', async (c) => {
  const config = c.var.config;
  const data = await c.var.store.data(config.slug);
  const now = Date.now();
  const offers = currentOffers(data.offers, now);
  const stock = await offerStockCounts(c.var.engine, scopeFor(config, now), offers);
  return fragment(renderToString(<OffersPage offers={offers} stock={stock} heading="Special Offers" />), { title: `Special Offers | ${config.name}`, description: `Current offers at ${config.name}.` });
});

app.get('/fragments/offer', async (c) => {
  const config = c.var.config;
  const data = await c.var.store.data(config.slug);
  const manufacturer = c.req.query('_manufacturerSlug');
  const now = Date.now();
  const offer = currentOffers(data.offers, now, manufacturer).find((o) => o.id === c.req.query('_id'));
  if (!offer) return notFound(config);
  const stock = await offerStockCounts(c.var.engine, scopeFor(config, now), [offer]);
  return fragment(renderToString(<OffersPage offers={[offer]} stock={stock} heading={offer.name} />), { title: `${offer.name} | ${config.name}`, description: offer.description.slice(0, 160) });
});

app.get('/fragments/parts-search', (c) => {
  const config = c.var.config;
  const body = `<section class="fc-content"><h1>Parts search</h1><p>Online parts search is coming soon. For parts now, call ${escapeHtml(config.contact.phone)} or visit <a href="/vehicle-parts-and-accessories">parts and accessories</a>.</p></section>`;
  return fragment(body, { title: `Parts search | ${config.name}`, robots: 'noindex' });
});

app.get('/fragments/*', (c) => notFound(c.var.config));

app.get('/api/search/view', async (c) => {
  const url = new URL(c.req.url);
  const pathParam = (url.searchParams.get('path') ?? '').replace(/^\/search\/?/, '');
  const path = await searchPathFor(c, pathParam);
  if (!path) return c.json({ error: 'Unknown search page.' }, 400);
  const { manufacturers } = await c.var.store.data(c.var.config.slug);
  const view = await buildSearchView({ engine: c.var.engine, config: c.var.config, path, params: url.searchParams, now: Date.now(), manufacturers, assetBase, reservedOf: reservedOf(c) });
  return c.json(view);
});

// --- Similar cars (issue 3; spec §7 multi-search for similar cars, §8 fallback, §9 Similar cars) ---
app.get('/api/search/similar', async (c) => {
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
  const favourites = config.features.favourites && !(config.features.compare && config.search.card_control === 'compare');
  if (source.kind === 'slug') {
    const car = await c.var.engine.getBySlug(scope, source.slug);
    const cars = car ? await c.var.engine.similar(scope, car, SIMILAR_CARDS) : [];
    return c.json({ cards: toCardCars(cars, config, now), favourites }, 200, headers);
  }
  const path = await searchPathFor(c, source.path.replace(/^\/search\/?/, ''));
  if (!path) return c.json({ error: 'Unknown search page.' }, 400);
  const { relaxable, carTypes } = relaxableSearch(parseRefinements(url.searchParams), path.filters);
  // Asked for an empty search, so the looser searches are tried straight away (the original has no hits).
  for (const step of similarRelaxations(relaxable)) {
    const filters = carTypes.length ? { ...step.filters, car_type: carTypes } : step.filters;
    const result = await c.var.engine.search(scope, { query: step.query, page: 1, hitsPerPage: SIMILAR_CARDS, sortBy: 'relevance', filters, ranges: step.ranges as SearchRequest['ranges'], facets: [] });
    if (result.hits.length) return c.json({ cards: toCardCars(result.hits.slice(0, SIMILAR_CARDS), config, now), favourites }, 200, headers);
  }
  return c.json({ cards: [], favourites }, 200, headers);
});
// --- end similar cars ---

// The shopper's compare list, drawn by mf-account's compare table: visible stock of this tenant only (a slug that is
// sold past its window, hidden or another tenant's is reported as missing, never shown).
app.get('/api/search/compare', async (c) => {
  const slugs = parseCompareQuery(new URL(c.req.url).searchParams);
  if (!slugs) return c.json({ error: `Give 1 to ${COMPARE_MAX} car slugs to compare.` }, 400);
  const scope = scopeFor(c.var.config, Date.now());
  const found = await Promise.all(slugs.map((slug) => c.var.engine.getBySlug(scope, slug)));
  const cars = found.flatMap((car) => (car ? [compareCar(car)] : []));
  const missing = slugs.filter((_, i) => !found[i]);
  return c.json({ cars, missing } satisfies CompareResponse, 200, { 'cache-control': SEARCH_PAGE_CACHE });
});

const sitemaps = createTtlCache<string[]>(10 * 60_000);

/** Every in-stock car page of the tenant, for the shell's sitemap.xml (internal: the shell does not proxy it). */
/**
 * The vehicle page's read model (ARCHITECTURE.md "Data": stock lives in the search engine): one car of this tenant
 * by slug, as the Car contract, with the tenant's stock visibility applied (a car sold past the tenant's window, hidden
 * from the website or excluded is a 404) and its similar cars' search kept here. Internal: mf-vehicle calls it over
 * its service binding; the shell never proxies `/internal/*` to a browser.
 */
app.get('/internal/car', async (c) => {
  const slug = v.safeParse(SlugSchema, c.req.query('slug') ?? '');
  if (!slug.success) return c.json({ error: 'Give a car slug.' }, 400);
  const car = await c.var.engine.getBySlug(scopeFor(c.var.config, Date.now()), slug.output);
  if (!car) return c.json({ error: 'No such car.' }, 404);
  return c.json({ car }, 200, { 'cache-control': SEARCH_PAGE_CACHE });
});

app.get('/internal/sitemap', async (c) => {
  const config = c.var.config;
  const paths = await sitemaps(config.slug, async () => {
    const scope = { ...scopeFor(config, Date.now()), in_stock_only: true };
    const found: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const result = await c.var.engine.search(scope, { query: '', page, hitsPerPage: 100, sortBy: 'latest', filters: {}, ranges: {}, facets: [] });
      pages = result.pages;
      found.push(...result.hits.map((car) => `/cars/${car.slug}`));
    }
    return found;
  });
  return c.json({ paths });
});

app.onError((error, c) => {
  // The search service is down or slow (spec §8: the browser keeps the previous results): never cache the failure.
  if (error instanceof SearchUnavailableError) {
    console.error('mf-search: search service unavailable', error.message);
    const headers = { 'cache-control': 'no-store', 'retry-after': '5' };
    return c.req.path.startsWith('/api/') ? c.json({ error: 'Search is temporarily unavailable.' }, 503, headers) : c.body(null, 503, headers);
  }
  console.error('mf-search error', error.message);
  return c.json({ error: 'An unknown error occurred.' }, 500);
});

export default app;
