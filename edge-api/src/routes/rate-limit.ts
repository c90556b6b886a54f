/**
 * POST /api/rate-limit { phone } (spec §7: a not-ok answer blocks sending a code). Answers whether POST /api/auth/otp
 * would send a code to this phone from this client now, by the same rules (the address limits, the phone's cool-down,
 * back-off and platform spacing, the known-device cookie), without counting anything (asking can never use up a
 * shopper's allowance): 200 { ok: true } or 429 { ok: false, retry_after, error } with Retry-After.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { RateLimitRequestSchema, REQUIRED_FIELD_MESSAGE, type RateLimitResponse } from '@forecourt/contracts/api';
import type { AppEnv } from '../types.ts';
import { describeError, readBody } from '../leads/http.ts';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from '../leads/phone.ts';
import { OTP_RATE_LIMIT_MESSAGE, otpAddressChecks, peekRateLimits } from '../leads/rate-limit.ts';
import { isKnownDevice, otpHashKey } from '../auth/code.ts';
import { KNOWN_DEVICE_COOKIE } from '../auth/cookies.ts';
import { peekCodeSend } from '../auth/otp.ts';

/** Whether this browser holds the phone's known-device cookie (no code-hash secret: sending fails anyway, say no). */
async function knownDevice(env: { OTP_HASH_KEY?: string }, tenant: string, phone: string, cookie: string | undefined, now: number): Promise<boolean> {
  let key: string;
  try {
    key = otpHashKey(env);
  } catch {
    return false;
  }
  return isKnownDevice(key, tenant, phone, cookie, now);
}

export const rateLimitRoutes = new Hono<AppEnv>().post('/rate-limit', async (c) => {
  const body = await readBody(c);
  if (!body.ok) return c.json<RateLimitResponse>({ ok: false, error: body.error }, body.status);
  const value = body.kind === 'json' ? body.value : null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return c.json<RateLimitResponse>({ ok: false, error: 'Invalid request: expected a JSON object.' }, 400);
  const parsed = v.safeParse(RateLimitRequestSchema, value);
  const phone = parsed.success ? normaliseLeadPhone(parsed.output.phone) : null;
  if (!phone) {
    const missing = !parsed.success && parsed.issues.some((i) => i.input === undefined || i.input === '');
    return c.json<RateLimitResponse>({ ok: false, error: missing ? `phone: ${REQUIRED_FIELD_MESSAGE}` : `phone: ${INVALID_PHONE_MESSAGE}` }, 400);
  }
  try {
    const tenant = c.get('tenant');
    const now = Date.now();
    const known = await knownDevice(c.env, tenant, phone, getCookie(c, KNOWN_DEVICE_COOKIE), now);
    const [address, sends] = await Promise.all([
      peekRateLimits(c.env.DB, tenant, await otpAddressChecks(c.req.raw.headers), now),
      peekCodeSend(c.env.DB, tenant, phone, known, now),
    ]);
    const decision = !address.ok && (sends.ok || address.retryAfterSeconds >= sends.retryAfterSeconds) ? address : sends;
    if (decision.ok) return c.json<RateLimitResponse>({ ok: true }, 200);
    c.header('retry-after', String(decision.retryAfterSeconds));
    return c.json<RateLimitResponse>({ ok: false, retry_after: decision.retryAfterSeconds, error: OTP_RATE_LIMIT_MESSAGE }, 429);
  } catch (err) {
    console.error(`edge-api /api/rate-limit failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
    // Blocking is the safe answer when the counters cannot be read: no code is sent.
    return c.json<RateLimitResponse>({ ok: false, error: 'An unknown error occurred.' }, 503);
  }
});
