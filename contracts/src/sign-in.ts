/**
 * One-time-code sign-in (spec §6 Users, §7 "One-time-code sign-in via an auth provider", §8 texts, §9 OTP 6 digits,
 * request timeout 15,000 ms). edge-api owns the endpoints and the session; mf-account draws the sign-in page; the
 * shell's gate and any Worker that authorises a gated action read the session cookie (contracts/src/routes.ts
 * SESSION_COOKIE). Request bodies are contracts/src/api.ts SendCodeRequestSchema and VerifyCodeRequestSchema.
 */
import * as v from 'valibot';
import { OTP_LENGTH, REQUEST_TIMEOUT_MS } from './constants.ts';
import { IdSchema } from './entities/common.ts';

/** The endpoints (edge-api, reached through the shell's `/api/*` proxy). */
export const SIGN_IN_API = {
  /** POST SendCodeRequest (JSON, or the no-JavaScript form) -> 200 SendCodeResponse | 400 | 429 | 503 (SMS not sent). */
  sendCode: '/api/auth/otp',
  /** POST VerifyCodeRequest -> 200 SessionResponse + Set-Cookie SESSION_COOKIE | 400 | 429 | 503. */
  verify: '/api/auth/verify',
  /** POST -> 200 `{ ok: true }` and the session cookie cleared (also when there was none). */
  signOut: '/api/auth/sign-out',
  /** GET -> 200 SessionResponse | 401 `{ error }`. */
  session: '/api/auth/session',
} as const;

/** Spec §9: the code has 6 digits (constants.ts OTP_LENGTH); a request gives up after 15 s. */
export { OTP_LENGTH };
export const SIGN_IN_REQUEST_TIMEOUT_MS = REQUEST_TIMEOUT_MS;
/** How long a code can be used, and how many wrong tries it survives (then a new code must be sent). */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * The least time between two codes to one phone on one site: edge-api refuses a send sooner (429, `retry_after`), and
 * the sign-in page's 'Resend Code' waits as long, so a shopper never clicks into a refusal.
 */
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;
/** How long a session lasts without signing in again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Without JavaScript the code form cannot carry the phone the code went to: edge-api keeps it in this short-lived
 * cookie (HttpOnly, Secure, Path=/, OTP_TTL_MS) when it sends a code from the plain form, and reads it on verify.
 */
export const PENDING_PHONE_COOKIE = '__Host-fc_otp_phone';

/** Spec §8 texts. */
export const SIGN_IN_MESSAGES = {
  tooManyAttempts: 'Too many verification attempts. Please try again later.',
  invalidCode: 'The verification code is invalid. Please try again.',
  unknown: 'An unknown error occurred.',
  unknownVerification: 'An unknown error occurred during verification.',
} as const;

export const SendCodeResponseSchema = v.object({
  ok: v.literal(true),
  /** Seconds the code stays valid. */
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type SendCodeResponse = v.InferOutput<typeof SendCodeResponseSchema>;

export const SessionUserSchema = v.object({
  id: IdSchema,
  /** Local form, e.g. 0412345678 (spec §5: leading 61 -> 0). */
  phone: v.string(),
  first_name: v.nullish(v.string()),
  last_name: v.nullish(v.string()),
  email: v.nullish(v.string()),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;
export const SessionResponseSchema = v.object({ user: SessionUserSchema });
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>;

/**
 * Why sign-in was asked (`/sign-in?type=`): a route page name such as checkout, watchlist or my-garage (letters,
 * digits, dashes). It is echoed into forms and links, so anything else is dropped.
 */
export const SIGN_IN_TYPE_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/** Where sign-in may send the shopper afterwards: a same-site path only (contracts/src/redirects.ts). */
export { safeRedirectPath } from './redirects.ts';
