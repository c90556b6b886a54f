/**
 * The sign-in cookies, as Set-Cookie values. All are `__Host-` cookies (Secure, Path=/, no Domain: only this host),
 * HttpOnly (no script reads them) and SameSite=Lax (sent when the shopper follows a link here, not on cross-site posts).
 */
import { OTP_TTL_MS, PENDING_PHONE_COOKIE, SESSION_TTL_MS } from '@forecourt/contracts/sign-in';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { KNOWN_DEVICE_TTL_MS } from './code.ts';

export const SESSION_MAX_AGE_S = Math.floor(SESSION_TTL_MS / 1000);
export const PENDING_PHONE_MAX_AGE_S = Math.floor(OTP_TTL_MS / 1000);
export const KNOWN_DEVICE_MAX_AGE_S = Math.floor(KNOWN_DEVICE_TTL_MS / 1000);

/** This browser verified a phone here (code.ts knownDeviceToken): its next codes skip the back-off (README "Sign-in"). */
export const KNOWN_DEVICE_COOKIE = '__Host-fc_known_device';

const cookie = (name: string, value: string, maxAgeSeconds: number) =>
  `${name}=${value}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${maxAgeSeconds}`;

/** The session token (base64url: no character needs encoding) for SESSION_TTL_MS. */
export const sessionCookie = (token: string) => cookie(SESSION_COOKIE, token, SESSION_MAX_AGE_S);
export const clearSessionCookie = () => cookie(SESSION_COOKIE, '', 0);

/** The phone a code went to, for the no-JavaScript code form (contracts PENDING_PHONE_COOKIE); lives as long as the code. */
export const pendingPhoneCookie = (phone: string) => cookie(PENDING_PHONE_COOKIE, encodeURIComponent(phone), PENDING_PHONE_MAX_AGE_S);
export const clearPendingPhoneCookie = () => cookie(PENDING_PHONE_COOKIE, '', 0);

/** The known-device token (digits, a dot and hex: nothing to encode) for KNOWN_DEVICE_TTL_MS (180 days). */
export const knownDeviceCookie = (token: string) => cookie(KNOWN_DEVICE_COOKIE, token, KNOWN_DEVICE_MAX_AGE_S);
