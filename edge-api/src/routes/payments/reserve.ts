/**
 * `POST /api/payments/reserve` (mounted by ../payments.ts): JSON or the no-JavaScript form with the car, the form's
 * idempotency key and the shopper's contact -> 201 { payment_id, redirect_url } (200 with `duplicate` for a retry), or
 * a 303 to the processor for the form. Spec §4 Purchasable car, §6 gating, §9 reserve default $200.
 * The steps, in order: read the body, the site's gates (reserving on, signed in where gated), the fields, the amount the
 * page showed, a retry's first answer, the car (not held, still reservable), the contact through the leads rules, the
 * rate limits, then the payment. Any refusal is JSON for scripts, a 303 back with a `reserve_error` code for the form.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CAR_TYPES, isReservable, type Car } from '@forecourt/contracts/entities/car';
import { FORM_ERROR_TEXTS, formErrorParams } from '@forecourt/contracts/form-errors';
import { pathOfPageUrl, sameSitePath, withQueryParams } from '@forecourt/contracts/redirects';
import { SESSION_COOKIE, signInPath } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { contactKey, otpHashKey } from '../../auth/code.ts';
import { findSession } from '../../auth/session.ts';
import { derivedId, describeError, readBody } from '../../leads/http.ts';
import { LEAD_RATE_LIMIT_MESSAGE, RATE_LIMITS, clientIp, hitRateLimits } from '../../leads/rate-limit.ts';
import { validateLeadRequest } from '../../leads/validation.ts';
import { lookUpCar } from '../../lib/cars.ts';
import { jsonError } from '../../lib/http.ts';
import { issueField, issueText } from '../../lib/validate.ts';
import { PaymentProcessorError, type PaymentIntent, type PaymentsPort } from '../../ports/payments/port.ts';
import { ABANDONED_CHECKOUT_MS, reserveAmountCents, reserveIdempotencyKey, sameAmount } from '../../ports/payments/rules.ts';
import { IdempotencyConflictError, expireAbandoned, findIntentByKey, reservationOf, toIntent } from '../../ports/payments/store.ts';
import type { AppEnv } from '../../types.ts';
// The messages stay in payments.ts, where its tests read them (used here at request time only: the import cycle is harmless).
import {
  ALREADY_RESERVED_MESSAGE, AMOUNT_CHANGED_MESSAGE, NOT_RESERVABLE_MESSAGE, PAYMENT_START_FAILED_MESSAGE, RESERVATION_SUBCATEGORY,
  RESERVE_UNAVAILABLE_MESSAGE, SIGN_IN_MESSAGE, type LeadRequest,
} from '../payments.ts';

/** What the reserve handler takes from the payments routes (createPaymentsRoutes). */
export type ReserveDeps = {
  now: () => number;
  paymentsFor: (c: Context<AppEnv>) => PaymentsPort;
  /** A payment's JSON answer (no personal data). */
  intentJson: (intent: PaymentIntent) => Record<string, unknown>;
  /** The checkout journey page that shows a payment's state. */
  journeyOf: (intent: PaymentIntent) => string;
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

/** A refusal of the reservation: its status for scripts, its text (a form-error catalogue entry) and extra fields. */
type Refusal = { refused: true; status: 400 | 401 | 404 | 409 | 429 | 502 | 503; error: string; extra?: Record<string, unknown> };
const refusal = (status: Refusal['status'], error: string, extra?: Record<string, unknown>): Refusal => ({ refused: true, status, error, ...(extra ? { extra } : {}) });
const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && (value as Refusal).refused === true;

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

/** Field messages of a refusal (a rejected lead's `fields`), for the no-JavaScript form's codes. */
const fieldsOf = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/** The reservation's fields, or a 400 naming each bad one. */
function parseReserveInput(raw: unknown): ReserveInput | Refusal {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refusal(400, 'Invalid request: expected an object.');
  const parsed = v.safeParse(ReserveSchema, raw);
  if (parsed.success) return parsed.output;
  const fields = Object.fromEntries(parsed.issues.map((i) => [issueField(i, ReserveSchema) ?? 'body', i.input === undefined ? 'This is a required field.' : issueText(i)]));
  return refusal(400, `Invalid request: ${Object.entries(fields).map(([k, m]) => `${k}: ${m}`).join('; ')}`, { fields });
}

/** The tenant's reserve amount in cents, which the page's amount must still match (409 with the amount when not). */
function checkAmount(site: SiteConfig, tenant: string, shown: number | undefined): number | Refusal {
  let amountCents: number;
  try {
    amountCents = reserveAmountCents(site.reserve_amount);
  } catch (err) {
    console.error(`edge-api payments: tenant ${tenant} has an unusable reserve_amount (${describeError(err)})`);
    return refusal(503, RESERVE_UNAVAILABLE_MESSAGE);
  }
  return sameAmount(shown, amountCents) ? amountCents : refusal(409, AMOUNT_CHANGED_MESSAGE, { amount_cents: amountCents });
}

/**
 * The car as mf-search knows it (undefined when it cannot be checked: no SEARCH binding or slug), refused when another
 * reservation holds it, it is not this tenant's, or it can no longer be reserved (spec §4).
 */
async function checkCar(c: Context<AppEnv>, tenant: string, input: ReserveInput): Promise<Car | undefined | Refusal> {
  if (await reservationOf(c.env.DB, tenant, input.car_id)) return refusal(409, ALREADY_RESERVED_MESSAGE);
  let car: Car | null | undefined;
  try {
    car = await lookUpCar(c.env, tenant, input.car_slug);
  } catch (err) {
    console.error(`edge-api payments: car lookup failed for tenant ${tenant}: ${describeError(err)}`);
    return refusal(503, PAYMENT_START_FAILED_MESSAGE);
  }
  if (car === null || (car && car.id !== input.car_id)) return refusal(404, NOT_RESERVABLE_MESSAGE);
  if (car && !isReservable(car)) return refusal(409, NOT_RESERVABLE_MESSAGE);
  return car;
}

/** The contact details through the leads rules: same fields, messages and phone normalisation as every lead form. */
async function reservationLead(c: Context<AppEnv>, record: Record<string, unknown>, input: ReserveInput, car: Car | undefined, key: string, page: string) {
  const contact = Object.fromEntries(CONTACT_FIELDS.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
  const leadId = await derivedId('reservation', c.get('tenant'), key);
  return validateLeadRequest(
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
    { features: { ...c.get('siteConfig').features, enquiry_message_optional: true, terms_required: true } },
  );
}

/**
 * The reserve handler.
 * @example new Hono<AppEnv>().post('/payments/reserve', createReserveHandler({ now: Date.now, paymentsFor, intentJson, journeyOf }))
 */
export function createReserveHandler(deps: ReserveDeps) {
  const { now, paymentsFor, intentJson, journeyOf } = deps;

  return async function reserve(c: Context<AppEnv>) {
    const body = await readBody(c, { form: true });
    if (!body.ok) return jsonError(c, body.status, body.error);
    const isForm = body.kind === 'form';
    const raw = isForm ? formToObject(body.form) : body.value;
    const page = formPage(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {});
    /** JSON for scripts, a 303 back to the form page with the `reserve_error` code (contracts form-errors) for the no-JavaScript form. */
    const refuse = ({ status, error, extra = {} }: Refusal) =>
      isForm
        ? c.redirect(withQueryParams(page, formErrorParams('reserve', error, fieldsOf(extra.fields))), 303)
        : c.json({ error, ...extra }, status);

    const site = c.get('siteConfig');
    const tenant = c.get('tenant');
    if (!site.features.reserve_online && !site.features.buy_online) return refuse(refusal(404, RESERVE_UNAVAILABLE_MESSAGE));
    // spec §6: checkout is gated per site. The shell's gate sends anonymous shoppers to sign-in; the API agrees, and
    // only a live session of this tenant counts (a cookie's mere presence proves nothing).
    if (site.features.gated_checkout && !(await findSession(c.env.DB, tenant, getCookie(c, SESSION_COOKIE), now()))) {
      return isForm ? c.redirect(signInPath('checkout', page), 303) : c.json({ error: SIGN_IN_MESSAGE }, 401);
    }
    const input = parseReserveInput(raw);
    if (isRefusal(input)) return refuse(input);
    const amountCents = checkAmount(site, tenant, input.amount);
    if (isRefusal(amountCents)) return refuse(amountCents);

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

    const car = await checkCar(c, tenant, input);
    if (isRefusal(car)) return refuse(car);

    const lead = await reservationLead(c, raw as Record<string, unknown>, input, car, key, page);
    if (!lead.ok) return refuse(refusal(400, lead.error, { fields: lead.fields }));

    // A form whose payment was started before is not counted again.
    const limited = existing ? null : await checkRateLimits(c, lead.contactPhone, now());
    if (limited) return refuse(limited);

    const leadRequest: LeadRequest = { lead_id: lead.leadId, payload: lead.payload, userData: lead.userData };
    const intent = await startPayment(c, payments, { input, car, key, amountCents, page, leadRequest, email: lead.payload.email, contact: await reservationContactKey(c, lead.contactPhone) });
    return isRefusal(intent) ? refuse(intent) : answer(intent, existing !== null);
  };
}

/** The leads' rate limits (per address, per phone): a 429 with Retry-After when one is used up. */
async function checkRateLimits(c: Context<AppEnv>, phone: string | null, now: number): Promise<Refusal | null> {
  const limited = await hitRateLimits(c.env.DB, c.get('tenant'), [[RATE_LIMITS.leadIp, clientIp(c.req.raw.headers)], [RATE_LIMITS.leadPhone, phone]], now);
  if (limited.ok) return null;
  c.header('retry-after', String(limited.retryAfterSeconds));
  return refusal(429, LEAD_RATE_LIMIT_MESSAGE);
}

/** The keyed hash of the reserving shopper's phone (My Garage's lookup); null without a phone or the sign-in secret. */
async function reservationContactKey(c: Context<AppEnv>, phone: string | null): Promise<string | null> {
  if (!phone) return null;
  try {
    return await contactKey(otpHashKey(c.env), c.get('tenant'), phone);
  } catch {
    return null;
  }
}

type PaymentStart = { input: ReserveInput; car: Car | undefined; key: string; amountCents: number; page: string; leadRequest: LeadRequest; email: string | null | undefined; contact: string | null };

/** The payment at the processor (idempotent per form key), its lead request stored with it until it is paid. */
async function startPayment(c: Context<AppEnv>, payments: PaymentsPort, { input, car, key, amountCents, page, leadRequest, email, contact }: PaymentStart): Promise<PaymentIntent | Refusal> {
  const tenant = c.get('tenant');
  const carName = car ? [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ') : input.car_name;
  try {
    return await payments.createIntent({
      tenant, idempotencyKey: key, amountCents, carId: input.car_id, carSlug: input.car_slug ?? null,
      description: `Reserve ${carName || `car ${input.car_id}`}${car?.stocknum ? ` (stock ${car.stocknum})` : ''} at ${c.get('siteConfig').name}`,
      origin: new URL(c.req.url).origin, returnPath: page, leadRequest, customerEmail: email, contactKey: contact,
    });
  } catch (err) {
    if (err instanceof IdempotencyConflictError) return refusal(409, FORM_ERROR_TEXTS.form_reused);
    console.error(`edge-api payments: reserve failed for tenant ${tenant}: ${describeError(err)}`);
    return refusal(err instanceof PaymentProcessorError ? 502 : 503, PAYMENT_START_FAILED_MESSAGE);
  }
}
