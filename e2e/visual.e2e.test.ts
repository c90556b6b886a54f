/**
 * Visual checks (issue 13): home, search, a car page, locations and contact of every demo tenant at 390 and 1366 px,
 * compared against committed baselines (`e2e/screenshots/`, pixelmatch with a tolerance: anti-aliasing and a year's
 * date text move a few pixels, a broken layout moves thousands), plus what matters whatever the pixels: no horizontal
 * scroll at 390 px, the car page's first photo above the fold on a phone, at most 2 visible buttons per search card,
 * no layout shift while loading (CLS 0) and no console error.
 *
 * The screenshots are the viewport (the first screen a shopper sees), with what changes by the hour masked (a
 * location's "Open now"). `npm run screenshots` (UPDATE_SCREENSHOTS=1) rewrites the baselines; README shows some of
 * them. A failing comparison writes the actual picture and the difference to e2e/out/ for a look.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, engagePage, launchChromium, shopperContext } from './support.ts';
// @ts-expect-error plain ESM module without types
import { startPlatform } from '../dev/platform.mjs';

type Platform = { tenantUrl(slug: string): string; dispose(): Promise<void> };
const TENANTS = ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'];
const WIDTHS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const PAGES = ['home', 'search', 'car', 'locations', 'contact'] as const;
const BASELINES = fileURLToPath(new URL('./screenshots/', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
/** Share of pixels that may differ (pixelmatch, per-pixel threshold 0.2, anti-aliased pixels ignored). */
const MAX_DIFF_RATIO = 0.015;
/**
 * What changes by the hour or with each visit: masked in the screenshots. The search page's count changes whenever a
 * sold car leaves the tenant's days of sold cars (spec §9 include_sold_cars_days, by the clock): its number's width
 * moves the Save search button beside it, so both are masked (a CI run failed at 1.55% for 816 -> 820 cars).
 */
const VOLATILE = ['[data-volatile]', '.fs-card__views', '.fv-views', '.fs-results__count', '.fs-save-search'];

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  // The baselines show the photo-weight pictures a shopper sees (test runs otherwise serve the light ones).
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error', photos: 'full' });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await platform?.dispose();
});

/** Layout shifts while the page loads, summed as CLS counts them (shifts right after input excluded). */
async function trackLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Waits until the page is settled: islands mounted (those that load at the shopper's first use of the page too, issue
 * 19: the baselines show the page in use), web fonts in, the images above the fold decoded.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-islands-ready'));
  await engagePage(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const visible = [...document.images].filter((img) => img.loading !== 'lazy' && img.getBoundingClientRect().top < innerHeight);
    await Promise.all(visible.map((img) => (img.complete ? null : img.decode().catch(() => {}))));
  });
  await page.waitForTimeout(250);
}

function compare(name: string, actual: Buffer): { ratio: number; message: string } {
  const file = `${BASELINES}${name}.png`;
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, actual);
    return { ratio: 0, message: 'baseline written' };
  }
  if (!existsSync(file)) {
    // A page without a baseline is a failure, not a free pass: `npm run screenshots` writes it, and it is reviewed.
    mkdirSync(OUT, { recursive: true });
    writeFileSync(`${OUT}${name}.actual.png`, actual);
    return { ratio: 1, message: `no baseline e2e/screenshots/${name}.png (run npm run screenshots and review it)` };
  }
  const expected = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || expected.height !== got.height) return { ratio: 1, message: `size ${got.width}x${got.height}, baseline ${expected.width}x${expected.height}` };
  const diff = new PNG({ width: got.width, height: got.height });
  const pixels = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: 0.2 });
  const ratio = pixels / (got.width * got.height);
  if (ratio > MAX_DIFF_RATIO) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(`${OUT}${name}.actual.png`, actual);
    writeFileSync(`${OUT}${name}.diff.png`, PNG.sync.write(diff));
  }
  return { ratio, message: `${(ratio * 100).toFixed(2)}% of pixels differ (see e2e/out/${name}.diff.png)` };
}

describe.each(TENANTS)('%s', (slug) => {
  it.each(WIDTHS)('$name: home, search, a car, locations and contact look as the baselines, load without shifting and fit the screen', async ({ name: widthName, width, height }) => {
    const context = await shopperContext(browser, { viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await trackLayoutShifts(page);
    const origin = platform.tenantUrl(slug);
    const failures: string[] = [];
    let carPath: string | null = null;
    for (const pageName of PAGES) {
      if (pageName === 'car') {
        carPath ??= await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href^="/cars/"]')?.getAttribute('href') ?? null);
        expect(carPath, 'a car link on the search page').toBeTruthy();
      }
      const path = { home: '/', search: '/search/used-cars', car: carPath!, locations: '/locations', contact: '/contact' }[pageName];
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await settle(page);
      const label = `${pageName} (${path}) at ${width}px`;

      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      if (cls > 0.001) failures.push(`${label}: layout shift ${cls.toFixed(4)} while loading`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) failures.push(`${label}: scrolls sideways by ${overflow}px`);
      if (pageName === 'search') {
        const most = await page.evaluate(() =>
          Math.max(
            0,
            ...[...document.querySelectorAll('.fs-card')].map((card) => [...card.querySelectorAll<HTMLElement>('a.fc-btn, button.fc-btn')].filter((b) => b.checkVisibility() && !b.closest('details:not([open]) > :not(summary)')).length),
          ),
        );
        if (most > 2) failures.push(`${label}: a card shows ${most} buttons (at most 2)`);
      }
      if (pageName === 'car' && widthName === 'mobile') {
        const top = await page.evaluate(() => {
          const photo = [...document.querySelectorAll<HTMLImageElement>('main img')].find((img) => img.getBoundingClientRect().width >= innerWidth * 0.6);
          return photo ? photo.getBoundingClientRect().top + scrollY : null;
        });
        if (top === null || top >= height) failures.push(`${label}: the first photo starts at ${top}px, below the fold (${height}px)`);
      }

      const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', mask: VOLATILE.map((s) => page.locator(s)), maskColor: '#8a8a8a' });
      const result = compare(`${slug}-${pageName}-${widthName}`, shot);
      if (result.ratio > MAX_DIFF_RATIO) failures.push(`${label}: ${result.message}`);
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
