import { createMiddleware } from 'hono/factory';
import { TENANT_HEADER, kvTenantKey, parseSiteConfig, type SiteConfig } from '@forecourt/contracts/tenant';
import type { AppEnv } from '../types.ts';
import { jsonError } from './http.ts';

/** Same shape as the contracts' tenant slug: lowercase words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 63;

/** Routes that answer without a tenant (platform probes). */
export const TENANTLESS_PATHS = new Set(['/api/health']);

/** Parsed configs per isolate, re-parsed only when the stored JSON changes. */
const configCache = new Map<string, { raw: string; config: SiteConfig }>();

/** Reads and validates a tenant's config from KV CONFIG; null when the tenant does not exist. Throws on a bad config. */
export async function loadSiteConfig(kv: KVNamespace, slug: string): Promise<SiteConfig | null> {
  const raw = await kv.get(kvTenantKey(slug));
  if (raw === null) {
    configCache.delete(slug);
    return null;
  }
  const cached = configCache.get(slug);
  if (cached && cached.raw === raw) return cached.config;
  // A bad config fails loudly here (ARCHITECTURE.md Data), surfacing as a logged 500, not as a wrong page.
  const config = parseSiteConfig(JSON.parse(raw));
  if (config.slug !== slug) throw new Error(`Tenant config under ${kvTenantKey(slug)} has slug "${config.slug}"`);
  configCache.set(slug, { raw, config });
  return config;
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
  const config = await loadSiteConfig(c.env.CONFIG, slug);
  if (!config) return jsonError(c, 404, 'Unknown tenant.');
  c.set('tenant', slug);
  c.set('siteConfig', config);
  await next();
});
