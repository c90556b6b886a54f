/**
 * The shell composing the built Workers in one workerd (dev/platform.mjs): tenant resolution by Host, the document
 * around a remote's fragment (head, security headers, remote map), same-origin assets, fallbacks for a failing or
 * slow remote, the /api proxy's server-side tenant, robots.txt, sitemap.xml and demo images.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { startPlatform } from '../../dev/platform.mjs';
import { get, type Res } from './test/http.ts';
// @ts-expect-error plain ESM module without types
import { localWorkerVersionId } from '../../dev/canary.mjs';

type Platform = { url: URL; mf: { getKVNamespace(binding: string, worker: string): Promise<{ get(key: string, type: 'json'): Promise<unknown> }> }; dispose(): Promise<void> };
type TenantConfig = { slug: string; name: string; hosts: string[]; site_url?: string; remotes: Record<string, string>; search: { used_only: boolean }; theme: { logo: { alt: string } } };
type Card = { id: string; path: string; status: string; image: string | null };
/** The part of a tenant's content document (KV `content:<slug>`) these tests read. */
type Content = { pages: Array<{ path: string; title: string; noindex?: boolean; canonical?: string; blocks: Array<{ type: string; heading?: string }> }>; posts: Array<{ slug: string }> };

const SLUGS = ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'] as const;
const REMOTES = ['mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account'];
const FALLBACK_TEXT = 'This section is temporarily unavailable';

const header = (res: Res, name: string) => String(res.headers[name] ?? '');
const localHost = (slug: string, port?: string) => `${slug}.localhost${port ? `:${port}` : ''}`;
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

/** Security headers every document must carry (DEVELOPERS.md rule 7). */
function expectSecurityHeaders(res: Res) {
  expect(header(res, 'content-security-policy')).toContain("frame-ancestors 'none'");
  expect(header(res, 'content-security-policy')).toContain("default-src 'self'");
  expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(header(res, 'x-content-type-options')).toBe('nosniff');
}

/** The tenant's chrome around any page: its header (logo, main nav) and footer (legal line names the business). */
function expectChrome(body: string, config: TenantConfig) {
  expect(body).toContain('<header class="fc-header">');
  expect(body).toContain(`alt="${config.theme.logo.alt}"`);
  expect(body).toContain('<nav class="fc-nav" id="fc-nav" aria-label="Main">');
  expect(body).toContain('<footer class="fc-footer">');
  const holder = config.business?.legal_name ?? config.name;
  expect(body).toMatch(new RegExp(`&copy; \\d{4} ${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`));
  expect(body.trimEnd().endsWith('</html>')).toBe(true);
}

let platform: Platform;
const configs = {} as Record<(typeof SLUGS)[number], TenantConfig>;
const contents = {} as Record<(typeof SLUGS)[number], Content>;

beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error' });
  const kv = await platform.mf.getKVNamespace('CONFIG', 'forecourt-shell');
  for (const slug of SLUGS) configs[slug] = (await kv.get(`tenant:${slug}`, 'json')) as TenantConfig;
  for (const slug of SLUGS) contents[slug] = ((await kv.get(`content:${slug}`, 'json')) as Content | null) ?? { pages: [], posts: [] };
});

afterAll(async () => {
  await platform?.dispose();
});

const hs = () => configs['harbourside-toyota'];
/** A tenant's stored content page at a path (the demo content, seeded like its config). */
const contentAt = (slug: (typeof SLUGS)[number], path: string) => contents[slug].pages.find((p) => p.path === path);
/** Text as hono's html template escapes it. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** The h1 a content page renders, as HTML: its first block's hero heading, else its title (shell content-blocks.ts). */
const h1Of = (page: Content['pages'][number]) => (page.blocks[0]?.type === 'hero' ? page.blocks[0].heading! : page.title).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
const hsGet = (path: string, headers?: Record<string, string>, method?: string, body?: string) => get(platform.url, localHost('harbourside-toyota'), path, headers, method, body);
/** The header's markup (announcement bar and header), where nav links live. */
const headerOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
const otherNames = (slug: string) => SLUGS.filter((s) => s !== slug).map((s) => configs[s].name);

describe('tenant resolution', () => {
  it.each(SLUGS)('serves %s at <slug>.localhost (with and without a port), naming only that tenant', async (slug) => {
    const config = configs[slug];
    for (const host of [localHost(slug), localHost(slug, platform.url.port)]) {
      const res = await get(platform.url, host, '/');
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<meta property="og:site_name" content="${config.name}">`);
      for (const other of otherNames(slug)) expect(res.body).not.toContain(other);
    }
  });

  it.each(SLUGS)('serves %s at each production host of its config (host:<hostname> in KV)', async (slug) => {
    const config = configs[slug];
    expect(config.hosts.length).toBeGreaterThan(0);
    for (const host of [...config.hosts, config.hosts[0]!.toUpperCase(), `${config.hosts[0]}:443`]) {
      const res = await get(platform.url, host, '/search/used-cars');
      expect(res.status, host).toBe(200);
      expect(res.body).toContain(`<meta property="og:site_name" content="${config.name}">`);
      for (const other of otherNames(slug)) expect(res.body).not.toContain(other);
    }
  });

  it.each(['nobody.example.com', 'evil.localhost', 'harbourside-toyota.com.au.evil.example', 'localhost', '127.0.0.1'])(
    'answers unknown host %s with a plain 404 page that names no tenant',
    async (host) => {
      const res = await get(platform.url, host, '/search/used-cars');
      expect(res.status).toBe(404);
      expect(header(res, 'content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
      expect(res.body).toContain('<h1>Not found</h1>');
      for (const slug of SLUGS) {
        expect(res.body).not.toContain(configs[slug].name);
        expect(res.body).not.toContain(slug);
      }
      expect(res.body).not.toContain('fc-header');
      expect(res.body).not.toContain('forecourt-remotes');
    },
  );
});

describe('documents', () => {
  it.each(['/', '/search/used-cars', '/privacy-policy', '/search/no-such-page-xyz', '/Not_A_Route/x'])('%s carries CSP (frame-ancestors none), referrer policy and nosniff', async (path) => {
    const res = await hsGet(path);
    expect(header(res, 'content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
    expectChrome(res.body, hs());
  });

  it("puts the search fragment's title, description, canonical and stylesheets in <head>", async () => {
    const [res, api] = await Promise.all([hsGet('/search/used-cars'), hsGet('/api/search/view?path=/search/used-cars')]);
    expect(res.status).toBe(200);
    const { count, displayedCount } = JSON.parse(api.body) as { count: number; displayedCount: number };
    expect(count).toBeGreaterThan(0);
    const head = headOf(res.body);
    const config = hs();
    expect(head).toContain(`<title>Used cars for sale | ${config.name}</title>`);
    expect(head).toContain(`<meta name="description" content="${displayedCount.toLocaleString('en-AU')} used cars for sale at ${config.name}.">`);
    expect(head).toContain(`<link rel="canonical" href="${new URL('/search/used-cars', config.site_url)}">`);
    // The fragment's head travels in a header between Workers only: the shopper never sees it.
    expect(res.headers['x-forecourt-head']).toBeUndefined();

    const styles = [...head.matchAll(/<link rel="stylesheet" href="(\/_mf\/mf-search\/[^"]+\.css)">/g)].map((m) => m[1]!);
    expect(styles.length).toBeGreaterThan(0);
    for (const href of styles) {
      expect(href.startsWith(`/_mf/mf-search/${config.remotes['mf-search']}/`)).toBe(true);
      const css = await hsGet(href);
      expect(css.status, href).toBe(200);
      expect(header(css, 'content-type')).toMatch(/^text\/css/);
    }
    // A shell page without a search slot links no search stylesheet (the home page's stock strips are mf-search's
    // slots and bring theirs).
    expect(headOf((await hsGet('/privacy-policy')).body)).not.toContain('/_mf/mf-search/');
  });

  it('inlines the tenant remote map: 5 versioned same-origin remoteEntry.js, each served as JavaScript', async () => {
    const res = await hsGet('/search/used-cars');
    const json = attr(res.body, /<script id="forecourt-remotes" type="application\/json">([^<]*)<\/script>/);
    expect(json).toBeDefined();
    const map = JSON.parse(json!) as Record<string, string>;
    const config = hs();
    expect(Object.keys(map).sort()).toEqual(REMOTES.map((r) => r.replace(/-/g, '_')).sort());
    for (const remote of REMOTES) {
      const entry = map[remote.replace(/-/g, '_')]!;
      expect(entry).toBe(`/_mf/${remote}/${config.remotes[remote]}/remoteEntry.js`);
      const js = await hsGet(entry);
      expect(js.status, entry).toBe(200);
      expect(header(js, 'content-type')).toMatch(/javascript/);
      expect(js.body.length).toBeGreaterThan(100);
    }
  });

  it('serves /_mf/mf-search/<version>/remoteEntry.js same-origin and 404s an unknown remote or version', async () => {
    const version = hs().remotes['mf-search'];
    const entry = await hsGet(`/_mf/mf-search/${version}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(header(entry, 'content-type')).toMatch(/javascript/);
    expect(entry.body).toContain('SearchResults');
    expect((await hsGet('/_mf/unknown/1/x.js')).status).toBe(404);
    expect((await hsGet('/_mf/mf-search/999.0.0/remoteEntry.js')).status).toBe(404);
  });

  it("serves the shell's client entry and stylesheet under /_shell/", async () => {
    const res = await hsGet('/');
    const entry = attr(res.body, /<script type="module" src="(\/_shell\/[^"]+\.js)" fetchpriority="low"><\/script>/);
    const preload = attr(res.body, /<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/);
    const css = attr(headOf(res.body), /<link rel="stylesheet" href="(\/_shell\/[^"]+\.css)">/);
    expect(entry).toBeDefined();
    expect(preload).toBe(entry);
    expect(css).toBeDefined();
    const js = await hsGet(entry!);
    expect(js.status, entry).toBe(200);
    expect(header(js, 'content-type')).toMatch(/javascript/);
    const sheet = await hsGet(css!);
    expect(sheet.status, css).toBe(200);
    expect(header(sheet, 'content-type')).toMatch(/^text\/css/);
  });

  it.each(SLUGS)('renders home and content pages of %s with the tenant name', async (slug) => {
    const config = configs[slug];
    const home = await get(platform.url, localHost(slug), '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(config.name);
    expectChrome(home.body, config);
    // The privacy policy is the tenant's own content (KV content:<slug>), not a placeholder.
    const stored = contentAt(slug, '/privacy-policy');
    expect(stored, 'demo content has a privacy policy').toBeDefined();
    const privacy = await get(platform.url, localHost(slug), '/privacy-policy');
    expect(privacy.status).toBe(200);
    expect(privacy.body).toContain(`>${h1Of(stored!)}</h1>`);
    expect(privacy.body).toContain(`<title>${stored!.title} | ${config.name}</title>`);
    expect(privacy.body).not.toContain('will publish');
    expectChrome(privacy.body, config);
  });

  it("passes a remote's 404 through as a 404 document with the tenant's chrome", async () => {
    for (const path of ['/search/no-such-page-xyz', '/locations/no-such-location-xyz']) {
      const res = await hsGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain('Page not found');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expectChrome(res.body, hs());
    }
  });

  it('answers 404 for a path no route owns and for an unknown one-segment content path', async () => {
    for (const path of ['/Not_A_Route/x/y', '/no-such-content-xyz', '/constructor', '/cars']) {
      const res = await hsGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain('Page not found');
      expect(res.body).not.toContain('will publish this page');
      expectChrome(res.body, hs());
    }
    // A model landing page (`/{model-slug}`, spec §2) of this tenant renders its /models/ page, canonical there.
    const stored = contentAt('harbourside-toyota', '/models/corolla');
    expect(stored, 'demo content has the Corolla page').toBeDefined();
    const model = await hsGet('/corolla');
    expect(model.status).toBe(200);
    expect(model.body).toContain(`>${h1Of(stored!)}</h1>`);
    expect(headOf(model.body)).toContain('/models/corolla">');
  });
});

describe('/api proxy', () => {
  it('sets x-forecourt-tenant server-side and ignores the one the browser sends', async () => {
    const path = '/api/search/view?path=/search/used-cars';
    const spoofed = await hsGet(path, { 'x-forecourt-tenant': 'outback-used-cars' });
    expect(spoofed.status).toBe(200);
    const view = JSON.parse(spoofed.body) as { cards: Card[]; count: number };
    expect(view.cards.length).toBeGreaterThan(0);

    const [hsPage, obPage, obApi] = await Promise.all([
      hsGet('/search/used-cars'),
      get(platform.url, localHost('outback-used-cars'), '/search/used-cars'),
      get(platform.url, localHost('outback-used-cars'), path),
    ]);
    expect(view.count).not.toBe((JSON.parse(obApi.body) as { count: number }).count);
    for (const card of view.cards) {
      expect(hsPage.body).toContain(`href="${card.path}"`);
      expect(obPage.body).not.toContain(`href="${card.path}"`);
    }
    // Same answer as without the spoofed header.
    expect(JSON.parse((await hsGet(path)).body)).toEqual(view);
  });

  it('refuses cross-site writes with 403 JSON before they reach any Worker', async () => {
    const own = `http://${localHost('harbourside-toyota')}`;
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { origin: `http://${localHost('outback-used-cars')}`, 'content-type': 'application/json' },
    ]) {
      const res = await hsGet('/api/leads', headers, 'POST', '{}');
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(header(res, 'content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ error: 'Cross-site requests are not allowed.' });
    }
    // Same origin goes through to the owner (whatever it answers, it is not the shell's refusal).
    const same = await hsGet('/api/leads', { origin: own, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, 'POST', '{}');
    expect(same.status).not.toBe(403);
    // Reads are never refused.
    expect((await hsGet('/api/health', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).status).toBe(200);
  });

  it('reaches edge-api for /api/health', async () => {
    const res = await hsGet('/api/health');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, service: 'edge-api', db: 'ok' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it.each(SLUGS)("robots.txt of %s names the tenant's own sitemap", async (slug) => {
    const res = await get(platform.url, localHost(slug), '/robots.txt');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/plain/);
    const origin = configs[slug].site_url ?? `http://${localHost(slug)}`;
    expect(res.body).toContain(`Sitemap: ${new URL('/sitemap.xml', origin)}`);
    expect(res.body).toContain('Disallow: /api/');
    for (const other of SLUGS.filter((s) => s !== slug)) expect(res.body).not.toContain(new URL(configs[other].site_url!).hostname);
  });

  it("sitemap.xml lists the tenant's in-stock /cars/<slug> pages and no other tenant's", async () => {
    const res = await hsGet('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const origin = new URL(hs().site_url!).origin;
    expect(locs.every((l) => l.startsWith(origin + '/'))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    const cars = locs.filter((l) => new URL(l).pathname.startsWith('/cars/'));
    expect(cars.length).toBeGreaterThan(21);

    const mine = JSON.parse((await hsGet('/api/search/view?path=/search/new-used-and-demo-cars')).body) as { cards: Card[] };
    const inStock = mine.cards.filter((c) => c.status === 'in_stock');
    expect(inStock.length).toBeGreaterThan(0);
    for (const card of inStock) expect(locs).toContain(new URL(card.path, origin).toString());

    for (const slug of ['outback-used-cars', 'southern-cross-motor-group']) {
      const theirs = JSON.parse((await get(platform.url, localHost(slug), '/api/search/view?path=/search/used-cars')).body) as { cards: Card[] };
      expect(theirs.cards.length).toBeGreaterThan(0);
      for (const card of theirs.cards) expect(res.body).not.toContain(card.path);
    }
  });

  it('lists the content pages that are not noindex, the blog, the real locations, service and parts pages, and only the visible locations the tenant shows', async () => {
    const res = await hsGet('/sitemap.xml');
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const content = contents['harbourside-toyota'];
    for (const page of content.pages.filter((p) => p.noindex)) expect(paths).not.toContain(page.path);
    for (const path of ['/privacy-policy', '/careers']) if (contentAt('harbourside-toyota', path)) expect(paths).toContain(path);
    if (content.posts.length) expect(paths).toContain('/blog');
    for (const path of ['/privacy-policy', '/careers'].filter((p) => paths.includes(p))) expect(headOf((await hsGet(path)).body), path).not.toContain('noindex');
    for (const real of ['/locations', '/dealer-locator', '/contact', '/service', '/vehicle-parts-and-accessories', '/parts/search', '/finance']) expect(paths).toContain(real);
    // Every listed page is indexable: none says noindex.
    for (const real of ['/locations', '/contact', '/finance']) expect((await hsGet(real)).body).not.toContain('noindex');
    expect(paths).toContain('/');
    expect(paths).toContain('/search/used-cars');
    const locations = paths.filter((p) => p.startsWith('/locations/'));
    expect(locations.length).toBeGreaterThan(0);
    for (const path of locations) expect((await hsGet(path)).status, path).toBe(200);
  });

  it("a group's sitemap lists its brand pages, model pages and every blog post, each answering 200", async () => {
    const res = await get(platform.url, localHost('southern-cross-motor-group'), '/sitemap.xml');
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const posts = contents['southern-cross-motor-group'].posts;
    expect(posts.length).toBeGreaterThan(0);
    for (const path of ['/brands', '/isuzu-ute/overview', '/hyundai/overview', '/models/d-max', '/models/mu-x', '/blog', ...posts.map((p) => `/blog/${p.slug}`)]) {
      expect(paths, path).toContain(path);
    }
    for (const path of ['/isuzu-ute/overview', '/models/d-max', `/blog/${posts[0]!.slug}`]) {
      expect((await get(platform.url, localHost('southern-cross-motor-group'), path)).status, path).toBe(200);
    }
  });

  it('a used-only tenant lists no new or demo stock pages', async () => {
    const res = await get(platform.url, localHost('outback-used-cars'), '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.body).toContain('/search/used-cars</loc>');
    expect(res.body).not.toContain('/search/new-cars');
    expect(res.body).not.toContain('/search/demo-cars');
  });
});

describe('demo images', () => {
  it('serves the car photos a rendered page references through the image CDN (JPEG originals, resized), and its drawings as SVG', async () => {
    const page = await hsGet('/search/used-cars');
    // Car photos: Cloudflare Image Resizing URLs (contracts images.ts), answered locally by dev/image-resizer.mjs.
    const photos = [...new Set([...page.body.matchAll(/src="(\/cdn-cgi\/image\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')))];
    expect(photos.filter((p) => p.includes('/demo-img/photo/')).length).toBeGreaterThan(0);
    // Every CDN picture is a photo: the cars', or a banner's (the promotion popup's, shell banner-image.ts).
    expect(photos.every((p) => p.includes('/demo-img/photo/') || /\/demo-img\/banner\/.+\.jpg$/.test(p))).toBe(true);
    const photo = await hsGet(photos[0]!);
    expect(photo.status).toBe(200);
    expect(header(photo, 'content-type')).toMatch(/^image\/(jpeg|webp|avif)$/);
    const srcs = [...new Set([...page.body.matchAll(/src="(\/demo-img\/[^"]+)"/g)].map((m) => m[1]!))];
    expect(srcs.some((s) => s.startsWith('/demo-img/photo/'))).toBe(false);
    for (const src of srcs.slice(0, 4)) {
      const res = await hsGet(src);
      expect(res.status, src).toBe(200);
      expect(header(res, 'content-type')).toMatch(/^image\/svg\+xml/);
      expect(header(res, 'x-content-type-options')).toBe('nosniff');
      expect(header(res, 'content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.body.startsWith('<svg')).toBe(true);
    }
  });

  it('serves the walkaround clip demo cars link as a playable MP4 (ftyp box first), and nothing else under /demo-video/', async () => {
    const res = await hsGet('/demo-video/walkaround.mp4');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toBe('video/mp4');
    expect(Number(header(res, 'content-length'))).toBeGreaterThan(10_000);
    expect(res.body.slice(4, 8)).toBe('ftyp');
    for (const path of ['/demo-video/nope.mp4', '/demo-video/..%2fasset-manifest.json', '/demo-video/walkaround.mp4.txt']) expect((await hsGet(path)).status, path).toBe(404);
  });

  it.each(['/demo-img/..%2f..%2fpackage.json', '/demo-img/car/%2e%2e/%2e%2e/%2e%2e/wrangler.jsonc', '/demo-img/../../etc/passwd', '/demo-img/car/nope.txt'])(
    '404s %s',
    async (path) => {
      const res = await hsGet(path);
      expect(res.status).toBe(404);
      expect(header(res, 'content-type')).not.toMatch(/svg/);
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    },
  );
});

describe('HEAD requests', () => {
  it.each([
    ['/', 200],
    ['/search/used-cars', 200],
    ['/privacy-policy', 200],
    ['/no-such-content-xyz', 404],
    ['/search/no-such-page-xyz', 404],
  ])('HEAD %s answers %i with the document headers and no body', async (path, status) => {
    const res = await hsGet(path, {}, 'HEAD');
    expect(res.status).toBe(status);
    expect(header(res, 'content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
    expect(res.body).toBe('');
    expect(res.ms).toBeLessThan(2000);
  });
});

describe('soft 404s and noindex', () => {
  it('/models/<x> renders only the model pages the tenant has content for', async () => {
    const stored = contentAt('harbourside-toyota', '/models/corolla-cross');
    expect(stored, 'demo content has the Corolla Cross page').toBeDefined();
    const model = await hsGet('/models/corolla-cross');
    expect(model.status).toBe(200);
    expect(model.body).toContain(`>${h1Of(stored!)}</h1>`);
    for (const path of ['/models/no-such-model', '/models/constructor']) {
      const res = await hsGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    // A used-car dealer lists no models at all.
    expect((await get(platform.url, localHost('outback-used-cars'), '/models/corolla')).status).toBe(404);
  });

  it('content pages are indexable unless their content says noindex; a content route without content is a 404', async () => {
    for (const path of ['/privacy-policy', '/corolla', '/models/hilux']) {
      const res = await hsGet(path);
      expect(res.status, path).toBe(200);
      expect(headOf(res.body), path).not.toContain('noindex');
    }
    for (const page of contents['harbourside-toyota'].pages.filter((p) => p.noindex)) {
      expect(headOf((await hsGet(page.path)).body), page.path).toContain('<meta name="robots" content="noindex">');
    }
    // A spec §2 content route the tenant wrote nothing for is a 404, never a stub.
    const missing = ['/twg-cars', '/neotek', '/4x4-outdoor'].filter((p) => !contentAt('harbourside-toyota', p));
    expect(missing.length).toBeGreaterThan(0);
    for (const path of missing) expect((await hsGet(path)).status, path).toBe(404);
    expect(headOf((await hsGet('/')).body)).not.toContain('noindex');
  });
});

describe('header navigation', () => {
  it('marks the nav link to the current page with aria-current, and only on that page', async () => {
    const home = headerOf((await hsGet('/')).body);
    expect(home).toContain('<a class="fc-nav__link" href="/" aria-current="page">');
    const used = headerOf((await hsGet('/search/used-cars')).body);
    expect(used).not.toContain('href="/" aria-current');
    const sub = /<a class="fc-dropdown__link" href="([^"]+)">/.exec(used)![1]!;
    const page = headerOf((await hsGet(sub)).body);
    expect(page).toContain(`<a class="fc-dropdown__link" href="${sub}" aria-current="page">`);
    expect(page.match(/aria-current/g)).toHaveLength(1);
  });
});

describe('sign-in gate', () => {
  it('collapses leading slashes of the way back (never an open redirect)', async () => {
    const res = await hsGet('//my-garage?x=1');
    expect(res.status).toBe(302);
    const location = new URL(header(res, 'location'), 'http://x.test');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('redirect')).toBe('/my-garage?x=1');
    expect(location.searchParams.get('back')).toBe('/my-garage?x=1');
  });
});

describe('security headers', () => {
  it('HSTS without includeSubDomains', async () => {
    expect(header(await hsGet('/'), 'strict-transport-security')).toBe('max-age=31536000');
  });
});

/**
 * A second platform whose mf-search is broken on purpose: `/search/slow` never answers within the shell's
 * FRAGMENT_TIMEOUT_MS (lowered to 300 ms), `/search/broken` fails mid-stream, `/search/empty-404` answers the
 * standard not found, `/search/json`, `/search/json-404` and `/search/redirect` answer what the shell must not paste,
 * `/search/echo` shows its query, `*\/echo` paths answer the headers they got, anything else answers 500.
 * Its shell runs as in production: LOCAL_HOSTS off, so tenants resolve by their production hosts only.
 */
describe('a failing remote', () => {
  const TIMEOUT_MS = 300;
  const SLOW_MS = 10_000;
  const brokenSearch = `export default { async fetch(request) {
    const seg = new URL(request.url).searchParams.get('_segments') ?? '';
    if (seg === 'slow') { await new Promise((r) => setTimeout(r, ${SLOW_MS})); return new Response('<p>too late</p>'); }
    if (seg === 'broken') {
      let n = 0;
      return new Response(new ReadableStream({ pull(c) { if (n++ === 0) c.enqueue(new TextEncoder().encode('<p id="partial">partial</p>')); else c.error(new Error('boom')); } }), { headers: { 'content-type': 'text/html' } });
    }
    const url = new URL(request.url);
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (url.pathname.endsWith('/echo')) return Response.json(Object.fromEntries(request.headers));
    if (seg === 'empty-404') return new Response(null, { status: 404 });
    if (seg === 'json') return Response.json({ error: 'internal detail' });
    if (seg === 'json-404') return Response.json({ error: 'internal detail' }, { status: 404 });
    if (seg === 'redirect') return new Response(null, { status: 302, headers: { location: '/fragments/search?_segments=echo' } });
    if (seg === 'echo') return new Response('<p id="echo">' + [...url.searchParams.keys()].join(',') + '</p>', { headers: html });
    return new Response('boom', { status: 500 });
  } }`;
  let degraded: Platform;

  beforeAll(async () => {
    degraded = await startPlatform({
      port: 0,
      persist: false,
      logLevel: 'none',
      overrides: {
        'mf-search': { script: brokenSearch, scriptPath: undefined, modulesRoot: undefined },
        shell: { bindings: { FRAGMENT_TIMEOUT_MS: String(TIMEOUT_MS), LOCAL_HOSTS: 'off' } },
      },
    });
  });

  afterAll(async () => {
    await degraded?.dispose();
  });

  const dGet = (path: string, headers?: Record<string, string>) => get(degraded.url, hs().hosts[0]!, path, headers);

  function expectFallbackDocument(res: Res) {
    expect(res.status).toBe(503);
    expectSecurityHeaders(res);
    expect(res.body).toContain(FALLBACK_TEXT);
    expect(res.body).toContain(`<title>${hs().name}: temporarily unavailable</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('<script id="forecourt-remotes"');
    expectChrome(res.body, hs());
  }

  it('a remote answering 500 gives 503 with the fallback block inside the tenant header and footer', async () => {
    const res = await dGet('/search/used-cars');
    expectFallbackDocument(res);
    expect(res.body).not.toContain('boom');
  });

  it('a remote that does not answer within FRAGMENT_TIMEOUT_MS gives 503 with the fallback block', async () => {
    const res = await dGet('/search/slow');
    expectFallbackDocument(res);
    expect(res.body).not.toContain('too late');
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(res.ms).toBeLessThan(SLOW_MS / 2);
  });

  it('a fragment that breaks mid-stream still ends with the fallback block and the footer', async () => {
    const res = await dGet('/search/broken');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<p id="partial">partial</p>');
    expect(res.body.indexOf(FALLBACK_TEXT)).toBeGreaterThan(res.body.indexOf('id="partial"'));
    expectChrome(res.body, hs());
  });

  it('pages of other owners are unaffected', async () => {
    const home = await dGet('/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(FALLBACK_TEXT);
    expect((await dGet('/privacy-policy')).status).toBe(200);
  });

  it('with LOCAL_HOSTS off, <slug>.localhost names no tenant; production hosts still do', async () => {
    const local = await get(degraded.url, localHost('harbourside-toyota', degraded.url.port), '/');
    expect(local.status).toBe(404);
    expect(local.body).toContain('<h1>Not found</h1>');
    expect(local.body).not.toContain(hs().name);
    expect((await dGet('/')).status).toBe(200);
  });

  it("a remote's empty 404 renders the shell's own not-found block, status 404", async () => {
    const res = await dGet('/search/empty-404');
    expect(res.status).toBe(404);
    expect(res.body).toContain('<h1>Page not found</h1>');
    expect(res.body).toContain(`<title>Page not found | ${hs().name}</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain(FALLBACK_TEXT);
    expectChrome(res.body, hs());
    // The same block as the shell's own 404 for a path no route owns.
    const own = await dGet('/no-such-content-xyz');
    const block = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf('</main>'));
    expect(block(res.body)).toBe(block(own.body));
  });

  it('a JSON answer (200 or 404 with a body) or a redirect is a failure: fallback block, 503', async () => {
    for (const path of ['/search/json', '/search/json-404', '/search/redirect']) {
      const res = await dGet(path);
      expectFallbackDocument(res);
      expect(res.body, path).not.toContain('internal detail');
      expect(res.body, path).not.toContain('id="echo"');
    }
  });

  it('a browser cannot fake route params: its own _-keys never reach the remote', async () => {
    const res = await dGet('/search/echo?_id=9&_manufacturerSlug=x&sort=latest');
    expect(res.status).toBe(200);
    const keys = /<p id="echo">([^<]*)<\/p>/.exec(res.body)![1]!.split(',').sort();
    expect(keys).toEqual(['_segments', 'sort']);
  });

  it('the /api and /_mf proxies drop every x-forecourt-*, cf-* and cloudflare-* header the browser sends', async () => {
    const spoof = {
      'x-forecourt-tenant': 'outback-used-cars', 'x-forecourt-version': '9.9.9', 'x-forecourt-head': 'x', 'x-forecourt-anything': '1',
      'x-forecourt-client-ip': '198.51.100.66', 'x-other': 'kept',
      // Issue 10.8: Cloudflare honours these on service-binding subrequests (a browser could pin a Worker version).
      'cloudflare-workers-version-overrides': 'edge-api="10000000-0000-4000-8000-000000000001"', 'cloudflare-workers-version-key': 'pin', 'cf-worker': 'x',
    };
    // The only Cloudflare control that reaches mf-search is the shell's own: the override for the version the tenant
    // runs (issue 12; the local runtime registers the current build of every remote).
    const own = `forecourt-mf-search="${localWorkerVersionId('mf-search', '0.1.0')}"`;
    const api = JSON.parse((await dGet('/api/search/echo', spoof)).body) as Record<string, string>;
    expect(api['x-forecourt-tenant']).toBe('harbourside-toyota');
    expect(Object.keys(api).filter((k) => k.startsWith('x-forecourt-') && k !== 'x-forecourt-client-ip')).toEqual(['x-forecourt-tenant']);
    expect(api['x-forecourt-client-ip']).not.toBe('198.51.100.66');
    expect(Object.fromEntries(Object.entries(api).filter(([k]) => /^(cf-|cloudflare-)/.test(k)))).toEqual({ 'cloudflare-workers-version-overrides': own });
    expect(api['x-other']).toBe('kept');
    const assets = JSON.parse((await dGet('/_mf/mf-search/0.1.0/echo', spoof)).body) as Record<string, string>;
    expect(Object.keys(assets).filter((k) => k.startsWith('x-forecourt-') && k !== 'x-forecourt-client-ip')).toEqual([]);
    expect(Object.fromEntries(Object.entries(assets).filter(([k]) => /^(cf-|cloudflare-)/.test(k)))).toEqual({ 'cloudflare-workers-version-overrides': own });
    expect(assets['x-other']).toBe('kept');
    // A bundle of a version the registry does not list is not asked for at all.
    expect((await dGet('/_mf/mf-search/1.0.0/echo', spoof)).status).toBe(404);
  });

  it('sitemap.xml still lists the static paths when mf-search fails', async () => {
    const res = await dGet('/sitemap.xml');
    expect(res.status).toBe(200);
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toContain('/');
    expect(paths).toContain('/search/used-cars');
    expect(paths.some((p) => p.startsWith('/locations/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/cars/'))).toBe(false);
  });
});
