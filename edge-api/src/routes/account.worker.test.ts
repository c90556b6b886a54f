import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_ERRORS, AccountSummarySchema, MAX_SAVED_SEARCHES, type AccountSummary } from '@forecourt/contracts/account';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { signInPath } from '@forecourt/contracts/routes';
import type { FeatureFlags } from '@forecourt/contracts/tenant';
import app from '../index.ts';
import { leadBody } from '../leads/test-helpers.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import type { AppEnv } from '../types.ts';
import { ACCOUNT_EXPORT_RATE_LIMIT, ACCOUNT_MESSAGES, ACCOUNT_RATE_LIMIT, createAccountRoutes } from './account.ts';

const HOST = 'https://account.example.com.au';
const ME = '/api/me';
const PROFILE = '/api/me/profile';
const SEARCHES = '/api/me/saved-searches';
const CHANGE = '/api/me/saved-searches/change';
const EXPORT = '/api/me/export';
const DELETE = '/api/me/delete';

/** mf-search as the SEARCH binding sees it (the watchlist's car lookup by id): two cars for sale in every tenant. */
const CARS: Record<string, object> = { 'car-1': { ...sampleCar, id: 'car-1' }, 'car-2': { ...sampleCar, id: 'car-2' } };
const stock = {
  ...env,
  SEARCH: { fetch: async (input: string) => { const car = CARS[new URL(input).searchParams.get('id') ?? '']; return car ? Response.json({ car }) : Response.json({ error: 'No such car.' }, { status: 404 }); } },
};
/** Reservations here are not checked against stock (no SEARCH), as in payments.worker.test.ts. */
const unchecked = { ...env, SEARCH: undefined };

type Handler = { request: typeof app.request };
type Req = { json?: unknown; form?: Record<string, string> | string; cookie?: string; headers?: Record<string, string>; method?: string; bindings?: object; handler?: Handler };

async function call(tenant: string, path: string, req: Req = {}): Promise<Response> {
  const headers: Record<string, string> = tenantHeaders(tenant, req.headers);
  let body: string | undefined;
  if (req.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = typeof req.form === 'string' ? req.form : new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  }
  if (req.cookie) headers.cookie = req.cookie;
  const ctx = createExecutionContext();
  const res = await (req.handler ?? app).request(`${HOST}${path}`, { method: req.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, req.bindings ?? stock, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The account routes on a clock the test moves (saved searches' order, rate-limit windows that cannot end mid-test). */
function clocked(start = Date.now()) {
  const clock = { at: start };
  const handler: Handler = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createAccountRoutes({ now: () => clock.at }));
  return { clock, handler };
}

/** A mobile number of its own per shopper: the platform spaces codes to one phone across all sites. */
const newPhone = () => `0412${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')}`;
const spaced = (phone: string) => `+61 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;

async function siteWith(prefix: string, features: Partial<FeatureFlags> = {}) {
  const tenant = uniqueTenant(prefix);
  await putTenant(tenant, siteConfigInput(tenant, { features }));
  return tenant;
}

/** Signs a phone in through /api/auth/otp + /verify: the session cookie (`name=value`). */
async function signIn(tenant: string, phone: string): Promise<string> {
  expect((await call(tenant, '/api/auth/otp', { json: { phone } })).status).toBe(200);
  const [sms] = await listSentSms(env.DB, tenant, phone);
  const verified = await call(tenant, '/api/auth/verify', { json: { phone, token: sms!.body.slice(0, 6), type: 'sms' } });
  expect(verified.status).toBe(200);
  return verified.headers.getAll('set-cookie').find((c) => c.startsWith('__Host-fc_session='))!.split(';')[0]!;
}

async function shopper(tenant: string) {
  const phone = newPhone();
  const cookie = await signIn(tenant, phone);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE tenant = ? AND phone = ?').bind(tenant, phone).first<string>('id'))!;
  return { phone, cookie, id };
}

const summary = async (tenant: string, cookie: string): Promise<AccountSummary> => {
  const res = await call(tenant, ME, { cookie });
  expect(res.status).toBe(200);
  return v.parse(AccountSummarySchema, await res.json());
};
const location = (res: Response) => res.headers.get('location');
const count = (sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<number>('n');

/** An enquiry through POST /api/leads with this phone (another car each time, so none merges into another). */
async function enquire(tenant: string, phone: string, payload: Record<string, unknown> = {}) {
  const body = leadBody({ payload: { phone: spaced(phone), car_id: `car-${crypto.randomUUID().slice(0, 6)}`, ...payload } });
  const res = await call(tenant, '/api/leads', { json: body, bindings: unchecked });
  expect(res.status).toBeLessThan(300);
  return body.lead_id;
}

/** A reservation through POST /api/payments/reserve (embedded processor), paid through its confirm step when asked. */
async function reserveCar(tenant: string, phone: string, carId: string, pay: boolean) {
  const slug = `2021-toyota-corolla-${carId}`;
  const res = await call(tenant, '/api/payments/reserve', {
    bindings: unchecked,
    json: {
      car_id: carId, car_slug: slug, idempotency_key: crypto.randomUUID(), amount: 200, car_name: '2021 Toyota Corolla', car_type: 'used',
      return_path: `/cars/${slug}/checkout`, url: `${HOST}/cars/${slug}/checkout`, name: 'Sam', last_name: 'Lee', email: 'sam@example.com',
      phone: spaced(phone), terms_conditions: true, message: 'Hold it for me please',
    },
  });
  expect(res.status).toBe(201);
  const { payment_id, redirect_url } = await res.json<{ payment_id: string; redirect_url: string }>();
  if (pay) {
    const session = new URL(redirect_url, HOST).searchParams.get('session') ?? '';
    const paid = await call(tenant, '/api/payments/embedded/confirm', { json: { payment: payment_id, session }, bindings: unchecked });
    expect(await paid.json()).toMatchObject({ status: 'paid' });
  }
  return payment_id;
}

describe('the shopper area needs a live session of this tenant', () => {
  const writes: Array<[string, unknown]> = [[PROFILE, { first_name: 'Mallory' }], [SEARCHES, { url: '/search' }], [CHANGE, { id: 'x' }], [DELETE, { confirm: 'delete' }]];

  it('401 { error } for every endpoint signed out, with a forged cookie or another tenant’s session; nothing read or written', async () => {
    const tenant = await siteWith('acc-401');
    const other = await siteWith('acc-401-other');
    const me = await shopper(tenant);
    const elsewhere = await shopper(other);
    const forged = `__Host-fc_session=${'A'.repeat(43)}`;
    for (const cookie of [undefined, forged, elsewhere.cookie, 'garbage=1']) {
      for (const path of [ME, EXPORT]) {
        const res = await call(tenant, path, { cookie });
        expect(res.status, `${path} ${cookie}`).toBe(401);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(await res.json()).toEqual({ error: 'Not signed in.' });
      }
      for (const [path, json] of writes) {
        const res = await call(tenant, path, { cookie, json });
        expect(res.status, `${path} ${cookie}`).toBe(401);
        expect(await res.json()).toEqual({ error: ACCOUNT_MESSAGES.notSignedIn });
      }
    }
    // The other tenant's shopper still exists there, and nothing changed here.
    expect((await summary(other, elsewhere.cookie)).user.phone).toBe(elsewhere.phone);
    expect((await summary(tenant, me.cookie)).user.first_name).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE tenant IN (?, ?)', tenant, other)).toBe(0);
  });

  it('a plain form signed out goes to sign-in (type my-garage) and back to its page', async () => {
    const tenant = await siteWith('acc-form-401');
    for (const [path] of writes) {
      const res = await call(tenant, path, { form: { redirect: '/my-garage/searches?x=1', id: 'x', url: '/search', confirm: 'delete' } });
      expect(res.status).toBe(303);
      expect(location(res)).toBe(signInPath('my-garage', '/my-garage/searches?x=1'));
    }
    const offSite = await call(tenant, PROFILE, { form: { redirect: 'https://evil.example/' } });
    expect(location(offSite)).toBe(signInPath('my-garage', '/'));
  });

  it('a session of one tenant sees nothing of the same phone on another', async () => {
    const a = await siteWith('acc-iso-a', { reserve_online: true });
    const b = await siteWith('acc-iso-b');
    const inA = await shopper(a);
    await enquire(a, inA.phone);
    await reserveCar(a, inA.phone, 'iso-car', true);
    expect((await call(a, SEARCHES, { cookie: inA.cookie, json: { url: '/search?make=toyota' } })).status).toBe(200);
    const inB = await signIn(b, inA.phone);
    const there = await summary(b, inB);
    expect(there).toMatchObject({ watchlist: [], saved_searches: [], reservations: [], enquiries: [] });
    const mine = await summary(a, inA.cookie);
    expect(mine.reservations).toHaveLength(1);
    expect(mine.enquiries).toHaveLength(1);
  });
});

describe('GET /api/me', () => {
  it('the user, preferences, watchlist, saved searches, and the reservations and enquiries sent with this phone only', async () => {
    const tenant = await siteWith('acc-sum', { reserve_online: true });
    const me = await shopper(tenant);
    const other = await shopper(tenant);

    // Enquiries: two of mine, one of the other shopper's (never shown to me).
    const first = await enquire(tenant, me.phone, { message: 'First question' });
    await env.DB.prepare('UPDATE leads SET created_at = created_at - 60000 WHERE tenant = ? AND id = ?').bind(tenant, first).run();
    const second = await enquire(tenant, me.phone, { category: 'Test Drive', car_id: 'car-td' });
    await enquire(tenant, other.phone);
    // Reservations: mine paid (its lead has no contact phone: found by the phone it carries), mine not yet paid (found by
    // its stored lead request), the other shopper's.
    const paid = await reserveCar(tenant, me.phone, 'res-1', true);
    await env.DB.prepare('UPDATE payment_intents SET created_at = created_at - 60000 WHERE tenant = ? AND id = ?').bind(tenant, paid).run();
    const pending = await reserveCar(tenant, me.phone, 'res-2', false);
    await reserveCar(tenant, other.phone, 'res-3', true);
    // Watchlist and a saved search.
    expect((await call(tenant, '/api/watchlist/save-car', { cookie: me.cookie, json: { phone_number: me.phone, car_id: 'car-2' } })).status).toBe(200);
    const saved = await (await call(tenant, SEARCHES, { cookie: me.cookie, json: { url: '/search/toyota', label: 'Toyotas' } })).json<{ id: string }>();

    const res = await call(tenant, ME, { cookie: me.cookie });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json<AccountSummary>();
    expect(v.parse(AccountSummarySchema, body)).toEqual(body);
    expect(body.user).toEqual({ id: me.id, phone: me.phone, first_name: null, last_name: null, email: null });
    expect(body.preferences).toEqual({ sms_alerts: false });
    expect(body.watchlist).toEqual(['car-2']);
    expect(body.saved_searches).toEqual([{ id: saved.id, url: '/search/toyota', label: 'Toyotas', alerts: true, created_at: expect.any(Number) }]);

    expect(body.reservations.map((r) => [r.payment_id, r.status])).toEqual([[pending, 'requires_payment'], [paid, 'paid']]);
    expect(body.reservations[1]).toEqual({
      payment_id: paid, car_id: 'res-1', car_slug: '2021-toyota-corolla-res-1', amount_cents: 20_000, status: 'paid', refund_reason: null,
      created_at: expect.any(Number), paid_at: expect.any(Number), refunded_at: null,
    });
    // Enquiries: only the exact fields of the contract (no staff fields, flags, hashes or the payload), newest first.
    expect(body.enquiries.map((e) => e.id)).toEqual([second, first]);
    expect(body.enquiries[0]).toEqual({ id: second, created_at: expect.any(Number), category: 'Test Drive', subcategory: null, car_id: 'car-td' });
    expect(Object.keys(body.enquiries[1]!).sort()).toEqual(['car_id', 'category', 'created_at', 'id', 'subcategory']);
    expect(JSON.stringify(body)).not.toContain(other.phone);

    // The other shopper sees their own, not mine.
    const theirs = await summary(tenant, other.cookie);
    expect(theirs.reservations).toHaveLength(1);
    expect(theirs.enquiries).toHaveLength(1);
    expect(theirs).toMatchObject({ watchlist: [], saved_searches: [] });
  });

  it('still lists a reservation whose contact details were dropped (refunded before it became a lead), by a keyed hash of the phone', async () => {
    const tenant = await siteWith('acc-sum-refund', { reserve_online: true });
    const me = await shopper(tenant);
    const other = await shopper(tenant);
    const refunded = await reserveCar(tenant, me.phone, 'res-r', false);
    // As the payments store does for a refund before the lead (someone else reserved the car first): details dropped.
    await env.DB.prepare("UPDATE payment_intents SET status = 'refunded', refund_reason = 'already_reserved', refunded_at = 1, lead_request = NULL WHERE tenant = ? AND id = ?").bind(tenant, refunded).run();
    const [row] = (await env.DB.prepare('SELECT contact_key, lead_request FROM payment_intents WHERE tenant = ? AND id = ?').bind(tenant, refunded).all<{ contact_key: string; lead_request: null }>()).results;
    // The key is a hash: the phone itself is nowhere on the row.
    expect(row!.contact_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(me.phone);
    expect((await summary(tenant, me.cookie)).reservations).toMatchObject([{ payment_id: refunded, status: 'refunded', refund_reason: 'already_reserved' }]);
    expect((await summary(tenant, other.cookie)).reservations).toEqual([]);
  });

  it('lists no watchlist where the site has it switched off', async () => {
    const tenant = await siteWith('acc-sum-off', { watchlist: false });
    const me = await shopper(tenant);
    await env.DB.prepare('INSERT INTO watchlist (tenant, user_id, car_id) VALUES (?, ?, ?)').bind(tenant, me.id, 'car-1').run();
    expect((await summary(tenant, me.cookie)).watchlist).toEqual([]);
  });
});

describe('POST /api/me/profile', () => {
  it('updates the names, email and the alerts preference; leaves absent fields; clears empty ones', async () => {
    const tenant = await siteWith('acc-profile');
    const me = await shopper(tenant);
    const ok = await call(tenant, PROFILE, { cookie: me.cookie, json: { first_name: ' Sam ', last_name: 'Lee', email: 'Sam.Lee@Example.com', sms_alerts: true } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toEqual({ ok: true });
    let now = await summary(tenant, me.cookie);
    expect(now.user).toMatchObject({ first_name: 'Sam', last_name: 'Lee', email: 'sam.lee@example.com' });
    expect(now.preferences).toEqual({ sms_alerts: true });

    expect((await call(tenant, PROFILE, { cookie: me.cookie, json: { email: '', sms_alerts: false } })).status).toBe(200);
    now = await summary(tenant, me.cookie);
    expect(now.user).toMatchObject({ first_name: 'Sam', last_name: 'Lee', email: null });
    expect(now.preferences.sms_alerts).toBe(false);
    // The session's view of the user is the same row (sign-in, the shell's gate).
    expect(await (await call(tenant, '/api/auth/session', { cookie: me.cookie })).json()).toMatchObject({ user: { first_name: 'Sam', email: null } });
  });

  it('refuses bad fields with their messages (400), changing nothing', async () => {
    const tenant = await siteWith('acc-profile-bad');
    const me = await shopper(tenant);
    const email = await call(tenant, PROFILE, { cookie: me.cookie, json: { first_name: 'Kim', email: 'not-an-email' } });
    expect(email.status).toBe(400);
    expect(await email.json()).toEqual({ error: 'Please enter a valid email address.' });
    const long = await call(tenant, PROFILE, { cookie: me.cookie, json: { first_name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect((await long.json<{ error: string }>()).error).toMatch(/^Invalid request: first_name: /);
    for (const json of [{ sms_alerts: 'yes' }, [], 'x', null]) {
      expect((await call(tenant, PROFILE, { cookie: me.cookie, json })).status, JSON.stringify(json)).toBe(400);
    }
    const typed = await call(tenant, PROFILE, { cookie: me.cookie, headers: { 'content-type': 'text/plain' }, method: 'POST' });
    expect(typed.status).toBe(415);
    expect((await summary(tenant, me.cookie)).user.first_name).toBeNull();
  });

  it('the plain form: 303 back with account_done (merged into the page’s query), or account_error; a hidden 0 before the box', async () => {
    const tenant = await siteWith('acc-profile-form');
    const me = await shopper(tenant);
    const done = await call(tenant, PROFILE, { cookie: me.cookie, form: 'first_name=Kim&email=kim%40example.com&sms_alerts=0&sms_alerts=1&redirect=%2Fmy-garage%2Fprofile%3Ftab%3D1%26account_error%3Demail' });
    expect(done.status).toBe(303);
    expect(location(done)).toBe('/my-garage/profile?tab=1&account_done=profile');
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(await summary(tenant, me.cookie)).toMatchObject({ user: { first_name: 'Kim', email: 'kim@example.com' }, preferences: { sms_alerts: true } });
    // The box unticked: only the hidden 0 is sent.
    expect(location(await call(tenant, PROFILE, { cookie: me.cookie, form: { sms_alerts: '0', redirect: '/my-garage/profile' } }))).toBe('/my-garage/profile?account_done=profile');
    expect((await summary(tenant, me.cookie)).preferences.sms_alerts).toBe(false);

    const bad = await call(tenant, PROFILE, { cookie: me.cookie, form: { email: 'nope', redirect: '/my-garage/profile?account_done=profile' } });
    expect(location(bad)).toBe('/my-garage/profile?account_error=email');
    const long = await call(tenant, PROFILE, { cookie: me.cookie, form: { last_name: 'x'.repeat(200), redirect: '/my-garage' } });
    expect(location(long)).toBe('/my-garage?account_error=invalid');
    expect(location(await call(tenant, PROFILE, { cookie: me.cookie, form: { first_name: 'Kim', redirect: '//evil.example/x' } }))).toBe('/?account_done=profile');
  });
});

describe('saved searches', () => {
  it('saves a search once per URL (same id), with its label or the default, alerts on unless asked; newest first', async () => {
    const tenant = await siteWith('acc-ss');
    const me = await shopper(tenant);
    const { clock, handler } = clocked();
    const first = await call(tenant, SEARCHES, { cookie: me.cookie, handler, json: { url: '/search/toyota?max_price=30000', label: 'Used Toyota under $30,000' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const { ok, id } = await first.json<{ ok: true; id: string }>();
    expect(ok).toBe(true);
    clock.at += 1000;
    const again = await call(tenant, SEARCHES, { cookie: me.cookie, handler, json: { url: '/search/toyota?max_price=30000', label: 'Other label', alerts: false } });
    expect(await again.json()).toEqual({ ok: true, id });
    clock.at += 1000;
    const plain = await (await call(tenant, SEARCHES, { cookie: me.cookie, handler, json: { url: '/search', alerts: false } })).json<{ id: string }>();
    const list = (await summary(tenant, me.cookie)).saved_searches;
    expect(list.map((s) => [s.id, s.url, s.label, s.alerts])).toEqual([
      [plain.id, '/search', 'Saved search', false],
      [id, '/search/toyota?max_price=30000', 'Used Toyota under $30,000', true],
    ]);
    // Simultaneous saves of one URL (a double click): one row.
    const twice = await Promise.all(Array.from({ length: 5 }, () => call(tenant, SEARCHES, { cookie: me.cookie, json: { url: '/search/mazda' } })));
    expect(new Set(await Promise.all(twice.map(async (r) => (await r.json<{ id: string }>()).id))).size).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE tenant = ? AND user_id = ?', tenant, me.id)).toBe(3);
  });

  it('refuses what is not a search page of this site (400)', async () => {
    const tenant = await siteWith('acc-ss-bad');
    const me = await shopper(tenant);
    for (const url of ['/cars/abc', 'https://evil.example/search', '//evil.example/search', '/search x', `/search?q=${'a'.repeat(1000)}`, '']) {
      const res = await call(tenant, SEARCHES, { cookie: me.cookie, json: { url } });
      expect(res.status, url).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(/^Invalid request: url: /);
    }
    expect((await call(tenant, SEARCHES, { cookie: me.cookie, json: { url: '/search', label: 'x'.repeat(121) } })).status).toBe(400);
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE tenant = ?', tenant)).toBe(0);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per shopper (409, also for simultaneous saves); a URL already saved still answers its id`, async () => {
    const tenant = await siteWith('acc-ss-limit');
    const me = await shopper(tenant);
    const answers = await Promise.all(Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => call(tenant, SEARCHES, { cookie: me.cookie, json: { url: `/search?page=${i}` } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_SAVED_SEARCHES);
    const refusedOnes = answers.filter((a) => a.status === 409);
    expect(refusedOnes).toHaveLength(5);
    expect(await refusedOnes[0]!.json()).toEqual({ error: ACCOUNT_FORM_ERRORS.limit });
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE tenant = ? AND user_id = ?', tenant, me.id)).toBe(MAX_SAVED_SEARCHES);
    const [kept] = (await summary(tenant, me.cookie)).saved_searches;
    expect(await (await call(tenant, SEARCHES, { cookie: me.cookie, json: { url: kept!.url } })).json()).toEqual({ ok: true, id: kept!.id });
    const form = await call(tenant, SEARCHES, { cookie: me.cookie, form: { url: '/search?page=99', redirect: '/search?page=99' } });
    expect(location(form)).toBe('/search?page=99&account_error=limit');
    // Another shopper has their own allowance.
    const other = await shopper(tenant);
    expect((await call(tenant, SEARCHES, { cookie: other.cookie, json: { url: '/search?page=99' } })).status).toBe(200);
  });

  it('switches alerts or removes a search of the shopper’s own only (404 for another’s, which stays)', async () => {
    const tenant = await siteWith('acc-ss-change');
    const me = await shopper(tenant);
    const other = await shopper(tenant);
    const mine = (await (await call(tenant, SEARCHES, { cookie: me.cookie, json: { url: '/search/toyota' } })).json<{ id: string }>()).id;
    const theirs = (await (await call(tenant, SEARCHES, { cookie: other.cookie, json: { url: '/search/toyota' } })).json<{ id: string }>()).id;
    expect(theirs).not.toBe(mine);

    const off = await call(tenant, CHANGE, { cookie: me.cookie, json: { id: mine, alerts: false } });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ok: true });
    expect((await summary(tenant, me.cookie)).saved_searches[0]).toMatchObject({ id: mine, alerts: false });
    for (const json of [{ id: theirs, alerts: false }, { id: theirs }, { id: 'no-such-id' }]) {
      const res = await call(tenant, CHANGE, { cookie: me.cookie, json });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'This saved search no longer exists.' });
    }
    expect((await summary(tenant, other.cookie)).saved_searches).toMatchObject([{ id: theirs, alerts: true }]);
    expect((await call(tenant, CHANGE, { cookie: me.cookie, json: { id: mine, alerts: 'no' } })).status).toBe(400);
    expect((await call(tenant, CHANGE, { cookie: me.cookie, json: {} })).status).toBe(400);

    const removed = await call(tenant, CHANGE, { cookie: me.cookie, json: { id: mine } });
    expect(await removed.json()).toEqual({ ok: true });
    expect((await summary(tenant, me.cookie)).saved_searches).toEqual([]);
    expect((await call(tenant, CHANGE, { cookie: me.cookie, json: { id: mine } })).status).toBe(404);
  });

  it('the plain forms: save, alerts on and off, remove, each a 303 with its code', async () => {
    const tenant = await siteWith('acc-ss-form');
    const me = await shopper(tenant);
    const saved = await call(tenant, SEARCHES, { cookie: me.cookie, form: { url: '/search/toyota?body=suv', label: 'Toyota SUVs', alerts: '0', redirect: '/search/toyota?body=suv' } });
    expect(location(saved)).toBe('/search/toyota?body=suv&account_done=search');
    const [search] = (await summary(tenant, me.cookie)).saved_searches;
    expect(search).toMatchObject({ url: '/search/toyota?body=suv', label: 'Toyota SUVs', alerts: false });
    expect(location(await call(tenant, CHANGE, { cookie: me.cookie, form: { id: search!.id, alerts: '1', redirect: '/my-garage/searches' } }))).toBe('/my-garage/searches?account_done=search-alerts');
    expect((await summary(tenant, me.cookie)).saved_searches[0]!.alerts).toBe(true);
    expect(location(await call(tenant, CHANGE, { cookie: me.cookie, form: { id: search!.id, redirect: '/my-garage/searches' } }))).toBe('/my-garage/searches?account_done=search-removed');
    expect(location(await call(tenant, CHANGE, { cookie: me.cookie, form: { id: search!.id, redirect: '/my-garage/searches' } }))).toBe('/my-garage/searches?account_error=no-search');
    expect(location(await call(tenant, SEARCHES, { cookie: me.cookie, form: { url: '/cars/x', redirect: '/my-garage' } }))).toBe('/my-garage?account_error=invalid');
  });

  it(`limits account changes to ${ACCOUNT_RATE_LIMIT.limit} per address per window (429 + Retry-After; the form gets too-many)`, async () => {
    const tenant = await siteWith('acc-ss-rate');
    const me = await shopper(tenant);
    const { handler } = clocked();
    const headers = { [CLIENT_IP_HEADER]: '203.0.113.7' };
    for (let i = 0; i < ACCOUNT_RATE_LIMIT.limit; i++) {
      expect((await call(tenant, PROFILE, { cookie: me.cookie, handler, headers, json: { first_name: `N${i}` } })).status).toBe(200);
    }
    const limited = await call(tenant, PROFILE, { cookie: me.cookie, handler, headers, json: { first_name: 'Late' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(location(await call(tenant, PROFILE, { cookie: me.cookie, handler, headers, form: { first_name: 'Late', redirect: '/my-garage' } }))).toBe('/my-garage?account_error=too-many');
    expect((await summary(tenant, me.cookie)).user.first_name).toBe(`N${ACCOUNT_RATE_LIMIT.limit - 1}`);
    expect((await call(tenant, PROFILE, { cookie: me.cookie, handler, headers: { [CLIENT_IP_HEADER]: '203.0.113.8' }, json: { first_name: 'Other address' } })).status).toBe(200);
  });
});

describe('GET /api/me/export', () => {
  it('a JSON attachment of everything the account holds, the enquiries and reservations as listed, nothing internal', async () => {
    const tenant = await siteWith('acc-export', { reserve_online: true });
    const me = await shopper(tenant);
    const other = await shopper(tenant);
    await call(tenant, PROFILE, { cookie: me.cookie, json: { first_name: 'Sam', email: 'sam@example.com', sms_alerts: true } });
    await call(tenant, '/api/watchlist/save-car', { cookie: me.cookie, json: { phone_number: me.phone, car_id: 'car-1' } });
    await call(tenant, SEARCHES, { cookie: me.cookie, json: { url: '/search/toyota', label: 'Toyotas' } });
    const lead = await enquire(tenant, me.phone, { message: 'Is the Corolla still there?' });
    await env.DB.prepare("UPDATE leads SET flagged = 1, spam_reason = 'turnstile_missing', ip_hash = 'abc123hash' WHERE tenant = ? AND id = ?").bind(tenant, lead).run();
    const payment = await reserveCar(tenant, me.phone, 'exp-car', false);
    await enquire(tenant, other.phone, { message: 'Someone else asking' });
    // An alert computed for the shopper (what changed), with the platform's retry state, which is not theirs.
    await env.DB.prepare(
      `INSERT INTO alert_outbox (tenant, id, user_id, kind, car_id, dedupe_key, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at)
       VALUES (?, ?, ?, 'price_drop', 'car-1', 'price_drop:car-1:24990', '{"name":"2021 Toyota Corolla","slug":"c1","price":24990,"was":25990}', 'sent', 2, 0, 'gateway_timeout_xyz', 1, 2)`,
    ).bind(tenant, crypto.randomUUID(), me.id).run();

    const res = await call(tenant, EXPORT, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="my-data-${tenant}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, any>;
    expect(data.site).toBe(tenant);
    expect(data.user).toMatchObject({ id: me.id, phone: me.phone, first_name: 'Sam', email: 'sam@example.com' });
    expect(data.preferences).toEqual({ sms_alerts: true });
    expect(data.watchlist).toEqual([{ car_id: 'car-1', saved_at: expect.any(Number) }]);
    expect(data.saved_searches).toMatchObject([{ url: '/search/toyota', label: 'Toyotas', alerts: true }]);
    expect(data.enquiries).toHaveLength(1);
    // Enquiries and reservations as My Garage lists them: not the forms' contents (matched by a typed phone, a stranger's
    // typo must not hand their name, email and message to the number's owner).
    expect(data.enquiries[0]).toMatchObject({ id: lead, category: 'General Enquiry' });
    expect(Object.keys(data.enquiries[0]).sort()).toEqual(['car_id', 'category', 'created_at', 'id', 'subcategory']);
    expect(data.reservations).toMatchObject([{ payment_id: payment, status: 'requires_payment' }]);
    expect(text).not.toContain('Is the Corolla still there?');
    expect(text).not.toContain('Hold it for me please');
    expect(data.alerts).toEqual([{ kind: 'price_drop', car_id: 'car-1', search_id: null, status: 'sent', created_at: 1, sent_at: 2, details: { name: '2021 Toyota Corolla', slug: 'c1', price: 24990, was: 25990 } }]);
    // The sign-in records of this phone (the code sent, the code verified), type and time only.
    expect(data.sign_ins.length).toBeGreaterThan(0);
    for (const r of data.sign_ins) expect(Object.keys(r).sort()).toEqual(['created_at', 'type']);
    for (const internal of ['gateway_timeout_xyz', 'abc123hash', 'turnstile_missing', 'flagged', 'ip_hash', 'provider_ref', 'checkout_url', 'emb_cs_', other.phone, 'Someone else asking']) {
      expect(text, internal).not.toContain(internal);
    }
  });

  it(`allows ${ACCOUNT_EXPORT_RATE_LIMIT.limit} exports per address per window`, async () => {
    const tenant = await siteWith('acc-export-rate');
    const me = await shopper(tenant);
    const { handler } = clocked();
    const headers = { [CLIENT_IP_HEADER]: '198.51.100.4' };
    for (let i = 0; i < ACCOUNT_EXPORT_RATE_LIMIT.limit; i++) expect((await call(tenant, EXPORT, { cookie: me.cookie, handler, headers })).status).toBe(200);
    const limited = await call(tenant, EXPORT, { cookie: me.cookie, handler, headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/me/delete', () => {
  it('deletes the account, watchlist, saved searches, sessions and alert rows; leads and payments stay with the dealer', async () => {
    const tenant = await siteWith('acc-del', { reserve_online: true });
    const me = await shopper(tenant);
    const other = await shopper(tenant);
    for (const s of [me, other]) {
      await call(tenant, '/api/watchlist/save-car', { cookie: s.cookie, json: { phone_number: s.phone, car_id: 'car-1' } });
      await call(tenant, SEARCHES, { cookie: s.cookie, json: { url: '/search/toyota' } });
    }
    await enquire(tenant, me.phone);
    await reserveCar(tenant, me.phone, 'del-car', true);
    // A second browser's session of the same shopper, and their alerts (queued and texted) for both shoppers.
    await env.DB.prepare('INSERT INTO sessions (tenant, id, user_id, expires_at) VALUES (?, ?, ?, ?)').bind(tenant, crypto.randomUUID(), me.id, Date.now() + 3_600_000).run();
    for (const s of [me, other]) {
      await env.DB.prepare(
        `INSERT INTO alert_outbox (tenant, id, user_id, kind, car_id, dedupe_key, payload, next_attempt_at, created_at) VALUES (?, ?, ?, 'price_drop', 'car-1', 'price_drop:car-1:100', '{"name":"x","slug":"x","price":100}', 0, 0)`,
      ).bind(tenant, crypto.randomUUID(), s.id).run();
      await env.DB.prepare('INSERT INTO alert_messages (tenant, id, user_id, day, created_at) VALUES (?, ?, ?, ?, 0)').bind(tenant, crypto.randomUUID(), s.id, '2026-11-27').run();
    }
    await env.DB.prepare("INSERT INTO verifications (tenant, website_slug, verification_type, phone, user_id) VALUES (?, ?, 'verify', ?, ?), (?, ?, 'verify', ?, ?)")
      .bind(tenant, tenant, me.phone, me.id, tenant, tenant, other.phone, other.id).run();
    const leads = await count('SELECT COUNT(*) AS n FROM leads WHERE tenant = ?', tenant);
    expect(leads).toBe(2);

    const unconfirmed = await call(tenant, DELETE, { cookie: me.cookie, json: { confirm: 'yes' } });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toEqual({ error: ACCOUNT_FORM_ERRORS.confirm });
    expect((await call(tenant, DELETE, { cookie: me.cookie, json: {} })).status).toBe(400);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE tenant = ? AND id = ?', tenant, me.id)).toBe(1);

    const res = await call(tenant, DELETE, { cookie: me.cookie, json: { confirm: 'delete' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getAll('set-cookie')).toContain('__Host-fc_session=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0');
    for (const table of ['users', 'watchlist', 'saved_searches', 'sessions', 'alert_outbox', 'alert_messages', 'verifications']) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = ? AND ${column} = ?`, tenant, me.id), table).toBe(0);
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = ? AND ${column} = ?`, tenant, other.id), `${table} of the other shopper`).toBeGreaterThan(0);
    }
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE tenant = ?', tenant)).toBe(leads);
    expect(await count('SELECT COUNT(*) AS n FROM payment_intents WHERE tenant = ?', tenant)).toBe(1);
    expect((await call(tenant, ME, { cookie: me.cookie })).status).toBe(401);
    expect((await summary(tenant, other.cookie)).watchlist).toEqual(['car-1']);
  });

  it('the plain form: confirm box required, then 303 with deleted and the cookie cleared', async () => {
    const tenant = await siteWith('acc-del-form');
    const me = await shopper(tenant);
    expect(location(await call(tenant, DELETE, { cookie: me.cookie, form: { redirect: '/my-garage/profile' } }))).toBe('/my-garage/profile?account_error=confirm');
    const res = await call(tenant, DELETE, { cookie: me.cookie, form: { confirm: 'delete', redirect: '/my-garage/profile' } });
    expect(res.status).toBe(303);
    expect(location(res)).toBe('/my-garage/profile?account_done=deleted');
    expect(res.headers.getAll('set-cookie')).toContain('__Host-fc_session=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0');
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE tenant = ?', tenant)).toBe(0);
  });
});
