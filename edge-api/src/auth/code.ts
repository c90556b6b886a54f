/**
 * The secrets of one-time-code sign-in (spec §9 OTP 6 digits): the code, the session token, and how each is kept.
 * Neither is ever stored in clear: D1 holds a keyed hash of the code and a SHA-256 of the token; the code travels by SMS
 * and the token in the shopper's cookie.
 */
import { OTP_LENGTH } from '@forecourt/contracts/sign-in';
import { createHmacKeys } from '../lib/hmac-keys.ts';

/** 10^6 codes: 000000-999999. */
export const CODE_SPACE = 10 ** OTP_LENGTH;
/** Largest multiple of CODE_SPACE that fits in 32 bits: values at or above it are redrawn, so no code is likelier. */
export const CODE_DRAW_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

export type RandomSource = (buffer: Uint32Array) => Uint32Array;
const webRandom: RandomSource = (buffer) => crypto.getRandomValues(buffer);

/**
 * A uniformly random code of OTP_LENGTH digits (leading zeros kept), by rejection sampling: a plain `% 10^6` of a
 * 32-bit draw would favour the lowest 967,296 codes.
 * @example generateCode() // '048213'
 */
export function generateCode(random: RandomSource = webRandom): string {
  const draw = new Uint32Array(1);
  for (let tries = 0; tries < 1000; tries++) {
    const value = random(draw)[0]!;
    if (value < CODE_DRAW_LIMIT) return String(value % CODE_SPACE).padStart(OTP_LENGTH, '0');
  }
  // A real random source is rejected with odds 0.00023 per draw: a thousand rejections means it is broken.
  throw new Error('Random source keeps drawing out of range.');
}

export const toHex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * The Worker secret that keys code hashes (`wrangler secret put OTP_HASH_KEY`; the local runtime makes one per start).
 * Keyed, so a copy of D1 does not let anyone try the 10^6 codes against a live hash. Missing: sign-in fails loudly.
 */
export function otpHashKey(env: { OTP_HASH_KEY?: string }): string {
  const key = env.OTP_HASH_KEY?.trim();
  if (!key || key.length < 16) throw new Error('OTP_HASH_KEY is not set (or shorter than 16 characters): sign-in needs the code-hash secret.');
  return key;
}

/** The code-hash key, imported once per secret (bounded: lib/hmac-keys.ts). */
const hmacKey = createHmacKeys();

/**
 * The stored form of a code: HMAC-SHA-256 under the secret, bound to its tenant and phone, so a row copied to another
 * tenant or phone verifies nothing and a read of D1 alone gives no way to test codes.
 */
export async function hashCode(secret: string, tenant: string, phone: string, code: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`otp\u0000${tenant}\u0000${phone}\u0000${code}`)));
}

/**
 * A keyed hash of a shopper's phone on a site, kept with their reservations (payment_intents.contact_key): My Garage
 * finds a reservation by the signed-in phone after the checkout's contact details were dropped, and a read of D1 alone
 * gives no phone back.
 */
export async function contactKey(secret: string, tenant: string, phone: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`contact\u0000${tenant}\u0000${phone}`)));
}

/** How long a browser that verified a phone stays "known" for it (README "Sign-in": the known-device bypass). */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** `<issued at, unix seconds>.<hex HMAC>`: anything else is not a known-device token. */
export const KNOWN_DEVICE_TOKEN_PATTERN = /^(\d{1,12})\.([0-9a-f]{64})$/;

const knownDeviceMac = async (secret: string, tenant: string, phone: string, issuedAtS: number) =>
  toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`known-device\u0000${tenant}\u0000${phone}\u0000${issuedAtS}`)));

/**
 * The known-device token a browser gets when it verifies a phone (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): an HMAC under the code-hash secret of the tenant, the phone and the issue time, so it proves this browser
 * once received that phone's code on that site and names neither (the phone is never in the cookie).
 * @example await knownDeviceToken(key, 'acme', '0412345678', Date.now()) // '1767225600.3f9a...'
 */
export async function knownDeviceToken(secret: string, tenant: string, phone: string, now: number): Promise<string> {
  const issuedAtS = Math.floor(now / 1000);
  return `${issuedAtS}.${await knownDeviceMac(secret, tenant, phone, issuedAtS)}`;
}

/**
 * Whether a token was issued to this tenant and phone within KNOWN_DEVICE_TTL_MS (a forged token, another phone's or
 * another site's, an expired one or one from the future gives nothing). Compared in constant time.
 */
export async function isKnownDevice(secret: string, tenant: string, phone: string, token: string | null | undefined, now: number): Promise<boolean> {
  const match = KNOWN_DEVICE_TOKEN_PATTERN.exec(token ?? '');
  if (!match) return false;
  const issuedAtMs = Number(match[1]) * 1000;
  // A minute of clock skew between isolates is tolerated; a token from further ahead was not issued here.
  if (issuedAtMs > now + 60_000 || now - issuedAtMs > KNOWN_DEVICE_TTL_MS) return false;
  return constantTimeEqual(match[2]!, await knownDeviceMac(secret, tenant, phone, Number(match[1])));
}

/** Compares two strings in time that depends only on their length (hash comparisons: no early exit on the first difference). */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** 32 random bytes, base64url (43 characters): the session token only the shopper's cookie holds. */
export function sessionToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What a session token looks like; anything else is not looked up. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `sessions.id`: SHA-256 hex of the token, so a read of D1 gives no usable session. */
export const sessionId = (token: string) => sha256Hex(token);
