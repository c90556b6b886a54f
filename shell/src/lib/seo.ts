import { callInternal } from '@forecourt/contracts/internal';
import type { Env } from '../env.ts';
import type { ResolvedTenant, Tenant } from './tenant.ts';
import { brandPagePaths } from './brand-pages.ts';
import { contentSitemapPaths } from './content-pages.ts';

/** Per-tenant robots.txt pointing at the tenant's own sitemap. */
export function robotsTxt(tenant: ResolvedTenant, url: URL): string {
  const origin = tenant.config.site_url ?? url.origin;
  return `User-agent: *\nDisallow: /api/\nDisallow: /sign-in\nDisallow: /print\nDisallow: /success\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin)}\n`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** How long the sitemap waits on mf-search's `GET /internal/sitemap` (contracts INTERNAL.sitemap, protocol P3). */
export const SITEMAP_TIMEOUT_MS = 2000;

/**
 * The indexable pages the shell knows itself: home, the search type pages the tenant offers, the locations, contact
 * and finance pages, each location page the tenant shows (listed in `config.locations` and visible), the tenant's
 * content pages (not noindex; model pages included), its blog and posts, and its brand landing pages.
 */
export function staticSitemapPaths(tenant: Tenant): string[] {
  const { config, data } = tenant;
  const paths = ['/', '/search/new-used-and-demo-cars', '/search/used-cars'];
  if (!config.search.used_only) paths.push('/search/new-cars', '/search/demo-cars');
  // Real pages of the remotes: locations list, dealer locator, contact (enquiry form), service and parts (issue 17),
  // the parts search, the standalone finance calculator.
  paths.push('/locations', '/dealer-locator', '/contact', '/service', '/vehicle-parts-and-accessories', '/parts/search', '/finance');
  const shown = new Set(config.locations);
  for (const l of data.locations) if (l.visible && shown.has(l.id)) paths.push(`/locations/${l.slug}`);
  // The brand grid where the tenant has one, and each brand's landing page.
  if (config.features.brand_grid && config.brands.length) paths.push('/brands');
  paths.push(...contentSitemapPaths(tenant), ...brandPagePaths(tenant));
  return paths;
}

/** The tenant's car pages from mf-search, or none when it fails or is slow (the rest of the sitemap still answers). */
async function searchSitemapPaths(tenant: Tenant, env: Pick<Env, 'SEARCH'>, timeoutMs: number): Promise<string[]> {
  try {
    const answer = await callInternal(env.SEARCH, 'sitemap', { tenant: tenant.config.slug, timeoutMs });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    // Same-site absolute paths only: a bad entry must not turn into someone else's URL.
    return answer.data.paths.filter((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\'));
  } catch (error) {
    console.error('sitemap: search unavailable', error instanceof Error ? error.message : error);
    return [];
  }
}

/** Sitemap: the shell's own indexable pages plus every car page mf-search lists for the tenant. */
export async function sitemapXml(tenant: Tenant, url: URL, env: Pick<Env, 'SEARCH'>, timeoutMs = SITEMAP_TIMEOUT_MS): Promise<string> {
  const origin = tenant.config.site_url ?? url.origin;
  const paths = [...new Set([...staticSitemapPaths(tenant), ...(await searchSitemapPaths(tenant, env, timeoutMs))])];
  const urls = paths.map((p) => `<url><loc>${escapeXml(new URL(p, origin).toString())}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}
