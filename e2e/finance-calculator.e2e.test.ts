/**
 * The finance calculator as a shopper uses it on `/finance` through the shell (issue 5 "Finance calculator"; spec §5
 * Finance calculator, §7 analytics 26, §9 Finance): slider keys change the result, an out-of-range typed amount shows
 * the spec's message tied to the field, the first interaction is announced once, the page works without JavaScript,
 * and axe-core finds 0 violations.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { demoTenants } from '../demo/dist/index.mjs';
import { formatAud } from '@forecourt/contracts/display';
// The calculator's own rules are mf-finance's (its source, used here as the test's oracle: e2e is a test tool, not a part).
import { calculateRepayment, type CalculatorLimits, type FinanceCalculatorState } from '../mf-finance/src/lib/calculator-rules.ts';
import { axeViolations, collectErrors, getWithHost, usePlatformAndBrowser, shopperContext } from './support.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const slug: string = demoTenants()[0].slug;
const MESSAGE = 'Cannot be less than $1,000 or more than $250,000';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const newContext = (options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> => shopperContext(browser, options);

async function openFinance(page: Page, path = '/finance') {
  await page.goto(`${platform.tenantUrl(slug)}${path}`, { waitUntil: 'load' });
  // The calculator sits below the finance form: its code loads as it nears the viewport.
  await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
  await page.waitForSelector('#ffc[data-hydrated] form[data-ready]');
}

/** The island's props as the server sent them (limits and the starting state). */
async function islandProps(page: Page): Promise<{ limits: CalculatorLimits; state: FinanceCalculatorState }> {
  return JSON.parse((await page.locator('script[data-island-props="ffc"]').textContent()) ?? '{}');
}

const payment = (page: Page) => page.locator('#ffc-result .ffc-result__payment').innerText();

describe('finance calculator on /finance', () => {
  it('server-renders a working GET form: a submitted amount is re-computed, an out-of-range one gets the message', async () => {
    const res = await getWithHost(platform.url, `${slug}.localhost`, '/finance?amount=40000&term=5&interest=10&frequency=week');
    expect(res.status).toBe(200);
    // $40,000 at 10% weekly over 5 years = $195.64 (closed form, 50-digit decimal) -> $196.
    expect(res.body).toContain('<strong>$196</strong> per week');
    const bad = await getWithHost(platform.url, `${slug}.localhost`, '/finance?amount=500');
    expect(bad.body).toContain(`<p id="ffc-amount-error" class="ffc-field__error">${MESSAGE}</p>`);
  });

  it('slider keys change the result; the first interaction is announced once with analytics 26; axe clean', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __financeEvents: boolean[]; __beacons: string[] };
      w.__financeEvents = [];
      w.__beacons = [];
      window.addEventListener('finance.calculator.used.v1', (e) => w.__financeEvents.push((e as CustomEvent<{ first: boolean }>).detail.first));
      // Records what contracts' track hands the browser (sendBeacon bodies are not visible as request post data).
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) void data.text().then((text) => w.__beacons.push(`${String(url)} ${text}`));
        return send(url, data);
      };
    });
    const analytics = () => page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
    await openFinance(page);
    const { limits, state } = await islandProps(page);
    expect(limits.amount.max).toBe(250000);
    const expected = (s: FinanceCalculatorState) => {
      const r = calculateRepayment(s, { fee: limits.fee, roundUp: limits.roundUp });
      return r.payment === null ? 'Enquire for Finance' : `${formatAud(r.payment)} per week`;
    };
    expect(await payment(page)).toBe(expected(state));
    expect(await axeViolations(page)).toEqual([]);

    // Amount slider: 4 x ArrowRight = + 4 steps of $500.
    const amountSlider = page.locator('input[type="range"][aria-labelledby="ffc-amount-label"]');
    await amountSlider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    const moved = { ...state, amount: state.amount + 4 * limits.amount.step };
    await expect.poll(() => page.locator('#ffc-amount').inputValue()).toBe(moved.amount.toLocaleString('en-AU'));
    await expect.poll(() => payment(page)).toBe(expected(moved));
    expect(expected(moved)).not.toBe(expected(state));

    // Term slider: ArrowLeft = half a year less (spec §5 step 0.5).
    await page.locator('input[type="range"][aria-labelledby="ffc-term-label"]').focus();
    await page.keyboard.press('ArrowLeft');
    const shorter = { ...moved, term: moved.term - limits.term.step };
    await expect.poll(() => payment(page)).toBe(expected(shorter));

    // Frequency by keyboard: the radio group.
    await page.getByRole('radio', { name: 'Monthly' }).check();
    const r = calculateRepayment({ ...shorter, frequency: 'month' }, { fee: limits.fee, roundUp: limits.roundUp });
    await expect.poll(() => payment(page)).toBe(r.payment === null ? 'Enquire for Finance' : `${formatAud(r.payment)} per month`);

    // One first-use announcement, then ordinary ones; analytics 26 exactly once.
    const firsts = await page.evaluate(() => (window as unknown as { __financeEvents: boolean[] }).__financeEvents);
    expect(firsts[0]).toBe(true);
    expect(firsts.slice(1).every((f) => f === false)).toBe(true);
    await expect.poll(async () => (await analytics()).filter((b) => b.startsWith('/api/analytics ') && b.includes('"event_id":26')).length).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a typed amount out of range shows the message tied to the field; a good one clears it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openFinance(page);
    const before = await payment(page);
    const field = page.locator('#ffc-amount');
    await field.fill('999');
    await expect.poll(() => page.locator('#ffc-amount-error').innerText()).toBe(MESSAGE);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain('ffc-amount-error');
    // The result keeps the last valid amount.
    expect(await payment(page)).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    await field.fill('250001');
    await expect.poll(() => page.locator('#ffc-amount-error').count()).toBe(1);
    await field.fill('45000');
    await expect.poll(() => page.locator('#ffc-amount-error').count()).toBe(0);
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('external quote (spec §5): on a site with it, one request 500 ms after the last change; a failure clears it silently', async () => {
    const quoteSite: string = demoTenants().find((t: { features?: { youx_quote?: boolean } }) => t.features?.youx_quote).slug;
    const context = await newContext();
    const page = await context.newPage();
    const quotes: Array<{ at: number; body: string }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/finance/quote')) quotes.push({ at: Date.now(), body: r.postData() ?? '' });
    });
    await page.goto(`${platform.tenantUrl(quoteSite)}/finance`, { waitUntil: 'load' });
    await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
    await page.waitForSelector('#ffc[data-hydrated] form[data-ready]');
    await expect.poll(() => page.locator('.ffc-quote').innerText(), { timeout: 5_000 }).toMatch(/^Quick quote: \$[\d,.]+ per week at [\d.]+% p\.a\. \(comparison rate [\d.]+% p\.a\.\)/);
    expect(quotes).toHaveLength(1);
    // Four quick slider moves: the quote clears at once and is asked for once, for the final amount.
    const amountSlider = page.locator('input[type="range"][aria-labelledby="ffc-amount-label"]');
    await amountSlider.focus();
    const { state } = await islandProps(page);
    const started = Date.now();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await page.locator('.ffc-quote').innerText()).toBe('');
    await expect.poll(() => page.locator('.ffc-quote').innerText(), { timeout: 5_000 }).toContain('Quick quote:');
    expect(quotes).toHaveLength(2);
    expect(quotes[1]!.at - started).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(quotes[1]!.body)).toMatchObject({ selfAssessedCreditScore: 'GREAT', purchasePrice: state.amount + 2000 });
    // The provider fails: the quote goes away and nothing else happens.
    await page.route('**/api/finance/quote', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Failed to get YouX quick quote"}' }));
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(900);
    expect(quotes).toHaveLength(3);
    expect(await page.locator('.ffc-quote').innerText()).toBe('');
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await context.close();
  });

  it('without JavaScript, Calculate submits the form and the server answers with the new result', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${platform.tenantUrl(slug)}/finance`, { waitUntil: 'load' });
    await page.locator('#ffc-amount').fill('60000');
    await page.getByRole('radio', { name: 'Fortnightly' }).check();
    await Promise.all([page.waitForURL(/amount=60000/), page.getByRole('button', { name: 'Calculate' }).click()]);
    expect(new URL(page.url()).hash).toBe('#finance-calculator');
    expect(await page.locator('#ffc-result .ffc-result__payment').innerText()).toMatch(/^\$[\d,]+ per fortnight$/);
    expect(await page.locator('#ffc-amount').inputValue()).toBe('60,000');
    await context.close();
  });
});
