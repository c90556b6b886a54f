/**
 * The uncached render cost of a car page and a search page, split into parts (issue 19 item 2), in Node: bundled and
 * run by bench/profile-render.mjs. Figures only, no assertions.
 *
 * Both remotes run as their real Hono apps (createApp) over in-memory bindings seeded like `npm start` (demo
 * buildSeed, bench scale); mf-vehicle's SEARCH binding calls mf-search's app in-process (a service-binding hop without
 * the network: Request/Response, JSON, validation), EDGE_API is a fake edge-api answering at once. The parts are timed by
 * calling what the routes call, one step at a time, with the same inputs.
 */
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { createApp as createSearchApp } from '../mf-search/src/app.tsx';
import { createEmbeddedSearch } from '../mf-search/src/engine/embedded.ts';
import { buildSearchView } from '../mf-search/src/lib/view.ts';
import { SearchPage } from '../mf-search/src/fragments/SearchPage.tsx';
import { createSearchPathFor } from '../mf-search/src/routes/context.ts';
import { fakeKv, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import { createTenantStore } from '@forecourt/contracts/tenant-store';
import { TENANT_HEADER, type SiteConfig } from '@forecourt/contracts/tenant';
import { INTERNAL } from '@forecourt/contracts/internal';
import { postsForCar } from '@forecourt/contracts/content';
import { calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import type { Car } from '@forecourt/contracts/entities/car';
import { scopeFor } from '../mf-search/src/lib/scope.ts';
import { buildFacets, PANEL_FACETS } from '../mf-search/src/lib/facets-ui.ts';
import { toCardCars } from '../mf-search/src/lib/card.ts';
import { parseRefinements, toSearchRequest } from '../mf-search/src/lib/url-state.ts';
import { fragmentResponse } from '@forecourt/contracts/fragments';
import { Facets } from '../mf-search/src/components/Facets.tsx';
import { SearchCard } from '../mf-search/src/components/SearchCard.tsx';
import { loadStock } from '../mf-search/src/lib/stock.ts';
import * as cardHtmlMemo from '../mf-search/src/lib/card-html.ts';

type Demo = { buildSeed(o: { scale: string; now?: number }): { config: Array<{ key: string; value: string }>; stock: Array<{ key: string; value: string }> } };

export type PartFigures = Record<string, number>;
export type ProfileFigures = { tenant: string; runs: number; car: { slug: string; htmlKb: number; propsKb: number; parts: PartFigures }; search: { path: string; htmlKb: number; propsKb: number; facetsKb?: number; cardsKb?: number; parts: PartFigures } };

const TENANT = 'southern-cross-motor-group';
const STYLES = ['/_mf/bench/assets/style.css'];

/**
 * A step's CPU time in ms (two decimals): the lowest mean of batches of 10 runs, after `warmup` runs. CPU time of the
 * process (`process.cpuUsage`: this thread and V8's helper threads, as a Worker's CPU time counts), not wall time,
 * and the lowest batch: the 2 cores are shared with whatever else runs, which stretches wall time but not CPU time.
 */
async function time(runs: number, warmup: number, step: () => unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await step();
  const batch = 10;
  let best = Infinity;
  for (let done = 0; done < runs; done += batch) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) await step();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000 / batch);
  }
  return Math.round(best * 100) / 100;
}

/** The island props JSON a page carries (the `<script type="application/json" data-island-props>` bodies). */
function islandProps(html: string): string[] {
  return [...html.matchAll(/<script type="application\/json" data-island-props="[^"]*">([^<]*)<\/script>/g)].map((m) => m[1]!);
}

export async function profileRender(demo: Demo, options: { runs?: number; warmup?: number; only?: string; wholeOnly?: boolean; beforeTiming?: () => Promise<void> } = {}): Promise<ProfileFigures> {
  const runs = options.runs ?? 200;
  const warmup = options.warmup ?? 30;
  const seed = demo.buildSeed({ scale: 'bench' });
  const CONFIG = fakeKv(Object.fromEntries(seed.config.map((e) => [e.key, e.value])));
  const STOCK = fakeKv(Object.fromEntries(seed.stock.map((e) => [e.key, e.value])));
  const assets = { fetch: async () => new Response('') };
  const edgeApi = {
    fetch: async (input: string) => {
      const url = new URL(input);
      if (url.pathname === INTERNAL.reservedCars.path) return Response.json({ reserved: [] });
      if (url.pathname === INTERNAL.marketPrice.path) return Response.json({ fill: 0.42, listing_price: Number(url.searchParams.get('price')), market_range_min: 20000, market_range_max: 40000, confidence: 0.8, description: null });
      return Response.json({ error: 'Not found.' }, { status: 404 });
    },
  };
  const searchEnv = { CONFIG, STOCK, ASSETS: assets, EDGE_API: edgeApi, SEARCH_ADAPTER: 'embedded', CF_VERSION_METADATA: TEST_VERSION_METADATA } as never;
  const searchApp = createSearchApp({ styles: STYLES, version: '0.0.0-bench' });
  const SEARCH = { fetch: (input: string, init?: RequestInit) => searchApp.fetch(new Request(input, init), searchEnv) };
  const carSide = options.only === 'search' ? null : await import('./profile-render-car.tsx');
  const vehicleEnv = { CONFIG, ASSETS: assets, EDGE_API: edgeApi, SEARCH, CF_VERSION_METADATA: TEST_VERSION_METADATA, VEHICLE_API_LIMITER: { limit: async () => ({ success: true }) } } as never;
  const vehicleApp = carSide?.createVehicleApp({ styles: STYLES, version: '0.0.0-bench' });
  const store = createTenantStore(CONFIG as never);
  const config = (await store.config(TENANT)) as SiteConfig;
  const data = await store.data(TENANT);
  const content = await store.content(TENANT);
  const headers = { [TENANT_HEADER]: TENANT };

  // The first in-stock car the search lists (as bench/run.mjs picks it), and warm the tenant's index.
  const first = await searchApp.fetch(new Request('http://mf-search/api/search/view?', { headers }), searchEnv);
  void first;
  const engine = createEmbeddedSearch((tenant) => loadStock(STOCK as never, tenant));
  const scope = scopeFor(config, Date.now());
  const listed = await engine.search(scope, { query: '', page: 1, hitsPerPage: 21, sortBy: 'relevance', filters: {}, ranges: {}, facets: [] });
  const slug = listed.hits.find((c) => c.status === 'in_stock')!.slug;
  // Both indexes built, the tenant's config and data read: what follows is per-request work only (the profiler starts here).
  await vehicleApp?.fetch(new Request(`http://mf-vehicle/fragments/vehicle?_slug=${encodeURIComponent(slug)}`, { headers }), vehicleEnv);
  await options.beforeTiming?.();

  // --- Car page ---
  const carParts: PartFigures = {};
  let carHtml = '';
  let carProps: string[] = [];
  if (carSide && vehicleApp) {
    const { VehiclePage, locationSlotParams, pageFinance, loadCar, loadMarketPrice, carJsonLd, siteHref, dialogFormSlots, marketPanel, withReservation } = carSide;
    const vehicleUrl = `http://mf-vehicle/fragments/vehicle?_slug=${encodeURIComponent(slug)}`;
    carParts.wholeFragment = await time(runs, warmup, async () => (await vehicleApp.fetch(new Request(vehicleUrl, { headers }), vehicleEnv)).text());
    if (options.wholeOnly) return { tenant: TENANT, runs, car: { slug, htmlKb: 0, propsKb: 0, parts: carParts }, search: { path: '', htmlKb: 0, propsKb: 0, parts: {} } };
    carParts.appOverhead404 = await time(runs, warmup, async () => (await vehicleApp.fetch(new Request('http://mf-vehicle/fragments/nope', { headers }), vehicleEnv)).text());
    carParts.carLookupHop = await time(runs, warmup, () => loadCar(SEARCH, TENANT, slug));
    carParts.carLookupInMfSearch = await time(runs, warmup, async () => {
      const car = await engine.getBySlug(scope, slug);
      return JSON.stringify({ car });
    });
    const found = await loadCar(SEARCH, TENANT, slug);
    const car0 = (found as { car: Car }).car;
    carParts.deferredHops = await time(runs, warmup, () => Promise.all([withReservation(edgeApi, TENANT, car0), loadMarketPrice(edgeApi, TENANT, car0)]));
    const car = await withReservation(edgeApi, TENANT, car0);
    const market = await loadMarketPrice(edgeApi, TENANT, car);
    const locations = data.locations;
    const now = new Date();
    carParts.headAndSlots = await time(runs, warmup, () => {
      const canonical = siteHref(config, `/cars/${car.slug}`);
      const location = locations.find((l) => l.id === (car.location_id ?? car.location?.id)) ?? null;
      return [carJsonLd(car, config, location, canonical), calculatorSlotParams(car, { finance: config.finance, now }), dialogFormSlots(car, config, locations), locationSlotParams(car, config, locations), pageFinance(car, config, now)];
    });
    const posts = postsForCar(content, car);
    const page = () => <VehiclePage car={car} config={config} locations={locations} market={marketPanel(market)} now={now} delivery={null} posts={posts} />;
    carParts.reactRenderToString = await time(runs, warmup, () => renderToString(page()));
    carParts.reactStreamToText = await time(runs, warmup, async () => new Response(await renderToReadableStream(page())).text());
    carHtml = renderToString(page());
    const streamed = await new Response(await renderToReadableStream(page())).text();
    if (streamed !== carHtml) console.warn('car page: renderToString and the stream differ', carHtml.length, streamed.length);
    const carHead = { title: car.name, description: car.name, jsonLd: [carJsonLd(car, config, null, null)], styles: STYLES, slots: dialogFormSlots(car, config, locations) };
    carParts.fragmentResponseAndText = await time(runs, warmup, () => fragmentResponse(carHtml, { head: carHead, version: '0' }).text());
    carProps = islandProps(carHtml);
    const objects = carProps.map((p) => JSON.parse(p) as unknown);
    carParts.islandPropsStringify = await time(runs, warmup, () => objects.map((o) => JSON.stringify(o)));
  }

  // --- Search page: a URL nobody asked for yet (the shell's caches miss): page 2 of the all-stock page, sorted ---
  const searchParts: PartFigures = {};
  const searchPath = '/search/new-used-and-demo-cars?nc=<n> (as bench/run.mjs "distinct URLs")';
  let searchHtml = '';
  let searchProps: string[] = [];
  let facetsKb = 0;
  let cardsKb = 0;
  if (options.only !== 'car') {
    let n = 0;
    // The bench's "distinct URLs" load: a new URL each request (the shell's caches miss), the same query.
    const bench = () => `_segments=new-used-and-demo-cars&nc=${n++}`;
    // A new query each request too (mf-search's query caches miss as well): price_max varies.
    const distinct = () => `_segments=new-used-and-demo-cars&price_max=${200000 - (n++ % 5000)}`;
    searchParts.wholeFragment = await time(runs, warmup, async () => (await searchApp.fetch(new Request(`http://mf-search/fragments/search?${bench()}`, { headers }), searchEnv)).text());
    searchParts.wholeFragmentNewQuery = await time(runs, warmup, async () => (await searchApp.fetch(new Request(`http://mf-search/fragments/search?${distinct()}`, { headers }), searchEnv)).text());
    // New cars too: pages 1-250 in turn (more cars than any per-isolate memo holds), each a new query.
    let p = 0;
    const pages = () => `_segments=new-used-and-demo-cars&page=${1 + (p++ % 250)}`;
    searchParts.wholeFragmentNewCars = await time(runs, warmup, async () => (await searchApp.fetch(new Request(`http://mf-search/fragments/search?${pages()}`, { headers }), searchEnv)).text());
    if (options.wholeOnly) return { tenant: TENANT, runs, car: { slug, htmlKb: 0, propsKb: 0, parts: carParts }, search: { path: searchPath, htmlKb: 0, propsKb: 0, parts: searchParts } };
    const searchPathFor = createSearchPathFor();
    const ctx = { var: { config, store, engine }, env: searchEnv } as never;
    const resolved = (await searchPathFor(ctx, 'new-used-and-demo-cars'))!;
    searchParts.pathResolve = await time(runs, warmup, () => searchPathFor(ctx, 'new-used-and-demo-cars'));
    const params = () => new URLSearchParams(distinct());
    const reservedOf = async () => null;
    const build = () => buildSearchView({ engine, config, path: resolved.path, params: params(), now: Date.now(), manufacturers: data.manufacturers, assetBase: '/_mf/mf-search/0/', reservedOf, crumbSource: resolved.crumbSource });
    searchParts.viewModelWithEngine = await time(runs, warmup, build);
    const request = { query: '', page: 1, hitsPerPage: config.search.page_size, sortBy: 'relevance' as const, filters: {}, ranges: {}, facets: [] };
    let m = 0;
    searchParts.engineQueryNoFacets = await time(runs, warmup, () => engine.search(scope, { ...request, ranges: { price: { max: 200000 - (m++ % 5000) } } } as never));
    const view = await build();
    searchParts.appOverhead404 = await time(runs, warmup, async () => (await searchApp.fetch(new Request('http://mf-search/fragments/nope', { headers }), searchEnv)).text());
    // The view model's parts, with the refinements and engine answer of the bench's page (no query cache).
    const refinements = parseRefinements(new URLSearchParams('nc=1'));
    const facetRequest = toSearchRequest(refinements, resolved.path.filters, config.search.page_size, PANEL_FACETS);
    let k = 0;
    searchParts.engineQueryWithFacets = await time(runs, warmup, () => engine.search(scope, { ...facetRequest, ranges: { price: { max: 300000 - (k++ % 5000) } } } as never));
    const result = await engine.search(scope, facetRequest);
    const facetsInput = { result, pathname: resolved.path.pathname, pathFilters: resolved.path.filters, refinements, popularMakesCount: config.search.popular_makes_count, popularMakesHeadings: config.search.popular_makes_headings, popularMakesBoundary: config.search.popular_makes_boundary, priceQuickPicks: config.search.price_quick_picks, assetBase: '/_mf/mf-search/0/', certifiedOnly: config.features.certified_only, manufacturers: data.manufacturers };
    searchParts.viewFacets = await time(runs, warmup, () => buildFacets(facetsInput));
    searchParts.viewCards = await time(runs, warmup, () => toCardCars(result.hits, config, Date.now()));
    // The page's React render: live (every card rendered), and through the cards' HTML memo (lib/card-html.ts, when
    // this build has it) cold (a new memo each render: none of these cars rendered before) and warm (all held).
    const memo = cardHtmlMemo as Partial<typeof cardHtmlMemo>;
    searchParts.reactRenderToString = await time(runs, warmup, () => renderToString(<SearchPage view={view} />));
    if (memo.renderWithCardHtml && memo.createCardHtmlCache) {
      const { renderWithCardHtml, createCardHtmlCache } = memo;
      const live = renderToString(<SearchPage view={view} />);
      searchParts.reactRenderCardMemoCold = await time(runs, warmup, () => renderWithCardHtml(renderToString, <SearchPage view={view} />, createCardHtmlCache()));
      if (memo.articleInsides) {
        const { articleInsides } = memo;
        searchParts.cardMemoKeys = await time(runs, warmup, () => view.cards.map((car) => JSON.stringify([car, 'fs-grid', false, true, 'lazy', false, false, 2, null])));
        searchParts.cardMemoCut = await time(runs, warmup, () => articleInsides(live));
      }
      const cache = createCardHtmlCache();
      const first = renderWithCardHtml(renderToString, <SearchPage view={view} />, cache);
      searchParts.reactRenderCardMemoWarm = await time(runs, warmup, () => renderWithCardHtml(renderToString, <SearchPage view={view} />, cache));
      const warm = renderWithCardHtml(renderToString, <SearchPage view={view} />, cache);
      if (first !== live || warm !== live || cache.size() === 0) console.warn('search page: the cards memo changed the HTML or kept no card', cache.size());
    }
    searchHtml = renderToString(<SearchPage view={view} />);
    // The page's two big parts on their own: the facets panel and the 21 cards.
    const facetsTree = () => <Facets facets={view.facets} pathname={view.pathname} refinements={view.refinements} interactive={false} onRange={() => {}} />;
    searchParts.reactFacetsPanel = await time(runs, warmup, () => renderToString(facetsTree()));
    const cardsTree = () => <ul>{view.cards.map((car, i) => <li key={car.id}><SearchCard car={car} favourite={false} showFavourite={view.favourites && !view.compare} onToggleFavourite={() => {}} idBase="fs-grid" imageLoading={i < 2 ? 'priority' : 'lazy'} compared={false} /></li>)}</ul>;
    searchParts.reactCards = await time(runs, warmup, () => renderToString(cardsTree()));
    facetsKb = renderToString(facetsTree()).length / 1024;
    cardsKb = renderToString(cardsTree()).length / 1024;
    searchParts.fragmentResponseAndText = await time(runs, warmup, () => fragmentResponse(searchHtml, { head: { title: view.heading, description: view.heading, styles: STYLES }, version: '0' }).text());
    searchProps = islandProps(searchHtml);
    const objects = searchProps.map((p) => JSON.parse(p) as unknown);
    searchParts.islandPropsStringify = await time(runs, warmup, () => objects.map((o) => JSON.stringify(o)));
  }
  const kb = (s: string | string[]) => Math.round((Array.isArray(s) ? s.join('') : s).length / 102.4) / 10;
  return { tenant: TENANT, runs, car: { slug, htmlKb: kb(carHtml), propsKb: kb(carProps), parts: carParts }, search: { path: searchPath, htmlKb: kb(searchHtml), propsKb: kb(searchProps), facetsKb: Math.round(facetsKb * 10) / 10, cardsKb: Math.round(cardsKb * 10) / 10, parts: searchParts } };
}
