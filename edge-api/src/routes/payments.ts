/**
 * Reserve a car online (issue 5; spec §4 Purchasable car, §6 gating, §9 reserve default $200). README "Reservations
 * and payments".
 *   POST /api/payments/reserve            JSON or no-JS form: car, form key, contact  -> 201 { payment_id, redirect_url } | 303
 *                                         (its handler: payments/reserve.ts)
 *   GET  /api/payments/return             the shopper back from the processor        -> 303 /checkout-journey?...&status=
 *   POST /api/payments/embedded/confirm   the embedded test processor's Pay button    -> 200 { status } | 303
 *   POST /api/payments/webhook            Stripe events (Stripe-Signature verified)   -> 200 { received }
 *   GET  /api/payments/intents/:id        a payment's state (no personal data)        -> 200 { payment_id, status, ... }
 *   GET  /api/payments/reserved?car_ids=  which of these cars are reserved            -> 200 { reserved: [ids] }
 * A paid reservation becomes a lead through the leads outbox (the dealer hears of it) and makes the car Reserved.
 * Logs name the tenant, the payment id and the error only: never card or contact details.
 */
import { Hono, type Context } from 'hono';
import { FORM_ERROR_TEXTS } from '@forecourt/contracts/form-errors';
import { INTERNAL, RESERVED_LOOKUP_MAX } from '@forecourt/contracts/internal';
import type { LeadPayload, LeadUserData } from '@forecourt/contracts/api';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { pagePath } from '../leads/rules.ts';
import type { LeadDocument } from '../leads/store.ts';
import { storeLead, type LeadContext } from '../leads/submit.ts';
import { EmbeddedPayments } from '../ports/payments/embedded.ts';
import type { PaymentIntent, PaymentsPort } from '../ports/payments/port.ts';
import { formatAud, journeyPath, parseCarIds } from '../ports/payments/rules.ts';
import { paymentsAdapterName, selectPayments } from '../ports/payments/select.ts';
import { findIntent, reservationOf, reservedCarIds, setLead } from '../ports/payments/store.ts';
import { StripePayments } from '../ports/payments/stripe.ts';
import type { PageCachePort } from '../ports/page-cache/port.ts';
import { purgeCarPages } from '../ports/page-cache/purge.ts';
import { selectPageCache, type PageCacheEnv } from '../ports/page-cache/select.ts';
import { createReserveHandler } from './payments/reserve.ts';

// The texts are contracts' form-error catalogue: the no-JavaScript form's page shows them from their codes.
export const RESERVE_UNAVAILABLE_MESSAGE = FORM_ERROR_TEXTS.reserve_unavailable;
export const ALREADY_RESERVED_MESSAGE = FORM_ERROR_TEXTS.already_reserved;
export const NOT_RESERVABLE_MESSAGE = FORM_ERROR_TEXTS.not_reservable;
export const AMOUNT_CHANGED_MESSAGE = FORM_ERROR_TEXTS.amount_changed;
export const SIGN_IN_MESSAGE = FORM_ERROR_TEXTS.sign_in_to_reserve;
export const PAYMENT_START_FAILED_MESSAGE = FORM_ERROR_TEXTS.payment_start_failed;
/** Subcategory of the lead a paid reservation creates (category General Enquiry). */
export const RESERVATION_SUBCATEGORY = 'Reserved Online';

export type PaymentsRoutesOptions = {
  /** `fetch` of the Stripe adapter (tests: a local Stripe); global fetch by default. */
  fetch?: typeof fetch;
  now?: () => number;
  /** The page-cache port the purges go through (tests); by default the one env.PAGE_CACHE_ADAPTER names. */
  pageCache?: (env: Env) => PageCachePort;
  /** How long an answer waits for its purge (tests); PURGE_AWAIT_MS by default. */
  purgeWaitMs?: number;
};

/** A reservation lead's document fields, stored with the payment until it is paid. */
export type LeadRequest = { lead_id: string; payload: LeadPayload; userData: LeadUserData };

/** A path of contracts' INTERNAL registry as these routes declare it: edge-api mounts them at `/api`. */
const path = (full: string) => full.replace(/^\/api/, '');

export function createPaymentsRoutes(options: PaymentsRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();
  const paymentsFor = (c: Context<AppEnv>) => selectPayments(c.env, c.get('tenant'), { ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.now ? { now: options.now } : {}) });
  const pageCacheOf = options.pageCache ?? ((env: Env) => selectPageCache(env as Env & PageCacheEnv));
  /**
   * The car's page and the stock pages show Reserved (or no longer do): purged once the change is stored and awaited
   * (at most PURGE_AWAIT_MS, then in the background) before the answer, so the shopper's next request sees it; never
   * failing the payment (src/ports/page-cache/purge.ts).
   */
  const purgeCar = (c: Context<AppEnv>, intent: PaymentIntent, reason: 'payment' | 'refund') =>
    purgeCarPages(executionCtxOf(c), () => pageCacheOf(c.env), { tenant: c.get('tenant'), carIds: [intent.carId], reason }, options.purgeWaitMs);
  const leadContext = (c: Context<AppEnv>): LeadContext => ({ env: c.env, ctx: executionCtxOf(c), tenant: c.get('tenant'), site: c.get('siteConfig'), headers: c.req.raw.headers, now: now() });

  /** The reservation becomes a lead in the outbox (idempotent: its id is the one derived when it was requested). */
  async function createLead(c: Context<AppEnv>, intent: PaymentIntent): Promise<void> {
    const tenant = c.get('tenant');
    const row = await findIntent(c.env.DB, tenant, intent.id);
    if (!row || row.lead_id || !row.lead_request) return;
    const request = JSON.parse(row.lead_request) as LeadRequest;
    const paid = `Reserved online: paid ${formatAud(row.amount_cents)} (payment ${row.id}, ${row.provider}).`;
    const payload: LeadPayload = { ...request.payload, message: request.payload.message ? `${paid}\n\n${request.payload.message}` : paid };
    const doc: LeadDocument = {
      lead_id: request.lead_id, category: payload.category, subcategory: payload.subcategory ?? RESERVATION_SUBCATEGORY, payload,
      userData: request.userData, parent_lead_id: null, flagged: false, spam_reason: null, received_at: now(),
    };
    const stored = await storeLead(leadContext(c), {
      tenant, doc, carId: row.car_id,
      // Left empty on purpose: the duplicate rule matches on these, and a paid reservation must never be merged
      // into an earlier enquiry of the same shopper (merged leads get no outbox row: the dealer would not hear of it).
      contactPhone: null, contactEmail: null,
      ipHash: null,
      // No spec §7 analytics id is a reservation.
      eventId: null,
      page: pagePath(request.userData.url),
    });
    await setLead(c.env.DB, tenant, row.id, stored.leadId, now());
  }

  /**
   * After a settlement: a paid reservation holds the car unless another one was paid first (then it is refunded at
   * once, reason 'already_reserved'), and becomes a lead. Safe to call again (webhook retries, the shopper's return).
   */
  async function settle(c: Context<AppEnv>, payments: PaymentsPort, intent: PaymentIntent): Promise<PaymentIntent> {
    if (intent.status !== 'paid') return intent;
    const tenant = c.get('tenant');
    if (intent.carId) {
      const holder = await reservationOf(c.env.DB, tenant, intent.carId);
      if (holder && holder.id !== intent.id) {
        console.warn(`edge-api payments: ${intent.id} of ${tenant} paid for a car ${holder.id} already holds: refunding it`);
        return payments.refund(tenant, intent.id, { reason: 'already_reserved' });
      }
    }
    // First settlement of a paid reservation (its lead not made yet): the car is Reserved from now on (the payment is
    // stored as paid): its pages are purged before the shopper is answered.
    if (!intent.leadId) {
      await purgeCar(c, intent, 'payment');
      await createLead(c, intent);
    }
    return (await payments.getIntent(tenant, intent.id)) ?? intent;
  }

  const intentJson = (intent: PaymentIntent) => ({
    payment_id: intent.id, status: intent.status, car_id: intent.carId, car_slug: intent.carSlug, amount_cents: intent.amountCents,
    currency: intent.currency, paid_at: intent.paidAt,
  });
  const journeyOf = (intent: PaymentIntent) => journeyPath(intent.carSlug ?? intent.carId ?? '', intent.id, intent.status === 'requires_payment' ? 'pending' : intent.status);
  const reserve = createReserveHandler({ now, paymentsFor, intentJson, journeyOf });

  return new Hono<AppEnv>()
    .post('/payments/reserve', reserve)
    .get('/payments/return', async (c) => {
      const id = c.req.query('payment') ?? '';
      const payments = paymentsFor(c);
      const tenant = c.get('tenant');
      let intent = await payments.getIntent(tenant, id);
      if (!intent) return c.redirect(journeyPath('', id.slice(0, 64), 'unknown'), 303);
      try {
        intent = (await payments.refresh(tenant, id)) ?? intent;
        intent = await settle(c, payments, intent);
      } catch (err) {
        // The webhook settles it anyway: the shopper sees 'pending' and the page checks again.
        console.error(`edge-api payments: return of ${id} for tenant ${tenant} not settled yet: ${describeError(err)}`);
      }
      return c.redirect(journeyOf(intent), 303);
    })
    .post('/payments/embedded/confirm', async (c) => {
      // The test processor's Pay button exists only in local runs (DEV_PAGES, set by dev/platform.mjs): a deployed
      // Worker left on the embedded adapter must never let a shopper mark a reservation paid without paying.
      const local = c.env.DEV_PAGES === 'on';
      if (!local || paymentsAdapterName(c.env) !== 'embedded') return jsonError(c, 404, 'Not found.');
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const fields = body.kind === 'form' ? Object.fromEntries(body.form) : (body.value as Record<string, unknown> | null) ?? {};
      const id = typeof fields.payment === 'string' ? fields.payment : '';
      const session = typeof fields.session === 'string' ? fields.session : '';
      const payments = paymentsFor(c) as EmbeddedPayments;
      const settled = await payments.confirm(c.get('tenant'), id, session);
      if (!settled) return body.kind === 'form' ? c.redirect(journeyPath('', id.slice(0, 64), 'unknown'), 303) : jsonError(c, 404, 'Payment not found.');
      let intent = settled.intent;
      try {
        intent = await settle(c, payments, intent);
      } catch (err) {
        // Paid is paid: the shopper's answer stands; confirming again (or the page's next check) creates the lead.
        console.error(`edge-api payments: settling ${id} for tenant ${c.get('tenant')} failed: ${describeError(err)}`);
      }
      return body.kind === 'form' ? c.redirect(journeyOf(intent), 303) : c.json(intentJson(intent));
    })
    .post('/payments/webhook', async (c) => {
      if (paymentsAdapterName(c.env) !== 'stripe') return jsonError(c, 404, 'Not found.');
      const tenant = c.get('tenant');
      const payments = paymentsFor(c) as StripePayments;
      const payload = await c.req.text();
      try {
        const result = await payments.handleWebhook(tenant, payload, c.req.header('stripe-signature') ?? null);
        if (result.outcome === 'invalid-signature') return jsonError(c, 400, 'Invalid signature.');
        if (result.outcome === 'invalid-event') return jsonError(c, 400, 'Invalid event.');
        if (result.outcome === 'ignored') return c.json({ received: true, ignored: result.reason });
        await settle(c, payments, result.settlement.intent);
        // A refund the dealer made at Stripe (stored by handleWebhook): the car is no longer reserved.
        if (result.settlement.changed && result.settlement.intent.status === 'refunded') await purgeCar(c, result.settlement.intent, 'refund');
        return c.json({ received: true });
      } catch (err) {
        // A 5xx makes Stripe deliver the event again (with backoff, for up to 3 days): nothing is lost.
        console.error(`edge-api payments: webhook for tenant ${tenant} failed, Stripe will retry: ${describeError(err)}`);
        return jsonError(c, 503, 'Webhook not processed, retry later.');
      }
    })
    // Other Workers read these two over INTERNAL.payment and INTERNAL.reservedCars: their paths and limit are the contract's.
    .get(path(INTERNAL.payment.path), async (c) => {
      const intent = await paymentsFor(c).getIntent(c.get('tenant'), c.req.param('id') ?? '');
      return intent ? c.json(intentJson(intent)) : jsonError(c, 404, 'Payment not found.');
    })
    .get(path(INTERNAL.reservedCars.path), async (c) => {
      const ids = parseCarIds(c.req.queries('car_ids') ?? []);
      if (!ids) return jsonError(c, 400, `Invalid request: car_ids is a comma-separated list of at most ${RESERVED_LOOKUP_MAX} car ids.`);
      return c.json({ reserved: await reservedCarIds(c.env.DB, c.get('tenant'), ids) });
    });
}

/** The routes as edge-api mounts them: `app.route('/api', paymentsRoutes)`. */
export const paymentsRoutes = createPaymentsRoutes();
