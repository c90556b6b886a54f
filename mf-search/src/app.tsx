import type { Context } from 'hono';
// hono/quick: the same Hono with a router that needs no build on its first request (LinearRouter), not the default
// RegExpRouter, which compiles every route into one expression when the isolate's first request arrives (issue 19, cold
// start: measured in the first-request profile). The route table is small, so matching linearly costs microseconds.
import { Hono } from 'hono/quick';
import { apiPrefixOf } from '@forecourt/contracts/api-owners';
import { reportWorkerVersion } from '@forecourt/contracts/releases';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { tenantMiddleware } from '@forecourt/contracts/tenant-store';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { SearchUnavailableError } from './engine/meilisearch/errors.ts';
import { createEnginePort, type EnginePort } from './lib/engine-port.ts';
import { createPartsPort, type PartsEnginePort } from './lib/parts-port.ts';
import { searchApi } from './routes/api.ts';
import { createSearchPathFor, type AppEnv } from './routes/context.ts';
import { fragmentRoutes } from './routes/fragments.tsx';
import { internalRoutes } from './routes/internal.ts';
import { alertRoutes } from './routes/alerts.ts';

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /**
   * The search port for a request's env and tenant (default: a fresh `createEnginePort()`, the embedded engine over
   * KV `STOCK`, or Meilisearch for tenants with a `search_service` when `SEARCH_ADAPTER=meilisearch`).
   */
  engine?: EnginePort;
  /** The parts search port (default: a fresh `createPartsPort()`, embedded over KV `parts:<slug>`, or Meilisearch). */
  parts?: PartsEnginePort;
};

/**
 * The mf-search Worker: the search and offers pages as fragments (ARCHITECTURE.md "Fragments"), `/api/search/*` and
 * the `/internal/*` reads of the other Workers. Its state (engine port, catalogue and sitemap caches) belongs to the
 * app: one per isolate in the Worker, a fresh one per test.
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
/** The fragments that read the tenant's stock index (routes/fragments.tsx), for the index prefetch below. */
const INDEX_FRAGMENTS: ReadonlySet<string> = new Set(['search', 'offers', 'offer', 'stock-strip', 'quick-search', 'similar-cars'].map((p) => `/fragments/${p}`));
/** The fragments that read the tenant's data (makes, places, offers) on every answer (routes/fragments.tsx). */
const USES_DATA: ReadonlySet<string> = new Set(['search', 'offers', 'offer'].map((p) => `/fragments/${p}`));
/** A tenant slug's shape (contracts tenant.ts). */
const WELL_FORMED_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function createApp({ styles, version, engine = createEnginePort(), parts = createPartsPort() }: AppOptions) {
  const app = new Hono<AppEnv>();
  // Every answer names the Worker version that made it (the shell counts answers from a version it did not ask for).
  // Per-isolate caches share loads between requests: each runs to completion even if its request ends (shared-load.ts).
  app.use('*', anchorSharedLoads());
  app.use('*', reportWorkerVersion());
  /** This remote's versioned static files (body drawings), same-origin through the shell. */
  const assetBase = `/_mf/mf-search/${version}/`;
  const searchPathFor = createSearchPathFor();
  // A tenant's new stock: its cached catalogue goes with the old index (the query caches go in the engine port).
  engine.onStockChange?.((tenant) => searchPathFor.forget(tenant));

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // A page or search API request of an embedded tenant needs its index: asked for now, while the tenant's config is
  // read (issue 19, cold start: a tenant's first page then waits for the longer of the two reads, not both in turn).
  // Only the fragments that read the stock ask (not parts search, not an unknown fragment), and only for a well-formed
  // slug (the shell's header). The stock watch's check of the tenant starts with it (lib/engine-port.ts). A slug the
  // tenant store then does not know answers 404 and its index, empty, and its stock watch entry are dropped at once: no
  // entry is kept for a site that does not exist.
  const searchApiPrefix = `${apiPrefixOf('mf-search')}/`;
  const searchView = `${searchApiPrefix}view`;
  const usesIndex = (path: string) => path.startsWith(searchApiPrefix) || INDEX_FRAGMENTS.has(path);
  app.use('*', async (c, next) => {
    const slug = c.req.header(TENANT_HEADER);
    const prefetched = !!slug && WELL_FORMED_SLUG.test(slug) && usesIndex(c.req.path) && !!engine.prefetch;
    if (prefetched) engine.prefetch!(c.env, slug);
    await next();
    // Only an unknown slug (404): a config read that failed (a KV hiccup, 500) keeps a known tenant's index and watch.
    if (prefetched && !c.get('config') && c.res.status === 404) {
      if (engine.forget) engine.forget(slug);
      else engine.embedded?.()?.invalidate(slug);
    }
  });
  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());
  app.use('*', async (c, next) => {
    // The pages that name the tenant's makes, places and offers (the search path catalogue, the offers) read its data:
    // asked for now, while the engine port checks the stock, not after it (issue 19, cold start).
    if (USES_DATA.has(c.req.path) || c.req.path === searchView) c.var.store.data(c.var.config.slug).catch(() => {});
    c.set('engine', await engine(c.env, c.var.config));
    await next();
  });

  const partsFor = (c: Context<AppEnv>) => parts(c.env, c.var.config, c.var.store);
  app.route('/fragments', fragmentRoutes({ styles, version, assetBase, searchPathFor, partsFor }));
  app.route(apiPrefixOf('mf-search'), searchApi({ assetBase, searchPathFor }));
  // The stock refresh route reloads through the engine port (an import calls it: lib/engine-port.ts refresh).
  app.route('/', internalRoutes({ refresh: engine.refresh }));
  // edge-api's alerts (issue 16): /internal/stock-digest and /internal/search-matches, read from KV STOCK.
  app.route('/', alertRoutes());

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

  return app;
}

export type AppType = ReturnType<typeof createApp>;
