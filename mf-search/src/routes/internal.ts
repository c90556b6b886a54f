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
   * by slug, as the Car contract, with the tenant's stock visibility applied (a car sold past the tenant's window,
   * hidden from the website or excluded is a 404) and its similar cars' search kept here. mf-vehicle calls it.
   */
  app.get(INTERNAL.car.path, async (c) => {
    const query = v.safeParse(CarQuerySchema, { slug: c.req.query('slug') ?? '' });
    if (!query.success) return c.json({ error: 'Give a car slug.' }, 400);
    const car = await c.var.engine.getBySlug(scopeFor(c.var.config, Date.now()), query.output.slug);
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
