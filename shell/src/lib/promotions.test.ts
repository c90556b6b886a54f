import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT, type Promotion } from '@forecourt/contracts/content';
import { heroImage, heroSection, slideLabel, PROMO_INTERVAL_MS } from './promotions.ts';
import { heroPreloads } from './banner-image.ts';
import { homePage } from './pages.ts';
import { demoTenant } from '../test/tenants.ts';

const slide = (n: number, more: Partial<Promotion> = {}): Promotion => ({ title: `Slide ${n}`, image: `https://img.example/promo-${n}.jpg`, alt: '', action_label: 'Find out more', href: `/offer-${n}`, ...more });
const NOW = Date.parse('2026-11-26T02:00:00Z'); // 26 November in Brisbane
const withPromotions = (promotions: Promotion[]) => {
  const tenant = demoTenant('harbourside-toyota');
  tenant.content = { ...EMPTY_CONTENT, promotions };
  return tenant;
};

describe('home hero: promotions slider (spec §9: 1920x540; APG carousel)', () => {
  it('renders live slides as a labelled carousel of "n of N" slides, hidden controls for the script', async () => {
    const html = String(await heroSection(withPromotions([slide(1, { text: 'Save now', alt: 'A red HiLux' }), slide(2), slide(3)]), NOW));
    expect(html).toContain('aria-roledescription="carousel" aria-label="Promotions"');
    expect(html).toContain(`data-interval="${PROMO_INTERVAL_MS}"`);
    expect(html.match(/role="group" aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="1 of 3"');
    expect(html).toContain('aria-label="3 of 3"');
    // Controls: rotation first (APG), then Previous and Next; hidden until the script shows them (no JS: scrolling).
    expect(html).toContain('data-carousel-controls hidden');
    const order = ['data-carousel-rotation', 'data-carousel-prev', 'data-carousel-next', 'data-carousel-track'].map((m) => html.indexOf(m));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('aria-label="Pause slide show"');
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    // Sized images: the first is the page's priority image, the others lazy.
    expect(html.match(/width="1920" height="540"/g)).toHaveLength(3);
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    expect(html.indexOf('fetchpriority="high"')).toBeLessThan(html.indexOf('promo-2.jpg'));
    expect(html).toContain('alt="A red HiLux"');
    expect(html).toContain('<p>Save now</p>');
    expect(html).toContain('href="/offer-2">Find out more<span class="fc-visually-hidden">: Slide 2</span></a>');
  });

  it('keeps exactly one h1 (the site name) and every slide title an h2', async () => {
    const html = String(await heroSection(withPromotions([slide(1), slide(2)]), NOW));
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<h1 class="fc-visually-hidden">Harbourside Toyota</h1>');
    expect(html.match(/<h2>Slide \d<\/h2>/g)).toHaveLength(2);
  });

  it("shows only slides live today in the tenant's time zone", async () => {
    const html = String(await heroSection(withPromotions([slide(1, { expiry: '2026-11-25' }), slide(2, { start: '2026-11-26' }), slide(3, { start: '2026-11-27' }), slide(4)]), NOW));
    expect(html).not.toContain('Slide 1');
    expect(html).not.toContain('Slide 3');
    expect(html).toContain('aria-label="1 of 2"');
    // 2026-11-25 23:30 UTC is already the 26th in Brisbane: slide 1 has expired there.
    expect(String(await heroSection(withPromotions([slide(1, { expiry: '2026-11-25' })]), Date.parse('2026-11-25T23:30:00Z')))).not.toContain('Slide 1');
  });

  it('one slide: no controls; a slide without a link has no button', async () => {
    const html = String(await heroSection(withPromotions([slide(1, { href: undefined })]), NOW));
    expect(html).toContain('aria-label="1 of 1"');
    expect(html).not.toContain('data-carousel-controls');
    expect(html).not.toContain('fc-btn');
  });

  it('without live promotions the single-banner hero stays', async () => {
    const tenant = withPromotions([]);
    const html = String(await heroSection(tenant, NOW));
    expect(html).not.toContain('data-carousel');
    expect(html).toContain(`<h1 id="fc-hero-title">${tenant.config.banners[0]!.title}</h1>`);
    expect(String(await heroSection(withPromotions([slide(1, { expiry: '2020-01-01' })]), NOW))).not.toContain('data-carousel');
  });

  it('the home page with a slider keeps one h1', async () => {
    const tenant = withPromotions([slide(1), slide(2)]);
    const { body } = await homePage(tenant);
    expect(body.match(/<h1/g)).toHaveLength(1);
  });

  it("the hero's pictures come through the image CDN (a phone gets the 16:9 crop it shows), the first preloaded from the head (issue 19)", async () => {
    const tenant = withPromotions([slide(1), slide(2)]);
    const html = String(await heroSection(tenant, NOW));
    const first = 'https://img.example/promo-1.jpg';
    const cdn = (opts: string, src: string) => `/cdn-cgi/image/${opts},quality=75,format=auto/${src}`;
    // Every slide: a <picture> whose phone source is the centred 16:9 crop, its <img> the whole banner.
    expect(html.match(/<picture><source media="\(max-width: 767px\)" srcset="[^"]+" sizes="100vw"><img class="fc-hero__img" src="[^"]+" srcset="[^"]+" sizes="clamp\(1138px, 135vw, 1849px\)"/g)).toHaveLength(2);
    expect(html).toContain(`<source media="(max-width: 767px)" srcset="${cdn('width=480,height=270,fit=cover', first)} 480w, `);
    expect(html).toContain(`${cdn('width=960,height=540,fit=cover', first)} 960w" sizes="100vw">`);
    expect(html).toContain(`<img class="fc-hero__img" src="${cdn('width=1600', first)}" srcset="${cdn('width=800', first)} 800w, `);
    expect(html).toContain(`${cdn('width=1600', 'https://img.example/promo-2.jpg')} 1600w"`);
    // The home page asks for the first slide's picture from its head: one preload per source, each for its media,
    // with the same src, srcset and sizes as that source (the browser fetches one file once).
    const { head } = await homePage(tenant, NOW);
    expect(head.preloadSources).toEqual(heroPreloads(first));
    expect(head.preloadImage).toBeUndefined();
    const [phone, wide] = head.preloadSources!;
    expect(phone).toMatchObject({ media: '(max-width: 767px)', href: cdn('width=800,height=450,fit=cover', first), sizes: '100vw' });
    expect(wide).toMatchObject({ media: '(min-width: 768px)', href: cdn('width=1600', first), sizes: 'clamp(1138px, 135vw, 1849px)' });
    expect(html).toContain(`<source media="${phone!.media}" srcset="${phone!.srcset}" sizes="${phone!.sizes}"><img class="fc-hero__img" src="${wide!.href}" srcset="${wide!.srcset}" sizes="${wide!.sizes}"`);
    expect(heroImage(tenant, NOW)).toBe(first);
    // No live promotion: the first banner's picture; a drawing (SVG) is one <img> at its own address, one preload.
    const plain = withPromotions([]);
    plain.config = { ...plain.config, banners: [{ ...plain.config.banners[0]!, image: '/img/banner.svg' }] };
    expect(heroImage(plain, NOW)).toBe('/img/banner.svg');
    expect((await homePage(plain, NOW)).head.preloadSources).toEqual([{ href: '/img/banner.svg' }]);
    const drawn = String(await heroSection(plain, NOW));
    expect(drawn).toContain('<img class="fc-hero__img" src="/img/banner.svg" alt=""');
    expect(drawn).not.toContain('<picture>');
    // A home page that does not start with its hero preloads no picture (the hero is not its largest paint).
    const late = withPromotions([slide(1)]);
    late.config = { ...late.config, home: { sections: [{ kind: 'quick-search' }, { kind: 'hero' }] } };
    expect((await homePage(late, NOW)).head.preloadSources).toBeUndefined();
  });

  it('slideLabel is "n of N"', () => {
    expect(slideLabel(0, 4)).toBe('1 of 4');
    expect(slideLabel(3, 4)).toBe('4 of 4');
  });
});
