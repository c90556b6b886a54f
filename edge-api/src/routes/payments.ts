/**
 * Reserve a car online (issue 5; spec §4 Purchasable car, §6 gating, §9 reserve default $200). README "Reservations
 * and payments".
 *   POST /api/payments/reserve            JSON or no-JS form: car, form key, contact  -> 201 { payment_id, redirect_url } | 303
 *   GET  /api/payments/return             the shopper back from the processor        -> 303 /checkout-journey?...&status=
 *   POST /api/payments/embedded/confirm   the embedded test processor's Pay button    -> 200 { status } | 303
 *   POST /api/payments/webhook            Stripe events (Stripe-Signature verified)   -> 200 { received }
 *   GET  /api/payments/intents/:id        a payment's state (no personal data)        -> 200 { payment_id, status, ... }
 *   GET  /api/payments/reserved?car_ids=  which of these cars are reserved            -> 200 { reserved: [ids] }
 * A paid reservation becomes a lead through the leads outbox (the dealer hears of it) and makes the car Reserved.
 * Logs name the tenant, the payment id and the error only: never card or contact details.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CAR_TYPES, isPurchasable, type Car } from '@forecourt/contracts/entities/car';
import { FORM_ERROR_TEXTS, formErrorParams } from '@forecourt/contracts/form-errors';
import { pathOfPageUrl, sameSitePath, withQueryParams } from '@forecourt/contracts/redirects';
import { SESSION_COOKIE, signInPath } from '@forecourt/contracts/routes';
import { lookUpCar } from '../lib/cars.ts';
import type { LeadPayload, LeadUserData } from '@forecourt/contracts/api';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { derivedId, describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { LEAD_RATE_LIMIT_MESSAGE, RATE_LIMITS, clientIp, hitRateLimits } from '../leads/rate-limit.ts';
import { pagePath } from '../leads/rules.ts';
import type { LeadDocument } from '../leads/store.ts';
import { storeLead, type LeadContext } from '../leads/submit.ts';
import { validateLeadRequest } from '../leads/validation.ts';
import { EmbeddedPayments } from '../ports/payments/embedded.ts';
import { PaymentProcessorError, type PaymentIntent, type PaymentsPort } from '../ports/payments/port.ts';
import { ABANDONED_CHECKOUT_MS, formatAud, journeyPath, parseCarIds, reserveAmountCents, reserveIdempotencyKey, sameAmount } from '../ports/payments/rules.ts';
import { paymentsAdapterName, selectPayments, type PaymentsEnv } from '../ports/payments/select.ts';
import { IdempotencyConflictError, expireAbandoned, findIntent, findIntentByKey, reservationOf, reservedCarIds, setLead, toIntent } from '../ports/payments/store.ts';
import { StripePayments } from '../ports/payments/stripe.ts';
import { findSession } from '../auth/session.ts';

// The texts are contracts' form-error catalogue: the no-JavaScript form's page shows them from their codes.
export const RESERVE_UNAVAILABLE_MESSAGE = FORM_ERROR_TEXTS.reserve_unavailable;
export const ALREADY_RESERVED_MESSAGE = FORM_ERROR_TEXTS.already_reserved;
export const NOT_RESERVABLE_MESSAGE = FORM_ERROR_TEXTS.not_reservable;
export const AMOUNT_CHANGED_MESSAGE = FORM_ERROR_TEXTS.amount_changed;
export const SIGN_IN_MESSAGE = FORM_ERROR_TEXTS.sign_in_to_reserve;
export const PAYMENT_START_FAILED_MESSAGE = FORM_ERROR_TEXTS.payment_start_failed;
/** Subcategory of the lead a paid reservation creates (category General Enquiry). */
export const RESERVATION_SUBCATEGORY = 'Reserved Online';

/** Env of these routes: the Worker's, the payments port's, and an optional SEARCH binding to check the car. */
type PaymentsRouteEnv = Env & PaymentsEnv & { SEARCH?: Fetcher };

export type PaymentsRoutesOptions = {
  /** `fetch` of the Stripe adapter (tests: a local Stripe); global fetch by default. */
  fetch?: typeof fetch;
  now?: () => number;
};

const Text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));

/** The reservation's own fields; the contact fields are checked by the leads validation (same rules and messages). */
const ReserveSchema = v.object({
  car_id: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Invalid car.')),
  car_slug: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid car.'), v.maxLength(200))),
  /** Made when the form rendered: the same form submitted twice is one payment. */
  idempotency_key: v.pipe(v.string(), v.uuid('idempotency_key must be a UUID.')),
  /** The amount the page showed, in dollars: refused when it is no longer the tenant's amount. */
  amount: v.optional(v.number()),
  car_name: Text(200),
  car_type: v.optional(v.picklist(CAR_TYPES)),
  stock_number: Text(100),
  dealership_slug: Text(100),
  return_path: Text(512),
  url: Text(2048),
});
type ReserveInput = v.InferOutput<typeof ReserveSchema>;

const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode', 'message', 'terms_conditions', 'opt_in'] as const;

/** The no-JavaScript form's strings as the JSON body would carry them (numbers, checkboxes). */
function formToObject(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(form);
  if (typeof out.amount === 'string') out.amount = out.amount.trim() === '' ? undefined : Number(out.amount);
  for (const box of ['terms_conditions', 'opt_in']) if (typeof out[box] === 'string') out[box] = ['on', 'true', '1', 'yes'].includes(String(out[box]).toLowerCase());
  return out;
}

/**
 * Where a form's answer goes back to: its return path, else its page URL's path, else the home page; a same-site path
 * only (contracts redirects.ts, the one check of every redirect built from input).
 */
function formPage(body: Record<string, unknown>): string {
  return sameSitePath(typeof body.return_path === 'string' ? body.return_path : null)
    ?? pathOfPageUrl(typeof body.url === 'string' ? body.url : null)?.replace(/\?.*$/, '')
    ?? '/';
}

/** spec §4: reserve only purchasable cars (in_stock, coming_soon), not reserved, with no test-drive-only mode. */
export function reservable(car: Pick<Car, 'status' | 'reserved' | 'sold' | 'tag'>): boolean {
  return isPurchasable(car) && !car.reserved && !car.sold && car.tag?.trim().toLowerCase() !== 'test drive only';
}

/** A reservation lead's document fields, stored with the payment until it is paid. */
type LeadRequest = { lead_id: string; payload: LeadPayload; userData: LeadUserData };

/** Field messages of a refusal (a rejected lead's `fields`), for the no-JavaScript form's codes. */
const fieldsOf = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

export function createPaymentsRoutes(options: PaymentsRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();
  const env = (c: Context<AppEnv>) => c.env as PaymentsRouteEnv;
  const paymentsFor = (c: Context<AppEnv>) => selectPayments(env(c), c.get('tenant'), { ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.now ? { now: options.now } : {}) });
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
    if (!intent.leadId) await createLead(c, intent);
    return (await payments.getIntent(tenant, intent.id)) ?? intent;
  }

  const intentJson = (intent: PaymentIntent) => ({
    payment_id: intent.id, status: intent.status, car_id: intent.carId, car_slug: intent.carSlug, amount_cents: intent.amountCents,
    currency: intent.currency, paid_at: intent.paidAt,
  });
  const journeyOf = (intent: PaymentIntent) => journeyPath(intent.carSlug ?? intent.carId ?? '', intent.id, intent.status === 'requires_payment' ? 'pending' : intent.status);

  return new Hono<AppEnv>()
    .post('/payments/reserve', async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const isForm = body.kind === 'form';
      const raw = isForm ? formToObject(body.form) : body.value;
      const page = formPage(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {});
      /** JSON for scripts, a 303 back to the form page with the `reserve_error` code (contracts form-errors) for the no-JavaScript form. */
      const refuse = (status: 400 | 401 | 404 | 409 | 429 | 502 | 503, error: string, extra: Record<string, unknown> = {}) =>
        isForm
          ? c.redirect(withQueryParams(page, formErrorParams('reserve', error, fieldsOf(extra.fields))), 303)
          : c.json({ error, ...extra }, status);

      const site = c.get('siteConfig');
      const tenant = c.get('tenant');
      if (!site.features.reserve_online && !site.features.buy_online) return refuse(404, RESERVE_UNAVAILABLE_MESSAGE);
      // spec §6: checkout is gated per site. The shell's gate sends anonymous shoppers to sign-in; the API agrees, and
      // only a live session of this tenant counts (a cookie's mere presence proves nothing).
      if (site.features.gated_checkout && !(await findSession(c.env.DB, tenant, getCookie(c, SESSION_COOKIE), now()))) {
        return isForm ? c.redirect(signInPath('checkout', page), 303) : c.json({ error: SIGN_IN_MESSAGE }, 401);
      }
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refuse(400, 'Invalid request: expected an object.');
      const record = raw as Record<string, unknown>;
      const parsed = v.safeParse(ReserveSchema, record);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.issues.map((i) => [v.getDotPath(i) ?? 'body', i.input === undefined ? 'This is a required field.' : i.message]));
        return refuse(400, `Invalid request: ${Object.entries(fields).map(([k, m]) => `${k}: ${m}`).join('; ')}`, { fields });
      }
      const input: ReserveInput = parsed.output;

      let amountCents: number;
      try {
        amountCents = reserveAmountCents(site.reserve_amount);
      } catch (err) {
        console.error(`edge-api payments: tenant ${tenant} has an unusable reserve_amount (${describeError(err)})`);
        return refuse(503, RESERVE_UNAVAILABLE_MESSAGE);
      }
      if (!sameAmount(input.amount, amountCents)) return refuse(409, AMOUNT_CHANGED_MESSAGE, { amount_cents: amountCents });

      const db = c.env.DB;
      // Privacy: contact details of checkouts nobody paid do not linger (one indexed update per reservation).
      await expireAbandoned(db, tenant, now() - ABANDONED_CHECKOUT_MS, now());
      const key = reserveIdempotencyKey(input.car_id, input.idempotency_key);
      const payments = paymentsFor(c);
      const answer = (intent: PaymentIntent, duplicate: boolean) => {
        const redirect = intent.checkoutUrl ?? journeyOf(intent);
        if (isForm) return c.redirect(redirect, 303);
        return c.json({ ...intentJson(intent), redirect_url: redirect, ...(duplicate ? { duplicate: true } : {}) }, duplicate ? 200 : 201);
      };

      // A retry or double click: the first answer again, before any other check could refuse it.
      const existing = await findIntentByKey(db, tenant, key);
      if (existing?.provider_ref || (existing && existing.status !== 'requires_payment')) return answer(toIntent(existing), true);

      const holder = await reservationOf(db, tenant, input.car_id);
      if (holder) return refuse(409, ALREADY_RESERVED_MESSAGE);

      let car: Car | null | undefined;
      try {
        car = await lookUpCar(env(c), tenant, input.car_slug);
      } catch (err) {
        console.error(`edge-api payments: car lookup failed for tenant ${tenant}: ${describeError(err)}`);
        return refuse(503, PAYMENT_START_FAILED_MESSAGE);
      }
      if (car === null || (car && car.id !== input.car_id)) return refuse(404, NOT_RESERVABLE_MESSAGE);
      if (car && !reservable(car)) return refuse(409, NOT_RESERVABLE_MESSAGE);

      // The contact details through the leads rules: same fields, messages and phone normalisation as every lead form.
      const contact = Object.fromEntries(CONTACT_FIELDS.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
      const leadId = await derivedId('reservation', tenant, key);
      const lead = validateLeadRequest(
        {
          lead_id: leadId,
          payload: {
            ...contact, category: 'General Enquiry', subcategory: RESERVATION_SUBCATEGORY, car_id: input.car_id,
            ...(car ? { car_type: car.car_type, vehicle_status: car.status, stock_number: car.stocknum ?? undefined, 'Vehicle Make': car.make, 'Vehicle Model': car.model } : {}),
            ...(!car && input.car_type ? { car_type: input.car_type } : {}),
            ...(!car && input.stock_number ? { stock_number: input.stock_number } : {}),
            ...(input.dealership_slug ? { dealership_slug: input.dealership_slug } : {}),
          },
          userData: { url: input.url ?? new URL(page, c.req.url).toString(), user_agent: c.req.header('user-agent') ?? '', car_id: input.car_id },
        },
        // A reservation needs no message, and always needs the terms of the payment accepted.
        { features: { ...site.features, enquiry_message_optional: true, terms_required: true } },
      );
      if (!lead.ok) return refuse(400, lead.error, { fields: lead.fields });

      if (!existing) {
        const limited = await hitRateLimits(db, tenant, [[RATE_LIMITS.leadIp, clientIp(c.req.raw.headers)], [RATE_LIMITS.leadPhone, lead.contactPhone]], now());
        if (!limited.ok) {
          c.header('retry-after', String(limited.retryAfterSeconds));
          return refuse(429, LEAD_RATE_LIMIT_MESSAGE);
        }
      }

      const carName = car ? [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ') : input.car_name;
      const leadRequest: LeadRequest = { lead_id: lead.leadId, payload: lead.payload, userData: lead.userData };
      try {
        const intent = await payments.createIntent({
          tenant, idempotencyKey: key, amountCents, carId: input.car_id, carSlug: input.car_slug ?? null,
          description: `Reserve ${carName || `car ${input.car_id}`}${car?.stocknum ? ` (stock ${car.stocknum})` : ''} at ${site.name}`,
          origin: new URL(c.req.url).origin, returnPath: page, leadRequest, customerEmail: lead.payload.email,
        });
        return answer(intent, existing !== null);
      } catch (err) {
        if (err instanceof IdempotencyConflictError) return refuse(409, FORM_ERROR_TEXTS.form_reused);
        console.error(`edge-api payments: reserve failed for tenant ${tenant}: ${describeError(err)}`);
        if (err instanceof PaymentProcessorError) return refuse(502, PAYMENT_START_FAILED_MESSAGE);
        return refuse(503, PAYMENT_START_FAILED_MESSAGE);
      }
    })
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
      const local = (env(c) as { DEV_PAGES?: string }).DEV_PAGES === 'on';
      if (!local || paymentsAdapterName(env(c)) !== 'embedded') return jsonError(c, 404, 'Not found.');
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
      if (paymentsAdapterName(env(c)) !== 'stripe') return jsonError(c, 404, 'Not found.');
      const tenant = c.get('tenant');
      const payments = paymentsFor(c) as StripePayments;
      const payload = await c.req.text();
      try {
        const result = await payments.handleWebhook(tenant, payload, c.req.header('stripe-signature') ?? null);
        if (result.outcome === 'invalid-signature') return jsonError(c, 400, 'Invalid signature.');
        if (result.outcome === 'invalid-event') return jsonError(c, 400, 'Invalid event.');
        if (result.outcome === 'ignored') return c.json({ received: true, ignored: result.reason });
        await settle(c, payments, result.settlement.intent);
        return c.json({ received: true });
      } catch (err) {
        // A 5xx makes Stripe deliver the event again (with backoff, for up to 3 days): nothing is lost.
        console.error(`edge-api payments: webhook for tenant ${tenant} failed, Stripe will retry: ${describeError(err)}`);
        return jsonError(c, 503, 'Webhook not processed, retry later.');
      }
    })
    .get('/payments/intents/:id', async (c) => {
      const intent = await paymentsFor(c).getIntent(c.get('tenant'), c.req.param('id'));
      return intent ? c.json(intentJson(intent)) : jsonError(c, 404, 'Payment not found.');
    })
    .get('/payments/reserved', async (c) => {
      const ids = parseCarIds(c.req.queries('car_ids') ?? []);
      if (!ids) return jsonError(c, 400, 'Invalid request: car_ids is a comma-separated list of at most 100 car ids.');
      return c.json({ reserved: await reservedCarIds(c.env.DB, c.get('tenant'), ids) });
    });
}

/** The routes as edge-api mounts them: `app.route('/api', paymentsRoutes)`. */
export const paymentsRoutes = createPaymentsRoutes();
