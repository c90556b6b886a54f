/**
 * Reading the sign-in requests (JSON or the no-JavaScript form) into checked values. Every refusal names its field,
 * e.g. `phone: Invalid phone number.`, with the spec §8 texts where the spec has one.
 */
import * as v from 'valibot';
import { REQUIRED_FIELD_MESSAGE, SendCodeRequestSchema, VerifyCodeRequestSchema } from '@forecourt/contracts/api';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from '../leads/phone.ts';
import { issueField, issueText } from '../lib/validate.ts';

/** The profile metadata sent with a code (spec §7), kept with the code until it is verified. */
export type CodeProfile = { first_name?: string; last_name?: string; email?: string; website?: string; dealership_slug?: string };
export type SendCodeInput = { phone: string; profile: CodeProfile };
export type VerifyCodeInput = { phone: string; token: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; fields: Record<string, string> };

const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'website', 'dealership_slug'] as const;
/** Upper bounds of the stored metadata: the contract names no length, D1 rows stay small. */
const MAX_LENGTH: Record<(typeof PROFILE_FIELDS)[number], number> = { first_name: 100, last_name: 100, email: 254, website: 253, dealership_slug: 100 };

export const NOT_AN_OBJECT_MESSAGE = 'Invalid request: expected a JSON object.';

const refuse = (fields: Record<string, string>): Parsed<never> => ({
  ok: false,
  error: Object.entries(fields).map(([k, m]) => `${k}: ${m}`).join('; '),
  fields,
});

function issuesToFields(issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issueField(issue, schema) ?? 'body';
    fields[key] ??= issue.input === undefined || issue.input === '' ? REQUIRED_FIELD_MESSAGE : issueText(issue);
  }
  return fields;
}

/**
 * A phone that can receive the code: the leads' normalisation (libphonenumber, spec §9 default country 61, local form
 * for Australia), and an Australian mobile (04/05) only: a landline or a 13 number gets no SMS, and texting abroad from
 * an Australian dealer's site would invite SMS toll fraud (international premium numbers) for no shopper.
 */
export function smsPhone(raw: string): string | null {
  const phone = normaliseLeadPhone(raw);
  return phone && /^0[45]\d{8}$/.test(phone) ? phone : null;
}

/** Why a number cannot get a code. */
export const SMS_PHONE_MESSAGE = 'Please enter an Australian mobile number (we text the code to it).';

/** Optional text fields arrive empty from a form (and sometimes from scripts): empty means absent. */
function withoutEmpty(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /api/auth/otp body (contracts SendCodeRequestSchema) to a normalised phone and the metadata to keep. */
export function parseSendCode(input: unknown): Parsed<SendCodeInput> {
  if (!isRecord(input)) return { ok: false, error: NOT_AN_OBJECT_MESSAGE, fields: {} };
  const parsed = v.safeParse(SendCodeRequestSchema, withoutEmpty(input));
  if (!parsed.success) return refuse(issuesToFields(parsed.issues, SendCodeRequestSchema));
  const phone = smsPhone(parsed.output.phone);
  if (!phone) return refuse({ phone: SMS_PHONE_MESSAGE });
  const profile: CodeProfile = {};
  const tooLong: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = parsed.output[field]?.trim();
    if (!value) continue;
    if (value.length > MAX_LENGTH[field]) tooLong[field] = `Must be at most ${MAX_LENGTH[field]} characters.`;
    profile[field] = field === 'email' ? value.toLowerCase() : value;
  }
  if (Object.keys(tooLong).length > 0) return refuse(tooLong);
  return { ok: true, value: { phone, profile } };
}

/** POST /api/auth/verify body (contracts VerifyCodeRequestSchema: phone, 6-digit token, type 'sms'). */
export function parseVerifyCode(input: unknown): Parsed<VerifyCodeInput> {
  if (!isRecord(input)) return { ok: false, error: NOT_AN_OBJECT_MESSAGE, fields: {} };
  const parsed = v.safeParse(VerifyCodeRequestSchema, input);
  if (!parsed.success) return refuse(issuesToFields(parsed.issues, VerifyCodeRequestSchema));
  // Codes only ever go to phones smsPhone accepts: another number has no code to verify.
  const phone = smsPhone(parsed.output.phone);
  if (!phone) return refuse({ phone: INVALID_PHONE_MESSAGE });
  return { ok: true, value: { phone, token: parsed.output.token } };
}

/** The send-code form's fields as the JSON body would carry them. */
export function sendCodeFormFields(form: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of ['phone', ...PROFILE_FIELDS]) {
    const value = form.get(key);
    if (value !== null) fields[key] = value;
  }
  return fields;
}
