import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import app from '../index.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import { eventsOf, leadsOf, outboxOf } from '../leads/test-helpers.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { QuickQuoteError, type YouxPort } from '../ports/youx/port.ts';
import type { AppEnv } from '../types.ts';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { FINANCE_CATEGORY_MESSAGE, NOT_SIGNED_IN_MESSAGE, OTHER_PHONE_MESSAGE, YOUX_CUSTOMER_RATE_LIMIT, createYouxApiRoutes } from './youx.ts';

const PATH = '/api/youx/create-customer';
type Handler = { request: typeof app.request };
type Req = { body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string>; bindings?: object; url?: string; handler?: Handler };

/** A request as the shell passes it on (the shopper's URL kept), waiting for background work (the outbox fast path). */
async function call(tenant: string, path: string, req: Req = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = tenantHeaders(tenant, { 'content-type': 'application/json', ...req.headers, ...(req.cookie ? { cookie: req.cookie } : {}) });
  const body = req.raw ?? JSON.stringify(req.body);
  const res = await (req.handler ?? app).request(`${req.url ?? `https://${tenant}.example.com.au`}${path}`, { method: 'POST', headers, body }, req.bindings ?? env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A mobile number of its own per sign-in: the platform spaces codes to one phone across all sites. */
const newPhone = () => `0412${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')}`;

/** A real session of a phone on a tenant, made through the sign-in endpoints. */
async function signIn(tenant: string, phone: string): Promise<string> {
  expect((await call(tenant, '/api/auth/otp', { body: { phone } })).status).toBe(200);
  const [sms] = await listSentSms(env.DB, tenant, phone);
  const verified = await call(tenant, '/api/auth/verify', { body: { phone, token: sms!.body.slice(0, 6), type: 'sms' } });
  expect(verified.status).toBe(200);
  return verified.headers.getAll('set-cookie').find((c) => c.startsWith('__Host-fc_session='))!.split(';')[0]!;
}

/** A signed-in shopper of a fresh tenant. */
async function shopper(prefix: string): Promise<{ tenant: string; phone: string; cookie: string }> {
  const tenant = uniqueTenant(prefix);
  await putTenant(tenant, siteConfigInput(tenant, { features: { finance_preapproval: true } } as never));
  const phone = newPhone();
  return { tenant, phone, cookie: await signIn(tenant, phone) };
}

/** The finance application's final submit as mf-finance's form sends it (phones as the shopper typed them). */
function application(phone: string, overrides: { data?: Record<string, unknown>; payload?: Record<string, unknown>; lead_id?: string | null } = {}) {
  const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
  return {
    data: {
      nvic: null, vin: 'JTNB23HK803012345', selfAssessedCreditScore: 'GREAT', purchasePrice: 31990, year: 2021, loanTerm: 5,
      phoneNumber: spaced, firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com', subscribe: false, postCode: '4000',
      ...overrides.data,
    },
    additionalData: {
      payload: { category: 'Finance Enquiry', name: 'Jane', last_name: 'Citizen', email: 'Jane@Example.com', phone: `+61 ${phone.slice(1)}`, car_id: 'car-1', car_type: 'used', ...overrides.payload },
      userData: { url: 'https://t.example.com.au/cars/2021-toyota-corolla/finance', user_agent: 'vitest' },
    },
    ...(overrides.lead_id === null ? {} : { lead_id: overrides.lead_id ?? crypto.randomUUID() }),
  };
}

const customersOf = (tenant: string) =>
  env.DB.prepare('SELECT id, provider, data, lead FROM finance_customers WHERE tenant = ? ORDER BY rowid').bind(tenant).all<{ id: string; provider: string; data: string; lead: string | null }>().then((r) => r.results);

/** edge-api's route with another YouX port (the tenant middleware as index.ts mounts it). */
const withPort = (port: YouxPort): Handler => new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createYouxApiRoutes({ port: () => port }));

/** The lead id edge-api derived for the application sent without one (the second lead). */
const anonymousId = (leads: Array<{ id: string }>) => leads[1]!.id;

describe('POST /api/youx/create-customer (spec §7: the finance application, lead and YouX customer in parallel)', () => {
  it('is a 404 on a site without the instant pre-approval, signed in or not: nothing recorded', async () => {
    const tenant = uniqueTenant('youx-cc-off');
    await putTenant(tenant);
    const phone = newPhone();
    const cookie = await signIn(tenant, phone);
    const res = await call(tenant, PATH, { body: application(phone), cookie });
    expect(res.status).toBe(404);
    expect(await customersOf(tenant)).toEqual([]);
  });

  it('creates the customer and records the Finance Enquiry lead once (outbox, event 9): 200 { redirectUrl }', async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc');
    const body = application(phone, { payload: { category: undefined } });
    const res = await call(tenant, PATH, { body, cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };

    // The embedded adapter: the customer in D1, the shopper sent to the site's own success page.
    const customers = await customersOf(tenant);
    expect(customers).toHaveLength(1);
    expect(redirectUrl).toBe(`https://${tenant}.example.com.au/success?finance_application=${customers[0]!.id}`);
    expect(JSON.parse(customers[0]!.data)).toMatchObject({ firstName: 'Jane', postCode: '4000', loanTerm: 5 });
    expect(JSON.parse(customers[0]!.lead!)).toMatchObject({ payload: { category: 'Finance Enquiry', phone } });

    // The lead: a Finance Enquiry (the form named no category), the session's phone, the postcode from the customer.
    const leads = await leadsOf(tenant);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ id: body.lead_id, category: 'Finance Enquiry', contact_phone: phone, contact_email: 'jane@example.com', car_id: 'car-1', event_id: 9, flagged: 0 });
    expect(JSON.parse(leads[0]!.payload).payload).toMatchObject({ category: 'Finance Enquiry', phone, postcode: '4000' });
    expect(await outboxOf(tenant)).toEqual([{ lead_id: body.lead_id, target: 'crm', state: 'delivered' }]);
    // (Events 36 and 37 are the sign-in's.)
    const events = (await eventsOf(tenant)).filter((e) => e.event_id !== 36 && e.event_id !== 37);
    expect(events).toEqual([{ event_id: ANALYTICS_EVENTS.FINANCE_ENQUIRY, page: '/cars/2021-toyota-corolla/finance', car_id: 'car-1', meta: JSON.stringify({ lead_id: body.lead_id, category: 'Finance Enquiry' }) }]);
  });

  it('a retried submit with the same lead_id (or an identical one without) records one lead and one event 9', async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-retry');
    const body = application(phone);
    expect((await call(tenant, PATH, { body, cookie })).status).toBe(200);
    expect((await call(tenant, PATH, { body, cookie })).status).toBe(200);
    // Another form (another lead_id) is another lead; the same body without a lead_id twice is one more.
    const anonymous = application(phone, { lead_id: null, payload: { car_id: 'car-2' } });
    expect((await call(tenant, PATH, { body: anonymous, cookie })).status).toBe(200);
    expect((await call(tenant, PATH, { body: anonymous, cookie })).status).toBe(200);
    const leads = await leadsOf(tenant);
    expect(leads.map((l) => l.car_id)).toEqual(['car-1', 'car-2']);
    expect(leads[0]!.id).toBe(body.lead_id);
    expect((await outboxOf(tenant)).map((o) => o.lead_id)).toEqual(leads.map((l) => l.id));
    expect((await eventsOf(tenant)).map((e) => e.event_id).filter((id) => id !== 36 && id !== 37)).toEqual([9, 9]);
    // YouX is asked every time (a retry follows a failure there); the local stand-in, like YouX's idempotency key,
    // keeps one customer per application (lead id).
    expect((await customersOf(tenant)).map((c) => c.id)).toEqual([body.lead_id, anonymousId(leads)]);
  });

  it("401 'Not signed in.' without a session, and for a session of another tenant (nothing recorded anywhere)", async () => {
    const a = await shopper('youx-cc-a');
    const b = uniqueTenant('youx-cc-b');
    await putTenant(b, siteConfigInput(b, { features: { finance_preapproval: true } } as never));
    const body = application(a.phone);
    for (const [tenant, cookie] of [[a.tenant, undefined], [a.tenant, `__Host-fc_session=${'a'.repeat(43)}`], [b, a.cookie]] as const) {
      const res = await call(tenant, PATH, { body, ...(cookie ? { cookie } : {}) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
    for (const tenant of [a.tenant, b]) {
      expect(await leadsOf(tenant)).toEqual([]);
      expect(await customersOf(tenant)).toEqual([]);
    }
    // The same session on its own tenant works.
    expect((await call(a.tenant, PATH, { body, cookie: a.cookie })).status).toBe(200);
  });

  it('403 when the customer or the lead names another phone than the signed-in one', async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-403');
    const other = phone === '0412000001' ? '0412000002' : '0412000001';
    for (const body of [application(phone, { data: { phoneNumber: other } }), application(phone, { payload: { phone: other } })]) {
      const res = await call(tenant, PATH, { body, cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: OTHER_PHONE_MESSAGE });
    }
    expect(await leadsOf(tenant)).toEqual([]);
    expect(await customersOf(tenant)).toEqual([]);
  });

  it('400 for a body outside the contract (naming the field, never quoting it), 415 for a body that is not JSON', async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-400');
    const ok = application(phone);
    const cases: Array<[unknown, RegExp | string]> = [
      [{ additionalData: ok.additionalData }, /^Invalid request: data: /],
      [{ ...ok, data: { ...ok.data, loanTerm: 9 } }, /^Invalid request: data\.loanTerm: /],
      [{ ...ok, data: { ...ok.data, email: 'not-an-email' } }, 'Invalid request: data.email: Invalid email address.'],
      [{ ...ok, lead_id: 'lead-1' }, 'Invalid request: lead_id: lead_id must be a UUID.'],
      [{ data: ok.data }, /^Invalid request: additionalData: /],
      [application(phone, { data: { phoneNumber: '12' } }), 'Invalid request: data.phoneNumber: Invalid phone number.'],
      [application(phone, { payload: { category: 'General Enquiry' } }), FINANCE_CATEGORY_MESSAGE],
      [application(phone, { payload: { phone: '12345' } }), 'Invalid request: additionalData.payload.phone: Invalid phone number.'],
      [{ ...ok, additionalData: { ...ok.additionalData, userData: { user_agent: 'vitest' } } }, /^Invalid request: additionalData\.userData\.url: /],
    ];
    for (const [body, error] of cases) {
      const res = await call(tenant, PATH, { body, cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string };
      if (typeof error === 'string') expect(answer.error).toBe(error);
      else expect(answer.error).toMatch(error);
      expect(answer.error).not.toMatch(/not-an-email|lead-1/);
    }
    expect((await call(tenant, PATH, { raw: '{"data":', cookie })).status).toBe(400);
    expect((await call(tenant, PATH, { raw: 'data=1', cookie, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect(await leadsOf(tenant)).toEqual([]);
    expect(await customersOf(tenant)).toEqual([]);
  });

  it("502 'Failed to create YouX customer' when YouX fails or gives no redirect URL: the lead is in the outbox all the same", async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-502');
    const failing: YouxPort = {
      quickQuote: () => Promise.reject(new Error('unused')),
      createCustomer: () => Promise.reject(new QuickQuoteError('answered 500', 'Failed to create YouX customer')),
    };
    const noUrl: YouxPort = { ...failing, createCustomer: async () => ({ redirectUrl: 'not a url' }) };
    // The http adapter with nothing listening (port 9 of 127.0.0.1), through edge-api itself.
    const unreachable = { ...env, YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: 'http://127.0.0.1:9/quote', YOUX_CUSTOMER_URL: 'http://127.0.0.1:9/customers', YOUX_API_KEY: 'k' };
    const ids: string[] = [];
    // Each about another car: three applications for one car within 10 minutes would merge into the first lead.
    for (const [i, req] of [{ handler: withPort(failing) }, { handler: withPort(noUrl) }, { bindings: unreachable }].entries()) {
      const body = application(phone, { payload: { car_id: `car-${i}` } });
      ids.push(body.lead_id!);
      const res = await call(tenant, PATH, { body, cookie, ...req });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'Failed to create YouX customer' });
    }
    expect((await leadsOf(tenant)).map((l) => [l.id, l.category, l.event_id])).toEqual(ids.map((id) => [id, 'Finance Enquiry', 9]));
    expect((await outboxOf(tenant)).map((o) => o.lead_id)).toEqual(ids);
    expect(await customersOf(tenant)).toEqual([]);
  });

  it("503 'Lead submission failed' when the lead cannot be stored, whatever YouX answered", async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-503');
    // D1 refuses the lead's batch (the session read and the customer's insert still work).
    const DB = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'batch') return () => Promise.reject(new Error('D1_ERROR: storage unavailable'));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const res = await call(tenant, PATH, { body: application(phone), cookie, bindings: { ...env, DB } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Lead submission failed' });
    expect(await leadsOf(tenant)).toEqual([]);
    expect(await outboxOf(tenant)).toEqual([]);
  });

  it('429 with Retry-After past 5 applications per address in 10 minutes; malformed requests use nothing up', async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-429');
    const headers = { [CLIENT_IP_HEADER]: '203.0.113.77' };
    for (let i = 0; i < 3; i++) expect((await call(tenant, PATH, { body: { data: {} }, cookie, headers })).status).toBe(400);
    expect((await call(tenant, PATH, { body: application(phone), headers })).status).toBe(401);
    for (let i = 0; i < YOUX_CUSTOMER_RATE_LIMIT.limit; i++) expect((await call(tenant, PATH, { body: application(phone), cookie, headers })).status).toBe(200);
    const limited = await call(tenant, PATH, { body: application(phone), cookie, headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: 'Too many submissions. Please try again later.' });
    expect(await leadsOf(tenant)).toHaveLength(YOUX_CUSTOMER_RATE_LIMIT.limit);
    // Another address is not held back.
    expect((await call(tenant, PATH, { body: application(phone), cookie, headers: { [CLIENT_IP_HEADER]: '203.0.113.78' } })).status).toBe(200);
  });

  it("called by mf-finance over the binding: the redirect goes to the shopper's forwarded Origin when the tenant owns it, else the tenant's host", async () => {
    const { tenant, phone, cookie } = await shopper('youx-cc-internal');
    const internal = 'https://edge-api.internal';
    const first = await call(tenant, PATH, { body: application(phone), cookie, url: internal, headers: { origin: `http://${tenant}.localhost:8787` } });
    expect(new URL(((await first.json()) as { redirectUrl: string }).redirectUrl).origin).toBe(`http://${tenant}.localhost:8787`);
    const foreign = await call(tenant, PATH, { body: application(phone), cookie, url: internal, headers: { origin: 'https://evil.example' } });
    expect(new URL(((await foreign.json()) as { redirectUrl: string }).redirectUrl).origin).toBe(`https://${tenant}.example.com.au`);
  });
});
