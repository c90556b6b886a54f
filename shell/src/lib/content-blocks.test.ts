import { describe, expect, it } from 'vitest';
import { priceRangeSearchHref, salesSoFar, type ContentPageInput } from '@forecourt/contracts/content';
import { MAX_FRAGMENT_SLOTS } from '@forecourt/contracts/fragments';
import { PRICE_SLIDER_PAGE } from '@forecourt/contracts/constants';
import { blogCardList, CONTENT_FORM_ID, LEAD_FORM_SLOT, offersFor, renderBlocks, tenantToday } from './content-blocks.ts';
const PRICE_RANGE_ACTION = '/search/new-used-and-demo-cars';
import { demoTenant } from '../test/tenants.ts';
import { page, POSTS, richContent, withContent } from '../test/content.ts';
import type { Tenant } from './tenant.ts';

/** Noon in Brisbane (UTC+10) on 1 June 2026. */
const NOON = Date.UTC(2026, 5, 1, 2, 0, 0);
const base = () => withContent(demoTenant('harbourside-toyota'), { posts: POSTS });

/** Renders one page of these blocks on a tenant whose content is `extra` plus that page. */
async function render(blocks: ContentPageInput['blocks'], opts: { tenant?: Tenant; query?: string; spin?: string; title?: string } = {}) {
  const tenant = opts.tenant ?? base();
  const input = page('/test', blocks, { title: opts.title ?? 'Test page' });
  const t = withContent(tenant, { pages: [...tenant.content.pages, input], posts: tenant.content.posts });
  const parsed = t.content.pages.find((p) => p.path === '/test')!;
  return renderBlocks(t, parsed, { query: new URLSearchParams(opts.query ?? ''), now: NOON, ...(opts.spin ? { spin: opts.spin } : {}) });
}

const count = (html: string, needle: RegExp) => (html.match(needle) ?? []).length;

describe('renderBlocks: the page heading', () => {
  it('a hero first is the h1; the page title is not repeated', async () => {
    const { html } = await render([{ type: 'hero', heading: 'Family owned since 1987', text: 'On the bay.', image: { src: '/img/hero.jpg', alt: '' }, actions: [{ label: 'Meet us', href: '/about-us', primary: true }] }]);
    expect(count(html, /<h1/g)).toBe(1);
    expect(html).toContain('<h1 id="fc-b0-title">Family owned since 1987</h1>');
    expect(html).not.toContain('Test page');
    // Through the image CDN (banner-image.ts heroPicture): the phone's 16:9 crop as the source, the whole banner as the img.
    expect(html).toContain('<picture><source media="(max-width: 767px)" srcset="/cdn-cgi/image/width=480,height=270,fit=cover,quality=75,format=auto/img/hero.jpg 480w, ');
    expect(html).toContain('<img class="fc-hero__img" src="/cdn-cgi/image/width=1600,quality=75,format=auto/img/hero.jpg" srcset="/cdn-cgi/image/width=800,quality=75,format=auto/img/hero.jpg 800w, ');
    expect(html).toContain('/cdn-cgi/image/width=1600,quality=75,format=auto/img/hero.jpg 1600w" sizes="clamp(1138px, 135vw, 1849px)" alt="" width="1280" height="720" fetchpriority="high"></picture>');
    expect(html).toContain('<a class="fc-btn fc-btn--primary" href="/about-us">Meet us</a>');
  });

  it('otherwise the page title is the h1 and a later hero is an h2 with a lazy image', async () => {
    const { html } = await render([{ type: 'markdown', markdown: 'Hi' }, { type: 'hero', heading: 'Later', image: { src: '/img/x.jpg', alt: 'A car' } }]);
    expect(html.startsWith('<h1>Test page</h1>')).toBe(true);
    expect(count(html, /<h1/g)).toBe(1);
    expect(html).toContain('<h2 id="fc-b1-title">Later</h2>');
    expect(html).toContain('alt="A car" width="1280" height="720" loading="lazy"');
  });
});

describe('renderBlocks: each block', () => {
  it('markdown: sanitised, headings under the h1', async () => {
    const { html } = await render([{ type: 'markdown', markdown: '# Story\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))' }]);
    expect(html).toContain('<div class="fc-prose" id="fc-b0"><h2>Story</h2>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('href="javascript');
  });

  it('image: a figure with its caption', async () => {
    const { html } = await render([{ type: 'markdown', markdown: 'x' }, { type: 'image', image: { src: '/img/showroom.jpg', alt: 'The showroom', width: 800, height: 600 }, caption: 'Cleveland & co' }]);
    expect(html).toContain('<figure class="fc-figure" id="fc-b1"><img src="/img/showroom.jpg" alt="The showroom" width="800" height="600" loading="lazy" decoding="async"><figcaption>Cleveland &amp; co</figcaption></figure>');
  });

  it('faq: details/summary (no JavaScript needed), answers in Markdown', async () => {
    const { html } = await render([{ type: 'faq', heading: 'Questions', items: [{ question: 'How long?', answer: 'Five **years**.' }, { question: 'Q2 <b>', answer: 'A2' }] }]);
    expect(html).toContain('<section class="fc-section fc-faq" id="fc-b0" aria-labelledby="fc-b0-title">');
    expect(html).toContain('<details class="fc-faq__item" id="fc-b0-q0"><summary>How long?</summary><div class="fc-faq__answer fc-prose"><p>Five <strong>years</strong>.</p>');
    expect(html).toContain('<summary>Q2 &lt;b&gt;</summary>');
    expect(count(html, /<details/g)).toBe(2);
  });

  it('benefits: cards (careers: open roles with meta and an action naming the role)', async () => {
    const { html } = await render([
      { type: 'benefits', heading: 'Open roles', items: [{ title: 'Apprentice technician', meta: 'Cleveland · Full time', text: 'Start your trade.', action: { label: 'Apply now', href: '#apply' } }, { title: 'Sales', text: 'Sell cars.' }] },
    ]);
    expect(html).toContain('<h2 id="fc-b0-title">Open roles</h2>');
    expect(html).toContain('<h3 id="fc-b0-i0">Apprentice technician</h3><p class="fc-benefit__meta">Cleveland · Full time</p><p>Start your trade.</p>');
    expect(html).toContain('<a class="fc-btn" href="#apply">Apply now<span class="fc-visually-hidden">: Apprentice technician</span></a>');
    expect(count(html, /class="fc-benefit fc-card"/g)).toBe(2);
    // Without a block heading the cards are the page's h2s (no level skipped).
    expect((await render([{ type: 'benefits', items: [{ title: 'T', text: 'x' }] }])).html).toContain('<h2 id="fc-b0-i0">T</h2>');
  });

  it('disclaimer: small print, each item Markdown', async () => {
    const { html } = await render([{ type: 'disclaimer', items: ['Conditions apply. See [terms](/terms-and-conditions).', 'Second'] }]);
    expect(html).toContain('<div class="fc-disclaimer" id="fc-b0"><div class="fc-disclaimer__item"><p>Conditions apply. See <a href="/terms-and-conditions">terms</a>.</p>');
    expect(count(html, /fc-disclaimer__item/g)).toBe(2);
  });

  it('cta: heading, text, actions', async () => {
    const { html } = await render([{ type: 'cta', heading: 'Book a service', text: 'Online in a minute.', actions: [{ label: 'Book now', href: '/service', primary: true }, { label: 'Call', href: 'tel:+61730000000' }] }]);
    expect(html).toContain('<section class="fc-cta fc-card" id="fc-b0" aria-labelledby="fc-b0-title"><h2 id="fc-b0-title">Book a service</h2><p>Online in a minute.</p><div class="fc-cta__actions"><a class="fc-btn fc-btn--primary" href="/service">Book now</a><a class="fc-btn" href="tel:+61730000000">Call</a></div></section>');
  });

  it('stats: its items, else the tenant config stats, else nothing', async () => {
    expect((await render([{ type: 'stats', items: [{ value: '35+', label: 'Years' }] }])).html).toContain('<li><span class="fc-stats__value">35+</span> <span class="fc-stats__label">Years</span></li>');
    const group = withContent(demoTenant('southern-cross-motor-group'), {});
    const fromConfig = (await render([{ type: 'stats' }], { tenant: group })).html;
    expect(fromConfig).toContain('50+</span> <span class="fc-stats__label">Locations');
    expect(fromConfig).toContain('30+</span> <span class="fc-stats__label">Years Est.');
    expect((await render([{ type: 'stats' }])).html).not.toContain('fc-stats');
  });

  it('sales counter: the count so far today (Brisbane), refreshed by the client, never a live region', async () => {
    const { html } = await render([{ type: 'sales-counter', heading: 'Sold today', text: 'Across our yards.' }]);
    expect(salesSoFar(NOON)).toBe(96);
    expect(html).toContain('<span class="fc-sales-counter__value" data-sales-count>96</span>');
    expect(html).toContain('data-sales-counter');
    expect(html).not.toContain('aria-live');
  });

  it('offers: the running ones, of one make or model, with Enquire Now and Explore {model}', async () => {
    const tenant = base();
    const all = (await render([{ type: 'offers' }], { tenant })).html;
    expect(count(all, /class="fc-offer fc-card"/g)).toBe(tenant.data.offers.length);
    const hilux = (await render([{ type: 'offers', model: 'hilux', heading: 'HiLux deals' }], { tenant })).html;
    const offer = tenant.data.offers.find((o) => o.model?.slug === 'hilux')!;
    expect(count(hilux, /class="fc-offer fc-card"/g)).toBe(1);
    expect(hilux).toContain('<h2 id="fc-b0-title">HiLux deals</h2>');
    expect(hilux).toContain(`<a class="fc-btn fc-btn--primary" href="/contact?offer=${offer.id}">Enquire Now<span class="fc-visually-hidden">: ${offer.name}</span></a>`);
    // No HiLux page in this content: the offer's own link.
    expect(hilux).toContain(`<a class="fc-btn" href="${offer.url}">Explore ${offer.model!.name}</a>`);
    // With a model page, Explore goes there.
    const withPage = withContent(tenant, { pages: [page('/models/hilux', [{ type: 'markdown', markdown: 'x' }])] });
    expect((await render([{ type: 'offers', model: 'hilux' }], { tenant: withPage })).html).toContain(`href="/models/hilux">Explore ${offer.model!.name}</a>`);
    // Another make: none of this tenant's.
    const none = (await render([{ type: 'offers', manufacturer: 'ford' }], { tenant })).html;
    expect(none).not.toContain('fc-offer fc-card');
    expect(none).toContain('href="/special-offers"');
  });

  it('offers: an expired offer is left out (whole days in the tenant’s time zone)', () => {
    const tenant = base();
    tenant.data.offers[0]!.expiry = '2026-05-31';
    tenant.data.offers[1]!.expiry = '2026-06-01';
    const ids = offersFor(tenant, {}, NOON).map((o) => o.id);
    expect(ids).not.toContain(tenant.data.offers[0]!.id);
    expect(ids).toContain(tenant.data.offers[1]!.id);
    // 23:30 UTC on 31 May is already 1 June in Brisbane.
    expect(tenantToday('Australia/Brisbane', Date.UTC(2026, 4, 31, 23, 30))).toBe('2026-06-01');
    expect(tenantToday('Not/AZone', NOON)).toBe('2026-06-01');
  });

  it("stock strip: mf-search's slot with the block's params", async () => {
    const { html, slots } = await render([{ type: 'markdown', markdown: 'x' }, { type: 'stock-strip', heading: 'HiLux in stock', make: 'toyota', model: 'hilux' }]);
    expect(slots).toEqual([{ id: 'stock-strip-1', remote: 'mf-search', page: 'stock-strip', params: { strip: 'new-arrivals', heading: 'HiLux in stock', make: 'toyota', model: 'hilux' } }]);
    expect(html).toContain('<div class="fc-section" id="fc-b1"><fc-slot id="stock-strip-1"></fc-slot></div>');
  });

  it("lead form: mf-account's slot, with the no-JavaScript error passed on; a heading of its own uses the 'page' layout", async () => {
    const plain = await render([{ type: 'lead-form', form: 'careers' }], { query: 'lead_error=invalid&lead_error_fields=email' });
    expect(plain.slots).toEqual([{ id: LEAD_FORM_SLOT, remote: 'mf-account', page: 'lead-form', params: { form: 'careers', id: CONTENT_FORM_ID, lead_error: 'invalid', lead_error_fields: 'email' } }]);
    expect(plain.html).toContain(`<fc-slot id="${LEAD_FORM_SLOT}"></fc-slot>`);
    const headed = await render([{ type: 'lead-form', form: 'fleet', heading: 'Talk to our fleet team' }]);
    expect(headed.slots[0]!.params).toEqual({ form: 'fleet', id: CONTENT_FORM_ID, layout: 'page' });
    expect(headed.html).toContain('<h2 id="fc-b0-title">Talk to our fleet team</h2><fc-slot id="lead-form"></fc-slot>');
  });

  it('at most MAX_FRAGMENT_SLOTS slots: blocks past that render nothing', async () => {
    const blocks = Array.from({ length: MAX_FRAGMENT_SLOTS + 2 }, () => ({ type: 'stock-strip' as const }));
    const { html, slots } = await render(blocks);
    expect(slots).toHaveLength(MAX_FRAGMENT_SLOTS);
    expect(count(html, /<fc-slot/g)).toBe(MAX_FRAGMENT_SLOTS);
  });

  it('blog list: newest posts (of a make or model), cards with date, excerpt and READ MORE', async () => {
    const { html } = await render([{ type: 'blog-list', heading: 'Toyota news', make: 'toyota' }]);
    expect(count(html, /class="fc-post-card fc-card"/g)).toBe(2);
    expect(html.indexOf('Capped price servicing')).toBeLessThan(html.indexOf('How much can a HiLux'));
    expect(html).toContain('<time datetime="2026-03-04">04 Mar 2026</time>');
    expect(html).toContain('<a class="fc-btn" href="/blog/hilux-towing-guide">READ MORE<span class="fc-visually-hidden">: How much can a HiLux really tow?</span></a>');
    expect(html).toContain('href="/blog">All posts</a>');
    const hilux = (await render([{ type: 'blog-list', model: 'hilux' }])).html;
    expect(count(hilux, /fc-post-card fc-card/g)).toBe(1);
    expect((await render([{ type: 'blog-list', make: 'ford' }])).html).toBe('<h1>Test page</h1>');
  });

  it('blog cards cut the description at 100 characters', async () => {
    const html = String(await blogCardList([{ ...POSTS[0]!, makes: [], models: [], author: undefined, image: { ...POSTS[0]!.image, width: 1280, height: 720 } }]));
    const excerpt = /<\/time><\/p><p>([^<]+)<\/p>/.exec(html)![1]!;
    expect(excerpt.length).toBeLessThanOrEqual(100);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(html).toContain('alt=""');
  });

  it('price range: a GET form to the search, sorted by price, that works without JavaScript', async () => {
    const { html } = await render([{ type: 'price-range', heading: 'Shop by budget' }]);
    const { min, max, step } = PRICE_SLIDER_PAGE;
    expect(html).toContain(`<form class="fc-price-range__form" action="${PRICE_RANGE_ACTION}" method="get">`);
    expect(html).toContain(`<input type="range" id="fc-b0-price" name="price_max" min="${min}" max="${max}" step="${step}" value="50000" aria-valuetext="$50,000" data-price-range="fc-b0-value">`);
    expect(html).toContain('<input type="hidden" name="sortBy" value="price_desc">');
    expect(html).toContain('<output class="fc-price-range__value" id="fc-b0-value" for="fc-b0-price" aria-live="off">$50,000</output>');
    expect(html).toContain('<label for="fc-b0-price">Maximum price</label>');
    // What the browser submits is exactly the search priceRangeSearchHref names.
    const fields = [...html.matchAll(/<input type="(?:range|hidden)"[^>]* name="([^"]+)"[^>]* value="([^"]+)"|<input type="hidden" name="([^"]+)" value="([^"]+)"/g)].map((m) => [m[1] ?? m[3], m[2] ?? m[4]] as [string, string]);
    expect(`${PRICE_RANGE_ACTION}?${new URLSearchParams(fields)}`).toBe(priceRangeSearchHref(50_000));
    // A used-only site searches its used cars.
    const used = await render([{ type: 'price-range' }], { tenant: demoTenant('outback-used-cars') });
    expect(used.html).toContain('<form class="fc-price-range__form" action="/search/used-cars" method="get">');
  });

  it('a titled disclaimer is a section named by its heading', async () => {
    const { html } = await render([{ type: 'disclaimer', heading: 'Terms', items: ['Conditions apply.'] }]);
    expect(html).toContain('<section class="fc-disclaimer" id="fc-b0" aria-labelledby="fc-b0-title"><h2 id="fc-b0-title">Terms</h2>');
  });

  it('spin-to-win: the wheel HTML it is given, else nothing', async () => {
    expect((await render([{ type: 'spin-to-win' }], { spin: '<div class="wheel"></div>' })).html).toContain('<div class="wheel"></div>');
    expect((await render([{ type: 'spin-to-win' }])).html).toBe('<h1>Test page</h1>');
  });
});

describe('renderBlocks: a page of every block', () => {
  it('has unique ids and one h1', async () => {
    const tenant = withContent(demoTenant('harbourside-toyota'), richContent());
    for (const p of tenant.content.pages) {
      const { html } = await renderBlocks(tenant, p, { now: NOON, spin: '<div id="wheel"></div>' });
      const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, p.path).toBe(ids.length);
      expect(count(html, /<h1[\s>]/g), p.path).toBe(1);
    }
  });
});
