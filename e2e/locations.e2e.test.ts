/**
 * The dealer's locations as a shopper uses them (issue 17), on every demo tenant: the grouped list with its tabs by
 * keyboard (and the tab reset when the search box changes the list), the location-type select, the dealer locator
 * by postcode (nearest first, the postcode rule, without JavaScript too), a location's page with its hours table,
 * holiday hours dialog and reviews, the home page's location block and carousel, the service page's booking link, and
 * the parts search to a parts enquiry that reaches the CRM outbox. axe-core finds 0 violations on every page.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, collectErrors, getWithHost, queryD1, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const HARBOURSIDE = 'harbourside-toyota';
const GROUP = 'southern-cross-motor-group';
const OUTBACK = 'outback-used-cars';

async function open(slug: string, path: string, options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await shopperContext(browser, { javaScriptEnabled: options.javaScriptEnabled ?? true, ...(options.width ? { viewport: { width: options.width, height: 844 } } : {}) });
  const page = await context.newPage();
  await page.goto(`${platform.tenantUrl(slug)}${path}`, { waitUntil: 'load' });
  return page;
}

/**
 * The list hydrates when the shopper reaches for it (contracts `interaction` trigger): not on load, then on the first
 * pointer over it; waits for that.
 */
async function hydrated(page: Page) {
  await page.waitForSelector('html[data-islands-ready]');
  expect(await page.locator('#fl-locations').getAttribute('data-hydrated')).toBeNull();
  await page.locator('#fl-locations h1, #fl-locations .fl-list__count, #fl-locations label').first().hover();
  await page.waitForSelector('#fl-locations[data-hydrated]', { timeout: 15_000 });
}

const selectedTab = (page: Page, tablist: string) => page.getByRole('tablist', { name: tablist }).locator('[role=tab][aria-selected=true]').textContent();

describe('locations list: one card per dealership, tabs per location type', () => {
  it.each([
    { slug: HARBOURSIDE, tablist: 'Harbourside Toyota locations', tabs: ['Sales', 'Service'] },
    { slug: OUTBACK, tablist: 'Outback Used Cars locations', tabs: ['Used cars · Toowoomba', 'Used cars · Dubbo', 'Used cars · Alice Springs'] },
    { slug: GROUP, tablist: 'Southern Cross Ford Penrith locations', tabs: ['Sales', 'Service'] },
  ])('$slug: the tabs work by keyboard (arrows, Home, End) and show that location', async ({ slug, tablist, tabs }) => {
    const page = await open(slug, '/locations');
    const errors = collectErrors(page);
    await hydrated(page);
    const list = page.getByRole('tablist', { name: tablist });
    expect(await list.getByRole('tab').allTextContents()).toEqual(tabs);
    await list.getByRole('tab', { name: tabs[0] }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page, tablist)).toBe(tabs[1]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(tabs[1]);
    // The shown panel is the selected tab's, and only it.
    const panelId = await list.getByRole('tab', { name: tabs[1] }).getAttribute('aria-controls');
    expect(await page.locator(`#${panelId}`).isVisible()).toBe(true);
    await page.keyboard.press('End');
    expect(await selectedTab(page, tablist)).toBe(tabs.at(-1));
    await page.keyboard.press('Home');
    expect(await selectedTab(page, tablist)).toBe(tabs[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page, tablist)).toBe(tabs.at(-1));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the selected tab resets to the first when the search box changes the list (spec §4); the type select switches a shared address', async () => {
    const page = await open(GROUP, '/locations');
    // A keyboard shopper: focus moving into the list hydrates it (no pointer needed).
    await page.waitForSelector('html[data-islands-ready]');
    await page.getByLabel('Search locations').focus();
    await page.waitForSelector('#fl-locations[data-hydrated]', { timeout: 15_000 });
    const tablist = 'Southern Cross Ford Penrith locations';
    await page.getByRole('tablist', { name: tablist }).getByRole('tab', { name: 'Service' }).click();
    expect(await selectedTab(page, tablist)).toBe('Service');
    await page.getByLabel('Search locations').fill('Penrith');
    await expect.poll(() => page.locator('.fl-list__count').textContent(), { timeout: 10_000 }).toMatch(/^Showing \d+ of 13 locations$/);
    expect(await selectedTab(page, tablist)).toBe('Sales');
    expect(new URL(page.url()).searchParams.get('locationQuery')).toBe('Penrith');

    // Southern Cross Hyundai keeps sales, service and parts at one address: a 'Location type' select, no tabs.
    await page.getByLabel('Search locations').fill('Hyundai');
    const card = page.locator('#fl-d-southern-cross-hyundai');
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    await card.getByLabel('Location type').selectOption({ label: 'Service' });
    await expect.poll(() => card.locator('[role=tabpanel]:not([hidden]) h3, .fl-loc h3').first().textContent(), { timeout: 10_000 }).toContain('Service');
    expect(await card.textContent()).toContain('(07) 5550 2130');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('works without JavaScript: a tab is a link the server answers with that tab selected', async () => {
    const page = await open(HARBOURSIDE, '/locations', { javaScriptEnabled: false });
    await page.getByRole('tab', { name: 'Service' }).click();
    await page.waitForURL(/\?tab=1102/);
    expect(await selectedTab(page, 'Harbourside Toyota locations')).toBe('Service');
    expect(await page.locator('[role=tabpanel]:not([hidden])').textContent()).toContain('Wynnum');
    await page.context().close();
  });
});

describe('dealer locator by postcode', () => {
  it.each([
    { slug: GROUP, near: '2750', first: 'Southern Cross Ford Penrith', label: /^Nearest to [A-Z][A-Za-z ]+ NSW 2750$/ },
    { slug: HARBOURSIDE, near: '4178', first: 'Harbourside Toyota', label: /^Nearest to [A-Z][A-Za-z ]+ QLD 4178$/ },
    { slug: OUTBACK, near: '2830', first: 'Outback Used Cars', label: /^Nearest to [A-Z][A-Za-z ]+ NSW 2830$/ },
  ])('$slug: $near lists the nearest first with distances in km; a 3-digit postcode is refused in the spec words', async ({ slug, near, first, label }) => {
    const page = await open(slug, '/dealer-locator');
    await hydrated(page);
    const box = page.getByLabel('Postcode or suburb');
    await box.fill(near.slice(0, 3));
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForSelector('#fl-near-error', { timeout: 10_000 });
    expect(await page.locator('#fl-near-error').textContent()).toContain('Invalid postcode. Please enter a 4-digit number.');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Postcode or suburb').fill(near);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForSelector('.fl-nearest', { timeout: 10_000 });
    expect(await page.locator('.fl-nearest').textContent()).toMatch(label);
    const distances = (await page.locator('.fl-loc__distance').allTextContents()).map((t) => (/^Less than/.test(t) ? 0 : Number.parseFloat(t.replace(/,/g, ''))));
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(await page.locator('.fl-dcard').first().textContent()).toContain(first);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript the form is a GET the server answers nearest first; an unknown suburb says so', async () => {
    const found = await getWithHost(platform.url, `${GROUP}.localhost`, '/dealer-locator?near=3134');
    expect(found.status).toBe(200);
    expect(found.body).toMatch(/Nearest to [A-Z][A-Za-z ]+ VIC 3134/);
    expect(found.body.indexOf('Southern Cross Motorcycles')).toBeLessThan(found.body.indexOf('Southern Cross Hyundai'));
    const page = await open(GROUP, '/dealer-locator', { javaScriptEnabled: false });
    await page.getByLabel('Postcode or suburb').fill('Atlantis');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForURL(/near=Atlantis/);
    expect(await page.locator('#fl-near-error').textContent()).toContain('We could not find that suburb');
    // Never a dead end: the list is still there.
    expect(await page.locator('#fl-d-southern-cross-hyundai').count()).toBe(1);
    await page.context().close();
  });
});

describe("a location's page", () => {
  it('has the Monday to Sunday hours table with today marked, the holiday hours dialog by keyboard, reviews and JSON-LD', async () => {
    const page = await open(HARBOURSIDE, '/locations/harbourside-toyota-sales');
    const errors = collectErrors(page);
    const table = page.getByRole('table', { name: 'Opening Hours' });
    expect(await table.locator('tr[aria-current="date"]').count()).toBe(1);
    expect(await table.textContent()).toMatch(/Sunday/);

    const button = page.getByRole('button', { name: 'View Holiday Hours' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Holiday hours' });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    const days = await dialog.locator('li.fl-holiday__day').allTextContents();
    expect(days.length).toBeGreaterThan(0);
    expect(days.join('\n')).toMatch(/Closed/);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('View Holiday Hours');

    // The summary links to the reviews block: rated 4 and up, at most 12.
    await page.locator('a[href="#reviews"]').first().click();
    const reviews = page.locator('#reviews li.fl-review');
    expect(await reviews.count()).toBeGreaterThan(0);
    expect(await reviews.count()).toBeLessThanOrEqual(12);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const dealer = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).flat().find((d) => d['@type'] === 'AutoDealer');
    expect(dealer).toMatchObject({ aggregateRating: { '@type': 'AggregateRating' } });
    expect((dealer!['openingHoursSpecification'] as unknown[]).some((s) => (s as { validFrom?: string }).validFrom)).toBe(true);
    // The map is drawn here: nothing loads from another host until the shopper clicks.
    const hosts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).hostname));
    expect(hosts.every((h) => h.endsWith('localhost') || h === '127.0.0.1')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches the hours with the location type of a shared address, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await open(GROUP, '/locations/southern-cross-hyundai', { javaScriptEnabled });
      if (javaScriptEnabled) await page.waitForSelector('[data-island="mf-locations/LocationPanel"][data-hydrated]', { timeout: 15_000 });
      await page.getByLabel('Location type').selectOption({ label: 'Service' });
      if (!javaScriptEnabled) {
        await page.getByRole('button', { name: 'Show' }).click();
        await page.waitForURL(/type=service/);
      }
      await expect.poll(() => page.locator('#fl-panel-title').textContent(), { timeout: 10_000 }).toContain('Service');
      expect(await page.getByRole('table', { name: 'Opening Hours' }).isVisible()).toBe(true);
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe('home page location block and carousel, service and parts', () => {
  it("the franchise home shows the location block; the group's carousel moves by keyboard without autoplay", async () => {
    const home = await open(HARBOURSIDE, '/');
    expect(await home.locator('section.fl-block article.fl-bcard').count()).toBe(2);
    expect(await home.getByRole('link', { name: /^Book a Service/ }).count()).toBeGreaterThan(0);
    await home.context().close();

    const page = await open(GROUP, '/');
    // The carousel hydrates when it comes into view, as a shopper scrolls down to it.
    await page.locator('#fl-carousel').scrollIntoViewIfNeeded();
    await page.waitForSelector('.fl-carousel__controls[data-ready]', { timeout: 15_000 });
    expect(await page.locator('.fl-carousel__hint').textContent()).toContain('Swipe');
    const list = page.locator('#fl-carousel-list');
    const before = await list.evaluate((el) => el.scrollLeft);
    await page.getByRole('button', { name: 'Next locations' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => list.evaluate((el) => el.scrollLeft), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.locator('#fl-carousel').getByRole('link', { name: /View Our Stock/ }).first().getAttribute('href')).toMatch(/^\/search\/[a-z0-9-]+$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the service page links each dealership's online booking, else the enquiry form; it is indexable", async () => {
    const res = await getWithHost(platform.url, `${GROUP}.localhost`, '/service');
    expect(res.status).toBe(200);
    expect(res.body).not.toMatch(/noindex/);
    expect(res.body).not.toMatch(/coming soon/i);
    const page = await open(GROUP, '/service');
    expect(await page.locator('.fl-booking[data-booking="booking"] a').first().getAttribute('href')).toBe('https://service.southerncrosstrucks.com.au/book');
    expect(await page.getByRole('link', { name: 'Send a service enquiry' }).count()).toBeGreaterThan(0);
    for (const path of ['/capped-price-servicing', '/warranty', '/roadside-assist']) expect(await page.locator(`a[href="${path}"]`).count(), path).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([HARBOURSIDE, GROUP, OUTBACK])('%s: the parts page searches the catalogue (categories, price) with no other tenant\'s parts', async (slug) => {
    const page = await open(slug, '/vehicle-parts-and-accessories');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Part or accessory').fill('bar');
    await page.getByLabel('Part or accessory').press('Enter');
    await page.waitForURL(/\/parts\/search\?query=bar/);
    const names = await page.locator('.fs-part, [data-part-id]').count();
    expect(names).toBeGreaterThan(0);
    const prefix = { [HARBOURSIDE]: 'ht-', [GROUP]: 'scmg-', [OUTBACK]: 'ouc-' }[slug]!;
    const links = await page.getByRole('link', { name: /Enquire about this part/ }).evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('enquire')));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((id) => id?.startsWith(prefix))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a parts enquiry from a search result reaches the CRM outbox with the part, with JavaScript and without', async () => {
    // With JavaScript (Harbourside): the result's enquiry opens the form about that part, its message prefilled.
    const page = await open(HARBOURSIDE, '/parts/search?category=towing');
    await page.getByRole('link', { name: /Enquire about this part/ }).first().click();
    await page.waitForURL(/enquire=ht-p\d+/);
    const partId = new URL(page.url()).searchParams.get('enquire')!;
    await page.waitForSelector('#parts-enquiry [data-hydrated] form[novalidate]', { timeout: 15_000 });
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Parts');
    await page.getByLabel('Email').fill('sam.parts@example.com');
    await page.getByLabel('Phone').fill('0412 345 679');
    await page.getByRole('button', { name: /^Next/ }).click();
    const message = page.getByLabel('Comments');
    await expect.poll(() => message.inputValue(), { timeout: 10_000 }).toMatch(/^I would like a price and availability for .+ \(part [A-Z0-9-]+\)\.$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await page.waitForURL(/\/success\?lead_id=/, { timeout: 15_000 });
    const leadId = new URL(page.url()).searchParams.get('lead_id')!;
    const [lead] = await queryD1(platform, 'SELECT category, payload FROM leads WHERE tenant = ? AND id = ?', HARBOURSIDE, leadId);
    // The stored document is the request as sent: `{ payload, userData }`.
    const { payload } = JSON.parse(String(lead!['payload'])) as { payload: Record<string, unknown> };
    expect(lead!['category']).toBe('Parts Enquiry');
    expect(payload['stock_number']).toMatch(/^[A-Z0-9-]+$/);
    expect(String(payload['message'])).toContain(String(payload['stock_number']));
    const [row] = await queryD1(platform, 'SELECT COUNT(*) AS n FROM lead_outbox WHERE tenant = ? AND lead_id = ?', HARBOURSIDE, leadId);
    expect(row!['n']).toBe(1);
    expect(partId).toMatch(/^ht-p\d+$/);
    await page.context().close();

    // Without JavaScript (Outback: several yards, so the form asks which one).
    const plain = await open(OUTBACK, '/parts/search?category=bull-bars', { javaScriptEnabled: false });
    await plain.getByRole('link', { name: /Enquire about this part/ }).first().click();
    await plain.waitForURL(/enquire=ouc-p\d+/);
    await plain.getByLabel('First name').fill('Alex');
    await plain.getByLabel('Last name').fill('Outback');
    await plain.getByLabel('Email').fill('alex.outback@example.com');
    await plain.getByLabel('Phone').fill('0412 345 680');
    // This dealer asks for a postcode on every enquiry (spec §5).
    await plain.getByLabel('Postcode').fill('4350');
    await plain.locator('#parts-enquiry select[name="location"]').selectOption({ index: 1 });
    expect(await plain.getByLabel('Comments').inputValue()).toMatch(/^I would like a price and availability for /);
    await plain.getByRole('button', { name: 'Send enquiry' }).click();
    await plain.waitForURL(/\/success/, { timeout: 15_000 });
    const rows = await queryD1(platform, "SELECT payload FROM leads WHERE tenant = ? AND category = 'Parts Enquiry'", OUTBACK);
    const sent = rows.map((r) => (JSON.parse(String(r['payload'])) as { payload: { email: string; stock_number?: string } }).payload);
    expect(sent.find((p) => p.email === 'alex.outback@example.com')?.stock_number).toMatch(/^[A-Z0-9-]+$/);
    await plain.context().close();
  });
});
