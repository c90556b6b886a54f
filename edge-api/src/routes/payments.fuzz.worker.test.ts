/**
 * Fuzz test of the payments routes: malformed bodies, forms, queries, signatures and tenants never get a 5xx, every
 * error is JSON with an `error` text, every redirect has a Location. Seeded, so a failure replays the same requests.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import type { AppEnv } from '../types.ts';
import { MAX_BODY_BYTES, jsonError, notFound, onError } from '../lib/http.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { fuzzer } from '../test/fuzz.ts';
import { createFakeStripe } from '../ports/payments/testing.ts';
import { putTenant, uniqueTenant } from '../test/fixtures.ts';
import { createPaymentsRoutes } from './payments.ts';

const STRIPE = { PAYMENTS_ADAPTER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_fuzz' };
const fake = createFakeStripe({ secretKey: STRIPE.STRIPE_SECRET_KEY, webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET });

// As index.ts serves /api/*: body limit, tenant, JSON errors.
const app = new Hono<AppEnv>();
app.use('/api/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => jsonError(c, 413, 'Request body too large.') }));
app.use('/api/*', tenantMiddleware);
app.route('/api', createPaymentsRoutes({ fetch: fake.fetch }));
app.notFound(notFound);
app.onError(onError);

const SEED = 20261123;
const { random, pick, int, randomValue, mutate } = fuzzer(SEED, {
  nasty: ['', ' ', 'x'.repeat(70_000), 'y'.repeat(3_000), '\u0000', '\ud800', '<script>alert(1)</script>', "'; DROP TABLE payment_intents; --", '//evil.example',
  '/\\evil', 'https://evil.example/', '0412345678', 'not-a-uuid', crypto.randomUUID(), '1e999', '__proto__', `pay_${'a'.repeat(32)}`, `emb_cs_${'b'.repeat(32)}`, 'on',],
  numbers: [0, -1, 0.001, 199.999, 200, 1e308, -1e308, Number.MAX_SAFE_INTEGER],
  longString: 600,
  keys: ['a', 'name', 'car_id', '__proto__', 'constructor'],
  addedKeys: ['extra', '__proto__', 'constructor', 'tenant', 'status'],
  maxItems: 4,
  nested: false,
});

const validReserve = () => ({
  car_id: `car-${int(50)}`, car_slug: 'a-car-1', idempotency_key: crypto.randomUUID(), amount: 200, name: 'Sam', email: 'sam@example.com',
  phone: `04${String(10000000 + int(89999999))}`, terms_conditions: true, return_path: '/cars/a-car-1/checkout',
});


const RAW = ['', '{', '[', 'null', 'true', '0', '"text"', '[]', '{"a":', 'NaN', '{"__proto__":{"polluted":1}}', '['.repeat(5000) + ']'.repeat(5000), 'car_id=x&idempotency_key=y', '<xml/>'];
const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', '', 'multipart/form-data; boundary=x'];

/** encodeURIComponent, but a lone surrogate becomes raw invalid UTF-8 escapes (sent as they are: more fuzz). */
const enc = (value: unknown) => {
  const text = String(value ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80%';
  }
};

type Outcome = { what: string; status: number; ok: boolean; note: string };

async function send(what: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string>; tenant?: string | null; stripe?: boolean }): Promise<Outcome> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.tenant !== null && init.tenant !== undefined) headers[TENANT_HEADER] = init.tenant;
  const ctx = createExecutionContext();
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const res = await app.request(`https://fuzz.example.com.au${path}`, { method, headers, ...(init.body !== undefined && method !== 'GET' ? { body: init.body } : {}) }, init.stripe ? { ...env, ...STRIPE } : env, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  let ok = res.status < 500;
  let note = text.slice(0, 200);
  if (res.status >= 400) {
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error !== 'string' || !parsed.error.trim()) [ok, note] = [false, 'error text missing'];
    } catch {
      [ok, note] = [false, 'error not JSON'];
    }
  } else if (res.status >= 300) {
    const location = res.headers.get('location');
    // Redirects stay on the site (a path) or go to the processor's page.
    if (!location || !(location.startsWith('/') && !location.startsWith('//')) && !location.startsWith('https://fuzz.example.com.au/') && !location.startsWith('https://checkout.stripe.com/')) [ok, note] = [false, `bad location ${location}`];
  }
  return { what, status: res.status, ok, note };
}

describe('fuzz: the payments routes never answer a 5xx to malformed input', () => {
  let tenant = '';
  beforeAll(async () => {
    tenant = uniqueTenant('pay-fuzz');
    await putTenant(tenant, siteConfigInput(tenant, { features: { reserve_online: true } }));
  });

  it('answers 2,500 malformed requests across every payments route without a 5xx', { timeout: 90_000 }, async () => {
    const quiet = (['log', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    const outcomes: Outcome[] = [];
    const statuses = new Map<number, number>();
    try {
      for (let i = 0; i < 2500; i++) {
        const stripe = random() < 0.3;
        const r = random();
        let o: Outcome;
        if (r < 0.3) o = await send('reserve json', '/api/payments/reserve', { body: JSON.stringify(mutate(validReserve())), headers: { 'content-type': 'application/json' }, tenant, stripe });
        else if (r < 0.4) {
          const form = new URLSearchParams();
          const base = validReserve() as Record<string, unknown>;
          for (const [k, val] of Object.entries(base)) if (random() < 0.8) form.append(k, String(random() < 0.7 ? val : randomValue() ?? ''));
          for (let k = 0, n = int(4); k < n; k++) form.append(pick(['amount', 'terms_conditions', 'return_path', 'url', 'x', 'car_id']), String(randomValue() ?? ''));
          o = await send('reserve form', '/api/payments/reserve', { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, tenant, stripe });
        } else if (r < 0.48) o = await send('raw', pick(['/api/payments/reserve', '/api/payments/embedded/confirm', '/api/payments/webhook']), { body: pick(RAW), headers: { 'content-type': pick(CONTENT_TYPES) }, tenant, stripe });
        else if (r < 0.58) o = await send('confirm', '/api/payments/embedded/confirm', { body: JSON.stringify({ payment: randomValue(), session: randomValue() }), headers: { 'content-type': 'application/json' }, tenant, stripe });
        else if (r < 0.68) {
          const payload = JSON.stringify(random() < 0.5 ? { id: 'evt_1', object: 'event', type: pick(['checkout.session.completed', 'charge.refunded', 'x']), data: { object: randomValue() } } : randomValue());
          const header = pick([undefined, '', 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`, 'garbage', 'x'.repeat(5000)]);
          o = await send('webhook', '/api/payments/webhook', { body: payload, headers: { 'content-type': 'application/json', ...(header !== undefined ? { 'stripe-signature': header } : {}) }, tenant, stripe: stripe || random() < 0.7 });
        } else if (r < 0.76) o = await send('return', `/api/payments/return?payment=${enc(randomValue())}`, { tenant, stripe });
        else if (r < 0.84) o = await send('intent', `/api/payments/intents/${enc(randomValue()) || 'x'}`, { tenant, stripe });
        else if (r < 0.92) o = await send('reserved', `/api/payments/reserved?car_ids=${enc(randomValue())}${random() < 0.3 ? '&car_ids=a' : ''}`, { tenant, stripe });
        else if (r < 0.96) o = await send('tenant', pick(['/api/payments/reserve', '/api/payments/reserved?car_ids=a']), { body: JSON.stringify(validReserve()), headers: { 'content-type': 'application/json' }, tenant: pick([null, 'ghost-tenant', 'Not A Slug!', '']) });
        else o = await send('method', pick(['/api/payments/reserve', '/api/payments/webhook', '/api/payments/reserved']), { method: pick(['PUT', 'DELETE', 'PATCH']), body: '{}', headers: { 'content-type': 'application/json' }, tenant });
        outcomes.push(o);
        statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
      }
    } finally {
      quiet.forEach((s) => s.mockRestore());
    }
    console.log(`payments fuzz seed ${SEED}: ${outcomes.length} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(outcomes.filter((o) => !o.ok).slice(0, 10)).toEqual([]);
    // Past validation too: some reservations were created.
    expect((statuses.get(201) ?? 0) + (statuses.get(303) ?? 0)).toBeGreaterThan(0);
  });
});
