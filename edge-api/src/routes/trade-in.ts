/**
 * The trade-in / sell-my-car valuation journey (issue 18; contracts trade-in.ts TRADE_IN_API). Every write takes JSON
 * (answered `{ journey }` with the journey's public state, or `{ error, fields? }`) or a plain form (answered 303 to
 * its `return` page with `journey=<id>` and, on failure, `trade_in_error=<code>` / `trade_in_error_fields`):
 *   POST /api/trade-in/journeys                 { journey, car_id?, rego, regoState } -> 201 (lookup rate-limited: 429)
 *                                               (a rego not found / a failed lookup: 201 { journey (no vehicle), error })
 *   POST /api/trade-in/vehicle                  { id?, journey, car_id?, year, make, model, badge? } -> 201 new | 200 corrected
 *                                               (a new journey is rate-limited per address and site: 429)
 *   POST /api/trade-in/journeys/:id/condition   { odometer, answers: { <question id>: value } } (forms: answers.<id>)
 *   POST /api/trade-in/journeys/:id/contact     { lead_id, name, email, phone, last_name?, postcode?, terms_conditions?, ... }
 *   POST /api/trade-in/journeys/:id/verify      { code } | { resend: 'yes' }
 *   POST /api/trade-in/journeys/:id/accept      { accept: 'yes' } (required)
 *   GET  /api/trade-in/journeys/:id             -> { journey } | 404 (also mf-vehicle over the binding: INTERNAL.tradeInJourney)
 *   GET  /api/trade-in/taxonomy?make=&model=&year= -> { makes, models, years, badges }
 * Failures: 400 bad input (spec §8 'Please fix the following errors: ...'), 404 unknown or expired journey, 409 a step
 * out of order / no offer / offer expired, 429 too many, 503 storage failed. Nothing of the rego, phone or id is logged.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { getCookie } from 'hono/cookie';
import { REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import {
  ODOMETER_MESSAGE, TRADE_IN_ANSWER_MESSAGE, TRADE_IN_API, TRADE_IN_JOURNEY_ID, TRADE_IN_MESSAGES, TradeInAcceptSchema, TradeInConditionSchema, TradeInContactSchema,
  TradeInManualVehicleSchema, TradeInStartSchema, TradeInTaxonomyQuerySchema, TradeInVerifySchema,
} from '@forecourt/contracts/trade-in';
import { pathOfPageUrl } from '@forecourt/contracts/redirects';
import type { AppEnv } from '../types.ts';
import { UNKNOWN_ERROR, jsonError } from '../lib/http.ts';
import { issueField, issueText } from '../lib/validate.ts';
import { describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { TURNSTILE_FORM_FIELD, formToLeadRequest } from '../leads/form.ts';
import { FIX_ERRORS_HEADING } from '../leads/validation.ts';
import { knownDeviceToken, otpHashKey } from '../auth/code.ts';
import { knownDeviceCookie, sessionCookie } from '../auth/cookies.ts';
import { deleteSession } from '../auth/session.ts';
import type { RegoLookupPort } from '../ports/rego-lookup/port.ts';
import { selectRegoLookup } from '../ports/rego-lookup/select.ts';
import type { ValuationPort } from '../ports/valuation/port.ts';
import { selectValuation } from '../ports/valuation/select.ts';
import { conditionFields, formLocation, startFields, vehicleFields } from '../trade-in/form.ts';
import {
  acceptOffer, enterCondition, enterContact, enterVehicle, guarded, resendCode, startByRego, verifyJourneyCode,
  type JourneyContext, type StepOutcome, type VerifyOutcomeWithSession,
} from '../trade-in/journey.ts';
import { findJourney, journeyState } from '../trade-in/store.ts';
import { taxonomyLists } from '../trade-in/taxonomy.ts';
import { yearIn } from '../trade-in/offer.ts';

export type TradeInRoutesOptions = {
  /** The clock (tests). */
  now?: () => number;
  /** The ports (tests: an adapter on a fake provider, a failing one); by default chosen from the env like every port. */
  regoLookup?: (env: AppEnv['Bindings']) => RegoLookupPort;
  valuation?: (env: AppEnv['Bindings']) => ValuationPort;
};

const api = (full: string) => full.replace(/^\/api/, '');
/** Texts of the contract's own messages, kept even for a missing value (not 'This is a required field.'). */
const OWN_MESSAGES: ReadonlySet<string> = new Set(['Please choose a state.', 'Please choose a year.', TRADE_IN_ANSWER_MESSAGE, ODOMETER_MESSAGE]);

/** `{ error, fields }` of refused input, fields named as the forms name them (`answers.<question id>`). */
function invalid(issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issueField(issue, schema) ?? 'body';
    const message = field.startsWith('answers.') ? TRADE_IN_ANSWER_MESSAGE
      : issue.input === undefined && !OWN_MESSAGES.has(issue.message) ? REQUIRED_FIELD_MESSAGE
      : OWN_MESSAGES.has(issue.message) ? issue.message : issueText(issue);
    fields[field] ??= message;
  }
  return { error: `${FIX_ERRORS_HEADING} ${Object.entries(fields).map(([f, m]) => `${f}: ${m}`).join('; ')}`, fields };
}

export function createTradeInRoutes(options: TradeInRoutesOptions = {}) {
  const now = options.now ?? (() => Date.now());

  const context = (c: Context<AppEnv>): JourneyContext => {
    const at = now();
    return {
      env: c.env,
      ctx: executionCtxOf(c),
      tenant: c.get('tenant'),
      site: c.get('siteConfig'),
      headers: c.req.raw.headers,
      now: at,
      regoLookup: () => options.regoLookup?.(c.env) ?? selectRegoLookup(c.env, { now: () => at }),
      valuation: () => options.valuation?.(c.env) ?? selectValuation(c.env, { now: () => at }),
    };
  };

  /** Renders a step's outcome as JSON or as the plain form's 303. */
  const render = (c: Context<AppEnv>, form: URLSearchParams | null, kind: string | null, outcome: StepOutcome) => {
    const verify = c.get('siteConfig').trade_in.verify_phone;
    const journey = outcome.journey ?? null;
    if (!outcome.ok && outcome.retryAfterSeconds) c.header('retry-after', String(outcome.retryAfterSeconds));
    if (form) {
      const failure = outcome.ok ? (outcome.error ? { error: outcome.error } : null) : { error: outcome.error, ...(outcome.fields ? { fields: outcome.fields } : {}) };
      return c.redirect(formLocation(form, journey?.kind ?? kind, journey?.id ?? null, failure), 303);
    }
    if (outcome.ok) return c.json({ journey: journeyState(outcome.journey, verify), ...(outcome.error ? { error: outcome.error } : {}) }, outcome.status);
    return c.json({ error: outcome.error, ...(outcome.fields && Object.keys(outcome.fields).length > 0 ? { fields: outcome.fields } : {}) }, outcome.status);
  };

  /** A refused body: 400 `{ error, fields }`, or the form's 303 with the codes (the journey id kept when known). */
  const refuse = (c: Context<AppEnv>, form: URLSearchParams | null, kind: string | null, journeyId: string | null, refusal: { error: string; fields: Record<string, string> }) => {
    if (form) return c.redirect(formLocation(form, kind, journeyId, refusal), 303);
    return c.json(refusal, 400);
  };

  const unknownJourney = (c: Context<AppEnv>, form: URLSearchParams | null) =>
    form ? c.redirect(formLocation(form, null, null, { error: TRADE_IN_MESSAGES.journey_expired }), 303) : jsonError(c, 404, TRADE_IN_MESSAGES.journey_expired);

  /** The id of `:id`, or null when it is not a journey id (answered as unknown: nothing is looked up). */
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    return TRADE_IN_JOURNEY_ID.test(id) ? id : null;
  };

  /**
   * The start of every step of a journey by id: the body (JSON or a plain form) and the journey id of `:id`, or the
   * answer already given (an unreadable body; an id that is no journey id, looked up nowhere).
   */
  const stepRequest = async (c: Context<AppEnv>): Promise<{ answer: Response } | { answer: null; form: URLSearchParams | null; json: unknown; id: string }> => {
    const body = await readBody(c, { form: true });
    if (!body.ok) return { answer: jsonError(c, body.status, body.error) };
    const form = body.kind === 'form' ? body.form : null;
    const id = idOf(c);
    if (!id) return { answer: unknownJourney(c, form) };
    return { answer: null, form, json: body.kind === 'json' ? body.value : null, id };
  };

  return new Hono<AppEnv>()
    .post(api(TRADE_IN_API.start), async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const form = body.kind === 'form' ? body.form : null;
      const parsed = v.safeParse(TradeInStartSchema, form ? startFields(form) : body.kind === 'json' ? body.value : null);
      if (!parsed.success) return refuse(c, form, form?.get('journey') ?? null, null, invalid(parsed.issues, TradeInStartSchema));
      const ctx = context(c);
      return render(c, form, parsed.output.journey, await guarded(ctx, 'start', () => startByRego(ctx, parsed.output)));
    })
    .post(api(TRADE_IN_API.vehicle), async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const form = body.kind === 'form' ? body.form : null;
      const raw = form ? vehicleFields(form) : body.kind === 'json' ? body.value : null;
      const rawId = form ? form.get('id') : raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : null;
      const id = typeof rawId === 'string' && rawId.trim() !== '' ? rawId.trim() : null;
      if (id !== null && !TRADE_IN_JOURNEY_ID.test(id)) return unknownJourney(c, form);
      const parsed = v.safeParse(TradeInManualVehicleSchema, raw);
      if (!parsed.success) return refuse(c, form, form?.get('journey') ?? null, id, invalid(parsed.issues, TradeInManualVehicleSchema));
      const ctx = context(c);
      return render(c, form, parsed.output.journey, await guarded(ctx, 'vehicle', () => enterVehicle(ctx, id, parsed.output)));
    })
    .post(api(TRADE_IN_API.condition), async (c) => {
      const step = await stepRequest(c);
      if (step.answer) return step.answer;
      const { form, json, id } = step;
      const parsed = v.safeParse(TradeInConditionSchema, form ? conditionFields(form) : json);
      if (!parsed.success) return refuse(c, form, null, id, invalid(parsed.issues, TradeInConditionSchema));
      const ctx = context(c);
      return render(c, form, null, await guarded(ctx, 'condition', () => enterCondition(ctx, id, parsed.output)));
    })
    .post(api(TRADE_IN_API.contact), async (c) => {
      const step = await stepRequest(c);
      if (step.answer) return step.answer;
      const { form, json, id } = step;
      let input: unknown;
      let turnstileToken: string | undefined;
      let url: string;
      if (form) {
        const lead = (await formToLeadRequest(form, c.req.raw.headers, { tenant: c.get('tenant'), env: c.env })) as { payload: Record<string, unknown>; lead_id: string; turnstile_token?: string };
        input = { ...lead.payload, lead_id: lead.lead_id };
        turnstileToken = lead.turnstile_token;
        url = pathOfPageUrl(form.get('url')) ?? pathOfPageUrl(form.get('return')) ?? pathOfPageUrl(c.req.header('referer')) ?? '/trade-in';
      } else {
        input = json;
        const record = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
        turnstileToken = typeof record.turnstile_token === 'string' ? record.turnstile_token : typeof record[TURNSTILE_FORM_FIELD] === 'string' ? (record[TURNSTILE_FORM_FIELD] as string) : undefined;
        url = (typeof record.url === 'string' && pathOfPageUrl(record.url)) || pathOfPageUrl(c.req.header('referer')) || '/trade-in';
      }
      const parsed = v.safeParse(TradeInContactSchema, input);
      if (!parsed.success) return refuse(c, form, null, id, invalid(parsed.issues, TradeInContactSchema));
      const ctx = context(c);
      // The lead's page URL: absolute, as POST /api/leads keeps it (a path of this request's host).
      const pageUrl = new URL(url, c.req.url).toString();
      return render(c, form, null, await guarded(ctx, 'contact', () => enterContact(ctx, id, parsed.output, { url: pageUrl, turnstileToken })));
    })
    .post(api(TRADE_IN_API.verify), async (c) => {
      const step = await stepRequest(c);
      if (step.answer) return step.answer;
      const { form, json, id } = step;
      const raw = form ? Object.fromEntries(form) : json;
      const ctx = context(c);
      if (raw && typeof raw === 'object' && (raw as { resend?: unknown }).resend === 'yes') {
        return render(c, form, null, await guarded(ctx, 'resend', () => resendCode(ctx, id)));
      }
      const parsed = v.safeParse(TradeInVerifySchema, raw);
      if (!parsed.success) return refuse(c, form, null, id, invalid(parsed.issues, TradeInVerifySchema));
      const outcome = (await guarded(ctx, 'verify', () => verifyJourneyCode(ctx, id, parsed.output.code))) as VerifyOutcomeWithSession;
      if (outcome.session) {
        // The phone is proven with the sign-in's own code: the shopper is signed in, as after POST /api/auth/verify.
        try {
          await deleteSession(c.env.DB, ctx.tenant, getCookie(c, SESSION_COOKIE));
          c.header('set-cookie', sessionCookie(outcome.session.token), { append: true });
          c.header('set-cookie', knownDeviceCookie(await knownDeviceToken(otpHashKey(c.env), ctx.tenant, outcome.session.phone, ctx.now)), { append: true });
        } catch {
          // The journey goes on without the cookies: the code was right and the offer is made.
        }
      }
      return render(c, form, null, outcome);
    })
    .post(api(TRADE_IN_API.accept), async (c) => {
      const step = await stepRequest(c);
      if (step.answer) return step.answer;
      const { form, json, id } = step;
      const raw = form ? Object.fromEntries(form) : json;
      const parsed = v.safeParse(TradeInAcceptSchema, raw && typeof raw === 'object' ? { accept: (raw as { accept?: unknown }).accept } : raw);
      if (!parsed.success) return refuse(c, form, null, id, invalid(parsed.issues, TradeInAcceptSchema));
      const ctx = context(c);
      return render(c, form, null, await guarded(ctx, 'accept', () => acceptOffer(ctx, id)));
    })
    .get(api(TRADE_IN_API.journey), async (c) => {
      const id = idOf(c);
      if (!id) return jsonError(c, 404, TRADE_IN_MESSAGES.journey_expired);
      let journey;
      try {
        journey = await findJourney(c.env.DB, c.get('tenant'), id, now());
      } catch (err) {
        // Logged here by tenant and error name: the path (the journey id, a capability) never reaches a log.
        console.error(`edge-api GET ${TRADE_IN_API.journey} failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
        c.header('retry-after', '5');
        return jsonError(c, 503, UNKNOWN_ERROR);
      }
      if (!journey) return jsonError(c, 404, TRADE_IN_MESSAGES.journey_expired);
      return c.json({ journey: journeyState(journey, c.get('siteConfig').trade_in.verify_phone) }, 200);
    })
    .get(api(TRADE_IN_API.taxonomy), (c) => {
      const parsed = v.safeParse(TradeInTaxonomyQuerySchema, { make: c.req.query('make') || undefined, model: c.req.query('model') || undefined, year: c.req.query('year') || undefined });
      if (!parsed.success) return jsonError(c, 400, invalid(parsed.issues, TradeInTaxonomyQuerySchema).error);
      const { make, model, year } = parsed.output;
      const lists = taxonomyLists({ make, model, year: year ? Number(year) : undefined }, yearIn(c.get('siteConfig').time_zone, now()));
      // The same lists for everyone: a browser may keep them an hour.
      return c.json(lists, 200, { 'cache-control': 'public, max-age=3600' });
    });
}

/** Mounted under /api by src/index.ts. */
export const tradeInRoutes = createTradeInRoutes();
