/**
 * The signed opt-out link of alert texts (issue 16: "opt-out works without sign-in via a signed link"). The token names
 * the user and when it was issued, and carries an HMAC-SHA-256 (truncated to 128 bits, so the text stays short) over
 * the tenant, the user and the time: it cannot be forged or moved to another shopper or another site, and holds no
 * phone. Key: the secret ALERT_LINK_KEY, else one derived from OTP_HASH_KEY (local runs have only that one).
 */
import { otpHashKey } from '../auth/code.ts';
import { createHmacKeys } from '../lib/hmac-keys.ts';

export type AlertLinkEnv = { ALERT_LINK_KEY?: string; OTP_HASH_KEY?: string };

/** How long an opt-out link works (a shopper may act on an old text; after this the page says to sign in instead). */
export const ALERT_LINK_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const MAC_BYTES = 16;

/**
 * The link key: ALERT_LINK_KEY (`wrangler secret put ALERT_LINK_KEY`, at least 16 characters), else derived from the
 * sign-in secret OTP_HASH_KEY (a distinct purpose string, so neither key's uses can be swapped). Throws without either.
 */
export function alertLinkKey(env: AlertLinkEnv): string {
  const own = env.ALERT_LINK_KEY?.trim();
  if (own && own.length >= 16) return own;
  return `alert-link\u0000${otpHashKey(env)}`;
}

const encoder = new TextEncoder();
/** The link-signing key, imported once per secret (bounded: lib/hmac-keys.ts). */
const hmacKey = createHmacKeys();

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function mac(secret: string, tenant: string, userId: string, issuedS: number): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`alert-opt-out\u0000${tenant}\u0000${userId}\u0000${issuedS}`));
  return base64url(new Uint8Array(sig).slice(0, MAC_BYTES));
}

/**
 * `<base64url user id>.<issued, unix seconds in base 36>.<base64url MAC>`; the tenant is bound by the MAC (the link's
 * site names it), not written in the token.
 * @example await signOptOut(key, 'harbourside-toyota', userId, Date.now()) // 'YmM3….t0x2k1.3q9…'
 */
export async function signOptOut(secret: string, tenant: string, userId: string, now: number): Promise<string> {
  const issuedS = Math.floor(now / 1000);
  return `${base64url(encoder.encode(userId))}.${issuedS.toString(36)}.${await mac(secret, tenant, userId, issuedS)}`;
}

/** The user id of a valid token of this tenant, or null (malformed, tampered, another tenant's, or too old). */
export async function verifyOptOut(secret: string, tenant: string, token: string, now: number): Promise<string | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [user, issued, given] = parts as [string, string, string];
  const userBytes = fromBase64url(user);
  if (!userBytes || userBytes.length === 0 || !/^[0-9a-z]{1,10}$/.test(issued)) return null;
  let userId: string;
  try {
    userId = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(userBytes);
  } catch {
    return null;
  }
  const issuedS = parseInt(issued, 36);
  if (issuedS * 1000 > now + 60_000 || now - issuedS * 1000 > ALERT_LINK_MAX_AGE_MS) return null;
  const expected = await mac(secret, tenant, userId, issuedS);
  // Constant-time comparison of the two MACs.
  if (expected.length !== given.length) return null;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0 ? userId : null;
}
