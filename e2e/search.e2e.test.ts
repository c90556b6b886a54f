/**
 * The search page as a shopper uses it (issue 3; spec §2 Search results, §3 Search state, §4 Search load, §5, §9):
 * for every demo tenant, route variants (axe on one of them each), a selected facet and the empty state with axe-core
 * (WCAG 2.2 AA) 0 violations; on one tenant each, facet click -> URL -> results, slider keyboard use, sort, paging, Clear
 * Filters and the page without JavaScript, with axe on each state.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { demoTenants } from '../demo/dist/index.mjs';
import { SEARCH_INPUT_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS } from '@forecourt/contracts/constants';
import { axeViolations, collectErrors, dismissPromos, getWithHost, usePlatformAndBrowser, hydrateIsland } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;
type Link = { label: string; value: string; count: number; selected: boolean; href: string };
type View = { count: number; displayedCount: number; facets: { makes: { items: Link[]; models: { items: Link[] } | null }; bodies: Link[] } };

let platform: Platform;
let browser: Browser;
const slugs: string[] = demoTenants().map((t: { slug: string }) => t.slug);

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

async function newContext(javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', javaScriptEnabled });
  if (javaScriptEnabled) await dismissPromos(context);
  return context;
}

/** The view model for a search path, through the shell as the island asks for it. */
async function apiView(slug: string, path: string, query = ''): Promise<View> {
  const res = await getWithHost(platform.url, `${slug}.localhost`, `/api/search/view?path=${encodeURIComponent(path)}${query ? `&${query}` : ''}`);
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as View;
}

const slugOf = (s: string) => s.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const countOf = async (page: Page) => Number(((await page.locator('.fs-results__count').textContent()) ?? '').replace(/[^\d]/g, ''));

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await hydrateIsland(page, '#fs-results');
  // The island's own first effect: until it runs, a facet or paging link navigates as a plain link would (a click in
  // between reloads the page instead of asking the API; seen once under CI load).
  await page.waitForSelector('#fs-results .fs-layout[data-js]', { state: 'attached' });
}

/** Records when each `input` event of the element reached the page (what restarts a debounce). */
async function recordInputs(locator: Locator): Promise<void> {
  await locator.evaluate((el) => {
    const w = window as unknown as { __inputs: number[] };
    w.__inputs = [];
    el.addEventListener('input', () => w.__inputs.push(performance.now()));
  });
}

/**
 * The most loads a debounce of `debounceMs` may make for the recorded inputs: one, and one more for every pause between
 * two inputs as long as the debounce (each ends a wait; on a loaded machine key presses can come that far apart), never
 * fewer than two (what the check always allowed). A debounce that does not hold makes one load per input.
 */
async function loadsAllowed(page: Page, debounceMs: number): Promise<number> {
  const times = await page.evaluate(() => (window as unknown as { __inputs: number[] }).__inputs);
  const pauses = times.slice(1).filter((t, i) => t - times[i]! >= debounceMs).length;
  return Math.max(2, 1 + pauses);
}

/** Waits until the island shows fresh results after an action that loads them. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.fs-results[data-state="hasData"]').count()).toBe(1);
}

/**
 * What a tenant changes on the search page is its stock (facets, headings, counts) and its theme (colours axe checks):
 * every tenant's route variants, a selected facet and the empty state are rendered and pass axe here. How the page
 * behaves (facet click, sort, paging, the slider's debounce, Clear Filters, the no-JS forms) is the same code for all
 * of them, so each behaviour runs on one tenant, a different one each (BEHAVIOUR_TENANTS), to cover more stock.
 */
describe.each(slugs)('search on %s', (slug) => {
  const base = () => platform.tenantUrl(slug);

  it('route variants (make, make/model, body), a selected facet and the empty state render, hydrate cleanly and pass axe', async () => {
    // axe on one route variant per tenant, a different one each (the three share the page's parts; what a tenant
    // changes is its colours and stock): every variant is checked on some tenant, each tenant's colours on every state.
    const axeVariant = slugs.indexOf(slug) % 3;
    const all = await apiView(slug, '/search/new-used-and-demo-cars');
    const make = all.facets.makes.items[0]!;
    const model = (await apiView(slug, '/search/new-used-and-demo-cars', `make=${encodeURIComponent(make.value)}`)).facets.makes.models!.items[0]!;
    const body = all.facets.bodies[0]!;
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const [variant, [path, heading]] of ([
      [`/search/${slugOf(make.value)}`, make.label],
      [`/search/${slugOf(make.value)}/${slugOf(model.value)}`, `${make.label} ${model.label}`],
      [`/search/${slugOf(body.value)}`, body.label],
    ] as const).entries()) {
      await open(page, `${base()}${path}`);
      expect(await page.locator('h1').textContent()).toBe(heading);
      expect(await page.locator('.fs-card').count()).toBeGreaterThan(0);
      expect(await page.locator('.fs-filters').isVisible()).toBe(true);
      if (variant === axeVariant) await expectAxeClean(page);
    }
    // A selected facet (the state a facet click leads to, in this tenant's colours).
    expect(body.href).toMatch(/^\/search\/new-used-and-demo-cars\?simple_body=/);
    await open(page, `${base()}${body.href}`);
    expect(await page.locator('.fs-body[data-selected] .fs-item__label').textContent()).toBe(body.label);
    expect(await countOf(page)).toBe(body.count);
    await expectAxeClean(page);
    // The empty state for an impossible filter. Result cards only: the similar-cars carousel has cards of its own.
    await open(page, `${base()}/search/new-used-and-demo-cars?query=zzqxjvw`);
    expect(await page.locator('.fs-grid .fs-card').count()).toBe(0);
    expect(await page.locator('.fs-empty').textContent()).toContain('No results found for your search at this time.Please try adjusting the filters for more results.');
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The tenant each behaviour runs on (see above): one each, in turn. */
const BEHAVIOUR_TENANTS = { facets: slugs[0]!, slider: slugs[1 % slugs.length]!, empty: slugs[2 % slugs.length]!, noJs: slugs[1 % slugs.length]! };

describe('search behaviour', () => {
  it(`facet click -> URL -> results (page removed, count changes), then sort and paging (${BEHAVIOUR_TENANTS.facets})`, async () => {
    const base = platform.tenantUrl(BEHAVIOUR_TENANTS.facets);
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page, `${base}/search/new-used-and-demo-cars?page=2`);
    const before = await countOf(page);
    const tile = page.locator('.fs-body:not([data-selected])').first();
    const label = await tile.locator('.fs-item__label').textContent();
    const api = page.waitForResponse((r) => r.url().includes('/api/search/view'));
    await tile.click();
    expect((await api).status()).toBe(200);
    await expect.poll(() => page.url()).toContain('simple_body=');
    expect(page.url()).not.toContain('page=');
    await settled(page);
    await expect.poll(() => countOf(page)).not.toBe(before);
    expect(await page.locator('.fs-body[data-selected] .fs-item__label').textContent()).toBe(label);
    await expect.poll(() => page.locator('[role="status"]').textContent()).toContain('found');
    await expectAxeClean(page);

    // Sort.
    await page.selectOption('#fs-sort-select', 'price_desc');
    await expect.poll(() => page.url()).toContain('sortBy=price_desc');
    await settled(page);

    // Paging: back to all stock, then Next keeps the refinements and focuses the count.
    await open(page, `${base}/search/new-used-and-demo-cars?sortBy=latest`);
    await page.locator('.fs-pager a[rel="next"]').click();
    await expect.poll(() => page.url()).toContain('page=2');
    expect(page.url()).toContain('sortBy=latest');
    await settled(page);
    expect(await page.locator('.fs-pager span').textContent()).toMatch(/^Page 2 of \d+$/);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('fs-results__count');
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });
  it(`min price slider by keyboard: one debounced load, price_min rounded to 1000 (${BEHAVIOUR_TENANTS.slider})`, async () => {
    const base = () => platform.tenantUrl(BEHAVIOUR_TENANTS.slider);
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page, `${base()}/search/new-used-and-demo-cars`);
    const before = await countOf(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/view')) calls.push(r.url());
    });
    const slider = page.getByLabel('Minimum price', { exact: true });
    await recordInputs(slider);
    await slider.focus();
    for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
    await expect.poll(() => page.url()).toMatch(/price_min=\d+/);
    await settled(page);
    // On a loaded machine the presses can straddle the debounce (two loads): wait until the address and the box agree.
    const minInput = page.locator('input[type="text"][name="price_min"]');
    await expect
      .poll(async () => (await minInput.inputValue()) === `$${Number(new URL(page.url()).searchParams.get('price_min')).toLocaleString('en-AU')}`, { timeout: 10_000 })
      .toBe(true);
    await settled(page);
    const min = Number(new URL(page.url()).searchParams.get('price_min'));
    expect(min % 1000).toBe(0);
    expect(min).toBeGreaterThan(0);
    // Debounced: five presses, one load (more only where presses came the debounce's 400 ms apart).
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(await loadsAllowed(page, SLIDER_DEBOUNCE_MS));
    expect(await countOf(page)).toBeLessThan(before);
    expect(await minInput.inputValue()).toBe(`$${min.toLocaleString('en-AU')}`);
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(`empty state for an impossible filter, with Clear Filters (${BEHAVIOUR_TENANTS.empty})`, async () => {
    const base = () => platform.tenantUrl(BEHAVIOUR_TENANTS.empty);
    const context = await newContext();
    const page = await context.newPage();
    await open(page, `${base()}/search/new-used-and-demo-cars?query=zzqxjvw`);
    // Result cards only: the similar-cars carousel under the empty card has cards of its own.
    expect(await page.locator('.fs-grid .fs-card').count()).toBe(0);
    expect(await page.locator('.fs-empty').textContent()).toContain('No results found for your search at this time.Please try adjusting the filters for more results.');
    await expectAxeClean(page);
    await page.locator('.fs-empty a', { hasText: 'Clear Filters' }).click();
    await expect.poll(() => page.locator('.fs-grid .fs-card').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it(`works without JavaScript: facets are links and following one changes the results (${BEHAVIOUR_TENANTS.noJs})`, async () => {
    const base = () => platform.tenantUrl(BEHAVIOUR_TENANTS.noJs);
    const context = await newContext(false);
    const page = await context.newPage();
    await page.goto(`${base()}/search/new-used-and-demo-cars`, { waitUntil: 'load' });
    const before = await countOf(page);
    expect(await page.locator('.fs-filters').isVisible()).toBe(true);
    const link = page.locator('.fs-body:not([data-selected])').first();
    expect(await link.getAttribute('href')).toMatch(/^\/search\/new-used-and-demo-cars\?simple_body=/);
    await Promise.all([page.waitForURL(/simple_body=/), link.click()]);
    expect(await countOf(page)).not.toBe(before);
    expect(await page.locator('.fs-body[data-selected]').count()).toBe(1);
    // The price form applies a typed range with the other refinements kept.
    await page.locator('input[type="text"][name="price_max"]').fill('$30,000');
    await Promise.all([page.waitForURL(/price_max=/), page.locator('.fs-range').first().getByRole('button', { name: /Apply/ }).click()]);
    expect(page.url()).toContain('simple_body=');
    expect(await page.locator('input[type="text"][name="price_max"]').inputValue()).toBe('$30,000');
    await context.close();
  });
});

describe('search input, history and small screens', () => {
  it('a failing search keeps the previous hits, facets and count on screen (spec §4 Search load)', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await open(page, `${platform.tenantUrl(slugs[0]!)}/search/new-used-and-demo-cars`);
    const before = { count: await countOf(page), cards: await page.locator('.fs-card').count(), bodies: await page.locator('.fs-body').count() };
    await page.route('**/api/search/view**', (route) => route.fulfill({ status: 503, body: '{"error":"unavailable"}', contentType: 'application/json' }));
    await page.locator('.fs-body').first().click();
    await expect.poll(() => page.locator('.fs-results[data-state="hasError"]').count()).toBe(1);
    expect(await page.getByRole('alert').textContent()).toContain('The results below are from your previous search.');
    expect({ count: await countOf(page), cards: await page.locator('.fs-card').count(), bodies: await page.locator('.fs-body').count() }).toEqual(before);
    expect(page.url()).not.toContain('simple_body=');
    await expectAxeClean(page);
    await context.close();
  });

  it('search input: typing loads once after the 300 ms debounce and writes query', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page, `${platform.tenantUrl(slugs[0]!)}/search/new-used-and-demo-cars?page=2`);
    const before = await countOf(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/view')) calls.push(r.url());
    });
    await recordInputs(page.getByLabel('Search stock'));
    await page.getByLabel('Search stock').pressSequentially('hilux', { delay: 30 });
    await expect.poll(() => page.url()).toContain('query=hilux');
    await settled(page);
    expect(page.url()).not.toContain('page=');
    // Five keystrokes 30 ms apart: one load after the 300 ms debounce (more only where keystrokes came 300 ms apart).
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(await loadsAllowed(page, SEARCH_INPUT_DEBOUNCE_MS));
    expect(await countOf(page)).toBeLessThan(before);
    expect(await page.getByLabel('Search stock').inputValue()).toBe('hilux');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("records searches and lists them as 'Recent searches' after hydration", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const base = platform.tenantUrl(slugs[0]!);
    await open(page, `${base}/search/used-cars`);
    // The visit is recorded by the island's first effect after hydration: wait for it before leaving the page.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('forecourt:search-history') ?? ''), { timeout: 10_000 }).toContain('/search/used-cars');
    await open(page, `${base}/search/new-used-and-demo-cars?sortBy=latest`);
    await expect.poll(() => page.locator('.fs-recent a').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.locator('.fs-recent a').first().getAttribute('href')).toBe('/search/used-cars');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('forecourt:search-history') ?? '[]') as Array<{ path: string }>);
    expect(stored.map((s) => s.path)).toEqual(['/search/new-used-and-demo-cars?sortBy=latest', '/search/used-cars']);
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fold the facets behind a 'Filters' button", async () => {
    const small = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    await dismissPromos(small);
    const page = await small.newPage();
    await open(page, `${platform.tenantUrl(slugs[0]!)}/search/used-cars`);
    const button = page.getByRole('button', { name: /^Filters/ });
    expect(await page.locator('.fs-filters').isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.fs-filters').isVisible()).toBe(true);
    await expectAxeClean(page);
    await small.close();
    // Without JavaScript the button could not unfold the panel, so the panel shows and the button does not.
    const noJs = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${platform.tenantUrl(slugs[0]!)}/search/used-cars`, { waitUntil: 'load' });
    expect(await plain.locator('.fs-filters').isVisible()).toBe(true);
    expect(await plain.locator('.fs-filters-btn').isVisible()).toBe(false);
    await noJs.close();
  });
});
