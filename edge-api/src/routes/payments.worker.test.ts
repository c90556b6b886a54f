import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TERMS_MESSAGE } from '@forecourt/contracts/api';
import { readFormError } from '@forecourt/contracts/form-errors';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import type { FeatureFlags, SiteConfigInput } from '@forecourt/contracts/tenant';
import type { AppEnv } from '../types.ts';
import { onError } from '../lib/http.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import type { LeadDocument } from '../leads/store.ts';
import { createFakeStripe } from '../ports/payments/testing.ts';
import { expireAbandonedEverywhere } from '../ports/payments/store.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import { authRoutes } from './auth.ts';
import { ALREADY_RESERVED_MESSAGE, AMOUNT_CHANGED_MESSAGE, NOT_RESERVABLE_MESSAGE, PAYMENT_START_FAILED_MESSAGE, RESERVE_UNAVAILABLE_MESSAGE, SIGN_IN_MESSAGE, createPaymentsRoutes } from './payments.ts';

const STRIPE = { PAYMENTS_ADAPTER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_worker_only', STRIPE_WEBHOOK_SECRET: 'whsec_worker_only' };
const fake = createFakeStripe({ secretKey: STRIPE.STRIPE_SECRET_KEY, webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET });

/** edge-api as index.ts mounts it (tenant middleware, `/api`, JSON errors), with the routes under test. */
const app = new Hono<AppEnv>();
app.use('/api/*', tenantMiddleware);
app.route('/api', createPaymentsRoutes({ fetch: fake.fetch }));
// Sign-in, to reach the gate with a real session.
app.route('/api', authRoutes);
app.onError(onError);

const SLUG = '2021-toyota-corolla-ascent-sport-hybrid-148223';
const HOST = 'https://outback.example.com.au';

async function tenantWith(prefix: string, features: Partial<FeatureFlags> = { reserve_online: true }, overrides: Partial<SiteConfigInput> = {}) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug, siteConfigInput(slug, { features, ...overrides }));
  return slug;
}

/** These tests check the car through an explicit SEARCH stub (below) or not at all; the pool's stub knows no car. */
const unchecked = { ...env, SEARCH: undefined };
type Req = { method?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; env?: object };

async function call(path: string, tenant: string, req: Req = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = tenantHeaders(tenant, req.headers);
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  }
  const res = await app.request(`${HOST}${path}`, { method: req.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, req.env ?? unchecked, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const reserveBody = (overrides: Record<string, unknown> = {}) => ({
  car_id: sampleCar.id, car_slug: SLUG, idempotency_key: crypto.randomUUID(), amount: 200, car_name: '2021 Toyota Corolla', car_type: 'used',
  return_path: `/cars/${SLUG}/checkout`, url: `${HOST}/cars/${SLUG}/checkout`,
  name: 'Sam', last_name: 'Lee', email: 'Sam.Lee@example.com', phone: '+61 412 345 678', terms_conditions: true,
  ...overrides,
});

type ReserveAnswer = { payment_id: string; status: string; redirect_url: string; amount_cents: number; duplicate?: boolean; error?: string; fields?: Record<string, string> };
const reserve = async (tenant: string, body: Record<string, unknown> = reserveBody(), req: Req = {}) => {
  const res = await call('/api/payments/reserve', tenant, { ...req, body });
  return { res, json: (await res.json()) as ReserveAnswer };
};

const sessionOf = (redirect: string) => new URL(redirect, HOST).searchParams.get('session') ?? '';
const confirm = (tenant: string, payment: string, session: string) => call('/api/payments/embedded/confirm', tenant, { body: { payment, session } });
const reservedOf = async (tenant: string, ids: string) => ((await (await call(`/api/payments/reserved?car_ids=${ids}`, tenant)).json()) as { reserved: string[] }).reserved;
const leadsOf = (tenant: string) => env.DB.prepare('SELECT id, category, subcategory, payload, car_id, event_id, contact_phone FROM leads WHERE tenant = ?').bind(tenant).all<{ id: string; category: string; subcategory: string; payload: string; car_id: string; event_id: number | null; contact_phone: string | null }>().then((r) => r.results);
const outboxOf = (tenant: string) => env.DB.prepare('SELECT lead_id, state FROM lead_outbox WHERE tenant = ?').bind(tenant).all<{ lead_id: string; state: string }>().then((r) => r.results);
const intentRow = (tenant: string, id: string) => env.DB.prepare('SELECT * FROM payment_intents WHERE tenant = ? AND id = ?').bind(tenant, id).first<Record<string, unknown>>();

afterEach(() => vi.restoreAllMocks());

describe('POST /api/payments/reserve with the embedded test processor', () => {
  it("the cron drops every tenant's abandoned checkouts (7 days unpaid) without waiting for a new reservation", async () => {
    const t = await tenantWith('pay-cron');
    const started = await reserve(t, reserveBody());
    const id = started.json.payment_id;
    await env.DB.prepare('UPDATE payment_intents SET created_at = ? WHERE tenant = ? AND id = ?').bind(Date.now() - 8 * 24 * 3600_000, t, id).run();
    expect(await expireAbandonedEverywhere(env.DB, Date.now() - 7 * 24 * 3600_000, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await intentRow(t, id)).toMatchObject({ status: 'failed', lead_request: null });
  });

  it('the test processor cannot confirm anything in a deployed Worker (no DEV_PAGES): 404, nothing paid', async () => {
    const t = await tenantWith('pay-deployed');
    const started = await reserve(t, reserveBody());
    const payment = started.json.payment_id as string;
    const res = await call('/api/payments/embedded/confirm', t, { body: { payment, session: sessionOf(started.json.redirect_url as string) }, env: { ...unchecked, DEV_PAGES: undefined } });
    expect(res.status).toBe(404);
    expect((await intentRow(t, payment))?.status).toBe('requires_payment');
  });

  it("answers the local confirmation page of a $200 intent (spec §9 default) and reserves nothing before it's paid", async () => {
    const t = await tenantWith('res-ok');
    const { res, json } = await reserve(t);
    expect(res.status).toBe(201);
    expect(json).toMatchObject({ status: 'requires_payment', amount_cents: 20_000, car_id: sampleCar.id, car_slug: SLUG });
    const url = new URL(json.redirect_url);
    expect(url.origin + url.pathname).toBe(`${HOST}/checkout-journey`);
    expect(url.searchParams.get('car_id')).toBe(SLUG);
    expect(url.searchParams.get('payment')).toBe(json.payment_id);
    expect(sessionOf(json.redirect_url)).toMatch(/^emb_cs_[0-9a-f]{32}$/);
    expect(await reservedOf(t, sampleCar.id)).toEqual([]);
    expect(await leadsOf(t)).toEqual([]);
  });

  it('never makes two payments of one form: retries and simultaneous double clicks answer the same one', async () => {
    const t = await tenantWith('res-idem');
    const body = reserveBody();
    const [a, b] = await Promise.all([reserve(t, body), reserve(t, body)]);
    const c = await reserve(t, body);
    expect(a.json.payment_id).toBe(b.json.payment_id);
    expect(c.json).toMatchObject({ payment_id: a.json.payment_id, redirect_url: a.json.redirect_url, duplicate: true });
    expect(c.res.status).toBe(200);
    const { results } = await env.DB.prepare('SELECT id FROM payment_intents WHERE tenant = ?').bind(t).all();
    expect(results).toHaveLength(1);
  });

  it("charges the tenant's reserve_amount and refuses a page that showed another amount", async () => {
    const t = await tenantWith('res-500', { reserve_online: true }, { reserve_amount: 500 });
    const stale = await reserve(t, reserveBody({ amount: 200 }));
    expect(stale.res.status).toBe(409);
    expect(stale.json).toMatchObject({ error: AMOUNT_CHANGED_MESSAGE, amount_cents: 50_000 });
    expect((await reserve(t, reserveBody({ amount: 500 }))).json.amount_cents).toBe(50_000);
    expect((await reserve(t, reserveBody({ amount: undefined }))).json.amount_cents).toBe(50_000);
    const broken = await tenantWith('res-0', { reserve_online: true }, { reserve_amount: 0 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await reserve(broken, reserveBody({ amount: undefined }));
    expect(refused.res.status).toBe(503);
    expect(refused.json.error).toBe(RESERVE_UNAVAILABLE_MESSAGE);
  });

  it('exists only for tenants with reserve_online or buy_online', async () => {
    const off = await tenantWith('res-off', {});
    expect((await reserve(off)).res.status).toBe(404);
    const buy = await tenantWith('res-buy', { buy_online: true });
    expect((await reserve(buy)).res.status).toBe(201);
  });

  it('checks the contact details with the lead rules and requires the terms', async () => {
    const t = await tenantWith('res-bad');
    const { res, json } = await reserve(t, reserveBody({ name: '', email: 'nope', terms_conditions: false, phone: '12' }));
    expect(res.status).toBe(400);
    expect(json.fields).toMatchObject({ name: 'This is a required field.', email: 'Invalid email address.', terms_conditions: TERMS_MESSAGE });
    const noKey = await reserve(t, reserveBody({ idempotency_key: 'x' }));
    expect(noKey.res.status).toBe(400);
    expect(noKey.json.fields).toHaveProperty('idempotency_key');
    expect((await reserve(t, reserveBody({ car_id: undefined }))).json.fields).toMatchObject({ car_id: 'This is a required field.' });
    expect((await call('/api/payments/reserve', t, { body: '[1' })).status).toBe(400);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_intents WHERE tenant = ?').bind(t).first('n')).toBe(0);
  });

  it('is gated by sign-in where the tenant says so (spec §6 gated_checkout)', async () => {
    const t = await tenantWith('res-gate', { reserve_online: true, gated_checkout: true });
    const anonymous = await reserve(t);
    expect(anonymous.res.status).toBe(401);
    expect(anonymous.json.error).toBe(SIGN_IN_MESSAGE);
    const form = await call('/api/payments/reserve', t, { form: { car_id: sampleCar.id, idempotency_key: crypto.randomUUID(), return_path: `/cars/${SLUG}/checkout` } });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/sign-in?type=checkout&redirect=${encodeURIComponent(`/cars/${SLUG}/checkout`)}&back=${encodeURIComponent(`/cars/${SLUG}/checkout`)}`);
    // A cookie that names no session of this tenant is refused like no cookie at all.
    const forged = await reserve(t, reserveBody(), { headers: { cookie: `__Host-fc_session=${'a'.repeat(43)}` } });
    expect(forged.res.status).toBe(401);
    expect((await reserve(t, reserveBody(), { headers: { cookie: '__Host-fc_session=abc' } })).res.status).toBe(401);
    // A real session, made through the sign-in endpoints, passes.
    expect((await call('/api/auth/otp', t, { body: { phone: '0412 345 678' } })).status).toBe(200);
    const [sms] = await listSentSms(env.DB, t, '0412345678');
    const verified = await call('/api/auth/verify', t, { body: { phone: '0412345678', token: sms!.body.slice(0, 6), type: 'sms' } });
    expect(verified.status).toBe(200);
    const session = verified.headers.getAll('set-cookie').find((c) => c.startsWith('__Host-fc_session='))!.split(';')[0]!;
    const signedIn = await reserve(t, reserveBody(), { headers: { cookie: session } });
    expect(signedIn.res.status).toBe(201);
    // The same session on another tenant is nobody there.
    const other = await tenantWith('res-gate-b', { reserve_online: true, gated_checkout: true });
    expect((await reserve(other, reserveBody(), { headers: { cookie: session } })).res.status).toBe(401);
  });

  it('works without JavaScript: the form redirects to the payment page, or back with the error', async () => {
    const t = await tenantWith('res-form');
    const form = { ...(reserveBody() as Record<string, unknown>), terms_conditions: 'on', amount: '200' } as Record<string, string>;
    const res = await call('/api/payments/reserve', t, { form });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${HOST}/checkout-journey\\?car_id=${SLUG}&payment=pay_[0-9a-f]{32}&session=emb_cs_`));
    const again = await call('/api/payments/reserve', t, { form });
    expect(again.headers.get('location')).toBe(res.headers.get('location'));
    const bad = await call('/api/payments/reserve', t, { form: { ...form, idempotency_key: crypto.randomUUID(), terms_conditions: '' } });
    expect(bad.status).toBe(303);
    const back = new URL(bad.headers.get('location')!, HOST);
    expect(back.pathname).toBe(`/cars/${SLUG}/checkout`);
    // Issue 10.4: codes, which the checkout page turns into the catalogue's texts (never text from the query).
    expect(back.searchParams.get('reserve_error')).toBe('invalid');
    expect(back.searchParams.get('reserve_error_fields')).toBe('terms_conditions:terms');
    expect(readFormError(back.searchParams, 'reserve')?.message).toContain(TERMS_MESSAGE);
  });

  it('sends the no-JavaScript form back to this site only, whatever return_path and url say (issue 10.3)', async () => {
    const t = await tenantWith('res-form-redirect');
    const form = { ...(reserveBody() as Record<string, unknown>), terms_conditions: '', amount: '200' } as Record<string, string>;
    for (const [return_path, url] of [['/.//evil.example', 'javascript:alert(1)'], ['x:\\\\evil.example', 'x:\\\\evil.example'], ['//evil.example', 'https://evil.example//evil.example']]) {
      const res = await call('/api/payments/reserve', t, { form: { ...form, return_path: return_path!, url: url!, idempotency_key: crypto.randomUUID() } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/\?reserve_error=invalid/);
    }
  });
});

describe('paying: Reserved everywhere, a lead for the dealer, exactly once', () => {
  it('confirming marks it paid, reserves the car and creates one lead in the outbox', async () => {
    const t = await tenantWith('pay-ok');
    const body = reserveBody({ message: 'Can I pick it up Saturday?' });
    const { json } = await reserve(t, body);
    expect((await confirm(t, json.payment_id, 'emb_cs_wrong')).status).toBe(404);
    expect(await reservedOf(t, sampleCar.id)).toEqual([]);

    const res = await confirm(t, json.payment_id, sessionOf(json.redirect_url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ payment_id: json.payment_id, status: 'paid' });
    expect(await reservedOf(t, `${sampleCar.id},other-car`)).toEqual([sampleCar.id]);
    expect(await reservedOf(await tenantWith('pay-other'), sampleCar.id)).toEqual([]);

    const leads = await leadsOf(t);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ category: 'General Enquiry', subcategory: 'Reserved Online', car_id: sampleCar.id, event_id: null });
    const doc = JSON.parse(leads[0]!.payload) as LeadDocument;
    expect(doc.payload).toMatchObject({ name: 'Sam', email: 'Sam.Lee@example.com', phone: '0412345678', terms_conditions: true, car_type: 'used' });
    expect(doc.payload.message).toBe(`Reserved online: paid $200 (payment ${json.payment_id}, embedded).\n\nCan I pick it up Saturday?`);
    expect(await outboxOf(t)).toEqual([{ lead_id: leads[0]!.id, state: 'delivered' }]);
    const row = await intentRow(t, json.payment_id);
    // The contact details live on in the lead only (its retention applies), not in the payment row.
    expect(row).toMatchObject({ status: 'paid', lead_id: leads[0]!.id, lead_request: null });

    // Confirming again, or the same form again: no second payment, no second lead.
    expect(await (await confirm(t, json.payment_id, sessionOf(json.redirect_url))).json()).toMatchObject({ status: 'paid' });
    const sameForm = await reserve(t, body);
    expect(sameForm.res.status).toBe(200);
    expect(sameForm.json).toMatchObject({ payment_id: json.payment_id, status: 'paid', duplicate: true, redirect_url: `/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=paid` });
    const someoneElse = await reserve(t, reserveBody({ email: 'kim@example.com', phone: '0412000222' }));
    expect(someoneElse.res.status).toBe(409);
    expect(someoneElse.json.error).toBe(ALREADY_RESERVED_MESSAGE);
    expect(await leadsOf(t)).toHaveLength(1);
    const status = await call(`/api/payments/intents/${json.payment_id}`, t);
    expect(await status.json()).toMatchObject({ payment_id: json.payment_id, status: 'paid', car_slug: SLUG });
    expect(JSON.stringify(await (await call(`/api/payments/intents/${json.payment_id}`, t)).json())).not.toContain('Sam');
  });

  it('never merges the reservation lead into an earlier enquiry of the same shopper about the car', async () => {
    const t = await tenantWith('pay-merge');
    await env.DB.prepare(
      `INSERT INTO leads (tenant, id, category, payload, car_id, contact_phone, contact_email, created_at, updated_at)
       VALUES (?, ?, 'General Enquiry', '{}', ?, '0412345678', 'sam.lee@example.com', ?, ?)`,
    ).bind(t, crypto.randomUUID(), sampleCar.id, Date.now(), Date.now()).run();
    const { json } = await reserve(t);
    await confirm(t, json.payment_id, sessionOf(json.redirect_url));
    const row = await intentRow(t, json.payment_id);
    expect(await outboxOf(t)).toEqual([{ lead_id: row!.lead_id, state: 'delivered' }]);
  });

  it('refunds the second of two payments for one car at once: the first holds it', async () => {
    const t = await tenantWith('pay-race');
    const first = (await reserve(t)).json;
    const second = (await reserve(t, reserveBody({ email: 'other@example.com', phone: '0412000111' }))).json;
    await confirm(t, first.payment_id, sessionOf(first.redirect_url));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await confirm(t, second.payment_id, sessionOf(second.redirect_url));
    expect(await res.json()).toMatchObject({ status: 'refunded' });
    expect(await intentRow(t, second.payment_id)).toMatchObject({ status: 'refunded', refund_reason: 'already_reserved', lead_id: null, lead_request: null });
    expect(await reservedOf(t, sampleCar.id)).toEqual([sampleCar.id]);
    expect(await leadsOf(t)).toHaveLength(1);
  });

  it('the no-JavaScript Pay button and the return both land on the checkout journey with the status', async () => {
    const t = await tenantWith('pay-form');
    const { json } = await reserve(t);
    const res = await call('/api/payments/embedded/confirm', t, { form: { payment: json.payment_id, session: sessionOf(json.redirect_url) } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=paid`);
    const back = await call(`/api/payments/return?payment=${json.payment_id}`, t);
    expect(back.headers.get('location')).toBe(`/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=paid`);
    expect((await call('/api/payments/return?payment=pay_nope', t)).headers.get('location')).toBe('/checkout-journey?car_id=&payment=pay_nope&status=unknown');
    expect((await call('/api/payments/webhook', t, { body: {} })).status).toBe(404);
  });

  it('drops the contact details of checkouts nobody paid: abandoned after 7 days, failed or refunded at once', async () => {
    const t = await tenantWith('pay-abandon');
    const old = (await reserve(t)).json;
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await env.DB.prepare('UPDATE payment_intents SET created_at = ? WHERE tenant = ? AND id = ?').bind(eightDaysAgo, t, old.payment_id).run();
    const fresh = (await reserve(t, reserveBody({ car_id: 'car-2' }))).json;
    expect(await intentRow(t, old.payment_id)).toMatchObject({ status: 'failed', lead_request: null });
    expect(await intentRow(t, fresh.payment_id)).toMatchObject({ status: 'requires_payment', lead_request: expect.stringContaining('"lead_id"') });
    // Too late to pay: no reservation, no lead.
    expect(await (await confirm(t, old.payment_id, sessionOf(old.redirect_url))).json()).toMatchObject({ status: 'failed' });
    expect(await reservedOf(t, sampleCar.id)).toEqual([]);
    expect(await leadsOf(t)).toEqual([]);
  });

  it('checks the car with mf-search when edge-api has the SEARCH binding (spec §4 Purchasable car)', async () => {
    const t = await tenantWith('pay-search');
    const cars: Record<string, unknown> = {
      [SLUG]: sampleCar,
      'sold-car': { ...sampleCar, slug: 'sold-car', status: 'sold', sold: true },
      'drive-only': { ...sampleCar, slug: 'drive-only', tag: 'Test Drive Only' },
    };
    const asked: string[] = [];
    const SEARCH = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        asked.push(`${new Headers(init?.headers).get('x-forecourt-tenant')} ${url.pathname}?${url.searchParams}`);
        const car = cars[url.searchParams.get('slug') ?? ''];
        return car ? Response.json({ car }) : Response.json({ error: 'Car not found.' }, { status: 404 });
      },
    };
    const withSearch = { ...env, SEARCH };
    const ok = await reserve(t, reserveBody({ car_name: 'Forged name' }), { env: withSearch });
    expect(ok.res.status).toBe(201);
    expect(asked[0]).toBe(`${t} /internal/car?slug=${SLUG}`);
    expect(await intentRow(t, ok.json.payment_id)).toMatchObject({ description: `Reserve 2021 Toyota Corolla Ascent Sport Hybrid (stock ${sampleCar.stocknum}) at Test Motors` });
    expect((await reserve(t, reserveBody({ car_slug: 'sold-car' }), { env: withSearch })).json.error).toBe(NOT_RESERVABLE_MESSAGE);
    expect((await reserve(t, reserveBody({ car_slug: 'drive-only' }), { env: withSearch })).res.status).toBe(409);
    expect((await reserve(t, reserveBody({ car_slug: 'gone' }), { env: withSearch })).res.status).toBe(404);
    expect((await reserve(t, reserveBody({ car_id: 'another-id' }), { env: withSearch })).res.status).toBe(404);
  });

  it('GET /api/payments/reserved refuses malformed or oversized lists', async () => {
    const t = await tenantWith('pay-list');
    expect((await call('/api/payments/reserved?car_ids=a%20b', t)).status).toBe(400);
    expect((await call(`/api/payments/reserved?car_ids=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, t)).status).toBe(400);
    expect(await reservedOf(t, '')).toEqual([]);
    expect((await call('/api/payments/reserved?car_ids=a', 'no-such-tenant')).status).toBe(404);
  });
});

describe('with Stripe Checkout (PAYMENTS_ADAPTER=stripe, a local Stripe)', () => {
  const stripeEnv = { ...unchecked, ...STRIPE };
  const sessionFor = (paymentId: string) => [...fake.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
  const webhook = async (t: string, type: string, object: unknown, opts: { secret?: string } = {}) => {
    const { payload, signature } = await fake.webhook(type, object, opts);
    const ctx = createExecutionContext();
    const res = await app.request(`${HOST}/api/payments/webhook`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json', 'stripe-signature': signature }), body: payload }, stripeEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

  it('redirects to Stripe, then the signed checkout.session.completed webhook reserves the car and creates the lead once', async () => {
    const t = await tenantWith('stripe-ok');
    const { res, json } = await reserve(t, reserveBody(), { env: stripeEnv });
    expect(res.status).toBe(201);
    expect(json.redirect_url).toBe(sessionFor(json.payment_id).url);
    expect(json.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(sessionFor(json.payment_id).success_url).toBe(`${HOST}/api/payments/return?payment=${json.payment_id}&session_id={CHECKOUT_SESSION_ID}`);

    const pending = await call(`/api/payments/return?payment=${json.payment_id}`, t, { env: stripeEnv });
    expect(pending.headers.get('location')).toBe(`/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=pending`);

    const session = fake.pay(sessionFor(json.payment_id).id);
    expect((await webhook(t, 'checkout.session.completed', session, { secret: 'whsec_forged' })).status).toBe(400);
    expect(await reservedOf(t, sampleCar.id)).toEqual([]);
    const ok = await webhook(t, 'checkout.session.completed', session);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true });
    expect(await reservedOf(t, sampleCar.id)).toEqual([sampleCar.id]);
    expect((await webhook(t, 'checkout.session.completed', session)).status).toBe(200);
    expect(await leadsOf(t)).toHaveLength(1);
    expect(JSON.parse((await leadsOf(t))[0]!.payload).payload.message).toMatch(/^Reserved online: paid \$200 \(payment pay_[0-9a-f]+, stripe\)\.$/);
    expect(await intentRow(t, json.payment_id)).toMatchObject({ payment_ref: session.payment_intent });
    const back = await call(`/api/payments/return?payment=${json.payment_id}`, t, { env: stripeEnv });
    expect(back.headers.get('location')).toBe(`/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=paid`);

    // Another tenant's endpoint receives the same event (one Stripe account): ignored, not retried.
    const other = await tenantWith('stripe-other');
    expect(await (await webhook(other, 'checkout.session.completed', session)).json()).toMatchObject({ received: true, ignored: 'another tenant' });

    // Refunded in the Stripe Dashboard: the car is available again.
    expect((await webhook(t, 'charge.refunded', fake.refundedCharge(session.payment_intent!))).status).toBe(200);
    expect(await reservedOf(t, sampleCar.id)).toEqual([]);
    expect(await intentRow(t, json.payment_id)).toMatchObject({ status: 'refunded', refund_reason: 'dealer' });
    expect((await confirm(t, json.payment_id, 'x')).status).toBe(404);
  });

  it('the return settles a paid session before the webhook arrives', async () => {
    const t = await tenantWith('stripe-return');
    const { json } = await reserve(t, reserveBody(), { env: stripeEnv });
    fake.pay(sessionFor(json.payment_id).id);
    const back = await call(`/api/payments/return?payment=${json.payment_id}&session_id=${sessionFor(json.payment_id).id}`, t, { env: stripeEnv });
    expect(back.headers.get('location')).toBe(`/checkout-journey?car_id=${SLUG}&payment=${json.payment_id}&status=paid`);
    expect(await reservedOf(t, sampleCar.id)).toEqual([sampleCar.id]);
    expect(await leadsOf(t)).toHaveLength(1);
  });

  it('answers 502 when Stripe is down, and the same form then works without a second payment; logs hold no personal data', async () => {
    const t = await tenantWith('stripe-down');
    const logs: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
    const body = reserveBody();
    fake.failNext(500);
    const down = await reserve(t, body, { env: stripeEnv });
    expect(down.res.status).toBe(502);
    expect(down.json.error).toBe(PAYMENT_START_FAILED_MESSAGE);
    const retry = await reserve(t, body, { env: stripeEnv });
    expect(retry.res.status).toBe(200);
    expect(retry.json.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = fake.pay(sessionFor(retry.json.payment_id).id);
    expect((await webhook(t, 'checkout.session.completed', session)).status).toBe(200);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) for (const secret of ['Sam', 'Lee', '0412345678', '412 345 678', 'example.com', 'sk_test']) expect(line).not.toContain(secret);
  });
});
