/**
 * First visit (issue 19): a search page and a car page load no island code (nor React, nor the Module Federation
 * runtime) until the shopper touches or uses the page; then the islands hydrate, and what the shopper did meanwhile is
 * not lost: a Compare or Save click made before the island's code arrived is made again once it is mounted, a dialog
 * button opens its dialog (not its no-JavaScript page), text typed into the search box reaches the island. Each page
 * passes axe before and after. The island's code is held back 600 ms in the network so the click surely comes first.
 * A click with no pointer, key or focus before it (a screen reader, voice control: `element.click()`) loads the island
 * and is held the same way. The car page's view is counted at load, with no island and no use of the page.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, collectErrors, lightClientFiles, scriptRequests, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const TENANT = 'southern-cross-motor-group';
const SEARCH = '/search/new-used-and-demo-cars';
/** The demo tenant whose cards carry Compare (its `card_control`). */
const COMPARE_TENANT = 'outback-used-cars';
const HOLD_BACK_MS = 600;

/** Holds a remote's browser code back in the network for a while (a slow phone connection). */
async function slowRemote(page: Page, remote: string) {
  await page.route(`**/_mf/${remote}/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_BACK_MS));
    await route.continue();
  });
}

/** Loads a page and checks that the shell's own light client is the only script it fetched (its entry first). */
async function firstVisit(page: Page, url: string, scripts: string[]) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
  const entry = await page.getAttribute('script[type="module"][src]', 'src');
  expect(entry).toMatch(/^\/_shell\//);
  expect(scripts[0]).toBe(entry);
  const light = lightClientFiles(entry!);
  expect(scripts.filter((s) => !light.includes(s))).toEqual([]);
  expect(await page.getAttribute('html', 'data-islands-ready')).toBe('0');
}

/** Console errors that are about this page's code (missing demo photos answer 404 while they are generated). */
const codeErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

describe('first visit: no island code before the shopper touches the page', () => {
  it('search page: only the shell client loads; a Compare click made at once hydrates the results and counts', async () => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptRequests(page);
    await firstVisit(page, `${platform.tenantUrl(COMPARE_TENANT)}/search/used-cars`, scripts);
    expect(await page.getAttribute('#fs-results', 'data-island-waiting')).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    await slowRemote(page, 'mf-search');
    const compare = page.locator('.fs-card__compare').first();
    expect(await compare.getAttribute('aria-pressed')).toBe('false');
    await compare.click();
    // The click landed before the island's code: nothing has happened yet.
    expect(await page.locator('#fs-results[data-hydrated]').count()).toBe(0);
    await page.waitForSelector('#fs-results[data-hydrated]');
    await expect.poll(() => compare.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('forecourt:compare') ?? '[]').length)).toBe(1);
    expect(scripts.some((s) => s.startsWith('/_mf/mf-search/'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(codeErrors(errors)).toEqual([]);
    await context.close();
  });

  it("search page: a Save made at once goes the island's way (sign-in, no form post), and typed text reaches the island", async () => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptRequests(page);
    await firstVisit(page, `${platform.tenantUrl(TENANT)}${SEARCH}`, scripts);
    await slowRemote(page, 'mf-search');

    // Typing: the focus loads the island, the text typed meanwhile is the island's once it is mounted (its search runs).
    await page.locator('#fs-query').pressSequentially('ranger');
    expect(await page.locator('#fs-results[data-hydrated]').count()).toBe(0);
    await page.waitForSelector('#fs-results[data-hydrated]');
    expect(await page.inputValue('#fs-query')).toBe('ranger');
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe('ranger');

    // Save on a fresh page: the watchlist's island path (sign-in first), never the no-JavaScript POST.
    await page.goto(`${platform.tenantUrl(TENANT)}${SEARCH}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#fs-results[data-island-waiting]', { state: 'attached' });
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.method() === 'POST') posts.push(req.url());
    });
    await page.locator('.fs-card__fave').first().click();
    await page.waitForURL(/\/sign-in/, { timeout: 15_000 });
    expect(posts).toEqual([]);
    expect(codeErrors(errors)).toEqual([]);
    await context.close();
  });

  it('car page: only the shell client loads; the first use of the page brings its islands; Enquire Now clicked at once opens its dialog', async () => {
    const context = await shopperContext(browser);
    // The car's path comes from a search page of its own, closed first: that page's light client fetches its later chunk
    // after the first frame, which must not be counted as the car page's.
    const searchPage = await context.newPage();
    await searchPage.goto(`${platform.tenantUrl(TENANT)}${SEARCH}`, { waitUntil: 'load' });
    const carPath = await searchPage.locator('.fs-card a[href^="/cars/"]').first().getAttribute('href');
    await searchPage.close();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptRequests(page);
    const viewCounted = page.waitForRequest((r) => new URL(r.url()).pathname === `/api${carPath}/view.json`);
    await firstVisit(page, `${platform.tenantUrl(TENANT)}${carPath}`, scripts);
    expect(await page.locator('[data-island-when~="engaged"][data-island-waiting]').count()).toBeGreaterThan(3);
    // The view is counted and the car is in the viewed-cars list at load, without any island or use of the page.
    await viewCounted;
    expect(await page.locator('#fv-views[data-island-waiting]').count()).toBe(1);
    const viewed = await page.evaluate(() => JSON.parse(localStorage.getItem('forecourt:viewed') ?? '[]') as Array<{ id: unknown; make: string }>);
    expect(viewed).toHaveLength(1);
    expect(typeof viewed[0]!.make).toBe('string');
    expect(await axeViolations(page)).toEqual([]);

    await slowRemote(page, 'mf-vehicle');
    const enquire = page.locator('#fv-enquire-open a');
    await enquire.click();
    expect(await page.locator('#fv-enquire-open[data-hydrated]').count()).toBe(0);
    await page.waitForSelector('dialog#fv-enquire[open]', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(carPath);
    expect(scripts.some((s) => s.startsWith('/_mf/mf-vehicle/'))).toBe(true);
    // Every island the page's first use brings is mounted: the view count, the gallery, the sticky bar.
    for (const id of ['fv-views', 'fv-gallery', 'fv-sticky']) await page.waitForSelector(`#${id}[data-hydrated]`, { state: 'attached' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog#fv-enquire:not([open])', { state: 'attached' });
    expect(await axeViolations(page)).toEqual([]);
    expect(codeErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a click with no pointer, key or focus first (assistive technology) loads the island and is held: Enquire Now opens its dialog, Save goes the island way', async () => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${platform.tenantUrl(TENANT)}${SEARCH}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#fs-results[data-island-waiting]', { state: 'attached' });
    const carPath = await page.locator('.fs-card a[href^="/cars/"]').first().getAttribute('href');
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.method() === 'POST') posts.push(req.url());
    });
    await slowRemote(page, 'mf-search');
    await page.evaluate(() => document.querySelector<HTMLElement>('.fs-card__fave')!.click());
    await page.waitForURL(/\/sign-in/, { timeout: 15_000 });
    expect(posts).toEqual([]);

    await page.goto(`${platform.tenantUrl(TENANT)}${carPath}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#fv-enquire-open[data-island-waiting]', { state: 'attached' });
    await slowRemote(page, 'mf-vehicle');
    await page.evaluate(() => document.querySelector<HTMLElement>('#fv-enquire-open a')!.click());
    await page.waitForSelector('dialog#fv-enquire[open]', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(carPath);
    expect(codeErrors(errors)).toEqual([]);
    await context.close();
  });
});
