/**
 * The demo tenants' content (demo/content/<slug>/): it parses, its images exist, its lead forms are real forms, and
 * every internal link goes somewhere that exists for that tenant (a cheap guard against dead links), plus the pages
 * issue 14 and spec §2 "Other" ask each tenant for.
 */
import { describe, expect, it } from 'vitest';
import { kvContentKey, livePromotions, pageAt, postsAbout, type ContentBlock, type TenantContent } from '@forecourt/contracts/content';
import { LEAD_FORM_KINDS } from '@forecourt/contracts/lead-forms';
import { resolveRoute, routeEnabled } from '@forecourt/contracts/routes';
import { TRADE_IN_ESTIMATE_VALID_DAYS } from '@forecourt/contracts/constants';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { demoContent } from './content.ts';
import { demoImageExists } from './images.ts';
import { buildSeed, demoTenantData, demoTenants } from './index.ts';

const slugify = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every link a tenant's content carries, with where it is (for the failure message). */
function linksOf(content: TenantContent): Array<{ where: string; href: string }> {
  const out: Array<{ where: string; href: string }> = [];
  const markdownLinks = (where: string, text: string) => {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ where, href: m[1] as string });
  };
  const blockLinks = (where: string, block: ContentBlock) => {
    const actions = 'actions' in block ? (block.actions ?? []) : [];
    for (const a of actions) out.push({ where, href: a.href });
    if (block.type === 'markdown') markdownLinks(where, block.markdown);
    if (block.type === 'faq') for (const item of block.items) markdownLinks(where, item.answer);
    if (block.type === 'disclaimer') for (const item of block.items) markdownLinks(where, item);
    if (block.type === 'benefits') for (const item of block.items) if (item.action) out.push({ where, href: item.action.href });
  };
  for (const page of content.pages) page.blocks.forEach((b, i) => blockLinks(`${page.path} block ${i}`, b));
  for (const post of content.posts) markdownLinks(`/blog/${post.slug}`, post.body);
  content.promotions.forEach((p, i) => p.href && out.push({ where: `promotion ${i}`, href: p.href }));
  if (content.spin) out.push({ where: 'spin', href: content.spin.terms_href });
  return out;
}

/** Why a site path goes nowhere on this tenant, or null when it resolves to something that exists. */
function deadLink(site: SiteConfig, content: TenantContent, href: string): string | null {
  const path = href.split(/[?#]/, 1)[0] as string;
  const route = resolveRoute(path);
  if (!route) return 'no route';
  if (!routeEnabled(route, site.features)) return `route needs feature ${route.feature}`;
  const data = demoTenantData(site.slug);
  if (route.remote === 'shell') {
    if ((route.page === 'content' || route.page === 'model') && !pageAt(content, path.replace(/\/+$/, '') || '/')) return 'no content page';
    if (route.page === 'blog-post' && !content.posts.some((p) => p.slug === route.params.slug)) return 'no such post';
    if (route.page === 'brand' && !site.brands.includes(route.params.brand as string)) return 'not a brand of the tenant';
    if (route.page === 'spin-to-win' && !content.spin) return 'no spin campaign';
  }
  if (route.page === 'location' && !data.locations.some((l) => l.slug === route.params.slug)) return 'no such location';
  return null;
}

const PAGES_OF_EVERY_TENANT = [
  '/privacy-policy', '/terms-and-conditions', '/about-us', '/careers', '/fleet', '/finance-and-insurance', '/warranty',
  '/capped-price-servicing', '/roadside-assist', '/trade-in-faq', '/shop-by-price',
];

describe.each(demoTenants().map((site) => [site.slug, site] as const))('demo content of %s', (slug, site) => {
  const content = demoContent(slug);

  it('parses, with the pages every dealer site has', () => {
    const paths = content.pages.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(PAGES_OF_EVERY_TENANT));
    const vmc = site.features.value_my_car_terms_under_pages ? '/pages/value-my-car-terms-and-conditions' : '/value-my-car-terms-and-conditions';
    expect(paths).toContain(vmc);
    expect(content.posts.length).toBeGreaterThanOrEqual(3);
  });

  it('has a model page for every model the tenant lists', () => {
    for (const model of site.stock.models) expect(pageAt(content, `/models/${slugify(model)}`), model).not.toBeNull();
  });

  it('uses only demo images that exist', () => {
    const images = new Set(JSON.stringify(content).match(/\/demo-img\/[^"\s)]+/g) ?? []);
    expect(images.size).toBeGreaterThan(0);
    for (const src of images) expect(demoImageExists(src), src).toBe(true);
  });

  it('links only to routes that exist for the tenant', () => {
    const dead = linksOf(content)
      .filter((l) => l.href.startsWith('/'))
      .map((l) => ({ ...l, why: deadLink(site, content, l.href) }))
      .filter((l) => l.why);
    expect(dead).toEqual([]);
  });

  it('has posts for every blog list it shows', () => {
    for (const page of content.pages) {
      for (const block of page.blocks) if (block.type === 'blog-list') expect(postsAbout(content, block).length, page.path).toBeGreaterThan(0);
    }
  });

  it('uses real lead forms, with careers and fleet forms on those pages', () => {
    const forms = content.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'lead-form').map((b) => b.form));
    for (const form of forms) expect(LEAD_FORM_KINDS).toContain(form);
    const formOn = (path: string) => pageAt(content, path)?.blocks.find((b) => b.type === 'lead-form');
    expect(formOn('/careers')).toMatchObject({ form: 'careers' });
    expect(formOn('/fleet')).toMatchObject({ form: 'fleet' });
  });

  it('states the trade-in FAQ values of spec §9', () => {
    const faq = pageAt(content, '/trade-in-faq')?.blocks.find((b) => b.type === 'faq');
    const text = JSON.stringify(faq);
    expect(text).toContain(`valid for ${TRADE_IN_ESTIMATE_VALID_DAYS} days`);
    expect(text).toContain('100,000 km');
    expect(text).toMatch(/up to (7|10) years old/);
    expect(text).toContain('same business day, or the next business day');
    expect(text).toContain('Monday to Friday 8.30am to 5.30pm and Saturday 9am to 5pm');
  });

  it('has a live promotions slider of 1920x540 banners', () => {
    expect(livePromotions(content, '2026-11-26').length).toBeGreaterThanOrEqual(3);
    for (const p of content.promotions) expect(p.image).toMatch(/^\/demo-img\/banner\//);
  });
});

describe('demo content', () => {
  it('has a link check that catches dead links', () => {
    const site = demoTenants().find((t) => t.slug === 'harbourside-toyota') as SiteConfig;
    const content = demoContent(site.slug);
    expect(linksOf(content).filter((l) => l.href.startsWith('/')).length).toBeGreaterThan(50);
    expect(deadLink(site, content, '/models/rav4#specs')).toBeNull();
    expect(deadLink(site, content, '/no-such-page')).toBe('no content page');
    expect(deadLink(site, content, '/blog/no-such-post')).toBe('no such post');
    expect(deadLink(site, content, '/locations/nowhere')).toBe('no such location');
    expect(deadLink(site, content, '/hyundai/overview')).toBe('not a brand of the tenant');
    expect(deadLink(site, content, '/pages/value-my-car-terms-and-conditions')).toBe('route needs feature value_my_car_terms_under_pages');
    expect(deadLink(site, content, '/cars')).toBe('no route');
  });

  it('gives the group its sub-brand, service-plan and Isuzu model pages', () => {
    const content = demoContent('southern-cross-motor-group');
    for (const path of ['/twg-cars', '/twg-rental', '/twg-tyres', '/neotek', '/4x4-outdoor', '/isuzu-ute-service-plan', '/models/d-max', '/models/mu-x']) {
      expect(pageAt(content, path), path).not.toBeNull();
    }
    const about = pageAt(content, '/about-us');
    expect(about?.blocks.map((b) => b.type)).toEqual(expect.arrayContaining(['stats', 'sales-counter']));
    const plan = JSON.stringify(pageAt(content, '/isuzu-ute-service-plan'));
    for (const term of ['first 5 scheduled services', '75,000 km', '24MY', '6 years or 150,000 km', '1 January 2019', 'up to 7 years', '13 months', '1 September 2020']) expect(plan).toContain(term);
    expect(pageAt(content, '/models/d-max')?.blocks).toContainEqual(expect.objectContaining({ type: 'stock-strip', make: 'isuzu-ute', model: 'd-max' }));
  });

  it('gives Harbourside Toyota its spin-to-win campaign, page and terms', () => {
    const content = demoContent('harbourside-toyota');
    expect(content.spin).toMatchObject({ id: 'summer-spin-2026', starts: '2026-11-01', ends: '2027-01-31', terms_href: '/spin-to-win-terms' });
    expect(content.spin?.prizes.some((p) => !p.win)).toBe(true);
    expect(pageAt(content, '/spin-to-win')?.blocks.some((b) => b.type === 'spin-to-win')).toBe(true);
    expect(pageAt(content, '/spin-to-win-terms')?.noindex).toBe(true);
  });

  it('is seeded into the CONFIG namespace', () => {
    const config = new Map(buildSeed({ now: Date.UTC(2026, 10, 26), count: 30 }).config.map((e) => [e.key, e.value]));
    for (const site of demoTenants()) expect(JSON.parse(config.get(kvContentKey(site.slug)) as string)).toEqual(demoContent(site.slug));
  });
});
