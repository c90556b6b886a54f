import { describe, expect, it } from 'vitest';
import { PENDING_PHONE_COOKIE } from '@forecourt/contracts/sign-in';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { KNOWN_DEVICE_COOKIE, SESSION_MAX_AGE_S, clearPendingPhoneCookie, clearSessionCookie, knownDeviceCookie, pendingPhoneCookie, sessionCookie } from './cookies.ts';

describe('sign-in cookies', () => {
  it('sets the session token as a __Host- cookie for 30 days', () => {
    expect(SESSION_MAX_AGE_S).toBe(2_592_000);
    expect(sessionCookie('tok_en-1')).toBe(`${SESSION_COOKIE}=tok_en-1; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000`);
    expect(SESSION_COOKIE.startsWith('__Host-')).toBe(true);
  });

  it('keeps the pending phone for the 10 minutes a code lives, encoded', () => {
    expect(pendingPhoneCookie('0412345678')).toBe(`${PENDING_PHONE_COOKIE}=0412345678; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=600`);
    expect(pendingPhoneCookie('+6421123456')).toContain('=%2B6421123456;');
  });

  it('clears each with Max-Age=0 and the same attributes (a __Host- cookie is only replaced by one)', () => {
    expect(clearSessionCookie()).toBe(`${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
    expect(clearPendingPhoneCookie()).toBe(`${PENDING_PHONE_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`);
  });

  it('keeps the known-device token 180 days, host-only, HttpOnly, Secure, SameSite=Lax (issue 10)', () => {
    expect(KNOWN_DEVICE_COOKIE.startsWith('__Host-')).toBe(true);
    expect(knownDeviceCookie('1800000000.abc')).toBe(`${KNOWN_DEVICE_COOKIE}=1800000000.abc; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=15552000`);
  });
});
