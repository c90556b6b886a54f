/**
 * POST /api/rate-limit { phone } (spec §7: a not-ok answer blocks sending a code). Answers whether POST /api/auth/otp
 * would send a code to this phone from this IP now, by the same counters, without counting anything (asking can never
 * use up or lock out a shopper's allowance): 200 { ok: true } or 429 { ok: false, retry_after, error } with Retry-After.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { RateLimitRequestSchema, REQUIRED_FIELD_MESSAGE, type RateLimitResponse } from '@forecourt/contracts/api';
import type { AppEnv } from '../types.ts';
import { describeError, readBody } from '../leads/http.ts';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from '../leads/phone.ts';
import { ACROSS_SITES, OTP_RATE_LIMIT_MESSAGE, RATE_LIMITS, clientIp, peekRateLimits } from '../leads/rate-limit.ts';

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
    const [site, platform] = await Promise.all([
      peekRateLimits(c.env.DB, c.get('tenant'), [[RATE_LIMITS.otpPhone, phone], [RATE_LIMITS.otpIp, clientIp(c.req.raw.headers)]]),
      peekRateLimits(c.env.DB, ACROSS_SITES, [[RATE_LIMITS.otpPhoneDay, phone]]),
    ]);
    const decision = !site.ok && (platform.ok || site.retryAfterSeconds >= platform.retryAfterSeconds) ? site : platform;
    if (decision.ok) return c.json<RateLimitResponse>({ ok: true }, 200);
    c.header('retry-after', String(decision.retryAfterSeconds));
    return c.json<RateLimitResponse>({ ok: false, retry_after: decision.retryAfterSeconds, error: OTP_RATE_LIMIT_MESSAGE }, 429);
  } catch (err) {
    console.error(`edge-api /api/rate-limit failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
    // Blocking is the safe answer when the counters cannot be read: no code is sent.
    return c.json<RateLimitResponse>({ ok: false, error: 'An unknown error occurred.' }, 503);
  }
});
