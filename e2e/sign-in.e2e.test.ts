/**
 * Sign-in by a code texted to the shopper's mobile (spec §2 `/sign-in?type=&redirect=&back=`, §4 Phone verification,
 * §6 Users, §7 one-time-code sign-in, §8 texts, §9 OTP 6 digits): the mf-account page and its client-mode island
 * against edge-api's /api/auth endpoints, the code read from the embedded SMS port's D1 `sms_outbox`. With
 * JavaScript: field checks, where the code went (masked), a wrong code's text, then back to the redirect with the
 * session cookie; signed in, the page says so and signs out. Without JavaScript: the same through the 303s.
 * axe-core finds 0 violations on both steps (server forms and island).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { startPlatform } from '../dev/platform.mjs';
import { demoTenants } from '../demo/dist/index.mjs';
import { axeViolations, collectErrors, getWithHost, shopperContext, usePlatformAndBrowser, queryD1 } from './support.ts';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

let platform: Platform;
let browser: Browser;
const tenant: { slug: string; name: string } = demoTenants()[0];
const slug = tenant.slug;
const INVALID_CODE = 'The verification code is invalid. Please try again.';

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

const d1 = (sql: string, ...params: unknown[]) => queryD1(platform, sql, ...params);

/** The number of codes texted to a phone so far (local form, as edge-api stores it). */
async function codesSent(phone: string): Promise<number> {
  return Number((await d1('SELECT COUNT(*) AS n FROM sms_outbox WHERE tenant = ? AND to_phone = ?', slug, phone))[0]!.n);
}

/** The latest code texted on this site (the embedded SMS port writes each message to D1), once a new one arrived. */
async function latestCode(phone: string, before: number): Promise<string> {
  await expect.poll(() => codesSent(phone), { timeout: 15_000 }).toBeGreaterThan(before);
  const [row] = await d1('SELECT body FROM sms_outbox WHERE tenant = ? ORDER BY created_at DESC LIMIT 1', slug);
  const code = String(row?.body ?? '').match(/\b(\d{6})\b/)?.[1];
  expect(code, String(row?.body)).toBeTruthy();
  return code!;
}

/** A 6-digit code that is not this one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let carPath = '';
async function redirectPath(): Promise<string> {
  if (carPath) return carPath;
  const res = await getWithHost(platform.url, `${slug}.localhost`, '/search/new-used-and-demo-cars?status=in_stock');
  const carSlug = res.body.match(/href="\/cars\/([a-z0-9-]+)"/)?.[1];
  expect(carSlug).toBeTruthy();
  carPath = `/cars/${carSlug}`;
  return carPath;
}

const signInUrl = async () => {
  const target = await redirectPath();
  return `${platform.tenantUrl(slug)}/sign-in?${new URLSearchParams({ type: 'checkout', redirect: target, back: target })}`;
};

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(platform.tenantUrl(slug))).find((c) => c.name === SESSION_COOKIE);
}

async function openIsland(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#fa-sign-in[data-hydrated]');
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('sign-in page', () => {
  it('server-renders step 1 as a plain form to edge-api inside a client-mode island, headed by the journey', async () => {
    const target = await redirectPath();
    const res = await getWithHost(platform.url, `${slug}.localhost`, `/sign-in?type=checkout&redirect=${encodeURIComponent(target)}&back=${encodeURIComponent(target)}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Sign in to reserve this car</h1>');
    expect(res.body).toContain('<div id="fa-sign-in" data-island="mf-account/SignIn" class="fc-island" data-island-mode="client">');
    const form = res.body.match(/<form id="fa-sign-in-phone-form"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('action="/api/auth/otp"');
    expect(form).toContain('method="post"');
    expect(res.body).toContain(`<input type="hidden" name="redirect" value="${target}"/>`);
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
  });

  it('with JavaScript: checks the phone, texts a code, says where it went, refuses a wrong code, then lands on the redirect signed in', async () => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/otp') sends.push(r.postData() ?? '');
    });
    await openIsland(page, await signInUrl());
    await page.waitForSelector('#fa-sign-in-phone-form[novalidate]:not([data-no-js])');
    expect(await axeViolations(page)).toEqual([]);

    // Nothing typed: the field says why and takes focus; nothing is sent (spec §5: phone checked before sending).
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.locator('#fa-sign-in-phone-error').textContent()).toBe('This is a required field.');
    expect(await page.getByLabel('Mobile number', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe('fa-sign-in-phone');
    await page.getByLabel('Mobile number', { exact: true }).fill('call me');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.locator('#fa-sign-in-phone-error').textContent()).toBe('Invalid phone number.');
    expect(sends).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    const before = await codesSent('0412345678');
    await page.getByLabel('Mobile number', { exact: true }).fill('0412 345 678');
    await page.getByLabel('First name').fill('Jo');
    await page.getByRole('button', { name: 'Send code' }).click();
    // Step 2: the code field has focus, and says where the code went with the middle masked.
    await expect.poll(() => focusedId(page), { timeout: 15_000 }).toBe('fa-sign-in-token');
    expect(await page.locator('#fa-sign-in-sent').textContent()).toContain('We sent a code to 04xx xxx 678.');
    expect(JSON.parse(sends[0]!)).toEqual({ phone: '0412 345 678', first_name: 'Jo' });
    // Resend Code waits 60 s (edge-api's resend cool-down, contracts OTP_RESEND_COOLDOWN_MS), said as text.
    expect(await page.getByRole('button', { name: 'Resend Code' }).isDisabled()).toBe(true);
    expect(await page.locator('#fa-sign-in-resend-wait').textContent()).toMatch(/^You can ask for a new code in (60|59|58) seconds\.$/);
    expect(await axeViolations(page)).toEqual([]);

    const code = await latestCode('0412345678', before);
    // A short code is refused here; a wrong one by edge-api, in the alert (spec §8), the field ready to retype.
    const field = page.getByLabel('Verification code');
    await field.fill('123');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.locator('#fa-sign-in-token-error').textContent()).toBe('Code must be 6 digits.');
    await field.fill(wrong(code));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.locator('#fa-sign-in .flf-alert').textContent(), { timeout: 15_000 }).toBe(INVALID_CODE);
    expect(await focusedId(page)).toBe('fa-sign-in-token');
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);

    await field.fill(code);
    await Promise.all([page.waitForURL(`${platform.tenantUrl(slug)}${await redirectPath()}`, { timeout: 15_000 }), page.getByRole('button', { name: 'Verify' }).click()]);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeTruthy();
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/' });

    // Signed in: the page says who, with Continue and Sign out.
    await openIsland(page, await signInUrl());
    const done = page.locator('#fa-sign-in-signed-in');
    await expect.poll(() => done.textContent(), { timeout: 15_000 }).toBe("You're signed in as 04xx xxx 678.");
    expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(await redirectPath());
    expect(await axeViolations(page)).toEqual([]);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign out' }).click()]);
    await page.waitForSelector('#fa-sign-in[data-hydrated] #fa-sign-in-phone-form');
    expect(await sessionCookie(context)).toBeUndefined();
    // Chrome logs the wrong code's 400 as a failed resource; nothing else may fail (no 401: anonymous, the island asks no session).
    expect(errors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);
    expect(errors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
    await context.close();
  });

  it('without JavaScript: the plain forms work through the 303s, a wrong code comes back in the alert', async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(await signInUrl(), { waitUntil: 'load' });
    expect(await page.locator('#fa-sign-in-phone-form').getAttribute('data-no-js')).toBe('');
    const before = await codesSent('0412345680');
    await page.getByLabel('Mobile number', { exact: true }).fill('0412 345 680');
    await Promise.all([page.waitForURL(/\/sign-in\?step=code&/, { timeout: 15_000 }), page.getByRole('button', { name: 'Send code' }).click()]);
    // The page read the number from edge-api's pending cookie: it says where the code went and can send another.
    expect(await page.locator('#fa-sign-in-sent').textContent()).toContain('We sent a code to 04xx xxx 680.');
    expect(await page.getByRole('button', { name: 'Resend Code' }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(await redirectPath());

    const code = await latestCode('0412345680', before);
    await page.getByLabel('Verification code').fill(wrong(code));
    await Promise.all([page.waitForURL(/sign_in_error=/, { timeout: 15_000 }), page.getByRole('button', { name: 'Verify' }).click()]);
    expect(await page.locator('#fa-sign-in .flf-alert').textContent()).toBe(INVALID_CODE);
    expect(await sessionCookie(context)).toBeUndefined();

    await page.getByLabel('Verification code').fill(code);
    await Promise.all([page.waitForURL(`${platform.tenantUrl(slug)}${await redirectPath()}`, { timeout: 15_000 }), page.getByRole('button', { name: 'Verify' }).click()]);
    expect(await sessionCookie(context)).toBeTruthy();
    await context.close();
  });

  it('the server forms of both steps (what a shopper without JavaScript gets) have 0 axe violations', async () => {
    const context = await shopperContext(browser);
    // axe needs JavaScript: keep mf-account's island code (not its stylesheet) from loading, so the server forms stay.
    await context.route(/\/_mf\/mf-account\/.*\.js(\?.*)?$/, (route) => route.abort());
    const page = await context.newPage();
    const target = await redirectPath();
    for (const query of [`type=checkout&redirect=${encodeURIComponent(target)}`, `type=checkout&step=code&redirect=${encodeURIComponent(target)}&sign_in_error=invalid_code`]) {
      await page.goto(`${platform.tenantUrl(slug)}/sign-in?${query}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-islands-ready]');
      expect(await page.locator('#fa-sign-in form[data-no-js]').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
