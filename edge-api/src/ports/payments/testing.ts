/**
 * A local stand-in for Stripe's API, speaking its documented wire format (tests only, never imported by the Worker):
 * Bearer auth, form-encoded bodies, `Idempotency-Key` replays, `{ error: { type, code, message } }` errors, Checkout
 * Session / Refund objects, and signed webhook events. Served over 127.0.0.1 by the unit tests (node:http) and called
 * in-process by the Worker tests (as the adapter's `fetch`).
 */
import { stripeSignatureHeader } from './stripe-signature.ts';

export type FakeStripeRequest = { method: string; path: string; headers: Record<string, string>; form: URLSearchParams };

type Session = {
  id: string; object: 'checkout.session'; url: string | null; status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid'; payment_intent: string | null; amount_total: number; currency: string;
  client_reference_id: string | null; customer_email: string | null; success_url: string; cancel_url: string;
  mode: string; metadata: Record<string, string>;
};

const rand = (n = 24) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => (b % 36).toString(36)).join('');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stripeError = (status: number, type: string, code?: string, message = 'Request failed.') => json(status, { error: { type, ...(code ? { code } : {}), message } });

/** `metadata[tenant]=x` -> `{ tenant: 'x' }` for one prefix. */
function nested(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of form) {
    const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(k);
    if (m) out[m[1]!] = value;
  }
  return out;
}

export function createFakeStripe(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, Session>();
  const refunds = new Map<string, { id: string; object: 'refund'; status: string; amount: number; payment_intent: string }>();
  const replays = new Map<string, { params: string; response: { status: number; body: string } }>();
  const inFlight = new Set<string>();
  const requests: FakeStripeRequest[] = [];
  const failures: number[] = [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const form = new URLSearchParams(request.method === 'POST' ? await request.text() : '');
    const headers = Object.fromEntries([...request.headers].map(([k, val]) => [k.toLowerCase(), val]));
    requests.push({ method: request.method, path: url.pathname, headers, form });
    const failure = failures.shift();
    if (failure) return stripeError(failure, failure >= 500 ? 'api_error' : 'invalid_request_error');
    if (headers.authorization !== `Bearer ${options.secretKey}`) return stripeError(401, 'invalid_request_error', undefined, 'Invalid API Key provided.');
    if (request.method === 'POST' && !String(headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, 'invalid_request_error', 'parameter_invalid_empty');
    }
    const key = headers['idempotency-key'];
    if (request.method === 'POST' && key) {
      const seen = replays.get(key);
      const params = form.toString();
      if (seen) {
        if (seen.params !== params) return stripeError(400, 'idempotency_error', undefined, 'Keys for idempotent requests can only be used with the same parameters.');
        return new Response(seen.response.body, { status: seen.response.status, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } });
      }
      // Stripe refuses a second request with a key whose first request is still running.
      if (inFlight.has(key)) return stripeError(409, 'idempotency_error', 'idempotency_key_in_use', 'There is currently another in-progress request using this Idempotent Key.');
      inFlight.add(key);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const res = await route(request.method, url.pathname, form);
        replays.set(key, { params, response: { status: res.status, body: await res.clone().text() } });
        return res;
      } finally {
        inFlight.delete(key);
      }
    }
    return route(request.method, url.pathname, form);
  }

  async function route(method: string, path: string, form: URLSearchParams): Promise<Response> {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const currency = form.get('line_items[0][price_data][currency]');
      for (const required of ['mode', 'success_url', 'line_items[0][price_data][product_data][name]']) {
        if (!form.get(required)) return stripeError(400, 'invalid_request_error', 'parameter_missing', `Missing required param: ${required}.`);
      }
      if (!Number.isInteger(amount) || amount < 50 || !currency) return stripeError(400, 'invalid_request_error', 'amount_too_small');
      const id = `cs_test_${rand()}`;
      const session: Session = {
        id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', payment_status: 'unpaid',
        payment_intent: null, amount_total: amount * Number(form.get('line_items[0][quantity]') ?? 1), currency,
        client_reference_id: form.get('client_reference_id'), customer_email: form.get('customer_email'),
        success_url: form.get('success_url')!, cancel_url: form.get('cancel_url') ?? '', mode: form.get('mode')!, metadata: nested(form, 'metadata'),
      };
      sessions.set(id, session);
      return json(200, session);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      const session = sessions.get(decodeURIComponent(get[1]!));
      return session ? json(200, session) : stripeError(404, 'invalid_request_error', 'resource_missing', 'No such checkout.session.');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = form.get('payment_intent');
      const session = [...sessions.values()].find((s) => s.payment_intent === pi && s.payment_status === 'paid');
      if (!session) return stripeError(404, 'invalid_request_error', 'resource_missing', 'No such payment_intent.');
      if ([...refunds.values()].some((r) => r.payment_intent === pi)) return stripeError(400, 'invalid_request_error', 'charge_already_refunded');
      const refund = { id: `re_${rand()}`, object: 'refund' as const, status: 'succeeded', amount: session.amount_total, payment_intent: pi!, metadata: nested(form, 'metadata') };
      refunds.set(refund.id, refund);
      return json(200, refund);
    }
    return stripeError(404, 'invalid_request_error', undefined, 'Unrecognized request URL.');
  }

  /** A signed webhook delivery of `type` about `object` (as Stripe posts it), optionally at another time or with a wrong secret. */
  async function webhook(type: string, object: unknown, opts: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify({ id: `evt_${rand()}`, object: 'event', api_version: '2025-01-27', created: Math.floor(Date.now() / 1000), type, data: { object } });
    const signature = await stripeSignatureHeader(opts.secret ?? options.webhookSecret, payload, opts.timestamp ?? Math.floor(Date.now() / 1000));
    return { payload, signature };
  }

  return {
    handle,
    /** `fetch` for the adapter (in-process). */
    fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)),
    requests,
    sessions,
    refunds,
    /** The next calls answer these statuses (e.g. 500, 429) instead of working. */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    /** The shopper paid on Stripe's page: the session is complete, with a PaymentIntent. */
    pay(sessionId: string): Session {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? `pi_${rand()}`, url: null });
      return session;
    },
    expire(sessionId: string): Session {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    webhook,
    /** The charge.refunded event Stripe sends after a refund in its Dashboard. */
    refundedCharge(paymentIntent: string, refunded = true) {
      return { id: `ch_${rand()}`, object: 'charge', payment_intent: paymentIntent, refunded, amount_refunded: refunded ? 1 : 0, refunds: { object: 'list', data: refunded ? [{ id: `re_${rand()}` }] : [] } };
    },
  };
}
export type FakeStripe = ReturnType<typeof createFakeStripe>;
