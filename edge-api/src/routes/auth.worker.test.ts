import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_LENGTH_MESSAGE, REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { PENDING_PHONE_COOKIE, SIGN_IN_MESSAGES, SESSION_TTL_MS, SendCodeResponseSchema, SessionResponseSchema } from '@forecourt/contracts/sign-in';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import app from '../index.ts';
import { leadTenant } from '../leads/test-helpers.ts';
import { tenantHeaders } from '../test/fixtures.ts';
import { EmbeddedSms, listSentSms } from '../ports/sms/embedded.ts';
import { sha256Hex } from '../auth/code.ts';
import { findSession } from '../auth/session.ts';
import { NOT_SIGNED_IN_MESSAGE } from './auth.ts';
import { SMS_PHONE_MESSAGE } from '../auth/requests.ts';

const PHONE = '0412345678';
const HOST = 'https://test-motors.example.com.au';

type Req = { json?: unknown; form?: Record<string, string>; raw?: string; contentType?: string; cookie?: string; ip?: string; method?: string; bindings?: object };

async function call(path: string, tenant: string, req: Req = {}): Promise<Response> {
  const headers: Record<string, string> = tenantHeaders(tenant);
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.raw !== undefined) {
    body = req.raw;
  }
  if (req.contentType) headers['content-type'] = req.contentType;
  if (req.cookie) headers.cookie = req.cookie;
  if (req.ip) headers[CLIENT_IP_HEADER] = req.ip;
  const ctx = createExecutionContext();
  const res = await app.request(`${HOST}${path}`, { method: req.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, req.bindings ?? env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const sendCode = (tenant: string, body: Record<string, unknown> = { phone: '0412 345 678' }, req: Req = {}) => call('/api/auth/otp', tenant, { json: body, ...req });
const verify = (tenant: string, token: string, phone = PHONE, req: Req = {}) => call('/api/auth/verify', tenant, { json: { phone, token, type: 'sms' }, ...req });

/** The code in the newest SMS to a phone (the embedded SMS port's D1 outbox). */
async function lastCode(tenant: string, phone = PHONE): Promise<string> {
  const [sms] = await listSentSms(env.DB, tenant, phone);
  const code = /^(\d{6}) is your /.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone} in ${tenant}`);
  return code;
}

/** A code that is not `code` (same length). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const setCookies = (res: Response) => res.headers.getAll('set-cookie');
const cookieValue = (res: Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`))?.split(';')[0]!.slice(name.length + 1);

/** Signs a phone in through the real endpoints; answers the session token. */
async function signIn(tenant: string, phone = PHONE): Promise<string> {
  expect((await sendCode(tenant, { phone })).status).toBe(200);
  const res = await verify(tenant, await lastCode(tenant, phone), phone);
  expect(res.status).toBe(200);
  return cookieValue(res, SESSION_COOKIE)!;
}

const otpRow = (tenant: string, phone = PHONE) => env.DB.prepare('SELECT * FROM otp_codes WHERE tenant = ? AND phone = ?').bind(tenant, phone).first<Record<string, unknown>>();
const rowsOf = (table: 'verifications' | 'analytics_events' | 'sessions' | 'users', tenant: string) =>
  env.DB.prepare(`SELECT * FROM ${table} WHERE tenant = ? ORDER BY rowid`).bind(tenant).all<Record<string, unknown>>().then((r) => r.results);

afterEach(() => vi.restoreAllMocks());

// The daily per-phone count is kept across sites (tenant '*'); tests text the same few phones, so each starts afresh.
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM rate_limits WHERE tenant = '*'").run();
});

describe('POST /api/auth/otp (spec §7 one-time-code sign-in)', () => {
  it('texts a 6-digit code and keeps only its hash, with the verifications row and analytics 36', async () => {
    const t = await leadTenant('otp-send');
    const res = await sendCode(t, { phone: '+61 412 345 678', first_name: 'Sam', last_name: 'Lee', email: 'Sam.Lee@example.com', website: 'x', dealership_slug: 'outback-north' });
    expect(res.status).toBe(200);
    expect(v.parse(SendCodeResponseSchema, await res.json())).toEqual({ ok: true, expires_in: 600 });
    const [sms] = await listSentSms(env.DB, t, PHONE);
    expect(sms?.body).toMatch(/^\d{6} is your Test Motors code\. It expires in 10 minutes\.$/);
    const code = await lastCode(t);
    const row = await otpRow(t);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row).toMatchObject({ attempts: 0, consumed_at: null });
    expect(JSON.parse(String(row?.profile))).toEqual({ first_name: 'Sam', last_name: 'Lee', email: 'sam.lee@example.com', website: 'x', dealership_slug: 'outback-north' });
    expect(await rowsOf('verifications', t)).toMatchObject([{ website_slug: t, dealership_slug: 'outback-north', verification_type: 'sms', phone: PHONE, user_id: null }]);
    expect(await rowsOf('analytics_events', t)).toMatchObject([{ event_id: 36, page: '/sign-in' }]);
  });

  it('refuses bad bodies naming the field, before any code is sent', async () => {
    const t = await leadTenant('otp-bad');
    const missing = await sendCode(t, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: `phone: ${REQUIRED_FIELD_MESSAGE}`, fields: { phone: REQUIRED_FIELD_MESSAGE } });
    expect(await (await sendCode(t, { phone: '02 9876 5432' })).json()).toMatchObject({ error: `phone: ${SMS_PHONE_MESSAGE}` });
    // No text abroad (SMS toll fraud).
    expect(await (await sendCode(t, { phone: '+44 7911 123456' })).json()).toMatchObject({ error: `phone: ${SMS_PHONE_MESSAGE}` });
    expect(await (await sendCode(t, { phone: PHONE, email: 'nope' })).json()).toMatchObject({ fields: { email: expect.any(String) } });
    expect((await call('/api/auth/otp', t, { raw: '{"phone":', contentType: 'application/json' })).status).toBe(400);
    expect((await call('/api/auth/otp', t, { raw: PHONE, contentType: 'text/plain' })).status).toBe(415);
    expect((await sendCode(t, [PHONE] as never)).status).toBe(400);
    expect(await listSentSms(env.DB, t, PHONE)).toEqual([]);
  });

  it('a resend replaces the code and resets its attempts', async () => {
    const t = await leadTenant('otp-resend');
    await sendCode(t);
    const first = await lastCode(t);
    expect((await verify(t, wrong(first))).status).toBe(400);
    expect((await otpRow(t))?.attempts).toBe(1);
    await sendCode(t);
    const second = await lastCode(t);
    expect((await otpRow(t))?.attempts).toBe(0);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM otp_codes WHERE tenant = ?').bind(t).first('n')).toBe(1);
    if (second !== first) expect((await verify(t, first)).status).toBe(400);
    expect((await verify(t, second)).status).toBe(200);
  });

  it('limits codes per phone (3 per 10 minutes) with Retry-After', async () => {
    const t = await leadTenant('otp-phone-limit');
    for (let i = 0; i < 3; i++) expect((await sendCode(t, { phone: PHONE }, { ip: `203.0.113.${i}` })).status).toBe(200);
    const blocked = await sendCode(t, { phone: '+61412345678' }, { ip: '203.0.113.99' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ error: SIGN_IN_MESSAGES.tooManyAttempts });
    expect(await listSentSms(env.DB, t, PHONE)).toHaveLength(3);
    // Another phone is its own count.
    expect((await sendCode(t, { phone: '0412345679' })).status).toBe(200);
  });

  it('limits codes per phone per day across every site (10), so many dealers cannot be used to text one phone', async () => {
    const phone = '0412000777';
    const sites = await Promise.all([1, 2, 3, 4].map((i) => leadTenant(`otp-day-${i}`)));
    const statuses: number[] = [];
    for (const t of sites) for (let i = 0; i < 3; i++) statuses.push((await sendCode(t, { phone }, { ip: `203.0.113.${statuses.length + 1}` })).status);
    // 3 per site and 10 per day: the 11th and 12th are refused on the fourth site.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await listSentSms(env.DB, sites[3]!, phone)).toHaveLength(1);
    // Asking first (POST /api/rate-limit) says so too, on any site.
    expect((await call('/api/rate-limit', await leadTenant('otp-day-5'), { json: { phone } })).status).toBe(429);
  });

  it('limits codes per IP (30 per 10 minutes) before reading the body', async () => {
    const t = await leadTenant('otp-ip-limit');
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) expect((await sendCode(t, { phone: `04123456${String(i).padStart(2, '0')}` }, { ip })).status).toBe(200);
    const blocked = await sendCode(t, { phone: '0412345699' }, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a bad body is refused by the IP limit first.
    expect((await sendCode(t, {}, { ip })).status).toBe(429);
    expect((await sendCode(t, { phone: '0412345699' }, { ip: '198.51.100.8' })).status).toBe(200);
  });

  it('answers 503 with the spec text when the SMS port fails', async () => {
    const t = await leadTenant('otp-sms-down');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(EmbeddedSms.prototype, 'send').mockRejectedValue(new Error('gateway down'));
    const res = await sendCode(t);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: SIGN_IN_MESSAGES.unknown });
    // Nothing was sent, so nothing says it was.
    expect(await rowsOf('analytics_events', t)).toEqual([]);
    expect(await rowsOf('verifications', t)).toEqual([]);
  });

  it('fails loudly (503, nothing sent or stored) when the code-hash secret OTP_HASH_KEY is missing, and codes are keyed by it', async () => {
    const t = await leadTenant('otp-no-key');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await sendCode(t, { phone: '0412 345 678' }, { bindings: { ...env, OTP_HASH_KEY: '' } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: SIGN_IN_MESSAGES.unknown });
    expect(String(errors.mock.calls.flat().join(' '))).toContain('OTP_HASH_KEY');
    expect(await otpRow(t)).toBeNull();
    expect(await listSentSms(env.DB, t, PHONE)).toEqual([]);
    // A code hashed under one key does not verify under another (a rotated secret only spoils live codes).
    expect((await sendCode(t)).status).toBe(200);
    const code = await lastCode(t);
    expect((await verify(t, code, PHONE, { bindings: { ...env, OTP_HASH_KEY: 'another-secret-of-enough-length' } })).status).toBe(400);
    expect((await verify(t, code)).status).toBe(200);
  });
});

describe('POST /api/auth/verify', () => {
  it('signs in: a __Host- session cookie, a session row keyed by the hash of the token, the user, analytics 37', async () => {
    const t = await leadTenant('otp-verify');
    const before = Date.now();
    await sendCode(t, { phone: PHONE, first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', dealership_slug: 'outback-north' });
    const res = await verify(t, await lastCode(t));
    expect(res.status).toBe(200);
    const answer = v.parse(SessionResponseSchema, await res.json());
    expect(answer.user).toMatchObject({ phone: PHONE, first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' });

    const session = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/^__Host-fc_session=[A-Za-z0-9_-]{43}; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=2592000$/);
    expect(setCookies(res)).toContain(`${PENDING_PHONE_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
    const token = cookieValue(res, SESSION_COOKIE)!;
    const [row] = await rowsOf('sessions', t);
    expect(row?.id).not.toBe(token);
    expect(row?.id).toBe(await sha256Hex(token));
    expect(row?.user_id).toBe(answer.user.id);
    expect(Number(row?.expires_at) - before).toBeGreaterThanOrEqual(SESSION_TTL_MS);
    expect(Number(row?.expires_at) - Date.now()).toBeLessThanOrEqual(SESSION_TTL_MS);

    expect(await rowsOf('users', t)).toMatchObject([{ id: answer.user.id, phone: PHONE, first_name: 'Sam' }]);
    expect((await rowsOf('verifications', t)).map((r) => [r.verification_type, r.user_id, r.dealership_slug])).toEqual([
      ['sms', null, 'outback-north'],
      ['verify', answer.user.id, 'outback-north'],
    ]);
    const events = await rowsOf('analytics_events', t);
    expect(events.map((e) => e.event_id)).toEqual([36, 37]);
    expect(JSON.parse(String(events[1]?.meta))).toEqual({ user_id: answer.user.id });
    // The code is used up.
    expect((await verify(t, await lastCode(t))).status).toBe(400);
  });

  it('keeps the user on the next sign-in, filling only what it lacks', async () => {
    const t = await leadTenant('otp-upsert');
    await signIn(t);
    await sendCode(t, { phone: PHONE, first_name: 'Sam', email: 'sam@example.com' });
    await verify(t, await lastCode(t));
    await sendCode(t, { phone: PHONE, first_name: 'Other' });
    const res = await verify(t, await lastCode(t));
    const users = await rowsOf('users', t);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ first_name: 'Sam', email: 'sam@example.com', last_name: null });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(users[0]?.id);
  });

  it('refuses a wrong code (400, an attempt counted), then every try after the fifth (429), the right code included', async () => {
    const t = await leadTenant('otp-attempts');
    await sendCode(t);
    const code = await lastCode(t);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(t, wrong(code));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: SIGN_IN_MESSAGES.invalidCode });
      expect((await otpRow(t))?.attempts).toBe(i);
    }
    const fifth = await verify(t, wrong(code));
    expect(fifth.status).toBe(429);
    expect(await fifth.json()).toEqual({ error: SIGN_IN_MESSAGES.tooManyAttempts });
    const right = await verify(t, code);
    expect(right.status).toBe(429);
    expect(setCookies(right)).toEqual([]);
    expect(await rowsOf('sessions', t)).toEqual([]);
  });

  it('signs in with the right code after four wrong ones', async () => {
    const t = await leadTenant('otp-fifth');
    await sendCode(t);
    const code = await lastCode(t);
    for (let i = 0; i < 4; i++) await verify(t, wrong(code));
    expect((await verify(t, code)).status).toBe(200);
  });

  it('refuses an expired code, and a phone that has no code', async () => {
    const t = await leadTenant('otp-expired');
    await sendCode(t);
    const code = await lastCode(t);
    await env.DB.prepare('UPDATE otp_codes SET expires_at = ? WHERE tenant = ? AND phone = ?').bind(Date.now() - 1, t, PHONE).run();
    const res = await verify(t, code);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: SIGN_IN_MESSAGES.invalidCode });
    expect((await verify(t, code, '0412345670')).status).toBe(400);
  });

  it('makes one session when the same code is verified twice at once', async () => {
    const t = await leadTenant('otp-race');
    await sendCode(t);
    const code = await lastCode(t);
    const answers = await Promise.all([verify(t, code), verify(t, code), verify(t, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await rowsOf('sessions', t)).toHaveLength(1);
    expect((await rowsOf('analytics_events', t)).filter((e) => e.event_id === 37)).toHaveLength(1);
  });

  it('refuses bad bodies naming the field', async () => {
    const t = await leadTenant('otp-verify-bad');
    const short = await verify(t, '123');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: `token: ${CODE_LENGTH_MESSAGE}`, fields: { token: CODE_LENGTH_MESSAGE } });
    expect(await (await call('/api/auth/verify', t, { json: { token: '123456' } })).json()).toMatchObject({ error: `phone: ${REQUIRED_FIELD_MESSAGE}` });
    expect(await (await call('/api/auth/verify', t, { json: { phone: PHONE, token: '123456', type: 'email' } })).json()).toMatchObject({ fields: { type: expect.any(String) } });
    expect((await call('/api/auth/verify', t, { raw: 'x', contentType: 'text/plain' })).status).toBe(415);
  });
});

describe('tenant isolation', () => {
  it('a code or a session of tenant A does nothing on tenant B', async () => {
    const a = await leadTenant('otp-a');
    const b = await leadTenant('otp-b');
    await sendCode(a);
    const code = await lastCode(a);
    // B has no code for the phone; and a code sent on B is not A's.
    expect((await verify(b, code)).status).toBe(400);
    await sendCode(b);
    if ((await lastCode(b)) !== code) expect((await verify(b, code)).status).toBe(400);
    const res = await verify(a, code);
    expect(res.status).toBe(200);
    const token = cookieValue(res, SESSION_COOKIE)!;
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await call('/api/auth/session', a, { cookie })).status).toBe(200);
    expect((await call('/api/auth/session', b, { cookie })).status).toBe(401);
    expect(await findSession(env.DB, b, token)).toBeNull();
    expect(await findSession(env.DB, a, token)).toMatchObject({ phone: PHONE });
    // Signing out on B leaves A's session alone.
    await call('/api/auth/sign-out', b, { cookie, method: 'POST' });
    expect((await call('/api/auth/session', a, { cookie })).status).toBe(200);
  });
});

describe('GET /api/auth/session and POST /api/auth/sign-out', () => {
  it('answers the user of a live session (no-store), 401 otherwise, and clears a dead cookie', async () => {
    const t = await leadTenant('otp-session');
    const token = await signIn(t);
    const ok = await call('/api/auth/session', t, { cookie: `${SESSION_COOKIE}=${token}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(SessionResponseSchema, await ok.json()).user.phone).toBe(PHONE);

    const none = await call('/api/auth/session', t);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    expect(none.headers.get('cache-control')).toBe('no-store');
    expect(setCookies(none)).toEqual([]);

    const forged = await call('/api/auth/session', t, { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` });
    expect(forged.status).toBe(401);
    expect(setCookies(forged)).toContain(`${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
    expect((await call('/api/auth/session', t, { cookie: `${SESSION_COOKIE}=abc` })).status).toBe(401);

    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE tenant = ?').bind(Date.now() - 1, t).run();
    expect((await call('/api/auth/session', t, { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const t = await leadTenant('otp-seen');
    const token = await signIn(t);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const seen = async () => Number((await rowsOf('sessions', t))[0]?.last_seen_at);
    const recent = Date.now() - 10_000;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE tenant = ?').bind(recent, t).run();
    await call('/api/auth/session', t, { cookie });
    expect(await seen()).toBe(recent);
    const old = Date.now() - 120_000;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE tenant = ?').bind(old, t).run();
    await call('/api/auth/session', t, { cookie });
    expect(await seen()).toBeGreaterThan(old + 60_000);
  });

  it('sign-out deletes the session row and clears the cookie (also when there was none)', async () => {
    const t = await leadTenant('otp-out');
    const token = await signIn(t);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const res = await call('/api/auth/sign-out', t, { cookie, method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(setCookies(res)).toContain(`${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
    expect(await rowsOf('sessions', t)).toEqual([]);
    expect((await call('/api/auth/session', t, { cookie })).status).toBe(401);
    expect((await call('/api/auth/sign-out', t, { method: 'POST' })).status).toBe(200);

    const again = await signIn(t);
    const form = await call('/api/auth/sign-out', t, { cookie: `${SESSION_COOKIE}=${again}`, form: {} });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/');
    expect(await rowsOf('sessions', t)).toEqual([]);
  });

  it('signing in again replaces the browser’s earlier session', async () => {
    const t = await leadTenant('otp-again');
    const first = await signIn(t);
    await sendCode(t);
    const res = await verify(t, await lastCode(t), PHONE, { cookie: `${SESSION_COOKIE}=${first}` });
    expect(res.status).toBe(200);
    expect(await findSession(env.DB, t, first)).toBeNull();
    expect(await rowsOf('sessions', t)).toHaveLength(1);
  });
});

describe('without JavaScript (urlencoded forms, 303s)', () => {
  const back = '/cars/abc';
  const redirect = '/cars/abc/checkout';

  it('sends the code, keeps the phone in a cookie, verifies and returns to the page', async () => {
    const t = await leadTenant('otp-form');
    const sent = await call('/api/auth/otp', t, { form: { phone: '0412 345 678', first_name: 'Sam', last_name: '', email: '', redirect, type: 'checkout', back } });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/sign-in?step=code&redirect=${encodeURIComponent(redirect)}&type=checkout&back=${encodeURIComponent(back)}`);
    expect(setCookies(sent)).toEqual([`${PENDING_PHONE_COOKIE}=${PHONE}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=600`]);
    const pending = `${PENDING_PHONE_COOKIE}=${PHONE}`;
    const code = await lastCode(t);

    const bad = await call('/api/auth/verify', t, { form: { token: wrong(code), redirect, type: 'checkout', back }, cookie: pending });
    expect(bad.status).toBe(303);
    const badUrl = new URL(bad.headers.get('location')!, HOST);
    expect(badUrl.pathname).toBe('/sign-in');
    expect(Object.fromEntries(badUrl.searchParams)).toEqual({ step: 'code', sign_in_error: SIGN_IN_MESSAGES.invalidCode, redirect, type: 'checkout', back });

    const short = await call('/api/auth/verify', t, { form: { token: '12', redirect }, cookie: pending });
    expect(new URL(short.headers.get('location')!, HOST).searchParams.get('sign_in_error')).toBe(CODE_LENGTH_MESSAGE);

    const ok = await call('/api/auth/verify', t, { form: { token: code.replace(/^(\d{3})/, '$1 '), redirect }, cookie: pending });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(redirect);
    expect(cookieValue(ok, SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookies(ok)).toContain(`${PENDING_PHONE_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
    expect((await rowsOf('users', t))[0]).toMatchObject({ phone: PHONE, first_name: 'Sam', last_name: null, email: null });
  });

  it('sends errors back to the sign-in page, and never off the site', async () => {
    const t = await leadTenant('otp-form-bad');
    const bad = await call('/api/auth/otp', t, { form: { phone: '12', redirect: 'https://evil.example/' } });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`/sign-in?sign_in_error=${new URLSearchParams({ x: 'phone: Invalid phone number.' }).toString().slice(2)}&redirect=%2F`);
    expect(setCookies(bad)).toEqual([]);

    // No phone (its cookie expired with the code): back to the first step.
    const lost = await call('/api/auth/verify', t, { form: { token: '123456', redirect } });
    expect(lost.status).toBe(303);
    expect(Object.fromEntries(new URL(lost.headers.get('location')!, HOST).searchParams)).toEqual({ sign_in_error: SIGN_IN_MESSAGES.invalidCode, redirect });

    // A phone field wins over the cookie; an off-site redirect becomes '/'.
    await call('/api/auth/otp', t, { form: { phone: PHONE } });
    const ok = await call('/api/auth/verify', t, { form: { phone: '+61412345678', token: await lastCode(t), redirect: '//evil.example/x' }, cookie: `${PENDING_PHONE_COOKIE}=0499999999` });
    expect(ok.headers.get('location')).toBe('/');
  });

  it('answers the rate limit as a 303 with the spec text', async () => {
    const t = await leadTenant('otp-form-limit');
    for (let i = 0; i < 3; i++) await call('/api/auth/otp', t, { form: { phone: PHONE } });
    const res = await call('/api/auth/otp', t, { form: { phone: PHONE, redirect } });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, HOST).searchParams.get('sign_in_error')).toBe(SIGN_IN_MESSAGES.tooManyAttempts);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
