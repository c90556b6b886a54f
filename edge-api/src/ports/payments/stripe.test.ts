import type { Server } from 'node:http';
import { serveHandler } from '../../test/serve.ts';
import type { AddressInfo } from 'node:net';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../../scripts/migrations.mjs';
import { PaymentProcessorError } from './port.ts';
import { selectPayments } from './select.ts';
import { StripePayments, stripeForm } from './stripe.ts';
import { createFakeStripe } from './testing.ts';

const SECRET_KEY = 'sk_test_local_only';
const WEBHOOK_SECRET = 'whsec_local_only';
const fake = createFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

/** The fake Stripe on a real HTTP server on 127.0.0.1: the adapter goes through fetch and the network stack. */
const serve = (): Server => serveHandler(fake.handle);

describe('StripePayments against a local Stripe on 127.0.0.1 and a real local D1', () => {
  const server = serve();
  let mf: Miniflare;
  let db: D1Database;
  let apiBase = '';
  let n = 0;
  const tenant = () => `stripe-unit-${++n}`;
  const adapter = (opts: Partial<ConstructorParameters<typeof StripePayments>[0]> = {}) =>
    new StripePayments({ db, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase, timeoutMs: 2000, ...opts });
  const input = (t: string, key = crypto.randomUUID()) => ({
    tenant: t, idempotencyKey: key, amountCents: 20_000, carId: 'car-1', carSlug: '2021-toyota-corolla-1',
    description: 'Reserve: 2021 Toyota Corolla', origin: 'https://outback.example.com.au', returnPath: '/cars/2021-toyota-corolla-1/checkout',
    customerEmail: 'sam@example.com', leadRequest: { lead_id: crypto.randomUUID() },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null, { status: 204 }) } }', d1Databases: ['DB'], cf: false });
    db = await mf.getD1Database('DB');
    await applyMigrations(db, await readMigrations());
  });
  afterAll(async () => {
    await mf.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('opens a Checkout Session with Stripe’s documented form, Bearer key and Idempotency-Key', async () => {
    const t = tenant();
    const before = fake.requests.length;
    const intent = await adapter().createIntent(input(t));
    const [call] = fake.requests.slice(before);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call!.headers['idempotency-key']).toBe(`checkout:${intent.id}`);
    expect(Object.fromEntries(call!.form)).toEqual({
      mode: 'payment',
      client_reference_id: intent.id,
      success_url: `https://outback.example.com.au/api/payments/return?payment=${intent.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: 'https://outback.example.com.au/cars/2021-toyota-corolla-1/checkout?payment_cancelled=1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '20000',
      'line_items[0][price_data][product_data][name]': 'Reserve: 2021 Toyota Corolla',
      customer_email: 'sam@example.com',
      'metadata[tenant]': t, 'metadata[payment_id]': intent.id, 'metadata[car_id]': 'car-1',
      'payment_intent_data[metadata][tenant]': t, 'payment_intent_data[metadata][payment_id]': intent.id, 'payment_intent_data[metadata][car_id]': 'car-1',
    });
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === intent.id)!;
    expect(intent).toMatchObject({ tenant: t, status: 'requires_payment', provider: 'stripe', amountCents: 20_000, checkoutUrl: session.url, carSlug: '2021-toyota-corolla-1' });
  });

  it('never opens a second checkout for the same key: a retry answers the stored one, simultaneous ones share Stripe’s replay', async () => {
    const t = tenant();
    const same = input(t);
    const before = fake.sessions.size;
    const [a, b] = await Promise.all([adapter().createIntent(same), adapter().createIntent(same)]);
    const c = await adapter().createIntent(same);
    expect(a.id).toBe(b.id);
    expect(c).toEqual(a);
    expect(a.checkoutUrl).toBe(b.checkoutUrl);
    expect(fake.sessions.size - before).toBe(1);
    await expect(adapter().createIntent({ ...same, amountCents: 30_000 })).rejects.toThrow(/different amount or car/);
  });

  it('reports Stripe refusals and outages as PaymentProcessorError (retryable or not), and a retry then works', async () => {
    const t = tenant();
    const same = input(t);
    fake.failNext(500);
    const outage = await adapter().createIntent(same).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(PaymentProcessorError);
    expect(outage).toMatchObject({ status: 500, retryable: true });
    expect((outage as Error).message).toBe('Stripe POST /v1/checkout/sessions answered 500 (api_error)');
    const retried = await adapter().createIntent(same);
    expect(retried.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const refused = await adapter({ secretKey: 'sk_test_wrong' }).createIntent(input(t)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'PaymentProcessorError', status: 401, retryable: false });
    // the key never appears in the error
    expect(String((refused as Error).message)).not.toContain('sk_test');
    const down = await adapter({ apiBase: 'http://127.0.0.1:9' }).createIntent(input(t)).catch((e: unknown) => e);
    expect(down).toMatchObject({ name: 'PaymentProcessorError', status: null, retryable: true });
  });

  it('refresh asks Stripe for the session: unpaid stays, paid records the PaymentIntent, expired fails', async () => {
    const t = tenant();
    const stripe = adapter();
    const intent = await stripe.createIntent(input(t));
    const sessionId = [...fake.sessions.values()].find((s) => s.client_reference_id === intent.id)!.id;
    expect((await stripe.refresh(t, intent.id))?.status).toBe('requires_payment');
    const paid = fake.pay(sessionId);
    const after = await stripe.refresh(t, intent.id);
    expect(after).toMatchObject({ status: 'paid', checkoutUrl: null });
    expect(after!.paidAt).toBeTypeOf('number');
    const row = await db.prepare('SELECT payment_ref FROM payment_intents WHERE tenant = ? AND id = ?').bind(t, intent.id).first<{ payment_ref: string }>();
    expect(row!.payment_ref).toBe(paid.payment_intent);

    const other = await stripe.createIntent(input(t));
    fake.expire([...fake.sessions.values()].find((s) => s.client_reference_id === other.id)!.id);
    expect((await stripe.refresh(t, other.id))?.status).toBe('failed');
    expect(await stripe.refresh(tenant(), intent.id)).toBeNull();
  });

  it('applies checkout.session.completed only with a valid Stripe-Signature, once, for its own tenant', async () => {
    const t = tenant();
    const stripe = adapter();
    const intent = await stripe.createIntent(input(t));
    const session = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === intent.id)!.id);
    const forged = await fake.webhook('checkout.session.completed', session, { secret: 'whsec_attacker' });
    expect(await stripe.handleWebhook(t, forged.payload, forged.signature)).toEqual({ outcome: 'invalid-signature', reason: 'mismatch' });
    const stale = await fake.webhook('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(await stripe.handleWebhook(t, stale.payload, stale.signature)).toEqual({ outcome: 'invalid-signature', reason: 'too-old' });
    expect((await stripe.getIntent(t, intent.id))?.status).toBe('requires_payment');

    const event = await fake.webhook('checkout.session.completed', session);
    expect(await stripe.handleWebhook('someone-else', event.payload, event.signature)).toMatchObject({ outcome: 'ignored', reason: 'another tenant' });
    const first = await stripe.handleWebhook(t, event.payload, event.signature);
    expect(first).toMatchObject({ outcome: 'applied', type: 'checkout.session.completed', settlement: { changed: true, intent: { status: 'paid' } } });
    const again = await stripe.handleWebhook(t, event.payload, event.signature);
    expect(again).toMatchObject({ outcome: 'applied', settlement: { changed: false, intent: { status: 'paid' } } });
    const unknown = await fake.webhook('customer.created', { id: 'cus_1' });
    expect(await stripe.handleWebhook(t, unknown.payload, unknown.signature)).toMatchObject({ outcome: 'ignored', type: 'customer.created' });
    const garbage = await fake.webhook('checkout.session.completed', { id: 'nope' });
    expect(await stripe.handleWebhook(t, garbage.payload, garbage.signature)).toEqual({ outcome: 'invalid-event' });
  });

  it('refunds through POST /v1/refunds once, and records a Dashboard refund from charge.refunded', async () => {
    const t = tenant();
    const stripe = adapter();
    const a = await stripe.createIntent(input(t));
    const paidA = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === a.id)!.id);
    await stripe.refresh(t, a.id);
    const before = fake.requests.length;
    const refunded = await stripe.refund(t, a.id, { reason: 'already_reserved' });
    expect(refunded).toMatchObject({ status: 'refunded' });
    const [call] = fake.requests.slice(before);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(call!.headers['idempotency-key']).toBe(`refund:${a.id}`);
    expect(call!.form.get('payment_intent')).toBe(paidA.payment_intent);
    expect(call!.form.get('metadata[reason]')).toBe('already_reserved');
    expect(await stripe.refund(t, a.id, { reason: 'again' })).toMatchObject({ status: 'refunded' });
    expect(fake.requests.length - before).toBe(1);
    const row = await db.prepare('SELECT refund_ref, refund_reason FROM payment_intents WHERE tenant = ? AND id = ?').bind(t, a.id).first();
    expect(row).toMatchObject({ refund_ref: expect.stringMatching(/^re_/), refund_reason: 'already_reserved' });

    const b = await stripe.createIntent(input(t));
    const paidB = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === b.id)!.id);
    await stripe.refresh(t, b.id);
    const partial = await fake.webhook('charge.refunded', fake.refundedCharge(paidB.payment_intent!, false));
    expect(await stripe.handleWebhook(t, partial.payload, partial.signature)).toMatchObject({ outcome: 'ignored', reason: 'partial refund' });
    const full = await fake.webhook('charge.refunded', fake.refundedCharge(paidB.payment_intent!));
    expect(await stripe.handleWebhook(t, full.payload, full.signature)).toMatchObject({ outcome: 'applied', settlement: { changed: true, intent: { status: 'refunded' } } });
    await expect(stripe.refund(t, (await stripe.createIntent(input(t))).id, { reason: 'x' })).rejects.toThrow(/only a paid payment/);
  });
});

describe('stripeForm and selectPayments', () => {
  it("encodes nested params Stripe's way", () => {
    expect(stripeForm({ a: { b: [{ c: 1 }, { c: 2 }] }, d: 'x y', e: undefined }).toString()).toBe('a%5Bb%5D%5B0%5D%5Bc%5D=1&a%5Bb%5D%5B1%5D%5Bc%5D=2&d=x+y');
  });

  it('picks embedded by default and Stripe with the secrets the tenant names, failing by name when one is unset', () => {
    const db = {} as D1Database;
    expect(selectPayments({ DB: db }).provider).toBe('embedded');
    expect(selectPayments({ DB: db, PAYMENTS_ADAPTER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }).provider).toBe('stripe');
    expect(() => selectPayments({ DB: db, PAYMENTS_ADAPTER: 'stripe' })).toThrow('The secret STRIPE_SECRET_KEY is not set (wrangler secret put STRIPE_SECRET_KEY).');
    const env = { DB: db, PAYMENTS_ADAPTER: 'stripe', STRIPE_TENANTS: '{"acme":{"secret_key":"STRIPE_KEY_ACME"}}', STRIPE_KEY_ACME: 'sk_test_acme' };
    expect(selectPayments(env, 'acme').provider).toBe('stripe');
    expect(() => selectPayments(env, 'other')).toThrow(/STRIPE_SECRET_KEY is not set/);
    expect(() => selectPayments({ ...env, STRIPE_TENANTS: '{"acme":{"secret_key":"sk_live_inline"}}' }, 'acme')).toThrow(/STRIPE_TENANTS is invalid/);
    expect(() => selectPayments({ DB: db, PAYMENTS_ADAPTER: 'paypal' })).toThrow(/PAYMENTS_ADAPTER="paypal"/);
  });
});
