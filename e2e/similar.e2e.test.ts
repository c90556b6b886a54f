/**
 * The similar-cars carousel as a shopper uses it (issue 3; spec §2 similar-cars carousel, §8 fallback, §9 Similar
 * cars): an impossible search shows 6 placeholders server-side, loads suggestions when scrolled into view, Previous
 * and Next move the list (mouse and keyboard), axe-core finds 0 violations, and a failed or empty answer degrades.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { demoTenants } from '../demo/dist/index.mjs';
import { axeViolations, collectErrors, dismissPromos, getWithHost, usePlatformAndBrowser, hydrateIsland } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const slug: string = demoTenants()[0].slug;
const EMPTY_SEARCH = '/search/new-used-and-demo-cars?query=zzqxjvw';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await dismissPromos(context);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${platform.tenantUrl(slug)}${path}`, { waitUntil: 'load' });
  await hydrateIsland(page, '#fs-results');
}

const scrollLeft = (page: Page) => page.locator('.fsim-list').evaluate((el) => el.scrollLeft);

describe('similar-cars carousel on an empty search', () => {
  it('server-renders the heading and 6 placeholders under the empty-results card', async () => {
    const res = await getWithHost(platform.url, `${slug}.localhost`, EMPTY_SEARCH);
    expect(res.status).toBe(200);
    const empty = res.body.indexOf('class="fs-empty"');
    const section = res.body.indexOf('class="fsim"');
    expect(empty).toBeGreaterThan(-1);
    expect(section).toBeGreaterThan(empty);
    expect(res.body).toContain('You might also like');
    expect((res.body.match(/fsim-ph"/g) ?? []).length).toBe(6);
    // A search with results has no carousel.
    const full = await getWithHost(platform.url, `${slug}.localhost`, '/search/new-used-and-demo-cars');
    expect(full.body).not.toContain('class="fsim"');
  });

  it('loads cards in view; Next moves the list, Previous is disabled at the start; keyboard works; axe clean', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    // Push the carousel far below the fold, so loading only once it nears the viewport can be seen.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => document.head.insertAdjacentHTML('beforeend', '<style>.fs-empty{margin-bottom:3000px}</style>')));
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/similar')) requests.push(r.url());
    });
    await open(page, EMPTY_SEARCH);
    expect(await page.locator('.fs-grid .fs-card').count()).toBe(0);
    expect(await page.locator('.fsim-ph').count()).toBe(6);
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    // Within 500px of the viewport (spec §9) it loads, before it is actually visible.
    await page.evaluate(() => {
      const top = document.querySelector('.fsim')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight - 400);
    });
    await expect.poll(() => requests.length).toBe(1);
    expect(await page.locator('.fsim').evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    expect(requests[0]).toContain('query=zzqxjvw');
    await page.locator('.fsim').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.fsim[data-state="ready"] .fsim-list .fs-card').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const cards = await page.locator('.fsim-list .fs-card').count();
    expect(cards).toBeLessThanOrEqual(6);
    expect(await page.locator('.fsim-ph').count()).toBe(0);

    const prev = page.locator('.fsim-carousel__prev');
    const next = page.locator('.fsim-carousel__next');
    const listId = await page.locator('.fsim-list').getAttribute('id');
    expect(listId).toBeTruthy();
    expect(await prev.getAttribute('aria-controls')).toBe(listId);
    expect(await next.getAttribute('aria-controls')).toBe(listId);
    expect(await scrollLeft(page)).toBe(0);
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await next.click();
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0);
    const afterOne = await scrollLeft(page);
    const cardWidth = await page.locator('.fsim-list__item').first().evaluate((el) => el.getBoundingClientRect().width);
    // One press moves by about one card (snap may round to the card edge).
    expect(afterOne).toBeGreaterThan(cardWidth * 0.5);
    expect(afterOne).toBeLessThan(cardWidth * 1.5 + 32);
    await expect.poll(() => prev.isDisabled()).toBe(false);


    // Keyboard: Previous with Enter goes back to the start and disables itself.
    await prev.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => scrollLeft(page)).toBe(0);
    await expect.poll(() => prev.isDisabled()).toBe(true);

    // Next until the end: Next is disabled there.
    for (let i = 0; i < 8 && !(await next.isDisabled()); i++) {
      await next.click();
      await page.waitForTimeout(50);
    }
    await expect.poll(() => next.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    // Carousel cards carry the grid's Save (the server watchlist's): signed out, it asks to sign in first.
    expect(await page.locator('.fsim-list .fs-card__fave').count()).toBe(cards);
    await Promise.all([page.waitForURL(/\/sign-in\?type=watchlist&/), page.locator('.fsim-list .fs-card__fave').last().click()]);
    await context.close();
  });

  it('a failed answer logs a warning (not an error) and falls back to links to the search pages', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    await page.route('**/api/search/similar**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await open(page, EMPTY_SEARCH);
    await page.locator('.fsim').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.fsim[data-state="failed"] .fsim-links a').count()).toBeGreaterThan(0);
    expect(await page.locator('.fsim-links a').first().getAttribute('href')).toMatch(/^\/search\//);
    expect(warnings.some((w) => w.includes('similar cars failed'))).toBe(true);
    // The 503 itself is reported by the browser as a failed resource, which is not our console error.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('an empty answer hides the section', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.route('**/api/search/similar**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"cards":[]}' }));
    await open(page, EMPTY_SEARCH);
    await expect.poll(() => page.locator('.fsim').count()).toBe(0);
    expect(await page.locator('.fs-empty').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
