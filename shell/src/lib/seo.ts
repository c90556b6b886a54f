import type { Env } from '../env.ts';
import type { Tenant } from './tenant.ts';

/** Per-tenant robots.txt pointing at the tenant's own sitemap. */
export function robotsTxt(tenant: Tenant, url: URL): string {
  const origin = tenant.config.site_url ?? url.origin;
  return `User-agent: *\nDisallow: /api/\nDisallow: /sign-in\nDisallow: /print\nDisallow: /success\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin)}\n`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Sitemap: the tenant's stock pages and every car page (from mf-search), plus its locations. */
export async function sitemapXml(tenant: Tenant, url: URL, env: Env): Promise<string> {
  const origin = tenant.config.site_url ?? url.origin;
  const paths = ['/', '/search/new-used-and-demo-cars', '/search/used-cars', '/finance', '/contact', '/dealer-locator'];
  if (!tenant.config.search.used_only) paths.push('/search/new-cars', '/search/demo-cars');
  for (const l of tenant.data.locations) paths.push(`/locations/${l.slug}`);
  try {
    const res = await env.SEARCH.fetch('https://mf-search.internal/api/search/sitemap', { headers: { 'x-forecourt-tenant': tenant.config.slug } } as never);
    if (res.ok) paths.push(...((await res.json()) as { paths: string[] }).paths);
  } catch (error) {
    console.error('sitemap: search unavailable', error instanceof Error ? error.message : error);
  }
  const urls = paths.map((p) => `<url><loc>${escapeXml(new URL(p, origin).toString())}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}
