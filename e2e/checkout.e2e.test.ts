/**
 * Reserve a car online (issue 5 "Other vehicle routes"; spec §4 Purchasable car, §9 reserve default $200) on the demo
 * tenant that reserves online (outback-used-cars), with the embedded test processor: the checkout page shows the car,
 * 'Reserve This Car ($200)', the contact fields, the accepted-payments strip and the terms; paying on the processor's
 * confirmation page lands on the checkout journey's Reserved outcome; the car is then Reserved for every page
 * (`/api/payments/reserved`, the checkout page, the vehicle page); the dealer gets a lead through the outbox; the same
 * form sent twice is one payment; it all works without JavaScript too. axe-core finds 0 violations on every step.
 *
 * Needs the lead's wiring: edge-api mounting `paymentsRoutes` and mf-vehicle's app.tsx routing the four checkout
 * pages to `checkoutFragment` (mf-vehicle/src/checkout/index.ts).
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, collectErrors, getWithHost, usePlatformAndBrowser, shopperContext, queryD1 } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const TENANT = 'outback-used-cars';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const newContext = (options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> => shopperContext(browser, options);

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);

const get = (path: string) => getWithHost(platform.url, `${TENANT}.localhost`, path);

/** A form POST through the platform with the tenant's Host and a same-site Origin (as the browser's form sends it). */
function postForm(path: string, form: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
  const body = new URLSearchParams(form).toString();
  const host = `${TENANT}.localhost:${platform.url.port}`;
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive agent), as support.ts getWithHost: Node 20's global agent reuses a socket
    // the platform may just have closed as idle, which answers "socket hang up" (a clean-clone CI lost this file's
    // no-JavaScript post to it).
    const req = request(
      { host: platform.url.hostname, port: platform.url.port, path, method: 'POST', agent: false, headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** In-stock cars of the tenant (slugs linked from its search page), used ones first to keep tests apart. */
async function inStockSlugs(): Promise<string[]> {
  const res = await get('/search/used-cars?status=in_stock');
  expect(res.status).toBe(200);
  return [...new Set([...res.body.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((m) => m[1]!))];
}

/** A car that can be reserved: its checkout page offers the form. */
async function reservableSlug(skip: readonly string[] = []): Promise<{ slug: string; carId: string }> {
  for (const slug of await inStockSlugs()) {
    if (skip.includes(slug)) continue;
    const page = await get(`/cars/${slug}/checkout`);
    const carId = /name="car_id" value="([^"]+)"/.exec(page.body)?.[1];
    if (page.status === 200 && carId) return { slug, carId };
  }
  throw new Error('no reservable car on the first search page');
}

async function fillDetails(page: Page, who: { name: string; email: string; phone: string }) {
  await page.getByLabel('First name').fill(who.name);
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill(who.phone);
  // outback-used-cars requires a postcode on its forms (features.enquiry_postcode_required)
  await page.getByLabel(/^Postcode/).fill('0870');
  await page.getByLabel(/I agree to the/).check();
}

const reservedIds = async (ids: string[]) => JSON.parse((await get(`/api/payments/reserved?car_ids=${ids.join(',')}`)).body) as { reserved: string[] };

describe(`reserve online on ${TENANT} (embedded test processor)`, () => {
  const used: string[] = [];

  it('reserves a car for $200: checkout page, test payment, Reserved outcome, Reserved everywhere, a lead for the dealer', async () => {
    const { slug, carId } = await reservableSlug();
    used.push(slug);
    const raw = await get(`/cars/${slug}/checkout`);
    expect(raw.body).toContain('Reserve This Car ($200)');
    expect(raw.body).toContain('action="/api/payments/reserve"');
    for (const brand of ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']) expect(raw.body).toContain(`>${brand}</li>`);
    expect(await reservedIds([carId])).toEqual({ reserved: [] });

    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`, { waitUntil: 'load' });
    await page.waitForSelector('[data-island="mf-vehicle/ReserveForm"][data-hydrated]');
    expect(await axeViolations(page)).toEqual([]);
    await fillDetails(page, { name: 'Robin', email: 'robin.reserve@example.com', phone: '0412 555 901' });
    await page.getByRole('button', { name: 'Reserve This Car ($200)' }).click();

    // The embedded processor's confirmation page (step 2)
    await page.waitForURL(/\/checkout-journey\?car_id=[a-z0-9-]+&payment=pay_[0-9a-f]{32}&session=emb_cs_[0-9a-f]{32}$/, { timeout: 15_000 });
    const paymentId = new URL(page.url()).searchParams.get('payment')!;
    await expect.poll(() => page.getByRole('button', { name: 'Pay $200 (test)' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect((await d1('SELECT status, amount_cents FROM payment_intents WHERE tenant = ? AND id = ?', TENANT, paymentId))[0]).toEqual({ status: 'requires_payment', amount_cents: 20_000 });
    await page.getByRole('button', { name: 'Pay $200 (test)' }).click();

    // Step 3: reserved
    await page.waitForURL(new RegExp(`/checkout-journey\\?car_id=${slug}&payment=${paymentId}&status=paid$`), { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'This car is reserved for you' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    expect(await reservedIds([carId])).toEqual({ reserved: [carId] });
    const again = await get(`/cars/${slug}/checkout`);
    expect(again.body).toContain('This car has already been reserved by another buyer.');
    expect(again.body).not.toContain('name="idempotency_key"');
    // The vehicle page merges edge-api's reservations (checkout/edge.ts withReservation): Reserved, no Reserve button.
    const vdp = await get(`/cars/${slug}`);
    expect(vdp.body).toContain('Reserved');
    expect(vdp.body).not.toContain(`href="/cars/${slug}/checkout"`);
    // So do the search cards (mf-search asks edge-api for the page's cars): the Reserved tag and no Reserve button.
    // The search API answers fresh (the shell's page cache may still hold the earlier render for up to 30 s).
    const view = JSON.parse((await get('/api/search/view?path=/search/used-cars&status=in_stock')).body) as { cards: Array<{ slug: string; tag: { text: string } | null; buttons: Array<{ kind: string }> }> };
    const card = view.cards.find((c) => c.slug === slug);
    expect(card, 'the reserved car is on the first page of used in-stock cars').toBeTruthy();
    expect(card!.tag?.text).toBe('Reserved');
    expect(card!.buttons.map((b) => b.kind)).not.toContain('reserve');

    // The dealer hears of it: one lead, in the outbox, delivered to the (embedded) CRM.
    const [intent] = await d1('SELECT status, lead_id, lead_request FROM payment_intents WHERE tenant = ? AND id = ?', TENANT, paymentId);
    expect(intent).toMatchObject({ status: 'paid', lead_request: null });
    const leads = await d1('SELECT l.subcategory, l.car_id, o.state FROM leads l JOIN lead_outbox o ON o.lead_id = l.id WHERE l.tenant = ? AND l.id = ?', TENANT, intent!.lead_id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ subcategory: 'Reserved Online', car_id: carId });
    await expect.poll(async () => (await d1('SELECT state FROM lead_outbox WHERE tenant = ? AND lead_id = ?', TENANT, intent!.lead_id))[0]?.state, { timeout: 15_000 }).toBe('delivered');
  });

  it('one form sent twice is one payment; without JavaScript the whole flow still works', async () => {
    const { slug, carId } = await reservableSlug(used);
    used.push(slug);
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`, { waitUntil: 'load' });
    await fillDetails(page, { name: 'Sasha', email: 'sasha.nojs@example.com', phone: '0412 555 902' });
    const key = await page.locator('input[name="idempotency_key"]').getAttribute('value');
    // The same form posted twice (a double click, a retry) from the browser: one payment, same confirmation page.
    const form = { car_id: carId, car_slug: slug, idempotency_key: key!, amount: '200', name: 'Sasha', last_name: 'Buyer', email: 'sasha.nojs@example.com', phone: '0412 555 902', postcode: '0870', terms_conditions: 'on', return_path: `/cars/${slug}/checkout` };
    const [first, second] = await Promise.all([postForm('/api/payments/reserve', form), postForm('/api/payments/reserve', form)]);
    expect([first!.status, second!.status]).toEqual([303, 303]);
    expect(first!.location).toMatch(/\/checkout-journey\?car_id=[a-z0-9-]+&payment=pay_[0-9a-f]{32}&session=emb_cs_[0-9a-f]{32}$/);
    expect(first!.location).toBe(second!.location);
    expect(await d1('SELECT id FROM payment_intents WHERE tenant = ? AND car_id = ?', TENANT, carId)).toHaveLength(1);

    // The page's own submit (no JavaScript): the same key again, so the same payment.
    await page.getByRole('button', { name: 'Reserve This Car ($200)' }).click();
    await page.waitForURL(/\/checkout-journey\?.*session=emb_cs_/, { timeout: 15_000 });
    expect(page.url()).toBe(first!.location);
    await page.getByRole('button', { name: 'Pay $200 (test)' }).click();
    await page.waitForURL(/status=paid$/, { timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'This car is reserved for you' }).count()).toBe(1);
    await context.close();
    expect(await d1("SELECT id FROM payment_intents WHERE tenant = ? AND car_id = ? AND status = 'paid'", TENANT, carId)).toHaveLength(1);
    expect(await reservedIds([carId])).toEqual({ reserved: [carId] });
  });

  it('shows the server\'s field errors: in place with JavaScript, on the reloaded page without', async () => {
    const { slug, carId } = await reservableSlug(used);
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`, { waitUntil: 'load' });
    await page.waitForSelector('[data-island="mf-vehicle/ReserveForm"][data-hydrated]');
    await fillDetails(page, { name: 'Kim', email: 'kim@example.com', phone: '12345678' });
    await page.getByRole('button', { name: 'Reserve This Car ($200)' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please fix the following errors:');
    expect(await page.getByRole('alert').textContent()).toContain('Phone: Invalid phone number.');
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    const noJs = await postForm('/api/payments/reserve', { car_id: carId, car_slug: slug, idempotency_key: crypto.randomUUID(), amount: '200', name: 'Kim', email: 'kim@example.com', phone: '12345678', postcode: '0870', terms_conditions: 'on', return_path: `/cars/${slug}/checkout` });
    expect(noJs.status).toBe(303);
    const back = new URL(noJs.location!, platform.tenantUrl(TENANT));
    expect(back.pathname).toBe(`/cars/${slug}/checkout`);
    const shown = await get(back.pathname + back.search);
    expect(shown.body).toContain('role="alert"');
    expect(shown.body).toContain('phone: Invalid phone number.');
    expect(await d1('SELECT id FROM payment_intents WHERE tenant = ? AND car_id = ?', TENANT, carId)).toEqual([]);
  });
});
