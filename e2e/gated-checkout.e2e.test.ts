/**
 * Checkout gated by sign-in (issue 5 "gated by sign-in where the tenant says so"; spec §6 conditionally gated checkout)
 * on the demo tenant that gates it (southern-cross-motor-group: reserve online + gated_checkout): a shopper without a
 * session, or with a forged one, is sent to sign-in with the way back; signing in with the texted code (read from the
 * embedded SMS port's D1 `sms_outbox`) lands on the checkout, and the reservation goes through to Reserved.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, getWithHost, usePlatformAndBrowser, shopperContext, queryD1 } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const TENANT = 'southern-cross-motor-group';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);

const get = (path: string, headers: Record<string, string> = {}) => getWithHost(platform.url, `${TENANT}.localhost`, path, headers);

/** An in-stock car whose vehicle page offers Reserve Car Now (a link to its checkout). */
async function reservableSlug(): Promise<string> {
  const search = await get('/search/used-cars?status=in_stock');
  for (const slug of [...new Set([...search.body.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]) {
    if ((await get(`/cars/${slug}`)).body.includes(`href="/cars/${slug}/checkout"`)) return slug;
  }
  throw new Error('no reservable car on the first search page');
}

describe(`checkout behind sign-in on ${TENANT}`, () => {
  it('sends a shopper without a live session to sign-in, and a forged session cookie does not pass', async () => {
    const slug = await reservableSlug();
    const way = encodeURIComponent(`/cars/${slug}/checkout`);
    const anonymous = await get(`/cars/${slug}/checkout`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe(`/sign-in?type=checkout&redirect=${way}&back=${way}`);
    const forged = await get(`/cars/${slug}/checkout`, { cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` });
    expect(forged.status).toBe(302);
    expect(forged.headers.location).toBe(`/sign-in?type=checkout&redirect=${way}&back=${way}`);
  });

  it('signs in with the texted code, comes back to the checkout and reserves the car', async () => {
    const slug = await reservableSlug();
    const phone = '0412 555 777';
    const context = await shopperContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`, { waitUntil: 'load' });
    await page.waitForURL(/\/sign-in\?type=checkout&/);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to reserve this car' }).count()).toBe(1);
    await page.waitForSelector('[data-island="mf-account/SignIn"][data-hydrated]');
    expect(await axeViolations(page)).toEqual([]);
    const before = Date.now() - 1000;
    await page.getByLabel('Mobile number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(async () => (await d1('SELECT COUNT(*) AS n FROM sms_outbox WHERE tenant = ? AND to_phone = ? AND created_at >= ?', TENANT, '0412555777', before))[0]!.n, { timeout: 15_000 }).toBe(1);
    const [sms] = await d1('SELECT body FROM sms_outbox WHERE tenant = ? AND to_phone = ? ORDER BY created_at DESC LIMIT 1', TENANT, '0412555777');
    const code = String(sms!.body).match(/\b(\d{6})\b/)![1]!;
    await page.getByLabel('Verification code').fill(code);
    await Promise.all([page.waitForURL(`${platform.tenantUrl(TENANT)}/cars/${slug}/checkout`, { timeout: 15_000 }), page.getByRole('button', { name: 'Verify' }).click()]);

    // The checkout now renders for the signed-in shopper and the reservation goes through.
    await page.waitForSelector('[data-island="mf-vehicle/ReserveForm"][data-hydrated]');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Gated');
    await page.getByLabel('Email').fill('sam.gated@example.com');
    await page.getByLabel('Phone').fill(phone);
    const postcode = page.getByLabel(/^Postcode/);
    if (await postcode.count()) await postcode.fill('4000');
    const terms = page.getByLabel(/I agree to the/);
    if (await terms.count()) await terms.check();
    await page.getByRole('button', { name: /^Reserve This Car/ }).click();
    await page.waitForURL(/\/checkout-journey\?car_id=[a-z0-9-]+&payment=pay_[0-9a-f]{32}&session=emb_cs_[0-9a-f]{32}$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay \$[\d,]+ \(test\)$/ }).click();
    await page.waitForURL(/&status=paid$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'This car is reserved for you' }).count()).toBe(1);
    const [payment] = await d1('SELECT status FROM payment_intents WHERE tenant = ? AND car_slug = ? ORDER BY created_at DESC LIMIT 1', TENANT, slug);
    expect(payment).toEqual({ status: 'paid' });
    await context.close();
  });
});
