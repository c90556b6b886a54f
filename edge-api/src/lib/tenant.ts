import { createMiddleware } from 'hono/factory';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createTenantStore, type TenantStore } from '@forecourt/contracts/tenant-store';
import type { AppEnv } from '../types.ts';
import { jsonError } from './http.ts';

/** Same shape as the contracts' tenant slug: lowercase words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 63;

/** Routes that answer without a tenant (platform probes). */
export const TENANTLESS_PATHS = new Set(['/api/health']);

/** One store per CONFIG binding, i.e. per isolate. */
const stores = new WeakMap<KVNamespace, TenantStore>();

/**
 * The tenant store of contracts (the shell's and the remotes' too): validated configs, a misfiled config (slug not the
 * key's) rejected, 60 s per-isolate cache capped at 1,000 entries. A bad config fails loudly (ARCHITECTURE.md Data),
 * surfacing as a logged 500, not as a wrong page; a removed tenant is unknown once its cache entry expires, as with KV's
 * own 60 s edge cache.
 */
export function tenantStore(kv: KVNamespace): TenantStore {
  let store = stores.get(kv);
  if (!store) stores.set(kv, (store = createTenantStore(kv)));
  return store;
}

/**
 * Every tenant-scoped route needs `x-forecourt-tenant` (set by the shell on every subrequest)
 * naming a tenant that exists in KV; 400 when missing or malformed, 404 when unknown.
 */
export const tenantMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  if (TENANTLESS_PATHS.has(c.req.path)) return next();
  const slug = c.req.header(TENANT_HEADER)?.trim();
  if (!slug) return jsonError(c, 400, `Missing tenant: the ${TENANT_HEADER} header is required.`);
  if (slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug)) {
    return jsonError(c, 400, `Invalid tenant: the ${TENANT_HEADER} header must be a lowercase slug.`);
  }
  const config = await tenantStore(c.env.CONFIG).config(slug);
  if (!config) return jsonError(c, 404, 'Unknown tenant.');
  c.set('tenant', slug);
  c.set('siteConfig', config);
  await next();
});
