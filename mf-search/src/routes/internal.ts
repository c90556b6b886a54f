import { Hono } from 'hono';
import * as v from 'valibot';
import { CarQuerySchema, INTERNAL, type InternalAnswer } from '@forecourt/contracts/internal';
import { scopeFor } from '../lib/scope.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import { SEARCH_PAGE_CACHE, type AppEnv } from './context.ts';

/**
 * `/internal/*`: what the other Workers read over their service bindings (contracts INTERNAL.car and INTERNAL.sitemap:
 * paths, query and answer schemas declared once); the shell never proxies `/internal/*` to a browser. Mounted at the
 * root. Each call makes its own sitemap cache (10 minutes per tenant): `createApp` calls it once.
 */
export function internalRoutes() {
  const sitemaps = createTtlCache<string[]>(10 * 60_000);
  const app = new Hono<AppEnv>();

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
