/**
 * The tenants' content (issue 14) as shoppers get it, on every demo tenant: every content page its content document
 * has (read from the running platform's seed, KV `content:<slug>`) answers 200 with its h1 and the tenant's name in
 * the title, so do the blog and each post, and a made-up slug is a 404. Pages are checked by status and markup over
 * HTTP; axe-core (0 violations) runs in one browser context on a representative subset: per tenant, the fewest pages
 * that between them show every block type, plus the blog and one post.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { requiresSignIn, resolveRoute, routeEnabled } from '@forecourt/contracts/routes';
import type { FeatureFlags } from '@forecourt/contracts/tenant';
import { demoTenants } from '../demo/dist/index.mjs';
import { axeViolations, collectErrors, getWithHost, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>> & { mf: { getKVNamespace(b: string, w: string): Promise<{ get(key: string, type: 'json'): Promise<unknown> }> } };
type Block = { type: string; heading?: string };
type Page = { path: string; title: string; noindex?: boolean; canonical?: string; blocks: Block[] };
type Content = { pages: Page[]; posts: Array<{ slug: string; heading: string }> };
type Config = { slug: string; name: string; features: FeatureFlags; stock: { models: string[] }; brands: string[] };

let platform: Platform;
let browser: Browser;
usePlatformAndBrowser<Platform>((p, b) => {
  platform = p as Platform;
  browser = b;
});

const TENANTS = (demoTenants() as Config[]).map((t) => t.slug);
const config = (slug: string) => (demoTenants() as Config[]).find((t) => t.slug === slug)!;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
/** The page's h1 (shell content-blocks.ts): its first block's hero heading, else its title. */
const h1Of = (page: Page) => (page.blocks[0]?.type === 'hero' ? page.blocks[0].heading! : page.title);
const slugify = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

async function contentOf(slug: string): Promise<Content> {
  const kv = await platform.mf.getKVNamespace('CONFIG', 'forecourt-shell');
  return ((await kv.get(`content:${slug}`, 'json')) as Content | null) ?? { pages: [], posts: [] };
}

/**
 * The content pages a shopper can open at their own path: the route is the shell's content or model page, switched
 * on for the tenant and not behind sign-in. (/spin-to-win is the wheel's own page, covered by spin-to-win.e2e.)
 */
function openable(slug: string, content: Content): Page[] {
  const { features } = config(slug);
  return content.pages.filter((p) => {
    const route = resolveRoute(p.path);
    return route?.remote === 'shell' && (route.page === 'content' || route.page === 'model') && routeEnabled(route, features) && !requiresSignIn(route, features);
  });
}

/** The fewest pages (greedy) that between them show every block type the tenant's pages use. */
function representative(pages: Page[]): Page[] {
  const left = new Set(pages.flatMap((p) => p.blocks.map((b) => b.type)));
  const chosen: Page[] = [];
  while (left.size) {
    const best = [...pages].sort((a, b) => newTypes(b, left) - newTypes(a, left))[0]!;
    if (!newTypes(best, left)) break;
    chosen.push(best);
    for (const b of best.blocks) left.delete(b.type);
  }
  return chosen;
}
const newTypes = (page: Page, left: Set<string>) => new Set(page.blocks.map((b) => b.type).filter((t) => left.has(t))).size;

const get = (slug: string, path: string) => getWithHost(platform.url, `${slug}.localhost`, path);
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe.each(TENANTS)('content of %s', (slug) => {
  it('every content page answers 200 with its h1 and title; a model page also answers at /<model-slug>; a made-up slug is 404', async () => {
    const content = await contentOf(slug);
    const pages = openable(slug, content);
    expect(pages.length, 'the demo tenant has content pages').toBeGreaterThan(5);
    const { name, stock } = config(slug);
    for (const page of pages) {
      const res = await get(slug, page.path);
      expect(res.status, page.path).toBe(200);
      const main = mainOf(res.body);
      expect(main.match(/<h1[\s>]/g), page.path).toHaveLength(1);
      expect(main, page.path).toContain(`>${escape(h1Of(page))}</h1>`);
      expect(res.body, page.path).toContain(`<title>${escape(page.title)} | ${escape(name)}</title>`);
      expect(res.body, page.path).not.toContain('will publish');
      expect(res.body.includes('<meta name="robots" content="noindex">'), page.path).toBe(Boolean(page.noindex));
    }
    // `/{model-slug}` shows the model page, canonical at /models/.
    const model = pages.find((p) => p.path.startsWith('/models/') && stock.models.some((m) => `/models/${slugify(m)}` === p.path) && !content.pages.some((o) => o.path === `/${p.path.slice(8)}`));
    if (model) {
      const alias = await get(slug, `/${model.path.slice(8)}`);
      expect(alias.status, model.path).toBe(200);
      expect(alias.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${model.path}">`));
    }
    for (const path of ['/no-such-page-xyz', '/models/no-such-model', '/blog/no-such-post']) {
      const res = await get(slug, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain('Page not found');
    }
  });

  it('the blog lists every post and each post page answers with its heading (404 without posts)', async () => {
    const { posts } = await contentOf(slug);
    const blog = await get(slug, '/blog');
    if (!posts.length) {
      expect(blog.status).toBe(404);
      return;
    }
    expect(blog.status).toBe(200);
    for (const post of posts) {
      expect(blog.body).toContain(`href="/blog/${post.slug}"`);
      const res = await get(slug, `/blog/${post.slug}`);
      expect(res.status, post.slug).toBe(200);
      expect(res.body).toContain(`<h1 id="fc-post-title">${escape(post.heading)}</h1>`);
      expect(res.body).toContain('"@type":"Article"');
    }
  });

  it('0 axe violations on pages that between them show every block type, the blog and a post', async () => {
    const content = await contentOf(slug);
    const paths = representative(openable(slug, content)).map((p) => p.path);
    if (content.posts.length) paths.push('/blog', `/blog/${content.posts[0]!.slug}`);
    // A model at its short address (`/{model-slug}`), and a brand landing page and the brand grid where the tenant has them.
    const { stock, brands, features } = config(slug);
    if (stock.models[0]) paths.push(`/${slugify(stock.models[0])}`);
    if (features.brand_grid && brands.length) paths.push('/brands', `/${brands.find((b) => b === 'isuzu-ute') ?? brands[0]}/overview`);
    const context: BrowserContext = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const path of paths) {
      await page.goto(`${platform.tenantUrl(slug)}${path}`, { waitUntil: 'load' });
      expect(await page.locator('main h1').count(), path).toBe(1);
      expect(await axeViolations(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
