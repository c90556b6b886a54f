/**
 * /finance on a first visit (issue 19, Total Blocking Time): the finance enquiry form (mf-account's client-mode
 * LeadForm island) and the steps beside it load no code with the page (no React, no Module Federation runtime): the
 * form is the working no-JavaScript form until the shopper points at, touches or focuses into it, and the steps' toggle
 * comes with the first use of the page. The first use is not lost: text typed into the plain form while the island
 * loads (held back 600 ms in the network) is in the island's form, with the focus, and the enquiry reaches the CRM. A
 * shopper whose details are remembered gets the island at once (filled in). Without JavaScript the plain form posts.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { axeViolations, collectErrors, engagePage, getWithHost, lightClientFiles, scriptRequests, shopperContext, usePlatformAndBrowser } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

/** The dealer group: its /finance is the Finance Enquiry form (no instant pre-approval) beside the 3 steps. */
const TENANT = 'southern-cross-motor-group';
const ISLAND = '#ff-enquiry';
const HOLD_BACK_MS = 600;

async function devOutbox(): Promise<{ inbox: Array<{ lead_id: string; payload: string }> }> {
  const res = await getWithHost(platform.url, `${TENANT}.localhost`, '/api/dev/outbox?format=json');
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as { inbox: Array<{ lead_id: string; payload: string }> };
}

const codeErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

describe('/finance first visit: no island code until the form is used', () => {
  it('loads only the shell client; the first field typed in loads the form, keeps the text and focus, and the enquiry is sent', async () => {
    // A phone, as Lighthouse's mobile run: the calculator (loaded near the viewport) is far below the form.
    const context = await shopperContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptRequests(page);
    await page.goto(`${platform.tenantUrl(TENANT)}/finance`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
    const entry = await page.getAttribute('script[type="module"][src]', 'src');
    const light = lightClientFiles(entry!);
    expect(scripts.filter((s) => !light.includes(s))).toEqual([]);
    expect(await page.getAttribute('html', 'data-islands-ready')).toBe('0');
    expect(await page.getAttribute(ISLAND, 'data-island-waiting')).toBe('');
    expect(await page.getAttribute('#ff-steps', 'data-island-waiting')).toBe('');
    // The plain form is there and usable; the steps' toggle keeps its place, invisible.
    expect(await page.locator(`${ISLAND} form[data-no-js][method="post"]`).count()).toBe(1);
    expect(await page.locator('#ff-steps .ff-steps__toggle').evaluate((b) => getComputedStyle(b).visibility)).toBe('hidden');
    expect(await axeViolations(page)).toEqual([]);

    await page.route('**/_mf/mf-account/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_BACK_MS));
      await route.continue();
    });
    // Focus (a tap or Tab) into the first field loads the island; what is typed meanwhile is the island's.
    await page.locator('#ff-enquiry-name').pressSequentially('Lee');
    expect(await page.locator(`${ISLAND}[data-hydrated]`).count()).toBe(0);
    await page.waitForSelector(`${ISLAND}[data-hydrated] form[novalidate]:not([data-no-js])`);
    expect(await page.inputValue('#ff-enquiry-name')).toBe('Lee');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ff-enquiry-name');
    expect(scripts.some((s) => s.startsWith('/_mf/mf-account/'))).toBe(true);

    // The first use of the page brought the steps' toggle, in the place it kept.
    await engagePage(page);
    const toggle = page.getByRole('button', { name: 'Hide steps' });
    await toggle.click();
    await expect.poll(() => page.locator('#ff-steps-list').isHidden()).toBe(true);
    expect(await toggle.count()).toBe(0); // now 'Show steps'
    expect(await axeViolations(page)).toEqual([]);

    await page.locator(ISLAND).getByLabel('Email').fill('lee@example.com');
    await page.locator(ISLAND).getByLabel('Phone').fill('0444 444 444');
    await page.getByRole('button', { name: 'Next' }).click();
    // The dealer group asks for the terms to be accepted (its `terms_required`).
    await page.locator(`${ISLAND} input[type="checkbox"][name="terms_conditions"]`).check();
    await Promise.all([page.waitForURL(/\/success\?lead_id=/, { timeout: 15_000 }), page.getByRole('button', { name: 'Send enquiry' }).click()]);
    const leadId = new URL(page.url()).searchParams.get('lead_id')!;
    await expect.poll(async () => (await devOutbox()).inbox.some((r) => r.lead_id === leadId), { timeout: 15_000 }).toBe(true);
    const payload = (await devOutbox()).inbox.find((r) => r.lead_id === leadId)!.payload;
    expect(payload).toContain('"category":"Finance Enquiry"');
    expect(payload).toContain('"name":"Lee"');
    expect(codeErrors(errors)).toEqual([]);
    await context.close();
  });

  it('remembered contact details load the form at once, filled in', async () => {
    const context = await shopperContext(browser);
    await context.addInitScript(() => localStorage.setItem('forecourt:contact-details', JSON.stringify({ name: 'Robin', email: 'robin@example.com', phone: '0455 555 555' })));
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/finance`, { waitUntil: 'load' });
    await page.waitForSelector(`${ISLAND}[data-hydrated] form[novalidate]:not([data-no-js])`);
    await expect.poll(() => page.inputValue('#ff-enquiry-name')).toBe('Robin');
    await context.close();
  });

  it('without JavaScript the plain form posts the enquiry', async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(TENANT)}/finance`, { waitUntil: 'load' });
    await page.locator(ISLAND).getByLabel('First name').fill('Sam');
    await page.locator(ISLAND).getByLabel('Email').fill('sam@example.com');
    await page.locator(ISLAND).getByLabel('Phone').fill('0466 666 666');
    await page.locator(`${ISLAND} input[type="checkbox"][name="terms_conditions"]`).check();
    await Promise.all([page.waitForURL(/\/success\?lead_id=/, { timeout: 15_000 }), page.locator(`${ISLAND} button[type="submit"]`).click()]);
    const leadId = new URL(page.url()).searchParams.get('lead_id')!;
    await expect.poll(async () => (await devOutbox()).inbox.some((r) => r.lead_id === leadId), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
