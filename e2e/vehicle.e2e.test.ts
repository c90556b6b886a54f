/**
 * The vehicle detail page as a shopper uses it (issue 5), on each demo tenant: the page renders with its data and
 * axe finds 0 violations; the sticky header appears after 500 px; copy link says 'Copied'; a dialog's lead form
 * submits a lead that reaches edge-api's outbox; a sold car shows the SOLD block; the print page records
 * analytics 61 and downloads the PDF; an unknown car is a real 404 with search suggestions. What is the same code on
 * every tenant runs once: a used car's view (analytics 4) and the PDF button's failure path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { demoTenants } from '../demo/dist/index.mjs';
import { axeViolations, collectErrors, dismissPromos, getWithHost, usePlatformAndBrowser, queryD1, hydrateIsland, engagePage } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const tenants: Array<{ slug: string; name: string }> = demoTenants();

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await dismissPromos(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context;
}

/** Car slugs linked from a search page of the tenant (`/cars/<slug>`). */
async function carSlugs(tenant: string, path: string): Promise<string[]> {
  const res = await getWithHost(platform.url, `${tenant}.localhost`, path);
  expect(res.status).toBe(200);
  return [...new Set([...res.body.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((m) => m[1]!))];
}

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);

async function openCar(page: Page, tenant: string, slug: string) {
  await page.goto(`${platform.tenantUrl(tenant)}/cars/${slug}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-islands-ready]');
}

describe('vehicle page on a phone', () => {
  it('the bottom bar shows on small screens and changes style after 900 px; its Enquire opens a dialog', async () => {
    const slug = tenants[0]!.slug;
    const [carSlug] = await carSlugs(slug, '/search/new-used-and-demo-cars?status=in_stock');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    await dismissPromos(context);
    const page = await context.newPage();
    await openCar(page, slug, carSlug!);
    await hydrateIsland(page, '#fv-sticky');
    const bar = page.locator('.fv-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getAttribute('class')).toBe('fv-bar');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => bar.getAttribute('class')).toBe('fv-bar fv-bar--scrolled');
    await bar.getByRole('link', { name: 'Enquire' }).click();
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('dialog.fv-dialog')].some((d) => (d as HTMLDialogElement).open))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("the car page's anchors (issue 18)", () => {
  it("a search card's Quick Enquiry opens the Enquire dialog (focus in it, axe 0, Escape closes it and clears the hash); #vehicle-map with Get Directions and nothing third-party before a click; #reviews; Trade-In Valuation", async () => {
    // A tenant with Enquire Now (an Instant Message tenant's #enquire opens its contact dialog: lib/dialogs.ts, unit-tested).
    const slug = 'outback-used-cars';
    const context = await newContext();
    const page = await context.newPage();
    const origin = new URL(platform.tenantUrl(slug));
    const thirdParty: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^https?:$/.test(url.protocol) && !url.hostname.endsWith('localhost') && url.hostname !== origin.hostname) thirdParty.push(r.url());
    });
    await page.goto(`${platform.tenantUrl(slug)}/search/new-used-and-demo-cars?status=in_stock`, { waitUntil: 'load' });
    const quick = page.locator('.fs-card a[data-kind="enquire"]').first();
    const href = (await quick.getAttribute('href'))!;
    expect(href).toMatch(/^\/cars\/[a-z0-9-]+#enquire$/);
    const carSlug = href.slice('/cars/'.length, -'#enquire'.length);
    await quick.click();
    await page.waitForURL(/#enquire$/);
    await page.waitForSelector('html[data-islands-ready]');

    const dialog = page.locator('#fv-enquire');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('#fv-enquire') !== null)).toBe(true);
    // One dialog at a time: the promo popup (or any other) never over it.
    expect(await page.evaluate(() => document.querySelectorAll('dialog[open]').length)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(await page.evaluate(() => [window.location.hash, window.scrollY])).toEqual(['', scrolled]);
    expect(new URL(page.url()).pathname).toBe(`/cars/${carSlug}`);

    // #vehicle-map: the car's location (mf-locations' block) with its map drawn here, Get Directions to the maps site.
    const map = page.locator('#vehicle-map');
    await map.scrollIntoViewIfNeeded();
    expect(await map.locator('svg[role="img"]').getAttribute('aria-label')).toMatch(/^Map of Australia marking /);
    expect(await map.locator('.fl-today').count()).toBeGreaterThan(0);
    expect(await map.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await map.getByRole('link', { name: /^Get Directions/ }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
    expect(await page.locator('.fv-side__meta a[href="#vehicle-map"]').count()).toBe(1);
    expect(thirdParty).toEqual([]);

    // #reviews: the location's rating links to its reviews on this page.
    await map.locator('a[href="#reviews"]').click();
    await page.waitForURL(/#reviews$/);
    const reviews = page.locator('#reviews');
    expect(await reviews.isVisible()).toBe(true);
    expect(await reviews.locator('.fl-review').count()).toBeGreaterThan(0);

    // Without JavaScript #enquire lands on the sidebar: title, price and the action buttons.
    expect((await getWithHost(platform.url, `${slug}.localhost`, `/cars/${carSlug}`)).body).toContain('<aside class="fv-vdp__side fc-card" id="enquire"');
    await context.close();

    // Trade-In Valuation, the sidebar's and the sticky header's, starts the journey with the car (a tenant with trade-in).
    const [tradeCar] = await carSlugs('harbourside-toyota', '/search/new-used-and-demo-cars?status=in_stock');
    const body = (await getWithHost(platform.url, 'harbourside-toyota.localhost', `/cars/${tradeCar}`)).body;
    const tradeIn = `/cars/trade-in?car_id=${tradeCar}`;
    expect(body).toContain(`<a class="fc-btn" href="${tradeIn}">Trade-In Valuation</a>`);
    expect(body).toContain(`"tradeInHref":"${tradeIn}"`);
  });
});

describe('a car view', () => {
  // Counting a view is the same code on every tenant (mf-vehicle's view count, edge-api's analytics): one tenant with
  // used stock (each tenant's car page itself is rendered and checked below).
  it('a used car view records analytics 4 and the viewed-cars list', async () => {
    let slug = '';
    let carSlug: string | undefined;
    for (const t of tenants) {
      [carSlug] = await carSlugs(t.slug, '/search/used-cars');
      slug = t.slug;
      if (carSlug) break;
    }
    expect(carSlug, 'a demo tenant with used stock').toBeTruthy();
    const before = (await d1('SELECT COUNT(*) AS n FROM analytics_events WHERE tenant = ? AND event_id = 4', slug))[0]!.n as number;
    const context = await newContext();
    const page = await context.newPage();
    await openCar(page, slug, carSlug!);
    // The view is counted once the shopper uses the page (issue 19: the view count loads at the first scroll or pointer).
    await engagePage(page);
    await expect.poll(async () => (await d1('SELECT COUNT(*) AS n FROM analytics_events WHERE tenant = ? AND event_id = 4', slug))[0]!.n).toBeGreaterThan(before);
    expect(await page.evaluate(() => localStorage.getItem('forecourt:viewed'))).toBeTruthy();
    await context.close();
  });
});

describe.each(tenants.map((t) => [t.slug, t] as const))('vehicle page on %s', (slug) => {
  it('server-renders the car with its head, islands hydrate, axe finds 0 violations, sticky header after 500 px, copy link', async () => {
    const [carSlug] = await carSlugs(slug, '/search/new-used-and-demo-cars?status=in_stock');
    expect(carSlug).toBeTruthy();
    const raw = await getWithHost(platform.url, `${slug}.localhost`, `/cars/${carSlug}`);
    expect(raw.status).toBe(200);
    expect(raw.body).toMatch(/<script type="application\/ld\+json">[^<]*"@type":"Car"/);
    expect(raw.body).toContain(`<link rel="canonical" href="`);
    expect(raw.body).toMatch(/<meta property="og:image" content="[^"]+"/);
    expect(raw.body).toContain('class="fv-side__title"');
    expect(raw.body).not.toContain('<fc-slot');

    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openCar(page, slug, carSlug!);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Sticky header: hidden at the top, shown after 500 px.
    const sticky = page.locator('.fv-sticky');
    await hydrateIsland(page, '#fv-sticky');
    expect(await sticky.getAttribute('data-visible')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => sticky.getAttribute('data-visible')).toBe('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => sticky.getAttribute('data-visible')).toBeNull();

    // Copy link shows 'Copied' for 1.5 s.
    const copy = page.locator('.fv-share__copy');
    if (await copy.count()) {
      // The share bar loads when it comes near the viewport.
      await page.locator('#share').scrollIntoViewIfNeeded();
      await page.waitForSelector('#fv-share[data-hydrated] .fv-share__copy:not([hidden])');
      await copy.click();
      await expect.poll(() => copy.textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/cars/${carSlug}$`));
      await expect.poll(() => copy.textContent(), { timeout: 3000 }).toBe('Copy link');
    }
    // Phone reveal: masked until clicked, then a tel: link; the lead call is stored for the CRM with analytics 25.
    const phone = page.locator('#fv-phone .fv-phone');
    if ((await phone.evaluate((el) => el.tagName)) === 'BUTTON') {
      expect(await phone.textContent()).toMatch(/\*/);
      await phone.scrollIntoViewIfNeeded();
      await page.waitForSelector('#fv-phone[data-hydrated]');
      await phone.click();
      await expect.poll(() => page.locator('#fv-phone a[href^="tel:"]').count()).toBe(1);
      await expect.poll(async () => (await d1('SELECT COUNT(*) AS n FROM analytics_events WHERE tenant = ? AND event_id = 25', slug))[0]!.n).toBeGreaterThan(0);
      await expect.poll(async () => (await d1("SELECT COUNT(*) AS n FROM leads l JOIN lead_outbox o ON o.tenant = l.tenant AND o.lead_id = l.id WHERE l.tenant = ? AND l.category = 'Phone Reveal'", slug))[0]!.n).toBeGreaterThan(0);
    }

    // Save (the demo tenants run the server watchlist): signed out, it asks to sign in first and comes back here
    // (e2e/watchlist.e2e.test.ts follows the whole journey).
    const fave = page.locator('#fv-fave button');
    expect(errors.filter((e) => !/Failed to load resource|youtube|frame-src|Content Security Policy/i.test(e))).toEqual([]);
    if (await fave.count()) {
      await fave.scrollIntoViewIfNeeded();
      expect(await fave.innerText()).toMatch(/Save$/);
      await Promise.all([page.waitForURL(/\/sign-in\?type=watchlist&redirect=%2Fcars%2F/), fave.click()]);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/cars/${carSlug}`);
    }
    await context.close();
  });

  it('the Book a Test Drive / contact dialog opens as a modal, Escape closes it with focus back, and its lead reaches the outbox', async () => {
    const [carSlug] = await carSlugs(slug, '/search/new-used-and-demo-cars?status=in_stock');
    const context = await newContext();
    const page = await context.newPage();
    await openCar(page, slug, carSlug!);
    const opener = page.locator('#fv-contact-open a');
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const dialog = page.locator('#fv-contact');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest('#fv-contact-open') !== null)).toBe(true);

    await opener.click();
    // The kit's island replaces the server form once the dialog is visible.
    await page.waitForSelector('#fv-contact-form[data-hydrated] form[novalidate]:not([data-no-js])');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('First name').fill('Vic');
    await dialog.getByLabel('Last name').fill('Buyer');
    await dialog.getByLabel('Email').fill(`vic.${slug}@example.com`);
    await dialog.getByLabel('Phone').fill('0412 555 678');
    const postcode = dialog.getByLabel('Postcode');
    if (await postcode.count()) await postcode.fill('4000');
    await dialog.getByRole('button', { name: /^Next/ }).click();
    await dialog.getByLabel('Comments').fill('Is this car still available?');
    const terms = dialog.getByLabel(/agree to the terms/);
    if (await terms.count()) await terms.check();
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await page.waitForURL(/\/success\?lead_id=[0-9a-f-]{36}$/, { timeout: 15_000 });
    const leadId = new URL(page.url()).searchParams.get('lead_id');
    const rows = await d1('SELECT l.category, l.car_id, o.state FROM leads l JOIN lead_outbox o ON o.lead_id = l.id WHERE l.tenant = ? AND l.id = ?', slug, leadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'General Enquiry' });
    expect(rows[0]!.car_id).toBeTruthy();
    await context.close();
  });

  it('a sold car shows the SOLD block and no purchase buttons', async () => {
    const sold = await carSlugs(slug, '/search/new-used-and-demo-cars?status=sold');
    if (!sold.length) return; // a tenant whose window keeps no sold car (include_sold_cars_days)
    const res = await getWithHost(platform.url, `${slug}.localhost`, `/cars/${sold[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Unfortunately this car recently sold.');
    expect(res.body).toContain('Find Me Something Similar');
    expect(res.body).not.toContain('Reserve Car Now');
    expect(res.body).not.toContain('>Get Finance<');
    const context = await newContext();
    const page = await context.newPage();
    await openCar(page, slug, sold[0]!);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the print page records analytics 61 and downloads the PDF (Preparing..., failure alert); an unknown car is a 404 with search suggestions', async () => {
    const [carSlug] = await carSlugs(slug, '/search/new-used-and-demo-cars?status=in_stock');
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(slug)}/print?car_id=${carSlug}`, { waitUntil: 'load' });
    await page.waitForSelector('#fv-print-actions[data-hydrated]');
    expect(await page.locator('h1').textContent()).toBeTruthy();
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(async () => (await d1('SELECT COUNT(*) AS n FROM analytics_events WHERE tenant = ? AND event_id = 61', slug))[0]!.n).toBeGreaterThan(0);
    // Download PDF: a real PDF file named after the car.
    const pdfButton = page.getByRole('button', { name: 'Download PDF' });
    const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
    expect(download.suggestedFilename()).toBe(`${carSlug}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    // A failed render (the provider down): 'Preparing...' while waiting, then the server's message in an alert (spec §8).
    // The button's handling is mf-vehicle's code, the same on every tenant: checked on the first one.
    if (slug === tenants[0]!.slug) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/vehicle/pdf?**', async (route) => {
        await held;
        await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'We could not prepare the PDF. Please try again or print this page instead.' }) });
      });
      const alert = page.waitForEvent('dialog');
      await pdfButton.click();
      await expect.poll(() => page.getByRole('button', { name: 'Preparing...' }).isDisabled()).toBe(true);
      release();
      const dialog = await alert;
      expect(dialog.message()).toBe('We could not prepare the PDF. Please try again or print this page instead.');
      await dialog.dismiss();
      await expect.poll(() => pdfButton.isEnabled()).toBe(true);
    }
    await context.close();

    const missing = await getWithHost(platform.url, `${slug}.localhost`, '/cars/2001-nosuch-car-zzz999');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Sorry, we couldn&#x27;t find that car");
    expect(missing.body).toContain('href="/search/nosuch/car"');
  });
});
