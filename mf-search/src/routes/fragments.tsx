import { Hono } from 'hono';
import { renderToString } from 'react-dom/server';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import { markReserved } from '@forecourt/contracts/reservations';
import { pageCacheTags, withCacheTags } from '@forecourt/contracts/page-cache';
import { readSlotParams } from '@forecourt/contracts/slots';
import { formatNumber } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { currentOffers, OffersPage } from '../fragments/OffersPage.tsx';
import { SearchPage } from '../fragments/SearchPage.tsx';
import { QuickSearch } from '../fragments/QuickSearch.tsx';
import { SimilarCarsSlot, StockStripSlot } from '../fragments/SlotFragments.tsx';
import { PARTS_SEARCH_HEADING, PartsSearchPage } from '../fragments/PartsSearchPage.tsx';
import { partsEnquirySlot } from '../lib/parts-enquiry.ts';
import { parsePartsQuery, partsRequest, PARTS_SEARCH_PATH } from '../lib/parts-query.ts';
import { QUICK_SEARCH_REQUEST, quickSearchView } from '../lib/quick-search.ts';
import { carouselFavourites, toCardCars } from '../lib/card.ts';
import { cardImagePreload } from '../lib/card-image.ts';
import { renderWithCardHtml, type CardHtmlCache } from '../lib/card-html.ts';
import { isManufacturerSearch, offerStockCounts, queryCaches } from '../lib/query-caches.ts';
import { scopeFor } from '../lib/scope.ts';
import { resolveStrip, stripCars, stripId, stripPathSegments, stripScope, stripViewAll } from '../lib/stock-strip.ts';
import { buildSearchView } from '../lib/view.ts';
import { reservedOf, SEARCH_PAGE_CACHE, SLOT_CACHE, type AppEnv, type RouteOptions, type SearchContext, type SearchPathFor } from './context.ts';

/**
 * A search page's fragment (`GET /fragments/search`, below): its HTML and head, or null for no such page of the
 * tenant. Apart from the route so the isolate's warm-up (../warm-up.ts) renders exactly what a shopper's first search
 * does, with no Response (which global scope may not make).
 */
export async function searchFragment(
  c: SearchContext,
  opts: {
    segments: string;
    params: URLSearchParams;
    assetBase: string;
    searchPathFor: SearchPathFor;
    reservedOf?: (carIds: string[]) => Promise<ReadonlySet<string> | null>;
    /** The card memo to render with (default: the isolate's own, lib/card-html.ts). */
    cardHtml?: CardHtmlCache;
    /** The page's clock (epoch ms; default now). */
    now?: number;
  },
): Promise<{ body: string; head: FragmentHead } | null> {
  const config = c.var.config;
  const page = await opts.searchPathFor(c, opts.segments);
  if (!page) return null;
  const { path, crumbSource } = page;
  const { manufacturers } = await c.var.store.data(config.slug);
  // Spec §9: a make's own page is a manufacturer search, with its own 10-entry query cache.
  const engine = isManufacturerSearch(path) ? queryCaches(c.var.engine).manufacturer : c.var.engine;
  const view = await buildSearchView({ engine, config, path, params: opts.params, now: opts.now ?? Date.now(), manufacturers, assetBase: opts.assetBase, ...(opts.reservedOf ? { reservedOf: opts.reservedOf } : {}), crumbSource });
  const canonical = config.site_url ? new URL(path.pathname, config.site_url).toString() : undefined;
  return {
    // renderToString: the fragment is small and its data is ready; measured 197 -> 279 pages/s over streaming.
    // Cards rendered before with the same props are reused as HTML (lib/card-html.ts; issue 19: uncached render cost).
    body: renderWithCardHtml(renderToString, <SearchPage view={view} />, opts.cardHtml),
    head: {
      title: `${view.heading} for sale | ${config.name}`,
      // The count as shoppers see it (spec §9: above 1999 the configured stock count or the summed facet counts).
      description: `${formatNumber(view.displayedCount)} ${view.heading.toLowerCase()} for sale at ${config.name}.`,
      ...(canonical ? { canonical } : {}),
      // The first card's photo is the page's LCP: asked for from the head (issue 19).
      ...(view.cards[0]?.image ? { preloadImage: cardImagePreload(view.cards[0].image) } : {}),
    },
  };
}

/**
 * `/fragments/*`, the pages the shell composes (ARCHITECTURE.md "Fragments"):
 * - `GET /search?_segments=<path>`: every search page of spec §2 (cached `public, max-age=30`; an unknown path is the
 *   protocol's empty 404);
 * - `GET /offers`, `GET /offer?_id=&_manufacturerSlug=`: the tenant's current offers with their models' stock;
 * - `GET /parts-search?query=&category=&price_min=&price_max=&sortBy=&page=&enquire=`: `/parts/search`, the tenant's
 *   parts catalogue through the parts search port, with the parts enquiry (lead-form slot) of an `enquire=` part;
 * - slots (contracts SLOTS, read with `readSlotParams`; bad params are the empty 404):
 *   `GET /stock-strip?strip=&car_type=&heading=&limit=` (a home page's featured stock; `strip=finance`: the finance
 *   page's 'Get Finance Now' cars), `GET /quick-search?heading=`
 *   (a home page's quick search: the stock's own choices) and `GET /similar-cars?slug=` (the car page's similar
 *   cars), each with this remote's stylesheet in its head and shared for a minute;
 * - anything else: the empty 404 the shell answers with its standard not-found block.
 */
export function fragmentRoutes({ styles, version, assetBase, searchPathFor, partsFor }: RouteOptions) {
  /** An HTML fragment with its head data and this build's version for the shell. */
  const fragment = (body: string, head: FragmentHead, cacheControl?: string) => fragmentResponse(body, { head: { ...head, styles }, version, ...(cacheControl ? { cacheControl } : {}) });

  /** The empty 404 the shell answers with its standard not-found block. */
  const notFound = (config: SiteConfig) => notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex', styles }, version });

  const app = new Hono<AppEnv>();

  app.get('/search', async (c) => {
    const config = c.var.config;
    const url = new URL(c.req.url);
    const parts = await searchFragment(c, { segments: url.searchParams.get('_segments') ?? '', params: url.searchParams, assetBase, searchPathFor, reservedOf: reservedOf(c) });
    if (!parts) return notFound(config);
    // It lists the tenant's stock: named by the stock tag, so an import's purge drops it (lib/stock-changes.ts).
    return withCacheTags(fragment(parts.body, parts.head, SEARCH_PAGE_CACHE), [pageCacheTags.stock(config.slug)]);
  });

  app.get('/offers', async (c) => {
    const config = c.var.config;
    const data = await c.var.store.data(config.slug);
    const now = Date.now();
    const offers = currentOffers(data.offers, now);
    const stock = await offerStockCounts(c.var.engine, scopeFor(config, now), offers);
    return fragment(renderToString(<OffersPage offers={offers} stock={stock} heading="Special Offers" />), { title: `Special Offers | ${config.name}`, description: `Current offers at ${config.name}.` });
  });

  app.get('/offer', async (c) => {
    const config = c.var.config;
    const data = await c.var.store.data(config.slug);
    const manufacturer = c.req.query('_manufacturerSlug');
    const now = Date.now();
    const offer = currentOffers(data.offers, now, manufacturer).find((o) => o.id === c.req.query('_id'));
    if (!offer) return notFound(config);
    const stock = await offerStockCounts(c.var.engine, scopeFor(config, now), [offer]);
    return fragment(renderToString(<OffersPage offers={[offer]} stock={stock} heading={offer.name} />), { title: `${offer.name} | ${config.name}`, description: offer.description.slice(0, 160) });
  });

  app.get('/parts-search', async (c) => {
    const config = c.var.config;
    const url = new URL(c.req.url);
    const query = parsePartsQuery(url.searchParams);
    const port = partsFor(c);
    // The tenant is the shell's (the middleware's config), never a query param.
    const scope = { tenant: config.slug };
    const [result, data, enquiry] = await Promise.all([
      port.search(scope, partsRequest(query)),
      c.var.store.data(config.slug),
      // An id that is not one of this tenant's parts is ignored (no enquiry, the search as asked).
      query.enquire ? port.getById(scope, query.enquire) : Promise.resolve(null),
    ]);
    const brands = new Map(data.manufacturers.map((m) => [m.slug, m.name]));
    const body = renderToString(<PartsSearchPage view={{ query, result, brands, enquiry }} />);
    return fragment(body, {
      title: enquiry ? `${enquiry.name} (${enquiry.part_number}) | ${config.name}` : `${PARTS_SEARCH_HEADING} | ${config.name}`,
      description: `${formatNumber(result.count)} parts and accessories at ${config.name}: floor mats, tow bars, roof racks, service kits and more. Enquire online for price and availability.`,
      // Every search of the page is one indexable page: the canonical is the page itself, without refinements.
      ...(config.site_url ? { canonical: new URL(PARTS_SEARCH_PATH, config.site_url).toString() } : {}),
      ...(enquiry ? { slots: [partsEnquirySlot(enquiry, { config, data }, url.searchParams)] } : {}),
    }, SEARCH_PAGE_CACHE);
  });

  // --- Slots: answers that depend on the tenant's stock only, never on the shopper (shared for a minute). ---
  app.get('/stock-strip', async (c) => {
    const config = c.var.config;
    const params = readSlotParams('stockStrip', new URL(c.req.url).searchParams);
    const strip = params.success ? resolveStrip(params.output) : null;
    if (!strip) return notFound(config);
    // A brand or model strip: the make (and model) as the search page resolves them; one the tenant lacks is empty.
    const segments = params.success ? stripPathSegments(params.output) : null;
    if (segments && params.success) {
      const page = await searchPathFor(c, segments);
      if (!page?.path.filters.make) return withCacheTags(fragment('', { title: strip.heading }, SLOT_CACHE), [pageCacheTags.stock(config.slug)]);
      strip.path = page.path;
      if (!params.output.heading?.trim()) strip.heading = `${page.path.heading} in stock`;
    }
    const now = Date.now();
    const hits = await stripCars(c.var.engine, stripScope(config, now), strip);
    // Reserved online (edge-api): the card shows Reserved and no Reserve button, as in the search grid.
    const reserved = hits.length ? await reservedOf(c)(hits.map((car) => String(car.id))) : null;
    const cars = markReserved(hits, reserved);
    const head = { title: strip.heading };
    // It lists the tenant's stock (empty or not): named by the stock tag, so an import's purge drops it.
    const stockTags = [pageCacheTags.stock(config.slug)];
    // No car to show: nothing in the page (an empty answer; the host shows no empty section).
    if (!cars.length) return withCacheTags(fragment('', head, SLOT_CACHE), stockTags);
    const props = { id: stripId(strip), heading: strip.heading, viewAll: stripViewAll(strip, config), cards: toCardCars(cars, config, now), favourites: carouselFavourites(config), watchlist: config.features.watchlist };
    return withCacheTags(fragment(renderWithCardHtml(renderToString, <StockStripSlot props={props} />), head, SLOT_CACHE), stockTags);
  });

  app.get('/quick-search', async (c) => {
    const config = c.var.config;
    const params = readSlotParams('quickSearch', new URL(c.req.url).searchParams);
    if (!params.success) return notFound(config);
    const result = await c.var.engine.search(scopeFor(config, Date.now()), QUICK_SEARCH_REQUEST);
    const view = quickSearchView(result.facets, config, params.output.heading);
    // Its choices come from the stock's facets: named by the stock tag like the strips.
    return withCacheTags(fragment(renderToString(<QuickSearch view={view} />), { title: view.heading }, SLOT_CACHE), [pageCacheTags.stock(config.slug)]);
  });

  app.get('/similar-cars', async (c) => {
    const config = c.var.config;
    const params = readSlotParams('similarCars', new URL(c.req.url).searchParams);
    if (!params.success) return notFound(config);
    // A car this tenant has a page for (sold ones too: their page offers similar cars); any other slug is unknown.
    const car = await c.var.engine.getBySlug(scopeFor(config, Date.now()), params.output.slug);
    if (!car) return notFound(config);
    // It lists the tenant's stock (cards showing Reserved): named by the stock tag, dropped with the stock pages.
    return withCacheTags(fragment(renderToString(<SimilarCarsSlot props={{ source: { slug: car.slug } }} />), { title: 'Similar cars' }, SLOT_CACHE), [pageCacheTags.stock(config.slug)]);
  });

  app.get('/*', (c) => notFound(c.var.config));

  return app;
}
