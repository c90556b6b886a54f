/**
 * Stripe Checkout adapter (PAYMENTS_ADAPTER=stripe), on Stripe's documented wire format: form-encoded POSTs with
 * `Authorization: Bearer <secret key>` and an `Idempotency-Key`, JSON answers, signed webhooks (stripe-signature.ts).
 *   POST /v1/checkout/sessions      open the hosted checkout of an intent (Idempotency-Key `checkout:<payment id>`)
 *   GET  /v1/checkout/sessions/:id  the shopper came back: is it paid yet?
 *   POST /v1/refunds                give the money back (Idempotency-Key `refund:<payment id>`)
 * Webhook events: checkout.session.completed / async_payment_succeeded (paid), async_payment_failed / expired
 * (failed), charge.refunded (refunded in the Stripe Dashboard).
 */
import * as v from 'valibot';
import { PaymentProcessorError, type CreatePaymentIntent, type PaymentIntent, type PaymentsPort, type RefundOptions, type Settlement } from './port.ts';
import { verifyStripeSignature, type SignatureCheck } from './stripe-signature.ts';
import { findIntent, findIntentByPaymentRef, findIntentByProviderRef, insertIntent, markFailed, markPaid, markRefunded, setCheckout, toIntent, type IntentRow } from './store.ts';

export const STRIPE_API_BASE = 'https://api.stripe.com';
export const STRIPE_TIMEOUT_MS = 10_000;

export type StripePaymentsOptions = {
  db: D1Database;
  /** Secret API key (`sk_live_...`/`sk_test_...`), from a Worker secret. */
  secretKey: string;
  /** Webhook signing secret (`whsec_...`), from a Worker secret; needed only by `handleWebhook`. */
  webhookSecret?: string;
  /** Stripe's API origin; a local server in tests. */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

const Ref = v.union([v.string(), v.object({ id: v.string() })]);
const refId = (ref: v.InferOutput<typeof Ref> | null | undefined) => (ref == null ? null : typeof ref === 'string' ? ref : ref.id);

/** The fields of a Checkout Session object this adapter reads (Stripe sends many more). */
export const StripeSessionSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('cs_')),
  object: v.literal('checkout.session'),
  url: v.nullish(v.string()),
  status: v.nullish(v.picklist(['open', 'complete', 'expired'])),
  payment_status: v.picklist(['paid', 'unpaid', 'no_payment_required']),
  payment_intent: v.nullish(Ref),
  amount_total: v.nullish(v.number()),
  currency: v.nullish(v.string()),
  client_reference_id: v.nullish(v.string()),
  metadata: v.nullish(v.record(v.string(), v.string())),
});
export type StripeSession = v.InferOutput<typeof StripeSessionSchema>;

const StripeRefundSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('re_')),
  object: v.literal('refund'),
  status: v.nullish(v.string()),
  amount: v.number(),
});

const StripeChargeSchema = v.object({
  id: v.string(),
  object: v.literal('charge'),
  payment_intent: v.nullish(Ref),
  refunded: v.boolean(),
  refunds: v.nullish(v.object({ data: v.array(v.object({ id: v.string() })) })),
});

const StripeEventSchema = v.object({
  id: v.string(),
  object: v.literal('event'),
  type: v.string(),
  data: v.object({ object: v.record(v.string(), v.unknown()) }),
});

/** Stripe's nested form encoding: `{ a: { b: [ { c: 1 } ] } }` -> `a[b][0][c]=1` (its API takes no JSON bodies). */
export function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, item] of Object.entries(value)) add(`${key}[${k}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

export type WebhookOutcome =
  | { outcome: 'invalid-signature'; reason: Exclude<SignatureCheck, { ok: true }>['reason'] }
  | { outcome: 'invalid-event' }
  | { outcome: 'ignored'; type: string; reason: string }
  | { outcome: 'applied'; type: string; settlement: Settlement };

export class StripePayments implements PaymentsPort {
  readonly provider = 'stripe' as const;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: StripePaymentsOptions) {
    if (!options.secretKey) throw new Error('The Stripe secret key is empty.');
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  /** One call to Stripe's API; a refusal or outage is a PaymentProcessorError naming Stripe's error type and code only. */
  private async call<T extends v.GenericSchema>(method: 'GET' | 'POST', path: string, schema: T, form?: URLSearchParams, idempotencyKey?: string): Promise<v.InferOutput<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.secretKey}`, accept: 'application/json' };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await this.fetch(`${this.apiBase}${path}`, { method, headers, body: form?.toString(), redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new PaymentProcessorError(`Stripe ${method} ${path.split('?')[0]} unreachable (${err instanceof Error ? err.name : 'error'})`, null, true);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // a proxy's HTML error page: reported by status below
    }
    if (!res.ok) {
      const error = (body as { error?: { type?: unknown; code?: unknown } } | null)?.error;
      const kind = [error?.type, error?.code].filter((x) => typeof x === 'string').join('/') || 'no error body';
      throw new PaymentProcessorError(`Stripe ${method} ${path.split('?')[0]} answered ${res.status} (${kind})`, res.status, res.status >= 500 || res.status === 429 || res.status === 409);
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new PaymentProcessorError(`Stripe ${method} ${path.split('?')[0]} answered an unexpected body`, res.status, false);
    return parsed.output;
  }

  async createIntent(input: CreatePaymentIntent): Promise<PaymentIntent> {
    const now = this.now();
    const row = await insertIntent(this.options.db, this.provider, input, now);
    if (row.status !== 'requires_payment' || row.provider_ref) return toIntent(row);
    const origin = (input.origin ?? 'http://localhost').replace(/\/+$/, '');
    const back = row.return_path ?? '/';
    const metadata = { tenant: row.tenant, payment_id: row.id, car_id: row.car_id ?? '' };
    const form = stripeForm({
      mode: 'payment',
      client_reference_id: row.id,
      // {CHECKOUT_SESSION_ID} is Stripe's template: it puts the session id there when it redirects.
      success_url: `${origin}/api/payments/return?payment=${row.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${back}${back.includes('?') ? '&' : '?'}payment_cancelled=1`,
      line_items: [{ quantity: 1, price_data: { currency: 'aud', unit_amount: row.amount_cents, product_data: { name: row.description } } }],
      customer_email: input.customerEmail ?? undefined,
      metadata,
      payment_intent_data: { metadata },
    });
    // The same payment id always sends the same parameters under the same key: Stripe answers the same session.
    let session: StripeSession;
    try {
      session = await this.call('POST', '/v1/checkout/sessions', StripeSessionSchema, form, `checkout:${row.id}`);
    } catch (err) {
      // 409: a simultaneous retry of the same form holds the key; its session is recorded in a moment.
      if (err instanceof PaymentProcessorError && err.status === 409) return this.awaitCheckout(row.tenant, row.id, err);
      throw err;
    }
    if (!session.url) throw new PaymentProcessorError('Stripe answered a checkout session without a url', 200, false);
    return toIntent(await setCheckout(this.options.db, row.tenant, row.id, session.id, session.url, this.now()));
  }

  /** Waits (up to about 3 s) for a simultaneous request to record the checkout of this intent. */
  private async awaitCheckout(tenant: string, id: string, cause: PaymentProcessorError): Promise<PaymentIntent> {
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const row = await findIntent(this.options.db, tenant, id);
      if (row?.provider_ref || (row && row.status !== 'requires_payment')) return toIntent(row);
    }
    throw cause;
  }

  async getIntent(tenant: string, id: string): Promise<PaymentIntent | null> {
    const row = await findIntent(this.options.db, tenant, id);
    return row ? toIntent(row) : null;
  }

  /** Records what a session says: paid -> paid (with its PaymentIntent id), expired -> failed, else nothing. */
  private async applySession(row: IntentRow, session: StripeSession): Promise<Settlement> {
    if (session.payment_status === 'paid') return markPaid(this.options.db, row.tenant, row.id, refId(session.payment_intent), this.now());
    if (session.status === 'expired') return markFailed(this.options.db, row.tenant, row.id, this.now());
    return { intent: toIntent(row), changed: false };
  }

  async refresh(tenant: string, id: string): Promise<PaymentIntent | null> {
    const row = await findIntent(this.options.db, tenant, id);
    if (!row || row.status !== 'requires_payment' || !row.provider_ref) return row ? toIntent(row) : null;
    const session = await this.call('GET', `/v1/checkout/sessions/${encodeURIComponent(row.provider_ref)}`, StripeSessionSchema);
    return (await this.applySession(row, session)).intent;
  }

  async refund(tenant: string, id: string, { reason }: RefundOptions): Promise<PaymentIntent> {
    const row = await findIntent(this.options.db, tenant, id);
    if (!row) throw new Error(`Payment ${id} does not exist.`);
    if (row.status === 'refunded') return toIntent(row);
    if (row.status !== 'paid' || !row.payment_ref) throw new Error(`Payment ${id} is ${row.status}: only a paid payment can be refunded.`);
    const form = stripeForm({ payment_intent: row.payment_ref, metadata: { tenant, payment_id: id, reason } });
    const refund = await this.call('POST', '/v1/refunds', StripeRefundSchema, form, `refund:${id}`);
    if (refund.status === 'failed' || refund.status === 'canceled') throw new PaymentProcessorError(`Stripe refund ${refund.id} is ${refund.status}`, 200, false);
    return (await markRefunded(this.options.db, tenant, id, refund.id, reason, this.now())).intent;
  }

  /**
   * A webhook delivery for `tenant` (the host Stripe posted to): verifies the signature over the raw body, then applies
   * the event. Events of another tenant's sessions (one Stripe account, one endpoint per site) are ignored, not refused,
   * so Stripe does not retry them forever.
   */
  async handleWebhook(tenant: string, payload: string, signatureHeader: string | null): Promise<WebhookOutcome> {
    if (!this.options.webhookSecret) throw new Error('The Stripe webhook secret is not set.');
    const check = await verifyStripeSignature({ payload, header: signatureHeader, secret: this.options.webhookSecret, nowSeconds: Math.floor(this.now() / 1000) });
    if (!check.ok) return { outcome: 'invalid-signature', reason: check.reason };
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return { outcome: 'invalid-event' };
    }
    const event = v.safeParse(StripeEventSchema, json);
    if (!event.success) return { outcome: 'invalid-event' };
    const { type, data } = event.output;
    const ignored = (reason: string): WebhookOutcome => ({ outcome: 'ignored', type, reason });
    const db = this.options.db;

    if (type.startsWith('checkout.session.')) {
      const parsed = v.safeParse(StripeSessionSchema, data.object);
      if (!parsed.success) return { outcome: 'invalid-event' };
      const session = parsed.output;
      if (session.metadata?.tenant !== tenant) return ignored('another tenant');
      const row = await findIntentByProviderRef(db, tenant, session.id);
      if (!row) return ignored('unknown session');
      switch (type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { outcome: 'applied', type, settlement: await this.applySession(row, session) };
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return { outcome: 'applied', type, settlement: await markFailed(db, tenant, row.id, this.now()) };
        default:
          return ignored('not handled');
      }
    }
    if (type === 'charge.refunded') {
      const parsed = v.safeParse(StripeChargeSchema, data.object);
      if (!parsed.success) return { outcome: 'invalid-event' };
      const paymentRef = refId(parsed.output.payment_intent);
      // A partial refund keeps the car reserved: only a full refund releases it.
      if (!paymentRef || !parsed.output.refunded) return ignored('partial refund');
      const row = await findIntentByPaymentRef(db, tenant, paymentRef);
      if (!row) return ignored('unknown payment');
      const refundRef = parsed.output.refunds?.data[0]?.id ?? null;
      return { outcome: 'applied', type, settlement: await markRefunded(db, tenant, row.id, refundRef, 'dealer', this.now()) };
    }
    return ignored('not handled');
  }
}
