/**
 * Brands, the mega menu and the promotions slider as a shopper uses them (issue 14; spec §2 Other screens, §9): the
 * group's mega menu opens by keyboard with its nested Cars / Trucks / Motorcycles groups (stacked on a phone), /brands
 * shows the category sections, 'Our Brands' and the stats banner, and the home page's promotions carousel works by
 * keyboard (Pause, Next, Previous; it moves on by itself until then), each with 0 axe violations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { livePromotions, parseTenantContent, type Promotion } from '@forecourt/contracts/content';
import { demoTenants } from '../demo/dist/index.mjs';
import { axeViolations, collectErrors, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;
type Kv = { get(key: string, type: 'json'): Promise<unknown>; put(key: string, value: string): Promise<void> };

let platform: Platform;
let browser: Browser;
const GROUP = 'southern-cross-motor-group';
const FRANCHISE = 'harbourside-toyota';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});
/** Chosen (and seeded if need be) before any page loads: the shell caches a tenant's content for a few seconds. */
let promoted: { slug: string; slides: Promotion[] };
beforeAll(async () => {
  promoted = await tenantWithPromotions();
});

/** Today in Brisbane (every demo tenant's zone): the day the slider's start and expiry dates are read on. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane' }).format(Date.now());

/**
 * A demo tenant whose content has at least two live promotions. Until the demo content brings some, the franchise's
 * content gets three slides made of its own banners (this file's platform only), so the carousel is always tested.
 */
async function tenantWithPromotions(): Promise<{ slug: string; slides: Promotion[] }> {
  const kv = (await (platform as unknown as { mf: { getKVNamespace(b: string, w: string): Promise<Kv> } }).mf.getKVNamespace('CONFIG', 'forecourt-shell'));
  for (const t of demoTenants() as Array<{ slug: string }>) {
    const slides = livePromotions(parseTenantContent(await kv.get(`content:${t.slug}`, 'json')), today());
    if (slides.length > 1) return { slug: t.slug, slides };
  }
  const franchise = (demoTenants() as Array<{ slug: string; banners: Array<{ title: string; subtitle?: string; image: string; href?: string }> }>).find((t) => t.slug === FRANCHISE)!;
  const content = parseTenantContent(await kv.get(`content:${FRANCHISE}`, 'json'));
  const promotions = franchise.banners.map((b) => ({ title: b.title, text: b.subtitle, image: b.image, href: b.href ?? '/search/new-used-and-demo-cars' }));
  await kv.put(`content:${FRANCHISE}`, JSON.stringify({ ...content, promotions }));
  return { slug: FRANCHISE, slides: livePromotions(parseTenantContent({ ...content, promotions }), today()) };
}

const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());
/** The slide the track has come to rest on (its scroll position over one slide's width), or -1 while it is between two. */
const shownSlide = (page: Page) =>
  page.locator('[data-carousel-track]').evaluate((t) => {
    const at = t.scrollLeft / t.clientWidth;
    return Math.abs(at - Math.round(at)) < 0.01 ? Math.round(at) : -1;
  });

describe('mega menu and brand grid (dealer group)', () => {
  it('the mega menu opens by keyboard with its groups; /brands has the sections and stats; axe clean; stacked on a phone', async () => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${platform.tenantUrl(GROUP)}/brands`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-islands-ready]');

    // /brands: one h1, the category sections and 'Our Brands' in order, the stats banner.
    expect(await page.locator('main h1').allTextContents()).toEqual(['Brands']);
    expect(await page.locator('main .fc-brand-section h2').allTextContents()).toEqual(['Cars', 'Motorcycles', 'Trucks', 'Our Brands']);
    expect((await page.locator('main .fc-stats').innerText()).replace(/\s+/g, ' ')).toBe('50+ Locations 40+ Brands 30+ Years Est.');
    expect(await page.locator('main .fc-brand-section').first().locator('a[href="/hyundai/overview"]').count()).toBe(1);

    // Keyboard: the Vehicles summary opens the mega menu; the 'dropdown-open' marker follows; Tab enters the first group.
    const mega = page.locator('.fc-nav__item--mega');
    await mega.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => mega.evaluate((li) => li.classList.contains('dropdown-open'))).toBe(true);
    expect(await mega.locator('.fc-mega__heading').allTextContents()).toEqual(['Cars', 'Trucks', 'Motorcycles']);
    expect(await mega.locator('ul[aria-labelledby] >> nth=1').locator('a').allTextContents()).toEqual(['Isuzu Trucks', 'Hino', 'Fuso']);
    // Columns side by side on a desktop.
    const [cars, trucks] = [await mega.locator('.fc-mega__group').nth(0).boundingBox(), await mega.locator('.fc-mega__group').nth(1).boundingBox()];
    expect(trucks!.x).toBeGreaterThan(cars!.x + cars!.width - 1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/hyundai/overview');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => mega.evaluate((li) => li.classList.contains('dropdown-open'))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vehicles');

    // A phone: behind the Menu button, the groups stack into one list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-menu-toggle]').click();
    await mega.locator('summary').click();
    const [phoneCars, phoneTrucks] = [await mega.locator('.fc-mega__group').nth(0).boundingBox(), await mega.locator('.fc-mega__group').nth(1).boundingBox()];
    expect(phoneTrucks!.x).toBe(phoneCars!.x);
    expect(phoneTrucks!.y).toBeGreaterThanOrEqual(phoneCars!.y + phoneCars!.height);
    expect(phoneCars!.x + phoneCars!.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('promotions slider (home page)', () => {
  it('moves on by itself, then Pause, Next and Previous work by keyboard; one h1; axe clean', async () => {
    const { slug, slides } = promoted;
    expect(slides.length).toBeGreaterThan(1);
    const context = await shopperContext(browser, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const heroRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image' && r.url().includes(slides[0]!.image.replace(/^\//, ''))) heroRequests.push(r.url());
    });
    await page.clock.install();
    await page.goto(`${platform.tenantUrl(slug)}/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-carousel-ready]');
    // The first slide (the page's largest paint) is a photo through the image CDN at the width the screen needs,
    // asked for once: the head's preload and the <img> name the same file (issue 19).
    const hero = await page.locator('.fc-carousel__slide img').first().evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth, complete: img.complete }));
    expect(hero.src).toContain('/cdn-cgi/image/width=');
    expect(hero).toMatchObject({ complete: true });
    expect(hero.width).toBeGreaterThan(0);
    expect(heroRequests).toEqual([hero.src]);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    expect(await carousel.getAttribute('aria-label')).toBe('Promotions');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(slides.length);
    expect(await carousel.locator('[aria-roledescription="slide"]').first().getAttribute('aria-label')).toBe(`1 of ${slides.length}`);
    expect(await shownSlide(page)).toBe(0);

    // WCAG 2.2.2: it moves on by itself (about every 6 s)...
    await page.clock.runFor(6500);
    await expect.poll(() => shownSlide(page)).toBe(1);

    // ...until the shopper pauses it from the keyboard: the rotation control comes first.
    await carousel.locator('[data-carousel-rotation]').focus();
    expect(await activeLabel(page)).toBe('Pause slide show');
    await page.keyboard.press('Enter');
    expect(await activeLabel(page)).toBe('Play slide show');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe('Previous slide');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe('Next slide');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownSlide(page)).toBe(2 % slides.length);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownSlide(page)).toBe(1);
    // Stopped for good: focus leaving and time passing do not start it again.
    await page.locator('.fc-header__logo').focus();
    await page.clock.runFor(20_000);
    expect(await shownSlide(page)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
