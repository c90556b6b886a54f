/**
 * `POST /api/finance/preapproval` (spec §4 Finance popup journey): the server side of the instant pre-approval's steps.
 * One endpoint, two dialects: the island posts JSON and reads JSON; the plain forms (no JavaScript) post
 * `application/x-www-form-urlencoded` and are sent on with a 303 to the next step's page (`/finance?step=N`). Either
 * way the application travels in the HttpOnly cookie of lib/preapproval.ts.
 *
 *   action=details  the estimate + Your Details -> checked; a code texted to the phone (edge-api `POST /api/auth/otp`,
 *                   event 36) -> step 3 with the personalised quote | 400 { fields } | 429 | 502 { error }
 *   action=resend   a new code to the application's phone -> step 4 | 429
 *   action=apply    the code -> verified (edge-api `POST /api/auth/verify`, event 37; the shopper is signed in), then
 *                   the Finance Enquiry lead and the YouX customer in parallel (edge-api `POST /api/youx/create-customer`:
 *                   lead outbox, event 9) -> 200 { redirectUrl } | 303 to it; a failure stops with spec §8's text and
 *                   the lead is kept whenever edge-api recorded it.
 *
 * 404 where the site has no `finance_preapproval`; 429 past PREAPPROVAL_LIMITER (per tenant and client address).
 * The shopper's address and cookies go on to edge-api, so its own limits (codes per phone, per address) hold as if
 * the browser had called it. Nothing personal is logged.
 */
import { Hono, type Context } from 'hono';
import { callInternal, InternalAnswerError, type ServiceBinding } from '@forecourt/contracts/internal';
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { OTP_TTL_MS } from '@forecourt/contracts/sign-in';
import type { FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import {
  applicationCookie, applicationFromCookieHeader, carContextFrom, checkDetails, codeOf, CODE_MESSAGE,
  detailsFrom, estimateFrom, estimateQuery, maskedPhone, PREAPPROVAL_MESSAGES, TERMS_TEXT, type Application, type PreapprovalError, type StepNumber,
} from '../lib/preapproval.ts';
import { applicationCustomer, applicationLead } from '../lib/application.ts';
import { quoteOrNull } from '../quote/quote-or-null.ts';
import type { AppEnv, QuickQuoteFor } from './context.ts';

export const PREAPPROVAL_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again in a minute.';
/** edge-api's answers are awaited this long: the shopper is waiting on a button. */
export const EDGE_TIMEOUT_MS = 10_000;
/** The final submit waits longer than edge-api waits for YouX (10 s) and the lead's write, so a slow success is seen. */
export const CREATE_CUSTOMER_TIMEOUT_MS = 15_000;
/**
 * Headers of the shopper's request that edge-api reads: address and browser (its limits), cookies (session, known
 * device) and Origin (the site the local YouX stand-in sends the shopper back to).
 */
const FORWARDED = [CLIENT_IP_HEADER, 'user-agent', 'cookie', 'accept-language', 'origin'] as const;

type Answer =
  | { kind: 'step'; step: StepNumber; quote?: FinanceQuickQuoteResponse | null; phone?: string }
  | { kind: 'fields'; step: StepNumber; fields: Record<string, string> }
  | { kind: 'error'; step: StepNumber; error: PreapprovalError | 'rate'; status: number; retryAfter?: number }
  | { kind: 'done'; redirectUrl: string };

const forwarded = (c: Context<AppEnv>, extra: Record<string, string> = {}) => {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  return { ...headers, ...extra };
};

export function preapprovalRoutes(quickQuote: QuickQuoteFor) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    c.header('cache-control', 'no-store');
    const config = c.var.config;
    if (!config.features.finance_preapproval) return c.json({ error: 'Not found.' }, 404);
    const isForm = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');
    let fields: URLSearchParams;
    try {
      fields = isForm ? new URLSearchParams((await c.req.text()).slice(0, 20_000)) : jsonFields(await c.req.json());
    } catch {
      return c.json({ error: 'The request body must be JSON or a form.' }, 400);
    }
    const get = (name: string) => fields.get(name);
    const tenant = config.slug;
    const edge: ServiceBinding = c.env.EDGE_API;
    const origin = new URL(c.req.url).origin;
    const stored = applicationFromCookieHeader(c.req.header('cookie'));

    const ip = rateLimitAddress(c.req.header(CLIENT_IP_HEADER)) ?? 'unknown';
    const limited = !(await c.env.PREAPPROVAL_LIMITER.limit({ key: `${tenant}:${ip}` })).success;

    let application: Application | null = stored;
    let answer: Answer;
    const setCookies: string[] = [];
    const action = get('action');
    if (limited) {
      answer = { kind: 'error', step: action === 'apply' || action === 'resend' ? 4 : 2, error: 'rate', status: 429, retryAfter: 60 };
    } else if (action === 'details') {
      // The estimate and the car travel with the form (the plain step 1 is a GET form); the details are checked here.
      application = {
        estimate: estimateFrom(get),
        details: detailsFrom(get),
        car: carContextFrom(get),
        // The same journey keeps its lead id (a retry makes no second lead); once its code was verified (the final
        // submit may have recorded the lead) or it was sent to the lender, new details are a new application.
        leadId: stored && !stored.verified && !stored.redirectUrl ? stored.leadId : crypto.randomUUID(),
        codeSent: false,
        verified: false,
      };
      const checked = checkDetails(application.details);
      if (!checked.ok) answer = { kind: 'fields', step: 2, fields: checked.fields };
      else {
        application.details = { ...application.details, phone: checked.value.phone };
        // Back to fix a detail with the same phone while its code still lives: no second text (edge-api would make
        // the shopper wait, its back-off doubling), the code already sent still works.
        const codeLives = stored?.codeSent && !stored.verified && stored.details.phone === checked.value.phone && stored.codeSentAt !== undefined && Date.now() - stored.codeSentAt < OTP_TTL_MS;
        answer = codeLives ? { kind: 'step', step: 3 } : await sendCode(c, edge, tenant, application, 3);
        if (answer.kind === 'step') {
          application.codeSent = true;
          application.codeSentAt = codeLives ? stored!.codeSentAt! : Date.now();
          answer.quote = await quoteOrNull(quickQuote(c.env), tenant, application);
          // Step 3's page shows this quote again from the application: a page view never asks the provider.
          if (answer.quote) application.quote = answer.quote;
          answer.phone = maskedPhone(checked.value.phone);
        }
      }
    } else if (action === 'resend' || action === 'apply') {
      const checked = application ? checkDetails(application.details) : null;
      if (!application || !checked?.ok) answer = { kind: 'error', step: 1, error: 'expired', status: 409 };
      else if (action === 'resend') {
        answer = await sendCode(c, edge, tenant, application, 4);
        if (answer.kind === 'step') {
          application.codeSent = true;
          application.codeSentAt = Date.now();
          answer.phone = maskedPhone(checked.value.phone);
        }
      } else answer = await apply(c, edge, tenant, application, checked.value, get('code'), origin, setCookies, ['on', 'true', '1', 'yes'].includes((get('terms') ?? '').toLowerCase()));
    } else {
      return c.json({ error: 'Unknown action.' }, 400);
    }

    // Done: the island goes straight to the lender (the application is over); a plain form's page shows the lender's
    // address as a link, kept in the application for that page (the shell's CSP keeps forms from leaving the site).
    if (answer.kind === 'done') setCookies.push(applicationCookie(isForm && application ? { ...application, redirectUrl: answer.redirectUrl } : null));
    else if (application) setCookies.push(applicationCookie(application));
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });

    if (isForm) {
      if (answer.kind === 'done') return c.redirect(`/finance?step=4&${new URLSearchParams({ ...estimateQuery(application!.estimate), ...application!.car })}#finance-form`, 303);
      return c.redirect(stepLocation(answer, application), 303);
    }
    switch (answer.kind) {
      case 'done':
        return c.json({ redirectUrl: answer.redirectUrl });
      case 'step':
        return c.json({ step: answer.step, quote: answer.quote ?? null, ...(answer.phone ? { phone: answer.phone } : {}) });
      case 'fields':
        return c.json({ step: answer.step, fields: answer.fields, ...(action === 'apply' ? { verified: application?.verified === true } : {}) }, 400);
      case 'error':
        if (answer.retryAfter) c.header('retry-after', String(answer.retryAfter));
        return c.json({
          step: answer.step,
          error: answer.error === 'rate' ? PREAPPROVAL_RATE_LIMIT_MESSAGE : PREAPPROVAL_MESSAGES[answer.error],
          // After a failed final submit the island knows whether the code is still needed.
          ...(action === 'apply' && application ? { verified: application.verified } : {}),
        }, answer.status as 400);
    }
  });

  return app;
}

/** A JSON body's string and boolean fields as form fields (one reader for both dialects). */
function jsonFields(body: unknown): URLSearchParams {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>).slice(0, 50)) {
    if (typeof value === 'string' || typeof value === 'number') out.set(key, String(value).slice(0, 1000));
    else if (typeof value === 'boolean') out.set(key, value ? 'on' : '');
  }
  return out;
}

/** Where a plain form goes next: the step's page, the estimate and car in its query, an error by its key. */
function stepLocation(answer: Exclude<Answer, { kind: 'done' }>, app: Application | null): string {
  const query = new URLSearchParams({ step: String(answer.step), ...(app ? { ...estimateQuery(app.estimate), ...app.car } : {}) });
  if (answer.kind === 'fields' && answer.step === 2 && answer.fields.phone && Object.keys(answer.fields).length === 1) query.set('preapproval_error', 'phone');
  else if (answer.kind === 'fields' && answer.fields.terms) query.set('preapproval_error', 'terms');
  else if (answer.kind === 'fields' && answer.fields.code) query.set('preapproval_error', answer.fields.code === PREAPPROVAL_MESSAGES.invalidCode ? 'invalidCode' : 'code');
  else if (answer.kind === 'fields') query.set('check', '1');
  if (answer.kind === 'error') query.set('preapproval_error', answer.error === 'rate' ? 'tooMany' : answer.error);
  return `/finance?${query}#finance-form`;
}

/** Texts a code to the application's phone (edge-api's sign-in, with the shopper's address and cookies). */
async function sendCode(c: Context<AppEnv>, edge: ServiceBinding, tenant: string, app: Application, next: StepNumber): Promise<Answer> {
  const { details, car } = app;
  const back: StepNumber = next === 3 ? 2 : 4;
  try {
    const answer = await callInternal(edge, 'sendCode', {
      tenant,
      body: {
        phone: details.phone!,
        first_name: details.firstName,
        last_name: details.lastName,
        email: details.email,
        ...(car.preferredDealership && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(car.preferredDealership) ? { dealership_slug: car.preferredDealership } : {}),
      },
      headers: forwarded(c),
      timeoutMs: EDGE_TIMEOUT_MS,
    });
    if (answer.ok) return { kind: 'step', step: next };
    if (answer.status === 429) return { kind: 'error', step: back, error: 'tooMany', status: 429, ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}) };
    // A phone edge-api will not text (a landline slipped through): the shopper fixes it on Your Details.
    if (answer.status === 400) return { kind: 'fields', step: 2, fields: { phone: answer.error?.replace(/^phone: /, '') ?? PREAPPROVAL_MESSAGES.advance } };
    console.warn(`preapproval: code not sent for ${tenant}: edge-api ${answer.status}`);
  } catch (error) {
    console.warn(`preapproval: code not sent for ${tenant}: ${error instanceof Error ? error.name : 'error'}`);
  }
  return { kind: 'error', step: back, error: 'advance', status: 502 };
}

/**
 * The final submit (spec §4): the code verified, then the lead and the YouX customer in parallel (edge-api), then the
 * lender's address. Each failure stops with its text.
 */
async function apply(
  c: Context<AppEnv>, edge: ServiceBinding, tenant: string, app: Application, details: ReturnType<typeof checkDetails> extends infer R ? R extends { ok: true; value: infer D } ? D : never : never,
  codeText: string | null | undefined, origin: string, setCookies: string[],
  terms: boolean,
): Promise<Answer> {
  if (!terms) return { kind: 'fields', step: 4, fields: { terms: TERMS_TEXT } };
  let session: string | null = null;
  if (!app.verified) {
    const code = codeOf(codeText);
    if (!code) return { kind: 'fields', step: 4, fields: { code: CODE_MESSAGE } };
    try {
      const verified = await callInternal(edge, 'verifyCode', { tenant, body: { phone: details.phone, token: code, type: 'sms' }, headers: forwarded(c), timeoutMs: EDGE_TIMEOUT_MS });
      if (!verified.ok) {
        if (verified.status === 429) return { kind: 'error', step: 4, error: 'tooMany', status: 429 };
        if (verified.status === 400) return { kind: 'fields', step: 4, fields: { code: PREAPPROVAL_MESSAGES.invalidCode } };
        return { kind: 'error', step: 4, error: 'verification', status: 502 };
      }
      // The shopper is now signed in as this phone: their browser gets the session (and known-device) cookies.
      for (const cookie of verified.headers.getSetCookie()) setCookies.push(cookie);
      session = sessionCookieOf(verified.headers.getSetCookie());
      app.verified = true;
    } catch {
      return { kind: 'error', step: 4, error: 'verification', status: 502 };
    }
  }
  const cookie = session ?? c.req.header('cookie') ?? '';
  try {
    const created = await callInternal(edge, 'createCustomer', {
      tenant,
      body: {
        data: applicationCustomer(app, details),
        additionalData: applicationLead(app, details, `${origin}/finance`, c.req.header('user-agent') ?? ''),
        lead_id: app.leadId,
      },
      headers: forwarded(c, { cookie }),
      timeoutMs: CREATE_CUSTOMER_TIMEOUT_MS,
    });
    if (created.ok) return { kind: 'done', redirectUrl: created.data.redirectUrl };
    // 503: the lead was not recorded; 400: edge-api refused the lead itself (nothing recorded, YouX not asked).
    if (created.status === 503 || created.status === 400) return { kind: 'error', step: 4, error: 'submit', status: 502 };
    if (created.status === 429) return { kind: 'error', step: 4, error: 'tooMany', status: 429 };
    if (created.status === 401 || created.status === 403) {
      // The session is gone (signed out in another tab): the code must be checked again.
      app.verified = false;
      return { kind: 'fields', step: 4, fields: { code: CODE_MESSAGE } };
    }
    return { kind: 'error', step: 4, error: 'youx', status: 502 };
  } catch (error) {
    // A 2xx without a usable redirect URL breaks the contract (InternalAnswerError): spec §8's own text for it.
    return { kind: 'error', step: 4, error: error instanceof InternalAnswerError ? 'noRedirect' : 'youx', status: 502 };
  }
}

/** `name=value` of the session cookie among edge-api's Set-Cookie values, as a Cookie header. */
function sessionCookieOf(setCookies: string[]): string | null {
  const pairs = setCookies.map((s) => s.split(';')[0]!.trim()).filter((p) => p.includes('=') && !p.endsWith('='));
  return pairs.length ? pairs.join('; ') : null;
}
