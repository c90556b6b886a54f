/**
 * The sign-in page's pure rules (spec §2 Sign-in route, §4 Phone verification, §5 Phone verification, §8 texts,
 * §9 OTP 6 digits): what the query says, the heading per gated journey, the phone mask, client-side checks with the
 * contract schemas (so the page never sends what edge-api refuses), the resend cool-down. No browser APIs.
 */
import * as v from 'valibot';
import { CODE_LENGTH_MESSAGE, normalisePhone, REQUIRED_FIELD_MESSAGE, SendCodeRequestSchema, VerifyCodeRequestSchema } from '@forecourt/contracts/api';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { readFormError } from '@forecourt/contracts/form-errors';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_MS, PENDING_PHONE_COOKIE, safeRedirectPath, SIGN_IN_MESSAGES, SIGN_IN_TYPE_PATTERN } from '@forecourt/contracts/sign-in';

export type SignInStep = 'phone' | 'code';

/** What the page reads from `/sign-in?type=&redirect=&back=&step=&sign_in_error=` (spec §2), made safe. */
export type SignInQuery = {
  /** The gated journey that sent the shopper here (a route page name, e.g. checkout, watchlist), or '' . */
  type: string;
  /** Where to go after signing in: a same-site path only. */
  redirect: string;
  /** Where the back link goes: a same-site path only. */
  back: string;
  step: SignInStep;
  /** A failed no-JavaScript post's message, made safe to show (see signInErrorText). */
  error: string | null;
};

/** The page heading per journey: says why signing in is asked for (spec §6: the gated journeys). */
export const SIGN_IN_HEADINGS: Record<string, string> = {
  checkout: 'Sign in to reserve this car',
  'checkout-journey': 'Sign in to reserve this car',
  'buy-online': 'Sign in to buy this car online',
  'online-payment': 'Sign in to pay online',
  watchlist: 'Sign in to save cars',
  'personalised-finance': 'Sign in to see your personalised finance',
  'spin-to-win': 'Sign in to spin to win',
  'my-garage': 'Sign in to My Garage',
};
export const DEFAULT_SIGN_IN_HEADING = 'Sign in';

/** @example signInHeading('checkout') // 'Sign in to reserve this car' */
export function signInHeading(type: string | null | undefined): string {
  return type && Object.hasOwn(SIGN_IN_HEADINGS, type) ? SIGN_IN_HEADINGS[type]! : DEFAULT_SIGN_IN_HEADING;
}

/** A journey name as a route page name has it (letters, digits, dashes), else '' (it is echoed in forms and links). */
const cleanType = (type: string | null | undefined) => (type && SIGN_IN_TYPE_PATTERN.test(type) ? type : '');

/**
 * The text of `sign_in_error` as the alert may show it: a code of contracts' form-error catalogue (edge-api sends
 * codes), so a link can only make the page show one of the platform's own sentences.
 */
export const signInErrorText = (params: URLSearchParams): string | null => readFormError(params, 'signIn')?.message ?? null;

/** Reads the page's query (the shell passes the shopper's query to the fragment). */
export function readSignInQuery(params: URLSearchParams): SignInQuery {
  const redirect = safeRedirectPath(params.get('redirect'));
  const backParam = params.get('back');
  return {
    type: cleanType(params.get('type')),
    redirect,
    // Without a back path, back is where the shopper was going (spec §2: back defaults to the redirect in signInPath).
    back: backParam ? safeRedirectPath(backParam) : redirect,
    step: params.get('step') === 'code' ? 'code' : 'phone',
    error: signInErrorText(params),
  };
}

/** `/sign-in?type=&redirect=&back=` for this query (step 1 again), e.g. the "Use another number" link. */
export function phoneStepHref(query: Pick<SignInQuery, 'type' | 'redirect' | 'back'>): string {
  const q = new URLSearchParams();
  if (query.type) q.set('type', query.type);
  q.set('redirect', query.redirect);
  q.set('back', query.back);
  return `/sign-in?${q.toString()}`;
}

/**
 * Masks a phone number for "We sent a code to ...": the first 2 and last 3 digits stay, the rest become x, grouped
 * like Australian numbers are read (mobile 4-3-3, landline 2-4-4). A leading 61 is the local 0 (spec §5).
 * @example maskPhone('0412 345 678') // '04xx xxx 678'
 * @example maskPhone('+61 7 3000 0000') // '07 xxxx x000'
 */
export function maskPhone(phone: string): string {
  const digits = normalisePhone(phone).replace(/\D/g, '');
  if (digits.length < 6) return 'x'.repeat(digits.length);
  const masked = digits.slice(0, 2) + 'x'.repeat(digits.length - 5) + digits.slice(-3);
  if (digits.length !== 10) return masked;
  return digits.startsWith('04') || digits.startsWith('05')
    ? `${masked.slice(0, 4)} ${masked.slice(4, 7)} ${masked.slice(7)}`
    : `${masked.slice(0, 2)} ${masked.slice(2, 6)} ${masked.slice(6)}`;
}

// Step 1: the phone and the optional profile (spec §7 one-time-code sign-in: phone plus profile metadata).
export const PHONE_FIELDS = ['phone', 'first_name', 'last_name', 'email'] as const;
export type PhoneField = (typeof PHONE_FIELDS)[number];
export type PhoneValues = Record<PhoneField, string>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const FIELD_LABELS: Record<PhoneField | 'token', string> = {
  phone: 'Mobile number',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  token: 'Verification code',
};
export const EMAIL_MESSAGE = 'Invalid email address.';
export const NAME_MAX_LENGTH = 100;

export const emptyPhoneValues = (): PhoneValues => ({ phone: '', first_name: '', last_name: '', email: '' });

export type SendCodeBody = v.InferOutput<typeof SendCodeRequestSchema>;
export type VerifyCodeBody = v.InferOutput<typeof VerifyCodeRequestSchema>;

/**
 * Checks step 1 with contracts' SendCodeRequestSchema, field by field (spec §5: phone checked before sending):
 * the body to send, or a message per field in the form's order. Blank optional fields are left out.
 */
export function validatePhoneStep(values: PhoneValues): { ok: true; body: SendCodeBody } | { ok: false; errors: FieldErrors<PhoneField> } {
  const input: Record<string, string> = {};
  for (const f of PHONE_FIELDS) {
    const value = values[f].trim();
    if (value) input[f] = value;
  }
  const errors: FieldErrors<PhoneField> = {};
  if (!input.phone) errors.phone = REQUIRED_FIELD_MESSAGE;
  for (const f of PHONE_FIELDS) {
    if (errors[f] || input[f] === undefined) continue;
    if ((f === 'first_name' || f === 'last_name') && input[f].length > NAME_MAX_LENGTH) {
      errors[f] = `Please use at most ${NAME_MAX_LENGTH} characters.`;
      continue;
    }
    const result = v.safeParse(SendCodeRequestSchema.entries[f], input[f]);
    // The contract's email check has valibot's generic text; the forms of this platform say it the lead forms' way.
    if (!result.success) errors[f] = result.issues[0].type === 'email' ? EMAIL_MESSAGE : result.issues[0].message;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const whole = v.safeParse(SendCodeRequestSchema, input);
  if (!whole.success) return { ok: false, errors: { phone: whole.issues[0].message } };
  return { ok: true, body: whole.output };
}

/** What the shopper typed as the code: spaces and dashes dropped (a pasted '123 456' is the code 123456). */
export const cleanCode = (value: string) => value.replace(/[\s-]/g, '');

/** The code alone: 'This is a required field.' or 'Code must be 6 digits.' (spec §5, §8). */
export function checkCode(code: string): { ok: true; token: string } | { ok: false; error: string } {
  const token = cleanCode(code);
  if (!token) return { ok: false, error: REQUIRED_FIELD_MESSAGE };
  if (token.length !== OTP_LENGTH || !/^\d+$/.test(token)) return { ok: false, error: CODE_LENGTH_MESSAGE };
  return { ok: true, token };
}

/**
 * Checks step 2 with contracts' VerifyCodeRequestSchema (spec §5: code required and exactly 6 characters; §8
 * 'This is a required field.' / 'Code must be 6 digits.').
 */
export function validateCodeStep(phone: string, code: string): { ok: true; body: VerifyCodeBody } | { ok: false; error: string } {
  const checked = checkCode(code);
  if (!checked.ok) return checked;
  const token = checked.token;
  const result = v.safeParse(VerifyCodeRequestSchema, { phone, token, type: 'sms' });
  if (!result.success) return { ok: false, error: result.issues[0].message };
  return { ok: true, body: result.output };
}

/** The wait before another code may be asked for: edge-api's own cool-down (contracts), so a click is never refused. */
export const RESEND_COOLDOWN_MS = OTP_RESEND_COOLDOWN_MS;

/**
 * Whole seconds left before "Resend Code" works again (0: now): the cool-down since the last code, or longer when
 * edge-api said when to ask again (`blockedUntil`, from a 429's retry_after: its back-off or spacing).
 */
export function resendSecondsLeft(sentAt: number | null, now: number, blockedUntil: number | null = null): number {
  const until = Math.max(sentAt === null ? 0 : sentAt + RESEND_COOLDOWN_MS, blockedUntil ?? 0);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The cool-down said as text (not only a disabled button). */
export function resendWaitText(seconds: number): string {
  if (seconds <= 0) return '';
  return `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** A cookie's raw value from a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The phone a code went to, from edge-api's pending-phone cookie (no-JavaScript path; the shell forwards the
 * shopper's cookies with the fragment request), or null when absent or not a plain phone number.
 */
export function pendingPhoneFromCookie(cookieHeader: string | null | undefined): string | null {
  const raw = readCookie(cookieHeader, PENDING_PHONE_COOKIE);
  if (raw === null) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw.replace(/^"(.*)"$/, '$1'));
  } catch {
    return null;
  }
  return v.safeParse(SendCodeRequestSchema.entries.phone, value).success ? value.trim() : null;
}

/**
 * Whether the browser holds a session cookie at all (only edge-api can say if it is live): without one the island
 * need not ask /api/auth/session, so an anonymous shopper's page makes no extra request.
 */
export const hasSessionCookie = (cookieHeader: string | null | undefined) => Boolean(readCookie(cookieHeader, SESSION_COOKIE));
