/**
 * The trade-in / sell-my-car valuation journey (issue 18; spec §2 trade-in routes, §3 browser-stored trade-in
 * valuation, §7 lead follow-ups and event 18, §9 trade-in FAQ values) on every demo tenant with trade-in on, against
 * edge-api's embedded rego lookup and valuation (regos starting 'X' are not found, 'OLD' names a 12-year-old car):
 *  - by rego to an accepted offer toward a car (`/cars/trade-in?car_id=`, the car beside the form), with JavaScript:
 *    each step swaps in place with focus on its heading and `journey=` in the URL; outback-used-cars verifies the phone
 *    with the texted code; the lead and its '2. Valuation Adjustments' and '3. Offer Accepted' follow-ups reach D1
 *    `leads` and `lead_outbox`, event 18 once; the browser remembers the valuation and the contact details;
 *  - `/sell-my-car` without a car: "Not my car?" to the manual lists, an over-limit odometer gets no online estimate
 *    and the contact promise;
 *  - without JavaScript (one tenant): a rego not found, the manual form, on to an accepted offer through the 303s
 *    (and on `/sell-your-car`, a car the lists do not hold: "My car isn't listed" to free text, the page keeping its path)
 *    (axe needs JavaScript: the same server markup is checked on every step of the other tests).
 * axe-core finds 0 violations on every step.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { TRADE_IN_QUESTIONS, TRADE_IN_SUBCATEGORIES } from '@forecourt/contracts/trade-in';
import { axeViolations, collectErrors, getWithHost, queryD1, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

/** The demo tenants (every one has trade-in on); outback-used-cars verifies phones, asks a postcode; southern-cross asks the terms. */
const TENANTS = [
  { slug: 'harbourside-toyota', verify: false, postcode: false, terms: false, phone: '0412 300 401' },
  { slug: 'southern-cross-motor-group', verify: false, postcode: false, terms: true, phone: '0412 300 402' },
  { slug: 'outback-used-cars', verify: true, postcode: true, terms: false, phone: '0412 300 403' },
] as const;
type Tenant = (typeof TENANTS)[number];

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);
const get = (slug: string, path: string) => getWithHost(platform.url, `${slug}.localhost`, path);
const localPhone = (phone: string) => phone.replace(/\s/g, '');

/** An in-stock car of the tenant (a slug linked from its search page). */
async function inStockSlug(slug: string): Promise<string> {
  const res = await get(slug, '/search/new-used-and-demo-cars?status=in_stock');
  const found = res.body.match(/href="\/cars\/([a-z0-9-]+)"/)?.[1];
  expect(found, `${slug} has an in-stock car`).toBeTruthy();
  return found!;
}

/** The step's heading once it shows (the island's swap, or a page after the 303). */
const heading = (page: Page, text: string) => page.locator('#ftr-step-heading', { hasText: text }).waitFor({ timeout: 15_000 });

/** The focused element's id. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Loads a journey page and hydrates its island (it loads on interaction: focus moves into it). */
async function openJourney(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  // The shell's client listens for the interaction once it has marked the island as waiting.
  await page.waitForSelector('#ftr-journey[data-island-waiting]', { state: 'attached', timeout: 15_000 });
  await page.locator('#ftr-journey input:not([type=hidden]), #ftr-journey select').first().focus();
  await page.waitForSelector('#ftr-journey[data-hydrated]', { timeout: 15_000 });
}

/** Step 2: an odometer reading and the best answer of every question. */
async function answerCondition(page: Page, odometer: string) {
  await page.getByLabel(/^Odometer \(km\)/).fill(odometer);
  for (const q of TRADE_IN_QUESTIONS) await page.locator(`input[name="answers.${q.id}"]`).first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Step 3: the contact details the tenant's lead rules ask for. */
async function fillContact(page: Page, tenant: Tenant, who: { name: string; email: string }) {
  await page.getByLabel(/^First name/).fill(who.name);
  await page.getByLabel(/^Last name/).fill('Trader');
  await page.getByLabel(/^Email/).fill(who.email);
  // A tenant that verifies phones asks for a mobile (the code is texted to it).
  await page.getByLabel(tenant.verify ? /^Mobile/ : /^Phone/).fill(tenant.phone);
  if (tenant.postcode) await page.getByLabel(/^Postcode/).fill('4350');
  if (tenant.terms) await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'See my offer' }).click();
}

/** Codes texted to a phone on a site so far (the embedded SMS port keeps each in D1 `sms_outbox`). */
const codesSent = async (slug: string, phone: string) => Number((await d1('SELECT COUNT(*) AS n FROM sms_outbox WHERE tenant = ? AND to_phone = ?', slug, phone))[0]!.n);

/** The latest code texted to the phone, once one more than `before` arrived. */
async function latestCode(slug: string, phone: string, before: number): Promise<string> {
  await expect.poll(() => codesSent(slug, phone), { timeout: 15_000 }).toBeGreaterThan(before);
  const [row] = await d1('SELECT body FROM sms_outbox WHERE tenant = ? AND to_phone = ? ORDER BY created_at DESC LIMIT 1', slug, phone);
  const code = String(row?.body ?? '').match(/\b(\d{6})\b/)?.[1];
  expect(code, String(row?.body)).toBeTruthy();
  return code!;
}

/** Step 3b where the tenant verifies phones: the texted code. */
async function verifyPhone(page: Page, tenant: Tenant, before: number) {
  if (!tenant.verify) return;
  await heading(page, 'Check your phone');
  expect(await page.locator('.ftr-lead').first().textContent()).toContain('04•• ••• ');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(/^Code/).fill(await latestCode(tenant.slug, localPhone(tenant.phone), before));
  await page.getByRole('button', { name: 'Verify' }).click();
}

const journeyOf = (page: Page) => new URL(page.url()).searchParams.get('journey');

describe.each(TENANTS.map((t) => [t.slug, t] as const))('trade-in journey on %s', (slug, tenant) => {
  it('by rego to an accepted offer toward a car, with JavaScript: steps in place, focus on each heading, the lead and its follow-ups in D1, event 18 once', async () => {
    const carSlug = await inStockSlug(slug);
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openJourney(page, `${platform.tenantUrl(slug)}/cars/trade-in?car_id=${carSlug}`);
    // The car being bought beside the form, the FAQ below it.
    expect(await page.locator(`.fv-context a[href="/cars/${carSlug}"]`).count()).toBe(1);
    expect(await page.locator('.ftr-faq details').count()).toBe(4);
    expect(await page.locator('.ftr-steps [aria-current="step"]').textContent()).toContain('Your car');
    expect(await axeViolations(page)).toEqual([]);

    // 1. rego and state: the car identified, shown above step 2 with "Not my car?".
    const rego = `AB${slug.length}${tenant.phone.slice(-3)}`;
    await page.getByLabel(/^Registration/).fill(rego.toLowerCase());
    await page.getByLabel(/^State/).selectOption('QLD');
    await page.getByRole('button', { name: 'Find my car' }).click();
    await heading(page, 'Tell us about its condition');
    expect(await focusedId(page)).toBe('ftr-step-heading');
    const id = journeyOf(page);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await page.locator('.ftr-car__name').textContent()).toMatch(/^20\d\d \S+/);
    expect(await page.getByRole('link', { name: 'Not my car?' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // 2. condition, 3. contact (3b. the texted code on outback-used-cars).
    await answerCondition(page, '45,000');
    await heading(page, 'Your contact details');
    expect(await focusedId(page)).toBe('ftr-step-heading');
    expect(await page.locator('.ftr-steps [aria-current="step"]').textContent()).toContain('Your details');
    expect(await axeViolations(page)).toEqual([]);
    const before = tenant.verify ? await codesSent(slug, localPhone(tenant.phone)) : 0;
    await fillContact(page, tenant, { name: 'Tess', email: `tess.${slug}@example.com` });
    await verifyPhone(page, tenant, before);

    // 4. the offer: a range in dollars, valid until a day; 5. accepted, back to the car.
    await heading(page, 'Your offer');
    expect(await page.locator('.ftr-offer__range').textContent()).toMatch(/^\$\d{1,3}(,\d{3})* – \$\d{1,3}(,\d{3})*$/);
    expect(await page.locator('.ftr-offer__valid').textContent()).toMatch(/^Valid until \w+day \d{1,2} \w+ 20\d\d$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept this offer' }).click();
    await heading(page, 'Offer accepted');
    expect(await page.locator(`.ftr-step a[href="/cars/${carSlug}"]`).count()).toBe(1);
    expect(journeyOf(page)).toBe(id);
    expect(await axeViolations(page)).toEqual([]);

    // The browser remembers the valuation (offer_price: the low end) and the contact details (spec §3).
    const stored = await page.evaluate(() => ({ valuation: JSON.parse(localStorage.getItem('forecourt:trade-in-valuation') ?? '{}'), contact: JSON.parse(localStorage.getItem('forecourt:contact-details') ?? '{}') }));
    expect(stored.valuation).toMatchObject({ rego, regoState: 'QLD', adjustment_answers: expect.objectContaining({ accident_history: 'none' }) });
    expect(stored.valuation.offer_price).toBeGreaterThan(0);
    expect(stored.contact).toMatchObject({ name: 'Tess', email: `tess.${slug}@example.com` });

    // The dealer's lead and its follow-ups, each through the outbox; event 18 once.
    const [parent] = await d1('SELECT id, category, subcategory, car_id FROM leads WHERE tenant = ? AND contact_email = ? AND parent_lead_id IS NULL', slug, `tess.${slug}@example.com`);
    expect(parent).toMatchObject({ category: 'Trade-In Valuation', subcategory: TRADE_IN_SUBCATEGORIES.contact });
    expect(parent!.car_id).toBeTruthy();
    const family = await d1('SELECT l.subcategory, l.event_id, o.state FROM leads l JOIN lead_outbox o ON o.tenant = l.tenant AND o.lead_id = l.id WHERE l.tenant = ? AND (l.id = ? OR l.parent_lead_id = ?) ORDER BY l.created_at', slug, parent!.id, parent!.id);
    expect(family.map((l) => l.subcategory).sort()).toEqual([TRADE_IN_SUBCATEGORIES.contact, TRADE_IN_SUBCATEGORIES.adjustments, TRADE_IN_SUBCATEGORIES.accepted].sort());
    expect(family.filter((l) => l.event_id === 18)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/sell-my-car without a car on a 390 px phone: "Not my car?" to the manual lists, over 100,000 km gets no online estimate and the contact promise', async () => {
    const context = await shopperContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openJourney(page, `${platform.tenantUrl(slug)}/sell-my-car`);
    expect(await page.locator('.fv-context__car').count()).toBe(0);
    await page.getByLabel(/^Registration/).fill(`OLD${tenant.phone.slice(-3)}`);
    await page.getByLabel(/^State/).selectOption('NSW');
    await page.getByRole('button', { name: 'Find my car' }).click();
    await heading(page, 'Tell us about its condition');

    // "Not my car?": the manual form in place, its lists from the taxonomy API.
    await page.getByRole('link', { name: 'Not my car?' }).click();
    await heading(page, 'Enter your car’s details');
    const make = page.locator('select#ftr-make');
    await make.waitFor();
    await make.selectOption({ index: 1 });
    const model = page.locator('select#ftr-model');
    await expect.poll(() => model.locator('option').count()).toBeGreaterThan(1);
    await model.selectOption({ index: 1 });
    await expect.poll(() => page.locator('#ftr-year option').count()).toBeLessThan(40);
    await page.locator('#ftr-year').selectOption({ index: 1 });
    const chosen = `${await page.locator('#ftr-year').inputValue()} ${await make.inputValue()} ${await model.inputValue()}`;
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Tell us about its condition');
    expect(await page.locator('.ftr-car__name').textContent()).toContain(chosen);
    // Mobile first: nothing scrolls sideways on a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await answerCondition(page, '150000');
    await heading(page, 'Your contact details');
    const seller = { ...tenant, phone: tenant.phone.replace(/\d$/, '9') };
    const before = tenant.verify ? await codesSent(slug, localPhone(seller.phone)) : 0;
    // Contact details come back from the browser's memory only in the other test's context: type them here.
    await fillContact(page, seller, { name: 'Sam', email: `sam.${slug}@example.com` });
    await verifyPhone(page, seller, before);
    await heading(page, 'Your offer');
    expect(await page.locator('.ftr-offer__label').textContent()).toBe('No online estimate');
    expect(await page.locator('.ftr-offer__promise').textContent()).toMatch(/^We'll call you (today|tomorrow|on \w+day|as soon as we can)/);
    expect(await page.getByRole('button', { name: 'Accept this offer' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    const [lead] = await d1('SELECT category FROM leads WHERE tenant = ? AND contact_email = ? AND parent_lead_id IS NULL', slug, `sam.${slug}@example.com`);
    expect(lead).toEqual({ category: 'Sell My Car' });
    await context.close();
  });
});

describe('trade-in journey without JavaScript', () => {
  it('a rego not found, the manual form, on to an accepted offer through the 303s; journey pages are noindex and never shared', async () => {
    const tenant = TENANTS[0];
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${platform.tenantUrl(tenant.slug)}/trade-in`, { waitUntil: 'load' });
    await page.getByLabel(/^Registration/).fill('X12NOJS');
    await page.getByLabel(/^State/).selectOption('VIC');
    await Promise.all([page.waitForURL(/journey=/), page.getByRole('button', { name: 'Find my car' }).click()]);
    // Not found: the manual form with the catalogue's sentence in the red alert.
    await heading(page, 'Enter your car’s details');
    expect(await page.locator('#ftr-alert').textContent()).toContain("We couldn't find that registration.");
    // The lists come from the server: each "Show the ..." reloads the page with the picks so far.
    await page.getByLabel(/^Make/).selectOption('Toyota');
    await Promise.all([page.waitForURL(/refine=1/), page.getByRole('button', { name: 'Show the models of this make' }).click()]);
    expect(await page.getByLabel(/^Make/).inputValue()).toBe('Toyota');
    await page.getByLabel(/^Model/).selectOption('Corolla');
    await Promise.all([page.waitForURL(/model=Corolla/), page.getByRole('button', { name: 'Show the years of this model' }).click()]);
    const year = page.getByLabel(/^Year/);
    await year.selectOption({ index: 1 });
    await Promise.all([page.waitForURL(/year=\d{4}/), page.getByRole('button', { name: 'Show the badges of this year' }).click()]);
    await page.getByLabel(/^Badge/).selectOption({ index: 1 });
    expect(await page.getByRole('button', { name: /^Show the/ }).count()).toBe(0);
    await Promise.all([page.waitForURL(/journey=[A-Za-z0-9_-]{22}/), page.getByRole('button', { name: 'Continue' }).click()]);
    await heading(page, 'Tell us about its condition');
    const id = new URL(page.url()).searchParams.get('journey')!;
    await Promise.all([page.waitForNavigation(), answerCondition(page, '30000')]);
    await heading(page, 'Your contact details');
    await Promise.all([page.waitForNavigation(), fillContact(page, { ...tenant, phone: '0412 300 499' }, { name: 'Nora', email: 'nora.nojs@example.com' })]);
    await heading(page, 'Your offer');
    expect(await page.locator('.ftr-offer__range').textContent()).toMatch(/^\$/);
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Accept this offer' }).click()]);
    await heading(page, 'Offer accepted');
    expect(new URL(page.url()).searchParams.get('journey')).toBe(id);
    await context.close();

    // The journey page is the shopper's own; the start page is for search engines.
    const journeyPage = await get(tenant.slug, `/trade-in?journey=${id}`);
    expect(journeyPage.status).toBe(200);
    expect(journeyPage.body).toMatch(/<meta name="robots" content="noindex/);
    expect(String(journeyPage.headers['cache-control'])).toMatch(/no-store/);
    const start = await get(tenant.slug, '/trade-in');
    expect(start.body).not.toMatch(/<meta name="robots" content="noindex/);
    const [lead] = await d1('SELECT category, subcategory FROM leads WHERE tenant = ? AND contact_email = ? AND parent_lead_id IS NULL', tenant.slug, 'nora.nojs@example.com');
    expect(lead).toEqual({ category: 'Trade-In Valuation', subcategory: TRADE_IN_SUBCATEGORIES.contact });
  });

  it('/sell-your-car, a car the lists do not hold: "My car isn’t listed" gives free text, and every step comes back to /sell-your-car', async () => {
    const tenant = TENANTS[1];
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${platform.tenantUrl(tenant.slug)}/sell-your-car`, { waitUntil: 'load' });
    await page.getByLabel(/^Registration/).fill('X34NOJS');
    await page.getByLabel(/^State/).selectOption('QLD');
    await Promise.all([page.waitForURL(/journey=/), page.getByRole('button', { name: 'Find my car' }).click()]);
    await heading(page, 'Enter your car’s details');
    expect(new URL(page.url()).pathname).toBe('/sell-your-car');
    // The lists (required selects) hold no such car: the link reloads the page with free-text fields.
    expect(await page.locator('select#ftr-make').count()).toBe(1);
    await Promise.all([page.waitForURL(/free=1/), page.getByRole('link', { name: 'My car isn’t listed' }).click()]);
    await heading(page, 'Enter your car’s details');
    await page.getByLabel(/^Make/).fill('Trabant');
    await page.getByLabel(/^Model/).fill('601');
    await page.getByLabel(/^Year/).selectOption('1989');
    await page.getByLabel(/^Badge/).fill('Deluxe');
    await Promise.all([page.waitForURL(/journey=[A-Za-z0-9_-]{22}$/), page.getByRole('button', { name: 'Continue' }).click()]);
    await heading(page, 'Tell us about its condition');
    expect(new URL(page.url()).pathname).toBe('/sell-your-car');
    expect(await page.locator('.ftr-car__name').textContent()).toBe('1989 Trabant 601 Deluxe');
    expect(await page.locator('input[name="return"]').first().getAttribute('value')).toBe('/sell-your-car');
    await context.close();
  });
});
