/**
 * The no-JavaScript lead form (issue 4 API): flat `application/x-www-form-urlencoded` fields become the JSON
 * request shape, and the answer is a 303 to `/success?lead_id=...` or back to the form with `?lead_error=<code>` (contracts form-errors).
 */
import { LeadPayloadSchema } from '@forecourt/contracts/api';
import { formErrorParams } from '@forecourt/contracts/form-errors';
import { pathOfPageUrl, withQueryParams } from '@forecourt/contracts/redirects';

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

/** Builds `{ payload, userData, lead_id, turnstile_token }` from form fields and the request's own headers. */
export function formToLeadRequest(form: URLSearchParams, headers: Headers): Record<string, unknown> {
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
  return {
    payload,
    userData,
    // A form rendered without an id still never loses its lead: the server gives it one (no retry protection then).
    lead_id: form.get('lead_id')?.trim() || crypto.randomUUID(),
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
