/**
 * The instant finance pre-approval (spec §2 Finance page, §4 Finance popup journey, §7 YouX, §8 texts) on the demo
 * tenant that has it (outback-used-cars: `finance_preapproval`, `get_finance_now`), through the shell, against
 * edge-api's real YouX HTTP adapter talking to a local stand-in on 127.0.0.1 that speaks the documented wire format
 * (edge-api README "Finance application"), so the provider's failure can be shown too. The code comes from the
 * embedded SMS port's D1 `sms_outbox`; the lender's page (an https address the stand-in returns) is answered by the
 * browser context.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, collectErrors, getWithHost, queryD1, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const TENANT = 'outback-used-cars';
const LENDER = 'https://apply.youx.test';
let platform: Platform;
let browser: Browser;
let youx: Server;
let youxUrl = '';
/** The stand-in's behaviour and what it was sent. */
const provider = { failCustomers: false, customers: [] as Array<Record<string, unknown>> };

beforeAll(async () => {
  youx = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.headers.authorization !== 'Bearer e2e-key') return json(401, { error: 'unauthorised' });
      if (req.url === '/quote') return json(200, { weeklyRepaymentAmount: 123.45, advertisedRate: 7.49, comparisonRate: 9.12 });
      if (req.url === '/customers') {
        const sent = JSON.parse(body) as Record<string, unknown>;
        provider.customers.push(sent);
        if (provider.failCustomers) return json(503, { error: 'busy' });
        return json(201, { redirectUrl: `${LENDER}/start/${String(sent.reference)}` });
      }
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => youx.listen(0, '127.0.0.1', resolve));
  youxUrl = `http://127.0.0.1:${(youx.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => youx.close(() => resolve())));

usePlatformAndBrowser<Platform>(
  (p, b) => {
    platform = p;
    browser = b;
  },
  () => ({ vars: { 'edge-api': { YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: `${youxUrl}/quote`, YOUX_CUSTOMER_URL: `${youxUrl}/customers`, YOUX_API_KEY: 'e2e-key' } } }),
);

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);

/** The latest code texted to this phone, once one arrived after `since`. */
async function codeFor(phone: string, since: number): Promise<string> {
  const row = async () => (await d1('SELECT body FROM sms_outbox WHERE tenant = ? AND to_phone = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1', TENANT, phone, since))[0];
  await expect.poll(async () => Boolean(await row()), { timeout: 15_000 }).toBe(true);
  return String((await row())!.body).match(/\b(\d{6})\b/)![1]!;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const heading = (page: Page) => page.locator('#ffp-step-heading').textContent();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function shopper(javaScriptEnabled = true) {
  const context = await shopperContext(browser, { javaScriptEnabled });
  // The lender's application page (an https address the stand-in gives): answered here, the journey ends on it.
  await context.route(`${LENDER}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>YouX application</title><h1>YouX application</h1>' }));
  return context;
}

describe('instant finance pre-approval', () => {
  it('from a car\'s Get Finance link: 4 steps by keyboard, errors on fields, a wrong code refused, then the lender; axe clean on each step', async () => {
    const search = await getWithHost(platform.url, `${TENANT}.localhost`, '/search/used-cars');
    const link = search.body.match(/href="(\/finance\?car_id=[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(link, 'a search card has a Get Finance link').toBeTruthy();
    const carId = new URL(link!, 'https://x').searchParams.get('car_id')!;
    const context = await shopper();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${platform.tenantUrl(TENANT)}${link}`, { waitUntil: 'load' });
    await page.waitForSelector('#ff-preapproval[data-hydrated]');
    // The chosen car beside the form; the journey headed by spec §2's text.
    expect(await page.locator('.ff-car').count()).toBe(1);
    expect(await page.locator('#ffp-heading').textContent()).toBe('Instant Finance pre-approval with no impact on your credit score.');
    expect(await heading(page)).toBe('Step 1 of 4: Quick Estimate');
    // The budget of the link is the purchase price; a change asks the provider stand-in for the estimate.
    expect(await page.locator('#ffp-price').inputValue()).toMatch(/^\d{1,3}(,\d{3})*$/);
    await page.locator('#ffp-term').selectOption('4');
    await expect.poll(() => page.locator('.ffp .ffc-result').textContent()).toContain('$123');
    expect(await axeViolations(page)).toEqual([]);

    await page.locator('#ffp-price').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Step 2 of 4: Your Details');
    expect(await focused(page)).toBe('ffp-step-heading');
    // Next with nothing filled in: each field says what is wrong, the first has focus.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => focused(page)).toBe('ffp-firstName');
    expect(await page.locator('#ffp-firstName').getAttribute('aria-describedby')).toBe('ffp-firstName-error');
    expect(await page.locator('#ffp-firstName-error').textContent()).toBe('This is a required field.');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#ffp-firstName').fill('Jordan');
    await page.locator('#ffp-lastName').fill('Nguyen');
    await page.locator('#ffp-email').fill('jordan@example.com');
    await page.locator('#ffp-phone').fill('0412 300 111');
    await page.locator('#ffp-postCode').fill('0870');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(page)).toBe('Step 3 of 4: Instant pre-approval');
    expect(await focused(page)).toBe('ffp-step-heading');
    expect(await page.locator('.ffp .ffc-result').textContent()).toContain('You are pre-approved for about $123 per week');
    expect(await page.locator('.ffp').textContent()).toContain('0412 ••• 111');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(page)).toBe('Step 4 of 4: Apply to lender');

    const code = await codeFor('0412300111', since);
    await page.locator('#ffp-code').fill(wrong(code));
    await page.locator('#ffp-terms').check();
    await page.getByRole('button', { name: 'Apply to lender' }).click();
    await expect.poll(() => page.locator('#ffp-code-error').textContent()).toBe('The verification code is invalid. Please try again.');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#ffp-code').fill(code);
    await page.getByRole('button', { name: 'Apply to lender' }).click();
    await page.waitForURL(`${LENDER}/start/**`);

    // The lead (Finance Enquiry, the car) and the YouX customer, both made; the lead id is the provider's reference.
    const reference = new URL(page.url()).pathname.split('/').pop()!;
    const [lead] = await d1('SELECT category, car_id, contact_phone FROM leads WHERE tenant = ? AND id = ?', TENANT, reference);
    expect(lead).toEqual({ category: 'Finance Enquiry', car_id: carId, contact_phone: '0412300111' });
    const sent = provider.customers.at(-1) as { customer: Record<string, unknown>; dealer: string };
    expect(sent.dealer).toBe(TENANT);
    expect(sent.customer).toMatchObject({ phoneNumber: '0412300111', firstName: 'Jordan', postCode: '0870' });
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('the popup variant on the finance enquiry page: opens the same steps in a modal dialog, axe clean, Escape closes it', async () => {
    const context = await shopper();
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/finance-enquiry`, { waitUntil: 'load' });
    await page.waitForSelector('#ff-preapproval[data-hydrated]');
    const opener = page.getByRole('link', { name: 'Get instant pre-approval' });
    await opener.click();
    await page.waitForSelector('dialog.ffp-dialog[open]');
    expect(page.url()).toContain('/finance-enquiry');
    expect(await page.locator('dialog.ffp-dialog #ffp-heading').textContent()).toBe('Instant Finance pre-approval with no impact on your credit score.');
    expect(await heading(page)).toBe('Step 1 of 4: Quick Estimate');
    await page.locator('dialog.ffp-dialog').getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(page)).toBe('Step 2 of 4: Your Details');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.ffp-dialog[open]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Get instant pre-approval');
    await context.close();
  });

  it('without JavaScript: the plain forms post forward; YouX failing shows spec §8 text and the lead is still made; Apply again ends on the lender', async () => {
    // (axe needs JavaScript; the steps are the same server-rendered component the first test checks with it.)
    const context = await shopper(false);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${platform.tenantUrl(TENANT)}/finance`, { waitUntil: 'load' });
    // Get Finance Now: featured used cars with real car pages.
    expect(await page.locator('#ff-gfn-title').textContent()).toBe('Get Finance Now');
    const carLinks = await page.locator('.ff-gfn a[href^="/cars/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!).filter((h) => /^\/cars\/[a-z0-9-]+$/.test(h)))]);
    expect(carLinks.length).toBeGreaterThan(0);
    expect(carLinks.length).toBeLessThanOrEqual(6);
    expect((await getWithHost(platform.url, `${TENANT}.localhost`, carLinks[0]!)).status).toBe(200);

    await page.locator('#ffp-price').fill('25000');
    await page.locator('#ffp-term').selectOption('4');
    await page.getByLabel('Decent').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/step=2/);
    expect(await heading(page)).toBe('Step 2 of 4: Your Details');
    await page.locator('#ffp-firstName').fill('Alex');
    await page.locator('#ffp-lastName').fill('Fail');
    await page.locator('#ffp-email').fill('not-an-email');
    await page.locator('#ffp-phone').fill('0412 300 222');
    await page.locator('#ffp-postCode').fill('0870');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/check=1/);
    expect(await page.locator('#ffp-email-error').textContent()).toBe('Invalid email address.');
    expect(await page.locator('#ffp-firstName').inputValue()).toBe('Alex');
    await page.locator('#ffp-email').fill('alex@example.com');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/step=3/);
    expect(await page.locator('.ffp .ffc-result').textContent()).toContain('$123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/step=4/);

    provider.failCustomers = true;
    const code = await codeFor('0412300222', since);
    // Applying without agreeing is refused, the reason on the checkbox.
    await page.locator('#ffp-code').fill(code);
    await page.getByRole('button', { name: 'Apply to lender' }).click();
    await page.waitForURL(/preapproval_error=terms/);
    expect(await page.locator('#ffp-terms-error').textContent()).toBe('You must agree to the terms of use before submitting the form.');
    await page.locator('#ffp-code').fill(code);
    await page.locator('#ffp-terms').check();
    await page.getByRole('button', { name: 'Apply to lender' }).click();
    await page.waitForURL(/preapproval_error=youx/);
    expect(await page.locator('.ffp-alert').textContent()).toBe('Failed to create customer with YouX');
    // The lead was recorded all the same (edge-api's outbox delivers it to the CRM).
    const leads = await d1('SELECT id, category FROM leads WHERE tenant = ? AND contact_phone = ?', TENANT, '0412300222');
    expect(leads).toEqual([{ id: expect.any(String), category: 'Finance Enquiry' }]);
    expect(await d1('SELECT COUNT(*) AS n FROM lead_outbox WHERE tenant = ? AND lead_id = ?', TENANT, leads[0]!.id)).toEqual([{ n: 1 }]);

    // The phone is proven: Apply again needs no code, and the same lead is not made twice.
    provider.failCustomers = false;
    expect(await page.locator('#ffp-code').count()).toBe(0);
    // A plain form may not leave the site (the shell's CSP form-action 'self'): the page says it is done and links on.
    await page.locator('#ffp-terms').check();
    await page.getByRole('button', { name: 'Apply to lender' }).click();
    const onward = page.getByRole('link', { name: 'Continue your application with the lender' });
    await onward.waitFor();
    expect(await onward.getAttribute('href')).toBe(`${LENDER}/start/${String(leads[0]!.id)}`);
    await onward.click();
    await page.waitForURL(`${LENDER}/start/**`);
    expect(await d1('SELECT COUNT(*) AS n FROM leads WHERE tenant = ? AND contact_phone = ?', TENANT, '0412300222')).toEqual([{ n: 1 }]);
    await context.close();
  });
});
