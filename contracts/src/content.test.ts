import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  blogDate, blogExcerpt, ContentPageSchema, livePromotions, pageAt, parseTenantContent, postsAbout, postsForCar, priceRangeSearchHref,
  salesSoFar, SpinCampaignSchema, TenantContentSchema, toSlug, type BlogPost, type TenantContentInput,
} from './content.ts';
import { PRICE_SLIDER_PAGE, SALES_COUNTER } from './constants.ts';

const image = { src: '/demo-img/x.svg', alt: '' };
const post = (slug: string, date: string, makes: string[] = [], models: string[] = []): TenantContentInput['posts'] extends (infer P)[] | undefined ? P : never => ({
  slug, heading: `Post ${slug}`, date, description: 'About it.', image, makes, models, body: 'Text.',
});
const page = (path: string, blocks: unknown[] = [{ type: 'markdown', markdown: 'Hello.' }]) => ({ path, title: 'T', description: 'D', blocks });

describe('content schema (issue 14)', () => {
  it('accepts every block type and fills defaults', () => {
    const content = parseTenantContent({
      pages: [
        page('/about-us', [
          { type: 'hero', heading: 'About us', text: 'Since 1994.', image: { ...image, alt: 'Our showroom' }, actions: [{ label: 'Call', href: 'tel:(07) 5550 0000' }] },
          { type: 'markdown', markdown: '## Our story\n\nFamily owned.' },
          { type: 'image', image, caption: 'The yard' },
          { type: 'faq', items: [{ question: 'Open Sunday?', answer: 'No.' }] },
          { type: 'benefits', items: [{ title: 'Sales consultant', meta: 'Springwood, full time', text: 'Help people.', action: { label: 'Apply', href: '#apply' } }] },
          { type: 'disclaimer', items: ['Terms apply.'] },
          { type: 'cta', heading: 'Visit us', actions: [{ label: 'Contact', href: '/contact', primary: true }] },
          { type: 'stats' },
          { type: 'sales-counter' },
          { type: 'offers', manufacturer: 'toyota' },
          { type: 'stock-strip', make: 'isuzu-ute', model: 'd-max' },
          { type: 'lead-form', form: 'careers' },
          { type: 'blog-list' },
          { type: 'price-range' },
          { type: 'spin-to-win' },
        ]),
      ],
    });
    const blocks = content.pages[0]!.blocks;
    expect(blocks).toHaveLength(15);
    expect(blocks.find((b) => b.type === 'stock-strip')).toMatchObject({ strip: 'new-arrivals' });
    expect(blocks.find((b) => b.type === 'offers')).toMatchObject({ limit: 6 });
    expect(content.pages[0]).toMatchObject({ schema_type: 'WebPage', noindex: false });
    expect(content.posts).toEqual([]);
  });

  it('refuses unsafe links, bad paths, unknown blocks, two lead forms, duplicate paths and slugs', () => {
    const bad = (input: unknown) => !v.safeParse(TenantContentSchema, input).success;
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', '//evil.test/x', '/\\evil.test', 'data:text/html,x', 'http://plain.test', 'vbscript:x', ' /x']) {
      expect(bad({ pages: [page('/a', [{ type: 'cta', heading: 'H', actions: [{ label: 'L', href }] }])] }), href).toBe(true);
    }
    for (const path of ['about-us', '/About-Us', '/a//b', '/a/b/c/d', '/../x', '/a?x=1']) expect(bad({ pages: [page(path)] }), path).toBe(true);
    expect(bad({ pages: [page('/a', [{ type: 'iframe', src: 'x' }])] })).toBe(true);
    expect(bad({ pages: [page('/a', [])] })).toBe(true);
    expect(bad({ pages: [page('/a', [{ type: 'lead-form', form: 'careers' }, { type: 'lead-form', form: 'fleet' }])] })).toBe(true);
    expect(bad({ pages: [page('/a'), page('/a')] })).toBe(true);
    expect(bad({ posts: [post('x', '2026-01-01'), post('x', '2026-02-01')] })).toBe(true);
    expect(bad({ pages: [page('/a', [{ type: 'lead-form', form: 'not-a-form' }])] })).toBe(true);
    expect(v.safeParse(ContentPageSchema, page('/models/mu-x')).success).toBe(true);
    // Images: a site path or https only.
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://mixed.test/a.jpg', '//evil.test/a.jpg', '/\\evil.test/a.jpg']) {
      expect(bad({ pages: [page('/a', [{ type: 'image', image: { src, alt: '' } }])] }), src).toBe(true);
      expect(bad({ promotions: [{ title: 'P', image: src }] }), src).toBe(true);
    }
    expect(bad({ pages: [page('/a', [{ type: 'image', image: { src: 'https://cdn.test/a.jpg', alt: '' } }])] })).toBe(false);
  });

  it('a spin campaign needs odds above 0, unique prizes and dates in order', () => {
    const campaign = { id: 'summer', title: 'Spin', starts: '2026-11-01', ends: '2027-01-31', terms_href: '/spin-to-win-terms', prizes: [{ id: 'a', label: 'A', weight: 1 }, { id: 'b', label: 'B', weight: 3, win: false }] };
    expect(v.safeParse(SpinCampaignSchema, campaign).success).toBe(true);
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, ends: '2026-10-01' }).success).toBe(false);
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, prizes: campaign.prizes.map((p) => ({ ...p, weight: 0 })) }).success).toBe(false);
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, prizes: [campaign.prizes[0], campaign.prizes[0]] }).success).toBe(false);
    // Limited prizes (the terms' prize pool) need a miss that never runs out.
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, prizes: [{ ...campaign.prizes[0], quantity: 10 }, campaign.prizes[1]] }).success).toBe(true);
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, prizes: [{ ...campaign.prizes[0], quantity: 10 }, { ...campaign.prizes[1], quantity: 5 }] }).success).toBe(false);
    expect(v.safeParse(SpinCampaignSchema, { ...campaign, prizes: [{ ...campaign.prizes[0], quantity: 10 }, { ...campaign.prizes[1], win: true }] }).success).toBe(false);
  });

  it('parseTenantContent: nothing stored is no content; a bad document throws with the path of the problem', () => {
    expect(parseTenantContent(null)).toEqual({ pages: [], posts: [], promotions: [] });
    expect(() => parseTenantContent({ pages: [page('/a', [{ type: 'hero' }])] })).toThrow(/pages\.0\.blocks\.0\.heading/);
  });

  it('pageAt finds a page by its exact path', () => {
    const content = parseTenantContent({ pages: [page('/about-us'), page('/models/mu-x')] });
    expect(pageAt(content, '/models/mu-x')?.path).toBe('/models/mu-x');
    expect(pageAt(content, '/about')).toBeNull();
  });
});

describe('promotions, posts', () => {
  it('livePromotions: start and expiry are whole days, both included', () => {
    const content = parseTenantContent({
      promotions: [
        { title: 'Always', image: '/a.svg' },
        { title: 'Window', image: '/b.svg', start: '2026-11-01', expiry: '2026-11-30' },
        { title: 'Over', image: '/c.svg', expiry: '2026-10-31' },
      ],
    });
    expect(livePromotions(content, '2026-11-01').map((p) => p.title)).toEqual(['Always', 'Window']);
    expect(livePromotions(content, '2026-11-30').map((p) => p.title)).toEqual(['Always', 'Window']);
    expect(livePromotions(content, '2026-12-01').map((p) => p.title)).toEqual(['Always']);
    expect(livePromotions(content, '2026-11-01')[0]).toMatchObject({ alt: '', action_label: 'Find out more' });
  });

  it('postsAbout: newest first, by make or model', () => {
    const content = parseTenantContent({ posts: [post('old', '2026-01-05', ['toyota'], ['hilux']), post('new', '2026-06-01', ['toyota']), post('isuzu', '2026-03-01', ['isuzu-ute'], ['d-max'])] });
    expect(postsAbout(content).map((p) => p.slug)).toEqual(['new', 'isuzu', 'old']);
    expect(postsAbout(content, { make: 'toyota' }).map((p) => p.slug)).toEqual(['new', 'old']);
    expect(postsAbout(content, { model: 'd-max' }).map((p) => p.slug)).toEqual(['isuzu']);
    expect(postsAbout(content, {}, 1).map((p) => p.slug)).toEqual(['new']);
  });

  it('postsForCar: the model first, then the make’s general posts; a make slug may add a line (isuzu-ute)', () => {
    const content = parseTenantContent({
      posts: [
        post('hilux-tow', '2026-02-01', ['toyota'], ['hilux']),
        post('toyota-service', '2026-05-01', ['toyota']),
        post('rav4', '2026-06-01', ['toyota'], ['rav4']),
        post('dmax', '2026-03-01', ['isuzu-ute'], ['d-max']),
        post('used-guide', '2026-07-01'),
      ],
    });
    const slugs = (posts: BlogPost[]) => posts.map((p) => p.slug);
    expect(slugs(postsForCar(content, { make: 'Toyota', model: 'HiLux' }))).toEqual(['hilux-tow', 'toyota-service']);
    expect(slugs(postsForCar(content, { make: 'Isuzu', model: 'D-Max' }))).toEqual(['dmax']);
    expect(slugs(postsForCar(content, { make: 'Mazda', model: 'CX-5' }))).toEqual([]);
    expect(postsForCar(content, { make: 'Toyota', model: 'HiLux' }, 1)).toHaveLength(1);
  });

  it('toSlug writes model names as the model pages do', () => {
    expect(toSlug('LandCruiser Prado')).toBe('landcruiser-prado');
    expect(toSlug('D-Max')).toBe('d-max');
    expect(toSlug('MU-X')).toBe('mu-x');
    expect(toSlug('bZ4X')).toBe('bz4x');
    expect(toSlug('Citroën C5 Aircross')).toBe('citroen-c5-aircross');
  });
});

describe('spec §9 block maths', () => {
  it('sales counter: one sale per 450 s since midnight Brisbane (UTC+10, no daylight saving), at most 192', () => {
    const midnightBrisbane = Date.UTC(2026, 10, 25, 14, 0, 0); // 2026-11-26 00:00 in Brisbane
    expect(salesSoFar(midnightBrisbane)).toBe(0);
    expect(salesSoFar(midnightBrisbane + 449_000)).toBe(0);
    expect(salesSoFar(midnightBrisbane + 450_000)).toBe(1);
    expect(salesSoFar(midnightBrisbane + 12 * 3600_000)).toBe(96);
    expect(salesSoFar(midnightBrisbane + 86_399_000)).toBe(191);
    expect(salesSoFar(midnightBrisbane + 86_400_000)).toBe(0);
    expect(SALES_COUNTER.perDay * SALES_COUNTER.stepSeconds).toBe(86_400);
  });

  it('price range: to search sorted by price descending, up to the chosen price, clamped to 5,000-250,000 in steps of 500', () => {
    expect(priceRangeSearchHref(30_000)).toBe('/search/new-used-and-demo-cars?price_max=30000&sortBy=price_desc');
    expect(priceRangeSearchHref(30_260)).toBe('/search/new-used-and-demo-cars?price_max=30500&sortBy=price_desc');
    expect(priceRangeSearchHref(1)).toBe(`/search/new-used-and-demo-cars?price_max=${PRICE_SLIDER_PAGE.min}&sortBy=price_desc`);
    expect(priceRangeSearchHref(9e9)).toBe(`/search/new-used-and-demo-cars?price_max=${PRICE_SLIDER_PAGE.max}&sortBy=price_desc`);
    // A used-only site searches its used cars.
    expect(priceRangeSearchHref(20_000, true)).toBe('/search/used-cars?price_max=20000&sortBy=price_desc');
  });

  it('blog card: description cut at 100 characters on a word, date dd MMM yyyy', () => {
    const long = 'Towing a caravan with a HiLux is easy when you know the limits of your ball weight and your gross combination mass.';
    const cut = blogExcerpt(long);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(blogExcerpt('Short.')).toBe('Short.');
    expect(blogExcerpt('x'.repeat(150))).toHaveLength(100);
    expect(blogDate('2026-03-04')).toBe('04 Mar 2026');
    expect(blogDate('2026-12-31')).toBe('31 Dec 2026');
  });
});
