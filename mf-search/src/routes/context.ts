/** What the route groups share: the request context's type, the search page's cache time and the per-app helpers. */
import type { Context } from 'hono';
import { loadReservedIds } from '@forecourt/contracts/reservations';
import type { PartsSearchPort } from '@forecourt/contracts/parts-search';
import type { SearchPort } from '@forecourt/contracts/search';
import type { TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from '../env.ts';
import { buildCatalogue, modelsOf } from '../lib/catalogue.ts';
import type { CrumbSource } from '../lib/crumbs.ts';
import { scopeFor } from '../lib/scope.ts';
import { resolveSearchPath, type SearchCatalogue, type SearchPath } from '../lib/search-path.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';

/** Every route runs after the tenant middleware and the engine port: `c.var.config`, `c.var.store`, `c.var.engine`. */
export type AppEnv = { Bindings: Env; Variables: TenantVariables & { engine: SearchPort } };

/**
 * A search page is the same for every shopper (favourites fill in on the client), so the shell may keep it for a
 * short while: a popular page then costs one render per half minute, and stock is at most that stale.
 */
export const SEARCH_PAGE_CACHE = 'public, max-age=30';

/** The slots (stock strip, similar cars) depend on the tenant's stock only: the shell may share them for a minute. */
export const SLOT_CACHE = 'public, max-age=60';

/** Paid online reservations of this tenant's cars, from edge-api (contracts/src/reservations.ts); null when unknown. */
export const reservedOf = (c: Context<AppEnv>) => (ids: string[]) => loadReservedIds(c.env.EDGE_API, c.var.config.slug, ids);

/** A search page of the request's tenant: its path, and the tenant's catalogue its crumbs name values from (crumbs.ts). */
export type SearchPage = { path: SearchPath; crumbSource: CrumbSource };

/** What a search page reads of its request: the tenant middleware's config and store and the engine port's engine. */
export type SearchContext = { var: Pick<AppEnv['Variables'], 'config' | 'store' | 'engine'> };

/** Resolves a search path (`_segments` of `/search/...`) for the request's tenant; null for no such search page. */
export type SearchPathFor = ((c: SearchContext, segments: string) => Promise<SearchPage | null>) & {
  /** Drops a tenant's cached catalogue (its stock changed: EnginePort.onStockChange). */
  forget?: (tenant: string) => void;
};

/**
 * A search path resolver whose tenant catalogues (makes and bodies in stock, brands, places: lib/catalogue.ts) are
 * cached for a minute per resolver: `createApp` makes one, shared by the fragments and the API, and `forget`s a
 * tenant's when its stock changes.
 */
export function createSearchPathFor(clock: () => number = Date.now): SearchPathFor & { forget: (tenant: string) => void } {
  const catalogues = createTtlCache<SearchCatalogue>(60_000);
  const resolve: SearchPathFor = async (c, segments) => {
    const config = c.var.config;
    const scope = scopeFor(config, clock());
    const catalogue = await catalogues(config.slug, () => buildCatalogue(c.var.engine, scope, config, c.var.store.data(config.slug)));
    const models = (make: string) => modelsOf(c.var.engine, scope, make);
    const path = await resolveSearchPath(segments, catalogue, models);
    return path ? { path, crumbSource: { catalogue, models } } : null;
  };
  return Object.assign(resolve, { forget: (tenant: string) => catalogues.delete(tenant) });
}

/** What the page and API routes need from `createApp`. */
export type RouteOptions = {
  /** The remote's stylesheets, sent in every fragment's head. */
  styles: string[];
  /** This build's version, sent in `x-forecourt-version`. */
  version: string;
  /** This remote's versioned static files (body drawings), same-origin through the shell. */
  assetBase: string;
  searchPathFor: SearchPathFor;
  /** The parts search port of a request's tenant (lib/parts-port.ts: embedded over KV `parts:<slug>`, or Meilisearch). */
  partsFor: (c: Context<AppEnv>) => PartsSearchPort;
};
