import { describe, expect, it, vi } from 'vitest';
import { sitemapXml, staticSitemapPaths } from './seo.ts';
import type { Env } from '../env.ts';
import { demoTenant } from '../test/tenants.ts';
import { page, richContent, withContent } from '../test/content.ts';
import { brandPagePaths } from './brand-pages.ts';

type Call = { url: string; init: RequestInit & { headers: Record<string, string> } };
function searchEnv(answer: (call: Call) => Promise<Response>) {
  const calls: Call[] = [];
  const SEARCH = { fetch: (url: string, init: Call['init']) => (calls.push({ url, init }), answer({ url, init })) };
  return { env: { SEARCH } satisfies Pick<Env, 'SEARCH'>, calls };
}
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

describe('sitemap (protocol P3)', () => {
  const tenant = demoTenant('southern-cross-motor-group');
  const url = new URL('http://southern-cross-motor-group.localhost/sitemap.xml');

  it("asks mf-search's /internal/sitemap with the tenant header and lists its car pages", async () => {
    const { env, calls } = searchEnv(async () => Response.json({ paths: ['/cars/a-1', '/cars/b-2', '/cars/a-1', '//evil.test/x'] }));
    const locs = locsOf(await sitemapXml(tenant, url, env));
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/internal/sitemap');
    expect(new Headers(calls[0]!.init.headers).get('x-forecourt-tenant')).toBe('southern-cross-motor-group');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    expect(locs.filter((p) => p.startsWith('/cars/'))).toEqual(['/cars/a-1', '/cars/b-2']);
    expect(locs).not.toContain('//evil.test/x');
  });

  it('lists home, the search type pages the tenant offers and only shown locations; no placeholders', () => {
    const hidden = tenant.data.locations[0]!;
    const unlisted = tenant.data.locations[1]!;
    // Without content: no content page, blog or placeholder.
    const t = withContent(demoTenant('southern-cross-motor-group', (c) => ({ ...c, locations: c.locations.filter((id) => id !== unlisted.id) })), {});
    t.data.locations[0]!.visible = false;
    const paths = staticSitemapPaths(t);
    expect(paths.slice(0, 5)).toEqual(['/', '/search/new-used-and-demo-cars', '/search/used-cars', '/search/new-cars', '/search/demo-cars']);
    expect(paths).not.toContain(`/locations/${hidden.slug}`);
    expect(paths).not.toContain(`/locations/${unlisted.slug}`);
    expect(paths).toContain(`/locations/${tenant.data.locations[2]!.slug}`);
    for (const placeholder of ['/privacy-policy', '/careers', '/blog']) expect(paths).not.toContain(placeholder);
    // The locations, service and parts pages are real, indexable pages (issue 17).
    expect(paths.slice(5, 12)).toEqual(['/locations', '/dealer-locator', '/contact', '/service', '/vehicle-parts-and-accessories', '/parts/search', '/finance']);
    const used = staticSitemapPaths(demoTenant('outback-used-cars'));
    expect(used).toContain('/search/used-cars');
    expect(used).not.toContain('/search/new-cars');
    expect(used).not.toContain('/search/demo-cars');
  });

  it("lists the tenant's content pages (not noindex), model pages, blog and posts, and brand landing pages", () => {
    const content = richContent();
    const t = withContent(demoTenant('southern-cross-motor-group'), { ...content, pages: [...content.pages!, page('/models/mu-x', [{ type: 'markdown', markdown: 'MU-X' }])] });
    const paths = staticSitemapPaths(t);
    for (const p of ['/about-us', '/careers', '/warranty', '/models/hilux', '/models/mu-x', '/blog', '/blog/hilux-towing-guide', '/blog/winter-road-trips']) expect(paths, p).toContain(p);
    for (const p of ['/spin-to-win-terms', '/pages/value-my-car-terms-and-conditions']) expect(paths, p).not.toContain(p);
    const brands = brandPagePaths(t);
    expect(brands.length).toBeGreaterThan(0);
    for (const p of brands) expect(paths).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('still lists the static paths when mf-search fails, answers an error or is too slow', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const expected = staticSitemapPaths(tenant);
    for (const answer of [
      async () => { throw new Error('down'); },
      async () => new Response('nope', { status: 500 }),
      async () => Response.json({ wrong: true }),
      // Never answers until aborted: the sitemap gives up after its timeout.
      ({ init }: Call) => new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    ]) {
      const started = Date.now();
      const locs = locsOf(await sitemapXml(tenant, url, searchEnv(answer).env, 50));
      expect(locs).toEqual(expected);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    vi.restoreAllMocks();
  });
});
