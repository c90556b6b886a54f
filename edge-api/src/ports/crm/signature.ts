/**
 * Webhook signature of the CRM adapter: HMAC-SHA256 over `<timestamp>.<body>` with the tenant's shared secret, sent as
 * `X-Forecourt-Signature: v1=<hex>` beside `X-Forecourt-Timestamp: <unix seconds>`. Signing the timestamp with the
 * body lets a receiver refuse replays older than its tolerance (verifyWebhookSignature, for receivers and tests).
 */
export const SIGNATURE_HEADER = 'x-forecourt-signature';
export const TIMESTAMP_HEADER = 'x-forecourt-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Receivers should refuse a signature older (or newer) than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  if (!secret) throw new Error('The CRM webhook secret is empty.');
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** `v1=<hex HMAC-SHA256(secret, timestamp + '.' + body)>`. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await hmacKey(secret, 'sign');
  return `v1=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`)))}`;
}

/**
 * Receiver side: true when `signature` is a valid v1 signature of `timestamp.body` and the timestamp is within the
 * tolerance of `nowSeconds`. Compares in constant time (crypto.subtle.verify).
 */
export async function verifyWebhookSignature(
  secret: string,
  timestamp: string | null | undefined,
  body: string,
  signature: string | null | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const match = /^v1=([0-9a-f]{64})$/.exec(signature.trim());
  if (!match) return false;
  const mac = new Uint8Array(match[1]!.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), mac, encoder.encode(`${timestamp}.${body}`));
}
