/**
 * The no-JavaScript lead form (issue 4 API): flat `application/x-www-form-urlencoded` fields become the JSON
 * request shape, and the answer is a 303 to `/success?lead_id=...` or back to the form with `?lead_error=<code>` (contracts form-errors).
 */
import { LeadPayloadSchema } from '@forecourt/contracts/api';
import { formErrorParams } from '@forecourt/contracts/form-errors';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { pathOfPageUrl, withQueryParams } from '@forecourt/contracts/redirects';
import { otpHashKey } from '../auth/code.ts';
import { createHmacKeys } from '../lib/hmac-keys.ts';
import { canonicalJson } from './http.ts';
import { clientIp } from './rate-limit.ts';

/** Hidden field the Turnstile widget adds to its form. */
export const TURNSTILE_FORM_FIELD = 'cf-turnstile-response';

const PAYLOAD_FIELDS = new Set(Object.keys(LeadPayloadSchema.entries));
const BOOLEAN_FIELDS = new Set(['opt_in', 'terms_conditions', 'autogauge_enabled']);
const LIST_FIELDS = new Set(['additional_services']);
const NUMBER_FIELDS = new Set(['offer_price']);
const USER_DATA_FIELDS = new Set(['url', 'car_id', 'car_dealership_id']);

/** HTML checkbox values: 'on' when ticked without a value; a hidden 'false' before it says unticked. */
function formBoolean(values: string[]): boolean | string {
  const last = values[values.length - 1]?.trim().toLowerCase() ?? '';
  if (['on', 'true', '1', 'yes'].includes(last)) return true;
  if (['off', 'false', '0', 'no', ''].includes(last)) return false;
  return last;
}

/**
 * How long a resubmitted no-JavaScript form (the shopper goes back and submits the same page again) is still the same
 * lead: its id is derived from the submission within this window (noJsLeadId).
 */
export const NO_JS_LEAD_WINDOW_MS = 10 * 60_000;

/** Fields that differ between two posts of the same page without the shopper changing anything (bot-check tokens). */
const VOLATILE_FIELDS = new Set(['lead_id', TURNSTILE_FORM_FIELD, 'turnstile_token']);

/**
 * The lead id of a no-JavaScript form, minted when it is posted: the car page is shared by every shopper (cached
 * whole), so its form carries no id of its own. A UUID from an HMAC-SHA-256, keyed by `key` (noJsLeadIdKey: a Worker
 * secret, so a lead id cannot be used to confirm a guessed email and address offline), of the tenant, the form's
 * fields (sorted; bot tokens left out), the client's address (contracts CLIENT_IP_HEADER, IPv6 by its /64) and the
 * 10-minute window:
 * the same page posted twice (back, then submit) is one lead, answered as the duplicate it is, while two shoppers
 * (another address, or other details) are two. A resubmission across a window's edge gets another id (a lead about a
 * car is then still merged into the first by the 10-minute duplicate rule, leads/store.ts).
 */
export async function noJsLeadId(tenant: string, form: URLSearchParams, headers: Headers, now: number, key: string): Promise<string> {
  const fields = [...form].filter(([name]) => !VOLATILE_FIELDS.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = ['no-js-lead', tenant, String(Math.floor(now / NO_JS_LEAD_WINDOW_MS)), clientIp(headers) ?? '', canonicalJson(fields)].join('\u0000');
  const sig = await crypto.subtle.sign('HMAC', await leadIdHmacKey(key), new TextEncoder().encode(data));
  const hex = [...new Uint8Array(sig)].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type LeadIdKeyEnv = { LEAD_ID_KEY?: string; OTP_HASH_KEY?: string };

/**
 * The key of noJsLeadId: the secret LEAD_ID_KEY (`wrangler secret put LEAD_ID_KEY`, at least 16 characters), else one
 * derived from the sign-in secret OTP_HASH_KEY with a fixed label (a distinct purpose string, so no other use of that
 * secret yields the same MAC). Throws without either (the caller fails the submission loudly, as sign-in does).
 */
export function noJsLeadIdKey(env: LeadIdKeyEnv): string {
  const own = env.LEAD_ID_KEY?.trim();
  if (own && own.length >= 16) return own;
  return `no-js-lead-id\u0000${otpHashKey(env)}`;
}

/** The lead-id key, imported once per secret (bounded: lib/hmac-keys.ts). */
const leadIdHmacKey = createHmacKeys();

/**
 * Builds `{ payload, userData, lead_id, turnstile_token }` from form fields and the request's own headers. The lead id
 * is the form's own when it has one (a form rendered with an id), else minted by noJsLeadId.
 */
export async function formToLeadRequest(form: URLSearchParams, headers: Headers, context: { tenant: string; now?: number; env: LeadIdKeyEnv }): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {};
  const userData: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    const last = values[values.length - 1] ?? '';
    if (LIST_FIELDS.has(key)) payload[key] = values.filter((x) => x.trim() !== '');
    else if (BOOLEAN_FIELDS.has(key)) payload[key] = formBoolean(values);
    else if (NUMBER_FIELDS.has(key)) payload[key] = last.trim() === '' ? undefined : Number(last.replace(/[$,\s]/g, ''));
    else if (PAYLOAD_FIELDS.has(key)) payload[key] = last;
    if (USER_DATA_FIELDS.has(key)) userData[key] = last;
  }
  userData.url ??= headers.get('referer') ?? '/';
  userData.user_agent = headers.get('user-agent') ?? '';
  const token = form.get(TURNSTILE_FORM_FIELD) ?? form.get('turnstile_token');
  // The shell's per-render token of pages cached before lead ids were minted here counts as no id.
  const own = form.get('lead_id')?.trim();
  return {
    payload,
    userData,
    lead_id: own && own !== LEAD_ID_RENDER_TOKEN ? own : await noJsLeadId(context.tenant, form, headers, context.now ?? Date.now(), noJsLeadIdKey(context.env)),
    ...(token ? { turnstile_token: token } : {}),
  };
}

/**
 * Where to send the shopper back with an error: the form's own page (hidden `url` field, else Referer), as a
 * same-site path only (contracts pathOfPageUrl: a non-web scheme or another host's path never comes back), with the
 * error as codes (contracts form-errors: the page shows the catalogue's text, never text from the query).
 */
export function formErrorLocation(form: URLSearchParams, headers: Headers, error: string, fields: Record<string, string> = {}): string {
  const page = pathOfPageUrl(form.get('url')) ?? pathOfPageUrl(headers.get('referer')) ?? '/';
  return withQueryParams(page, formErrorParams('lead', error, fields));
}

export const successLocation = (leadId: string) => `/success?lead_id=${encodeURIComponent(leadId)}`;
