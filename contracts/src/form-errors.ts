/**
 * Errors of the no-JavaScript forms (lead forms, reserve, sign-in). edge-api answers a failed form post with a 303 back
 * to the form's page; the page then shows the error in its red alert (spec §8). The query is anyone's to write, so an
 * error travels as a code of this catalogue (and field names with codes), never as text: a link can make a page show
 * one of the platform's own sentences, never a sentence of its own ("Pay $200 by bank transfer to BSB ...").
 *
 * Producer: edge-api (formErrorParams). Consumers: every page with such a form (readFormError).
 */
import { CODE_LENGTH_MESSAGE, LeadPayloadSchema, POSTCODE_MESSAGE, REQUIRED_FIELD_MESSAGE, TERMS_MESSAGE } from './api.ts';
import { ODOMETER_MESSAGE, TRADE_IN_ANSWER_MESSAGE, TRADE_IN_MESSAGES, TRADE_IN_QUESTIONS } from './trade-in.ts';

/** Which form failed, and the query parameter its page reads. */
export const FORM_ERROR_PARAMS = {
  lead: 'lead_error',
  reserve: 'reserve_error',
  signIn: 'sign_in_error',
  /** The trade-in / sell-my-car journey's forms (contracts trade-in.ts). */
  tradeIn: 'trade_in_error',
} as const;
export type FormErrorKind = keyof typeof FORM_ERROR_PARAMS;

/** The parameter naming the failed fields, `<field>:<code>` joined by commas, e.g. `lead_error_fields=email:invalid_email`. */
export const formErrorFieldsParam = (kind: FormErrorKind) => `${FORM_ERROR_PARAMS[kind]}_fields`;

/** spec §8: heading of the error list. */
export const FIX_ERRORS_HEADING = 'Please fix the following errors:';

/** Every form-level text a no-JavaScript form can be sent back with (spec §8 where it has one). */
export const FORM_ERROR_TEXTS = {
  invalid: FIX_ERRORS_HEADING,
  failed: 'An error occurred when submitting this form',
  unexpected: 'An unexpected error occured',
  lead_failed: 'Lead submission failed',
  rate_limited: 'Too many submissions. Please try again later.',
  spam: 'Spam check failed. Please reload the page and try again.',
  // Reserve online.
  reserve_unavailable: 'Reserving online is not available for this site.',
  already_reserved: 'This car has already been reserved.',
  not_reservable: 'This car can no longer be reserved online.',
  amount_changed: 'The reserve amount has changed. Please reload the page.',
  payment_start_failed: 'The payment could not be started. Please try again in a moment.',
  form_reused: 'This form was already used for another payment. Please reload the page.',
  sign_in_to_reserve: 'Please sign in to reserve this car.',
  // Sign-in (spec §8).
  too_many_attempts: 'Too many verification attempts. Please try again later.',
  invalid_code: 'The verification code is invalid. Please try again.',
  unknown: 'An unknown error occurred.',
  unknown_verification: 'An unknown error occurred during verification.',
  sms_phone: 'Please enter an Australian mobile number (we text the code to it).',
  invalid_phone: 'Invalid phone number.',
  required: REQUIRED_FIELD_MESSAGE,
  code_length: CODE_LENGTH_MESSAGE,
  // Trade-in journey (contracts trade-in.ts TRADE_IN_MESSAGES).
  ...TRADE_IN_MESSAGES,
} as const;
export type FormErrorCode = keyof typeof FORM_ERROR_TEXTS;

/** Every field-level text (spec §8 where it has one); a field message not listed here reads `invalid`. */
export const FIELD_ERROR_TEXTS = {
  required: REQUIRED_FIELD_MESSAGE,
  invalid: 'Please check this field.',
  invalid_phone: 'Invalid phone number.',
  invalid_email: 'Invalid email address.',
  postcode: POSTCODE_MESSAGE,
  terms: TERMS_MESSAGE,
  date_time: 'Please choose a valid date and time.',
  rego: 'Invalid registration.',
  too_long: 'Too long.',
  too_many: 'Too many entries.',
  spam: FORM_ERROR_TEXTS.spam,
  sms_phone: FORM_ERROR_TEXTS.sms_phone,
  code_length: CODE_LENGTH_MESSAGE,
  // Trade-in journey.
  answer: TRADE_IN_ANSWER_MESSAGE,
  odometer: ODOMETER_MESSAGE,
  year: 'Please choose a year.',
  state: 'Please choose a state.',
  code_digits: 'The code is 6 digits.',
} as const;
export type FieldErrorCode = keyof typeof FIELD_ERROR_TEXTS;

/**
 * The fields a failed form may name: a lead payload's fields and the few others the forms post. A name outside this
 * list is dropped, so even a field name cannot carry text of a link's choosing.
 */
export const FORM_ERROR_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(LeadPayloadSchema.entries),
  'turnstile_token', 'token', 'amount', 'idempotency_key', 'car_id', 'lead_id', 'body',
  'lead_attributes.visited_pages', 'lead_attributes.linked_query_params',
  // Trade-in journey: its step forms' fields (a question's answer as `answers.<question id>`).
  'year', 'make', 'model', 'badge', 'odometer', 'code', ...TRADE_IN_QUESTIONS.map((q) => `answers.${q.id}`),
]);

/** Caps what a page reads from the query (a link can be long; the alert stays short). */
const MAX_ERROR_FIELDS = 20;

const codeOfText = <T extends string>(texts: Record<T, string>, text: string): T | null =>
  (Object.keys(texts) as T[]).find((code) => texts[code] === text) ?? null;

/**
 * The code of a form-level text the server produced: exact catalogue texts keep their code, a text that starts with
 * the error-list heading is `invalid`, anything else `failed` (spec §8 'An error occurred when submitting this form').
 */
export function formErrorCode(text: string): FormErrorCode {
  const trimmed = text.trim();
  return codeOfText(FORM_ERROR_TEXTS, trimmed) ?? (trimmed.startsWith(FIX_ERRORS_HEADING) ? 'invalid' : 'failed');
}

/** The code of a field-level text (`invalid` when the catalogue has no such text). */
export const fieldErrorCode = (text: string): FieldErrorCode => codeOfText(FIELD_ERROR_TEXTS, text.trim()) ?? 'invalid';

/**
 * The query parameters that carry a failed form's error back to its page, for withQueryParams (redirects.ts).
 * @example formErrorParams('lead', 'Please fix the following errors: email: Invalid email address.', { email: 'Invalid email address.' })
 * // { lead_error: 'invalid', lead_error_fields: 'email:invalid_email' }
 */
export function formErrorParams(kind: FormErrorKind, error: string, fields: Record<string, string> = {}): Record<string, string | null> {
  const named = Object.entries(fields)
    .filter(([field]) => FORM_ERROR_FIELDS.has(field))
    .slice(0, MAX_ERROR_FIELDS)
    .map(([field, message]) => `${field}:${fieldErrorCode(message)}`);
  return { [FORM_ERROR_PARAMS[kind]]: formErrorCode(error), [formErrorFieldsParam(kind)]: named.length > 0 ? named.join(',') : null };
}

export type FormError = {
  code: FormErrorCode;
  /** The alert's text: the catalogue's sentence, and for `invalid` the failed fields as `field: message; ...`. */
  message: string;
  /** Field name to its message, for marking the fields. */
  fields: Record<string, string>;
};

/**
 * The error a page was sent back with, read from its query: a known code only (an unknown one reads as spec §8's
 * 'An error occurred when submitting this form'), and only known field names with known codes. Null without one.
 * @example readFormError(new URLSearchParams('lead_error=spam'), 'lead')?.message // 'Spam check failed. Please reload the page and try again.'
 */
export function readFormError(params: URLSearchParams, kind: FormErrorKind): FormError | null {
  const raw = params.get(FORM_ERROR_PARAMS[kind]);
  if (raw === null || raw.trim() === '') return null;
  const code: FormErrorCode = Object.hasOwn(FORM_ERROR_TEXTS, raw) ? (raw as FormErrorCode) : 'failed';
  const fields: Record<string, string> = {};
  for (const item of (params.get(formErrorFieldsParam(kind)) ?? '').split(',').slice(0, MAX_ERROR_FIELDS)) {
    const [field = '', fieldCode = ''] = item.split(':');
    if (!FORM_ERROR_FIELDS.has(field)) continue;
    fields[field] = Object.hasOwn(FIELD_ERROR_TEXTS, fieldCode) ? FIELD_ERROR_TEXTS[fieldCode as FieldErrorCode] : FIELD_ERROR_TEXTS.invalid;
  }
  const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
  const text = FORM_ERROR_TEXTS[code];
  // The heading alone says nothing: without a known field it reads as the spec's general failure.
  const message = code !== 'invalid' ? text : list ? `${text} ${list}` : FORM_ERROR_TEXTS.failed;
  return { code, message, fields };
}
