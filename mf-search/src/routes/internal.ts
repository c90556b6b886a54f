import { Hono } from 'hono';
import * as v from 'valibot';
import { CarQuerySchema, INTERNAL, type InternalAnswer } from '@forecourt/contracts/internal';
import type { EnginePort } from '../lib/engine-port.ts';
import { STOCK_REFRESH_PATH } from '../lib/stock-changes.ts';
import { scopeFor } from '../lib/scope.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import { SEARCH_PAGE_CACHE, type AppEnv } from './context.ts';

/** Tenants whose sitemap an isolate keeps (10 minutes each; least recently stored beyond). */
export const SITEMAP_CACHE_MAX = 16;

/**
 * `/internal/*`: what the other Workers read over their service bindings (contracts INTERNAL.car and INTERNAL.sitemap:
 * paths, query and answer schemas declared once); the shell never proxies `/internal/*` to a browser. Mounted at the
 * root. Each call makes its own sitemap cache (10 minutes per tenant): `createApp` calls it once.
 */
export function internalRoutes({ refresh }: { refresh?: EnginePort['refresh'] } = {}) {
  const sitemaps = createTtlCache<string[]>(10 * 60_000, SITEMAP_CACHE_MAX);
  const app = new Hono<AppEnv>();

  /**
   * `POST /internal/stock/refresh` (the tenant from the shell-only tenant header): the stock import calls it after
   * writing KV, so its stock shows at once (no STOCK_WATCH_SECONDS wait) and the pages it changed are purged (lib/
   * stock-changes.ts). Not in contracts INTERNAL: no Worker calls it, only the import (dev/stock-import.mjs,
   * dev/platform.mjs importStock) through the runtime; in production each isolate's stock watch does the same within
   * STOCK_WATCH_SECONDS. Harmless if called needlessly: an unchanged stock version neither reloads nor purges.
   */
  app.post(STOCK_REFRESH_PATH, async (c) => {
    if (!refresh) return c.json({ error: 'This engine holds no stock to refresh.' }, 404);
    const outcome = await refresh(c.env, c.var.config.slug);
    sitemaps.delete(c.var.config.slug);
    return c.json(outcome, 200, { 'cache-control': 'no-store' });
  });

  /**
   * The vehicle page's read model (ARCHITECTURE.md "Data": stock lives in the search engine): one car of this tenant
   * by slug (`?slug=`: mf-vehicle, edge-api) or by id (`?id=`: mf-finance, whose links carry `car_id`), exactly one of
   * the two, as the Car contract, with the vehicle page's visibility (a car not on the website, off the base filters or
   * excluded, or another tenant's, is a 404) and its similar cars' search kept here.
   */
  app.get(INTERNAL.car.path, async (c) => {
    const asked: Record<string, string> = {};
    for (const key of ['slug', 'id'] as const) {
      const value = c.req.query(key);
      if (value !== undefined) asked[key] = value;
    }
    const query = v.safeParse(CarQuerySchema, asked);
    if (!query.success) return c.json({ error: 'Give a car slug or a car id.' }, 400);
    const scope = scopeFor(c.var.config, Date.now());
    const car = 'slug' in query.output ? await c.var.engine.getBySlug(scope, query.output.slug) : await c.var.engine.getById(scope, query.output.id);
    if (!car) return c.json({ error: 'No such car.' }, 404);
    return c.json({ car } satisfies InternalAnswer<'car'>, 200, { 'cache-control': SEARCH_PAGE_CACHE });
  });

  /** Every in-stock car page of the tenant, for the shell's sitemap.xml. */
  app.get(INTERNAL.sitemap.path, async (c) => {
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
    return c.json({ paths } satisfies InternalAnswer<'sitemap'>);
  });

  return app;
}
