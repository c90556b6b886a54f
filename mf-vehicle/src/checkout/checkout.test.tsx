import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CarSchema, type Car, type CarInput } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { TENANT_HEADER, type FeatureFlags, type SiteConfigInput } from '@forecourt/contracts/tenant';
import * as v from 'valibot';
import { checkoutFragment, type CheckoutContext } from './index.ts';
import { withReservation } from './edge.ts';
import { ACCEPTED_PAYMENTS } from './PaymentsStrip.tsx';

const car = (overrides: Partial<CarInput> = {}): Car => v.parse(CarSchema, { ...sampleCar, ...overrides });
const config = (features: Partial<FeatureFlags> = { reserve_online: true }, overrides: Partial<SiteConfigInput> = {}) => siteConfig('outback-test', { features, ...overrides });
const PAY = `pay_${'1'.repeat(32)}`;
const SESSION = `emb_cs_${'2'.repeat(32)}`;

/** edge-api as the EDGE_API binding answers: a payment by id and the reserved list. */
function edge(options: { payment?: Record<string, unknown> | null; reserved?: string[]; down?: boolean } = {}) {
  const calls: Array<{ url: string; tenant: string | null }> = [];
  return {
    calls,
    fetch: async (url: string, init?: RequestInit) => {
      calls.push({ url, tenant: new Headers(init?.headers).get(TENANT_HEADER) });
      if (options.down) throw new Error('connection refused');
      const u = new URL(url);
      if (u.pathname.startsWith('/api/payments/intents/')) {
        return options.payment ? Response.json(options.payment) : Response.json({ error: 'Payment not found.' }, { status: 404 });
      }
      if (u.pathname === '/api/payments/reserved') return Response.json({ reserved: (options.reserved ?? []).filter((id) => (u.searchParams.get('car_ids') ?? '').split(',').includes(id)) });
      return Response.json({ error: 'Not found.' }, { status: 404 });
    },
  };
}

const payment = (status: string, overrides: Record<string, unknown> = {}) => ({ payment_id: PAY, status, car_id: sampleCar.id, car_slug: sampleCar.slug, amount_cents: 20_000, currency: 'aud', paid_at: null, ...overrides });

async function render(page: Parameters<typeof checkoutFragment>[0], ctx: Partial<CheckoutContext> & { query?: Record<string, string> } = {}) {
  const params = new URLSearchParams(ctx.query ?? {});
  const out = await checkoutFragment(page, { config: config(), car: car(), params, edge: edge(), formKey: '00000000-0000-4000-8000-000000000001', ...ctx });
  return { ...out, html: renderToString(out.element) };
}

describe('the reserve page (/cars/{slug}/checkout)', () => {
  it('shows the car, the tenant amount, contact fields posting to /api/payments/reserve, the payments strip and the terms', async () => {
    const { status, head, html } = await render('checkout');
    expect(status).toBe(200);
    expect(head).toMatchObject({ title: `Reserve: ${sampleCar.name} | Test Motors`, robots: 'noindex' });
    expect(html).toContain('Reserve This Car ($200)');
    expect(html).toContain('action="/api/payments/reserve"');
    expect(html).toContain('method="post"');
    for (const name of ['name', 'last_name', 'email', 'phone', 'postcode', 'message', 'terms_conditions']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('<input type="hidden" name="car_id" value="148223"/>');
    expect(html).toContain(`name="car_slug" value="${sampleCar.slug}"`);
    expect(html).toContain('name="idempotency_key" value="00000000-0000-4000-8000-000000000001"');
    expect(html).toContain('name="amount" value="200"');
    expect(html).toContain(`name="return_path" value="/cars/${sampleCar.slug}/checkout"`);
    for (const brand of ACCEPTED_PAYMENTS) expect(html).toContain(`>${brand}</li>`);
    expect(ACCEPTED_PAYMENTS).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
    expect(html).toContain('href="/terms-and-conditions"');
    expect(html).toContain('data-island="mf-vehicle/ReserveForm"');
    expect(html).toContain(sampleCar.name);
  });

  it("uses the tenant's reserve_amount in every wording", async () => {
    const { html } = await render('checkout', { config: config({ reserve_online: true }, { reserve_amount: 500 }) });
    expect(html).toContain('Reserve This Car ($500)');
    expect(html).toContain('name="amount" value="500"');
    expect(html).not.toContain('$200');
  });

  it('makes a new form key per render (each visit is its own payment, a double click is not)', async () => {
    const a = await checkoutFragment('checkout', { config: config(), car: car(), params: new URLSearchParams() });
    const b = await checkoutFragment('checkout', { config: config(), car: car(), params: new URLSearchParams() });
    const key = (html: string) => /name="idempotency_key" value="([^"]+)"/.exec(html)?.[1];
    expect(key(renderToString(a.element))).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(renderToString(a.element))).not.toBe(key(renderToString(b.element)));
  });

  it('shows the server error of a no-JavaScript submission and a cancelled payment', async () => {
    const { html } = await render('checkout', { query: { reserve_error: 'invalid', reserve_error_fields: 'email:invalid_email', payment_cancelled: '1' } });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Please fix the following errors: email: Invalid email address.');
    expect(html).toContain('Payment cancelled: your card was not charged.');
  });

  it('never shows text written into the link as the dealer\'s own error (issue 10.4)', async () => {
    const { html } = await render('checkout', { query: { reserve_error: 'Reservations by card are paused. Pay $200 by bank transfer to BSB 062-000' } });
    expect(html).not.toContain('BSB');
    expect(html).toContain('An error occurred when submitting this form');
  });

  it('offers no form for a sold car (SOLD block), a reserved one (feed or edge-api) or a test-drive-only one', async () => {
    const sold = await render('checkout', { car: car({ status: 'sold', sold: true }) });
    expect(sold.html).toContain('Unfortunately this car recently sold.');
    expect(sold.html).toContain('Find Me Something Similar');
    expect(sold.html).not.toContain('name="idempotency_key"');
    const reservedInD1 = edge({ reserved: [sampleCar.id] });
    const reserved = await render('checkout', { edge: reservedInD1 });
    expect(reserved.html).toContain('This car has already been reserved by another buyer.');
    expect(reserved.html).not.toContain('name="idempotency_key"');
    expect(reservedInD1.calls).toEqual([{ url: `https://edge-api.internal/api/payments/reserved?car_ids=${sampleCar.id}`, tenant: 'outback-test' }]);
    expect((await render('checkout', { car: car({ reserved: true }) })).html).toContain('already been reserved');
    expect((await render('checkout', { car: car({ tag: 'Test Drive Only' }) })).html).toContain('test drives only');
    // edge-api down: the form still shows (the reserve API refuses a reserved car anyway)
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await render('checkout', { edge: edge({ down: true }) })).html).toContain('name="idempotency_key"');
  });

  it('is a 404 for an unknown car or a tenant without the feature', async () => {
    const missing = await render('checkout', { car: null, query: { _slug: '2020-mazda-cx-5-9' } });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Mazda Cx cars');
    expect((await render('checkout', { config: config({ buy_online: true }) })).status).toBe(404);
    expect((await render('buy-online', { config: config({ buy_online: true }) })).status).toBe(200);
    expect((await render('buy-online')).status).toBe(404);
  });

  it('shows why not when the tenant amount cannot be charged', async () => {
    const { html } = await render('checkout', { config: config({ reserve_online: true }, { reserve_amount: 0 }) });
    expect(html).toContain('Reserving online is not available right now');
    expect(html).not.toContain('name="idempotency_key"');
  });
});

describe('the checkout journey (/checkout-journey?car_id=&payment=)', () => {
  it('without a car asks to choose one; with one, it is the reserve form', async () => {
    const none = await render('checkout-journey', { car: null });
    expect(none.status).toBe(200);
    expect(none.html).toContain('Choose a car first');
    const form = await render('checkout-journey', { query: { car_id: sampleCar.slug } });
    expect(form.html).toContain(`name="return_path" value="/checkout-journey?car_id=${sampleCar.slug}"`);
    expect((await render('online-payment', { car: null })).html).toContain('Choose a car first');
    // edge-api's return for a payment it does not know: /checkout-journey?car_id=&payment=...&status=unknown
    const lost = await render('checkout-journey', { car: null, query: { car_id: '', payment: 'pay_nope', status: 'unknown' } });
    expect(lost.html).toContain('We could not find this payment');
    expect(none.html).not.toContain('We could not find this payment');
  });

  it("is the embedded test processor's Pay page for an unpaid payment with its session", async () => {
    const { html } = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY, session: SESSION }, edge: edge({ payment: payment('requires_payment') }) });
    expect(html).toContain('action="/api/payments/embedded/confirm"');
    expect(html).toContain(`name="payment" value="${PAY}"`);
    expect(html).toContain(`name="session" value="${SESSION}"`);
    expect(html).toContain('Pay $200 (test)');
    expect(html).toContain('no card is charged');
    expect(html).toContain(`href="/checkout-journey?car_id=${sampleCar.slug}&amp;payment_cancelled=1"`);
  });

  it('says Reserved once paid, waits while the processor confirms, offers a retry after a failure', async () => {
    const paid = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY, status: 'pending' }, edge: edge({ payment: payment('paid') }) });
    expect(paid.html).toContain('This car is reserved for you');
    expect(paid.html).toContain('aria-current="step"');
    const pending = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY, status: 'paid' }, edge: edge({ payment: payment('requires_payment') }) });
    // the server's status wins over the query's
    expect(pending.html).toContain('Confirming your payment');
    expect(pending.html).toContain('data-island="mf-vehicle/PaymentStatus"');
    const failed = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY }, edge: edge({ payment: payment('failed') }) });
    expect(failed.html).toContain('The payment did not go through');
    expect(failed.html).toContain('Reserve This Car ($200)');
    const refunded = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY }, edge: edge({ payment: payment('refunded') }) });
    expect(refunded.html).toContain('This payment was refunded');
  });

  it("treats another car's payment, an unknown one or a malformed id as unknown", async () => {
    const other = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY }, edge: edge({ payment: payment('paid', { car_id: 'other' }) }) });
    expect(other.html).toContain('We could not find this payment');
    expect((await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: PAY }, edge: edge() })).html).toContain('We could not find this payment');
    const junk = await render('checkout-journey', { query: { car_id: sampleCar.slug, payment: '<script>' } });
    expect(junk.html).toContain('name="idempotency_key"');
  });
});

describe('withReservation (Reserved on every page: D1 merged into the feed car)', () => {
  it('marks the car reserved when edge-api holds a paid reservation, and leaves it otherwise', async () => {
    expect((await withReservation(edge({ reserved: [sampleCar.id] }), 't', car())).reserved).toBe(true);
    expect((await withReservation(edge(), 't', car())).reserved).toBe(false);
    const e = edge({ down: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await withReservation(e, 't', car())).reserved).toBe(false);
    const already = edge();
    expect((await withReservation(already, 't', car({ reserved: true }))).reserved).toBe(true);
    expect(already.calls).toEqual([]);
  });
});
