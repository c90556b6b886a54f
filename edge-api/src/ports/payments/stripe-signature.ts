/**
 * Stripe webhook signatures (Stripe's documented scheme): header `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=...]`,
 * v1 = hex HMAC-SHA256(webhook secret, `${t}.${raw body}`); a timestamp more than the tolerance away is refused (replay).
 */

/** Stripe's default tolerance (its libraries use 300 s). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Length-independent comparison of two hex strings (no early exit on the first differing character). */
function equalHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The header Stripe would send for `payload` at `timestamp` (tests and the local fake processor). */
export async function stripeSignatureHeader(secret: string, payload: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'too-old' | 'mismatch' };

/**
 * Verifies a webhook the way Stripe documents it: any one `v1` signature matching is enough (during a secret roll Stripe
 * signs with both secrets); `v0` and unknown schemes are ignored.
 */
export async function verifyStripeSignature(options: {
  payload: string;
  header: string | null | undefined;
  secret: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): Promise<SignatureCheck> {
  const { payload, header, secret } = options;
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS)) return { ok: false, reason: 'too-old' };
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  return signatures.some((s) => equalHex(s, expected)) ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
