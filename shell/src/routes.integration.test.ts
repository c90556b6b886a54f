/**
 * Every route of the table resolves through the composed platform for every demo tenant: a page (200), a sign-in
 * redirect for gated routes (302 to /sign-in), or 404 where the tenant has the feature off; never a 5xx or a blank page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@forecourt/contracts/routes';
// @ts-expect-error plain ESM module without types
import { startPlatform } from '../../dev/platform.mjs';

type Platform = { url: URL; tenantUrl: (slug: string) => string; mf: { dispatchFetch: (url: string, init?: unknown) => Promise<Response> }; dispose: () => Promise<void> };
let platform: Platform;
let tenants: Array<{ slug: string; name: string }>;

beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error' });
  // @ts-expect-error built by dev/build.mjs
  const demo = await import('../../demo/dist/index.mjs');
  tenants = demo.demoTenants().map((t: { slug: string; name: string }) => ({ slug: t.slug, name: t.name }));
});
afterAll(() => platform?.dispose());

/** A concrete path for a pattern: parameters get plausible sample values. */
function samplePath(pattern: string): string {
  return pattern
    .replace('*segments', 'used-cars')
    .replace(':brand', 'toyota')
    .replace(':manufacturerSlug', 'toyota')
    .replace(':model', 'hilux')
    .replace(/:[a-zA-Z]+/g, 'sample-1');
}

describe('route table through the shell', () => {
  it('answers every route for every tenant with a page, a sign-in redirect or a 404, never 5xx', async () => {
    const failures: string[] = [];
    const seen = new Set<number>();
    for (const { slug, name } of tenants) {
      for (const route of ROUTES) {
        const path = samplePath(route.pattern);
        const res = await platform.mf.dispatchFetch(`${platform.tenantUrl(slug)}${path}`, { redirect: 'manual' });
        const body = await res.text();
        // A tenant's own page (its header and footer), not the unknown-host 404.
        const tenantPage = body.includes('<main id="main"') && body.includes('</html>') && body.includes(name.replace(/&/g, '&amp;'));
        const ok =
          (res.status === 200 && tenantPage) ||
          (res.status === 302 && (res.headers.get('location') ?? '').startsWith('/sign-in?type=')) ||
          (res.status === 404 && tenantPage);
        seen.add(res.status);
        if (!ok) failures.push(`${slug} ${path} (${route.pattern}) -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect([...seen].sort()).toEqual([200, 302, 404]);
  });

  it('sends an anonymous shopper from an always-gated page to sign-in with the way back', async () => {
    const res = await platform.mf.dispatchFetch(`${platform.tenantUrl(tenants[0]!.slug)}/my-garage`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2Fmy-garage');
  });

  it('answers 404 for a route whose feature the tenant has off', async () => {
    // The franchised dealer does not sell online: /cars/{slug}/buy-online needs `buy_online`.
    const res = await platform.mf.dispatchFetch(`${platform.tenantUrl('harbourside-toyota')}/cars/sample-1/buy-online`);
    expect(await res.text()).toContain('Page not found');
    expect(res.status).toBe(404);
  });
});

describe('no broken links', () => {
  it('every same-site link on each tenant home page (menus, mega menu, footer, tiles) answers 200 or a sign-in redirect', async () => {
    const broken: string[] = [];
    for (const { slug } of tenants) {
      const home = await (await platform.mf.dispatchFetch(`${platform.tenantUrl(slug)}/`)).text();
      const hrefs = [...new Set([...home.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')))];
      expect(hrefs.length).toBeGreaterThan(10);
      for (const href of hrefs) {
        const res = await platform.mf.dispatchFetch(`${platform.tenantUrl(slug)}${href}`, { redirect: 'manual' });
        await res.arrayBuffer();
        const ok = res.status === 200 || (res.status === 302 && (res.headers.get('location') ?? '').startsWith('/sign-in?'));
        if (!ok) broken.push(`${slug} ${href} -> ${res.status}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
