/**
 * The trade-in journey's steps (issue 18), from validated input to the stored journey and the dealer's lead:
 * start by rego, enter or correct the car by hand, condition, contact (the lead: POST /api/leads' path), the texted
 * code where the tenant asks for it, the offer, accept. Each answers the journey or a failure in the house wording;
 * the routes (routes/trade-in.ts) render either as JSON or as the plain form's 303.
 * Logs name the tenant, the step and the error's name only: never a rego, a phone or a journey id.
 */
import { OFFER_ACCEPTED_SUBCATEGORY } from '@forecourt/contracts/api';
import { FIELD_ERROR_TEXTS } from '@forecourt/contracts/form-errors';
import type { AuState } from '../lib/au/states.ts';
import type { AppEnv } from '../types.ts';
import type { TurnstileEnv } from '../ports/turnstile/select.ts';
import { SIGN_IN_MESSAGES } from '@forecourt/contracts/sign-in';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import {
  TRADE_IN_MESSAGES, TRADE_IN_QUESTIONS, TRADE_IN_SUBCATEGORIES, tradeInCategory,
  type TradeInJourneyKind, type TradeInOffer, type TradeInVehicle,
} from '@forecourt/contracts/trade-in';
import { otpHashKey } from '../auth/code.ts';
import { verifyCode } from '../auth/otp.ts';
import { smsPhone } from '../auth/requests.ts';
import { sendOneTimeCode } from '../auth/send-code.ts';
import { describeError } from '../leads/http.ts';
import { submitOfferAccepted, submitTradeInAdjustments } from '../leads/follow-ups.ts';
import { LEAD_RATE_LIMIT_MESSAGE, hitRateLimits, clientIp, type RateLimitRule } from '../leads/rate-limit.ts';
import { setLeadColumn } from '../leads/store.ts';
import { submitLead, type LeadContext } from '../leads/submit.ts';
import { FIX_ERRORS_HEADING } from '../leads/validation.ts';
import type { RegoLookupPort } from '../ports/rego-lookup/port.ts';
import type { ValuationPort } from '../ports/valuation/port.ts';
import { estimate, limitReason, noEstimate, offerHolds } from './offer.ts';
import { awaitsCode, createJourney, findJourney, updateJourney, type Journey } from './store.ts';

const MINUTE = 60_000;

/**
 * Rego lookups are paid: per client address and per site, fixed windows of 10 minutes (the rate_limits table's rows are
 * kept as long as the longest window of leads/rate-limit.ts RATE_LIMITS, 10 minutes, so no window here is longer).
 */
export const TRADE_IN_LOOKUP_LIMITS = {
  ip: { name: 'trade-in-lookup-ip', limit: 10, windowMs: 10 * MINUTE },
  tenant: { name: 'trade-in-lookup-tenant', limit: 200, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Journeys started by hand (`POST /api/trade-in/vehicle` without an id) cost no lookup but each is a D1 row: a
 * generous limit per client address and per site (same 10-minute windows), so a script cannot fill the table.
 */
export const TRADE_IN_START_LIMITS = {
  ip: { name: 'trade-in-start-ip', limit: 30, windowMs: 10 * MINUTE },
  tenant: { name: 'trade-in-start-tenant', limit: 600, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type JourneyContext = Omit<LeadContext, 'env' | 'site' | 'now'> & {
  env: AppEnv['Bindings'] & TurnstileEnv;
  site: SiteConfig;
  now: number;
  regoLookup: () => RegoLookupPort;
  valuation: () => ValuationPort;
};

export type StepFailure = { ok: false; status: 400 | 404 | 409 | 429 | 503; error: string; fields?: Record<string, string>; retryAfterSeconds?: number; journey?: Journey };
export type StepOutcome = { ok: true; status: 200 | 201; journey: Journey; error?: string } | StepFailure;

const fail = (status: StepFailure['status'], error: string, extra: Partial<StepFailure> = {}): StepFailure => ({ ok: false, status, error, ...extra });
const gone = () => fail(404, TRADE_IN_MESSAGES.journey_expired);
const wrongStep = (journey: Journey) => fail(409, TRADE_IN_MESSAGES.wrong_step, { journey });
const settingsOf = (c: JourneyContext) => c.site.trade_in;
const zoneOf = (c: JourneyContext) => c.site.time_zone;
const log = (c: JourneyContext, step: string, err: unknown) => console.error(`edge-api trade-in ${step} failed for tenant ${c.tenant}: ${describeError(err)}`);

/** Runs a step; D1 (or anything unexpected) failing is a 503 in the spec's words, the journey unchanged. */
export async function guarded(c: JourneyContext, step: string, run: () => Promise<StepOutcome>): Promise<StepOutcome> {
  try {
    return await run();
  } catch (err) {
    log(c, step, err);
    return fail(503, 'An unknown error occurred.', { retryAfterSeconds: 5 });
  }
}

/** Step 1 by registration: the lookup (rate-limited), then a new journey with whatever it found. */
export async function startByRego(c: JourneyContext, input: { journey: TradeInJourneyKind; car_id?: string | undefined; rego: string; regoState: AuState }): Promise<StepOutcome> {
  const limited = await hitRateLimits(c.env.DB, c.tenant, [[TRADE_IN_LOOKUP_LIMITS.ip, clientIp(c.headers)], [TRADE_IN_LOOKUP_LIMITS.tenant, c.tenant]], c.now);
  if (!limited.ok) return fail(429, TRADE_IN_MESSAGES.too_many_lookups, { retryAfterSeconds: limited.retryAfterSeconds });
  let vehicle: TradeInVehicle | null = null;
  let error: string | undefined;
  try {
    vehicle = await c.regoLookup().lookup({ rego: input.rego, state: input.regoState, tenant: c.tenant });
    if (!vehicle) error = TRADE_IN_MESSAGES.rego_not_found;
  } catch (err) {
    // The shopper still goes on: the car is entered by hand (never a dead end).
    log(c, 'rego lookup', err);
    error = TRADE_IN_MESSAGES.lookup_unavailable;
  }
  const journey = await createJourney(c.env.DB, c.tenant, { kind: input.journey, carId: input.car_id ?? null, rego: input.rego, regoState: input.regoState, vehicle }, c.now);
  return { ok: true, status: 201, journey, ...(error ? { error } : {}) };
}

/** Step 1 by hand: a new journey, or the car of a journey corrected ("not my car") while no lead exists yet. */
export async function enterVehicle(c: JourneyContext, id: string | null, input: { journey: TradeInJourneyKind; car_id?: string | undefined; year: number; make: string; model: string; badge?: string | undefined }): Promise<StepOutcome> {
  const vehicle: TradeInVehicle = { year: input.year, make: input.make, model: input.model, ...(input.badge ? { badge: input.badge } : {}), source: 'manual' };
  if (!id) {
    const limited = await hitRateLimits(c.env.DB, c.tenant, [[TRADE_IN_START_LIMITS.ip, clientIp(c.headers)], [TRADE_IN_START_LIMITS.tenant, c.tenant]], c.now);
    if (!limited.ok) return fail(429, LEAD_RATE_LIMIT_MESSAGE, { retryAfterSeconds: limited.retryAfterSeconds });
    const journey = await createJourney(c.env.DB, c.tenant, { kind: input.journey, carId: input.car_id ?? null, rego: null, regoState: null, vehicle }, c.now);
    return { ok: true, status: 201, journey };
  }
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  if (journey.lead_id) return wrongStep(journey);
  const updated = await updateJourney(c.env.DB, c.tenant, id, { vehicle, offer: null }, c.now, 'lead_id IS NULL');
  return updated ? { ok: true, status: 200, journey: updated } : wrongStep(journey);
}

/** Step 2: odometer and every condition answer (changeable until the contact step). */
export async function enterCondition(c: JourneyContext, id: string, input: { odometer: number; answers: Record<string, string> }): Promise<StepOutcome> {
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  if (!journey.vehicle || journey.lead_id) return wrongStep(journey);
  const answers = Object.fromEntries(TRADE_IN_QUESTIONS.map((q) => [q.id, input.answers[q.id]!]));
  const updated = await updateJourney(c.env.DB, c.tenant, id, { odometer: input.odometer, answers, offer: null }, c.now, 'lead_id IS NULL');
  return updated ? { ok: true, status: 200, journey: updated } : wrongStep(journey);
}

const answerLabel = (questionId: string, value: string) => {
  const q = TRADE_IN_QUESTIONS.find((x) => x.id === questionId);
  const option = q?.options.find((o) => o.value === value);
  return q && option ? `${q.label.replace(/\?$/, '')}: ${option.label}` : null;
};

/** The lead's readable message: the car, odometer, rego and every answer (the dealer reads it in the CRM). */
export function summaryMessage(journey: Pick<Journey, 'kind' | 'vehicle' | 'odometer' | 'answers' | 'rego' | 'rego_state' | 'car_id'>, note?: string): string {
  const v = journey.vehicle;
  const car = v ? [v.year, v.make, v.model, v.badge].filter(Boolean).join(' ') : 'Car not identified';
  const details = v ? [v.body, v.transmission, v.fuel].filter(Boolean).join(', ') : '';
  const lines = [
    `${journey.kind === 'sell-my-car' ? 'Sell my car' : 'Trade-in'} valuation: ${car}${details ? ` (${details})` : ''}${v ? `, ${v.source === 'rego' ? 'found by rego' : 'entered by hand'}` : ''}.`,
    journey.odometer !== null ? `Odometer: ${journey.odometer.toLocaleString('en-AU')} km.` : null,
    journey.rego ? `Registration: ${journey.rego}${journey.rego_state ? ` (${journey.rego_state})` : ''}.` : null,
    journey.car_id ? `Trading toward car: ${journey.car_id}.` : null,
    journey.answers ? Object.entries(journey.answers).map(([q, a]) => answerLabel(q, a)).filter(Boolean).join('; ') + '.' : null,
    note?.trim() ? `Message: ${note.trim()}` : null,
  ];
  return lines.filter(Boolean).join('\n').slice(0, 5000);
}

/** The lead payload fields a contact step may carry beside the journey's own (the lead form's contact fields). */
const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode', 'opt_in', 'terms_conditions', 'location', 'dealership_slug', 'lead_attributes'] as const;

/**
 * Step 3: the lead (POST /api/leads' own path: the tenant's lead payload rules, idempotent by lead_id, rate limits,
 * Turnstile, the outbox to the CRM, analytics), category Trade-In Valuation or Sell My Car, subcategory
 * '1. Contact Details', with the car and answers; then the texted code (tenant `verify_phone`) or the offer.
 * A retry with the same lead_id continues where the journey is.
 */
export async function enterContact(c: JourneyContext, id: string, input: Record<string, unknown> & { lead_id: string }, extra: { url: string; turnstileToken?: string | undefined }): Promise<StepOutcome> {
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  if (!journey.vehicle || journey.odometer === null || !journey.answers) return wrongStep(journey);
  // The contact step is done: any later post (a retry, a second tab, a double click) answers the journey where it is.
  if (journey.lead_id) return continueAfterContact(c, journey);
  const verify = settingsOf(c).verify_phone;
  // A code only ever goes to a phone the sign-in would text (an Australian mobile): checked before any lead is stored.
  if (verify && !smsPhone(String(input.phone ?? ''))) {
    return fail(400, `${FIX_ERRORS_HEADING} phone: ${FIELD_ERROR_TEXTS.sms_phone}`, { fields: { phone: FIELD_ERROR_TEXTS.sms_phone }, journey });
  }
  const contact = Object.fromEntries(CONTACT_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
  const v = journey.vehicle;
  const payload: Record<string, unknown> = {
    ...contact,
    category: tradeInCategory(journey.kind),
    subcategory: TRADE_IN_SUBCATEGORIES.contact,
    message: summaryMessage(journey, typeof input.message === 'string' ? input.message : undefined),
    'Vehicle Make': v.make,
    'Vehicle Model': v.model,
    adjustmentAnswers: { ...journey.answers, odometer: journey.odometer },
    ...(journey.rego && journey.rego_state ? { rego: journey.rego, regoState: journey.rego_state } : {}),
    ...(journey.car_id ? { car_id: journey.car_id } : {}),
  };
  const outcome = await submitLead(c, {
    lead_id: input.lead_id,
    payload,
    userData: { url: extra.url, user_agent: c.headers.get('user-agent') ?? '', ...(journey.car_id ? { car_id: journey.car_id } : {}) },
    ...(extra.turnstileToken ? { turnstile_token: extra.turnstileToken } : {}),
  });
  if (!outcome.ok) return fail(outcome.status, outcome.error, { ...(outcome.fields ? { fields: outcome.fields } : {}), ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}), journey });
  const phone = verify ? smsPhone(String(input.phone ?? '')) : null;
  const updated = await updateJourney(c.env.DB, c.tenant, id, { lead_id: outcome.leadId, ...(verify && phone ? { verify_phone: phone } : {}) }, c.now, 'lead_id IS NULL');
  const current = updated ?? (await findJourney(c.env.DB, c.tenant, id, c.now));
  if (!current) return gone();
  if (verify && phone && updated) {
    const sent = await sendCode(c, current, phone, input);
    if (!sent.ok) return { ...sent, journey: current };
    return { ok: true, status: 200, journey: current };
  }
  return continueAfterContact(c, current);
}

/**
 * After the lead: the code still owed (verify step) or the offer (made once, then kept; makeOffer also writes what a
 * failed earlier attempt left unwritten). An accepted journey answers as it is.
 */
async function continueAfterContact(c: JourneyContext, journey: Journey): Promise<StepOutcome> {
  if (journey.accepted_at !== null) return { ok: true, status: 200, journey };
  if (awaitsCode(journey, settingsOf(c).verify_phone)) return { ok: true, status: 200, journey };
  return makeOffer(c, journey);
}

/** Texts the sign-in's one-time code to the lead's phone: auth/send-code.ts, the one path of every code (its limits). */
async function sendCode(c: JourneyContext, journey: Journey, phone: string, profile: Record<string, unknown>): Promise<{ ok: true } | StepFailure> {
  const text = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim().slice(0, 100) : undefined);
  const codeProfile = { ...(text(profile.name) ? { first_name: text(profile.name)! } : {}), ...(text(profile.last_name) ? { last_name: text(profile.last_name)! } : {}), ...(text(profile.email) ? { email: text(profile.email)!.toLowerCase() } : {}) };
  const sent = await sendOneTimeCode({ env: c.env, tenant: c.tenant, siteName: c.site.name, phone, profile: codeProfile, headers: c.headers, now: c.now, caller: 'trade-in verify' });
  if (sent.ok) return { ok: true };
  return fail(sent.status, sent.error, { ...(sent.fields ? { fields: sent.fields } : {}), ...(sent.retryAfter ? { retryAfterSeconds: sent.retryAfter } : {}), journey });
}

/** Step 3b again: a new code to the same phone (the cool-down of sign-in applies). */
export async function resendCode(c: JourneyContext, id: string): Promise<StepOutcome> {
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  if (!journey.verify_phone || !awaitsCode(journey, settingsOf(c).verify_phone)) return wrongStep(journey);
  const sent = await sendCode(c, journey, journey.verify_phone, {});
  return sent.ok ? { ok: true, status: 200, journey } : { ...sent, journey };
}

export type VerifyOutcomeWithSession = StepOutcome & { session?: { token: string; phone: string } };

/**
 * Step 3b: the texted code, checked by the sign-in's verifyCode (attempts counted first, constant-time compare); a
 * right code also signs the shopper in (the phone is proven: the route sets the session cookie), then the offer.
 */
export async function verifyJourneyCode(c: JourneyContext, id: string, code: string): Promise<VerifyOutcomeWithSession> {
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  // Only a journey still owing its code checks one: a verified journey (or one that never needed a code) accepts no
  // code again and signs nobody in; its offer step goes on by the contact or accept post (makeOffer's retry).
  if (!journey.lead_id || !awaitsCode(journey, settingsOf(c).verify_phone) || !journey.verify_phone) return wrongStep(journey);
  const outcome = await verifyCode(c.env.DB, otpHashKey(c.env), c.tenant, journey.verify_phone, code, c.now);
  if (!outcome.ok) {
    return outcome.reason === 'too-many'
      ? fail(429, SIGN_IN_MESSAGES.tooManyAttempts, { journey })
      : fail(400, SIGN_IN_MESSAGES.invalidCode, { fields: { code: SIGN_IN_MESSAGES.invalidCode }, journey });
  }
  const verified = (await updateJourney(c.env.DB, c.tenant, id, { verified_at: c.now }, c.now, 'verified_at IS NULL')) ?? (await findJourney(c.env.DB, c.tenant, id, c.now));
  if (!verified) return gone();
  const next = await continueAfterContact(c, verified);
  return { ...next, session: { token: outcome.token, phone: journey.verify_phone } };
}

/**
 * Step 4: the offer, made once and kept. Over the tenant's age or km limit -> none (no valuation asked, nothing paid);
 * the valuation's null -> 'no_match', its failure -> 'unavailable' (the dealer calls: never a dead end); else the
 * estimate valid `estimate_valid_days`. The offer is saved on the journey first (guarded `offer IS NULL`: of two
 * simultaneous posts one offer wins) and read back; only that stored offer goes to the lead (leads.valuation, as POST
 * /api/miscellaneous does, which '3. Offer Accepted' copies) and to the '2. Valuation Adjustments' follow-up, whose id
 * derives from the lead alone: however often this runs (a retry after a failed write, concurrent posts), one
 * follow-up is stored and delivered. A journey that already has its offer only makes sure both are written.
 */
async function makeOffer(c: JourneyContext, journey: Journey): Promise<StepOutcome> {
  let current = journey;
  if (!current.offer) {
    const offer = await newOffer(c, current);
    current = (await updateJourney(c.env.DB, c.tenant, current.id, { offer }, c.now, 'offer IS NULL')) ?? (await findJourney(c.env.DB, c.tenant, current.id, c.now)) ?? current;
    if (!current.offer) return gone();
  }
  const offer = current.offer;
  const odometer = current.odometer!;
  const leadId = current.lead_id!;
  await setLeadColumn(c.env.DB, c.tenant, leadId, 'valuation', { source: 'trade-in', offer, vehicle: current.vehicle, odometer }, c.now);
  const followUp = await submitTradeInAdjustments(c, leadId, { ...current.answers!, odometer }, offer);
  if (!followUp.ok) return fail(followUp.status, followUp.error, { ...(followUp.retryAfterSeconds ? { retryAfterSeconds: followUp.retryAfterSeconds } : {}), journey: current });
  return { ok: true, status: 200, journey: current };
}

/** The offer a journey would get now (not yet stored). */
async function newOffer(c: JourneyContext, journey: Journey): Promise<TradeInOffer> {
  const settings = settingsOf(c);
  const zone = zoneOf(c);
  const vehicle = journey.vehicle!;
  const odometer = journey.odometer!;
  const over = limitReason(vehicle, odometer, settings, zone, c.now);
  if (over) return noEstimate(over, settings, zone, c.now);
  const valuation = c.valuation();
  try {
    const value = await valuation.value({ tenant: c.tenant, vehicle, odometer, answers: journey.answers!, state: journey.rego_state });
    return value ? estimate(value, valuation.provider, settings, zone, c.now) : noEstimate('no_match', settings, zone, c.now);
  } catch (err) {
    log(c, 'valuation', err);
    return noEstimate('unavailable', settings, zone, c.now);
  }
}

/**
 * Step 5: accept an unexpired estimate -> the '3. Offer Accepted' follow-up (analytics 18, once: its id derives from
 * the lead and the flags, so a retry records nothing twice), then the journey's accepted_at. Accepting again answers
 * the accepted journey.
 */
export async function acceptOffer(c: JourneyContext, id: string): Promise<StepOutcome> {
  const journey = await findJourney(c.env.DB, c.tenant, id, c.now);
  if (!journey) return gone();
  if (journey.accepted_at !== null) return { ok: true, status: 200, journey };
  if (!journey.lead_id || awaitsCode(journey, settingsOf(c).verify_phone)) return wrongStep(journey);
  // The offer step goes on where it stopped: an offer not yet made (or its follow-up not yet stored) is made first,
  // and shown before anything is accepted.
  const made = await makeOffer(c, journey);
  if (!made.ok || !journey.offer) return made;
  if (journey.offer.kind !== 'estimate') return fail(409, TRADE_IN_MESSAGES.no_offer, { journey });
  if (!offerHolds(journey.offer, zoneOf(c), c.now)) return fail(409, TRADE_IN_MESSAGES.offer_expired, { journey });
  const outcome = await submitOfferAccepted(c, { category: tradeInCategory(journey.kind), subcategory: OFFER_ACCEPTED_SUBCATEGORY, lead_id: journey.lead_id, form_completed: true, offer_accepted: true });
  if (!outcome.ok) return fail(outcome.status, outcome.error, { ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}), journey });
  const updated = (await updateJourney(c.env.DB, c.tenant, id, { accepted_at: c.now }, c.now, 'accepted_at IS NULL')) ?? (await findJourney(c.env.DB, c.tenant, id, c.now));
  return updated ? { ok: true, status: 200, journey: updated } : gone();
}
