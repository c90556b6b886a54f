/**
 * Fixed-window rate limits kept in D1 `rate_limits` (spec §7 POST /api/rate-limit: a not-ok answer blocks the action).
 * Keys never hold a phone or an IP in clear: `<rule>:<sha256(tenant, value)>`.
 */
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/** The limits of edge-api (README "Rate limits"). */
export const RATE_LIMITS = {
  /** One-time codes sent to one phone (spec §7 POST /api/rate-limit). */
  otpPhone: { name: 'otp-phone', limit: 3, windowMs: 10 * MINUTE },
  /** One-time codes asked from one IP (a showroom or a mobile carrier's NAT shares one; the phone caps do the rest). */
  otpIp: { name: 'otp-ip', limit: 30, windowMs: 10 * MINUTE },
  /**
   * One-time codes sent to one phone in a day, counted across every site of the platform (ACROSS_SITES): bounds the
   * guesses at any one phone's codes (5 tries each) and the texts anyone can make a phone receive.
   */
  otpPhoneDay: { name: 'otp-phone-day', limit: 10, windowMs: 24 * 60 * MINUTE },
  /** New leads from one phone. */
  leadPhone: { name: 'lead-phone', limit: 5, windowMs: 10 * MINUTE },
  /** New leads from one IP (a dealership's showroom shares one, so higher). */
  leadIp: { name: 'lead-ip', limit: 20, windowMs: 10 * MINUTE },
  /** Phone-reveal lead calls from one IP: a shopper comparing cars reveals a few numbers, a script many. */
  phoneRevealIp: { name: 'phone-reveal-ip', limit: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** The `tenant` of counters kept across all sites (the platform's, not one dealer's). */
export const ACROSS_SITES = '*';

export const OTP_RATE_LIMIT_MESSAGE = 'Too many verification attempts. Please try again later.';
export const LEAD_RATE_LIMIT_MESSAGE = 'Too many submissions. Please try again later.';

export type RateDecision = { ok: boolean; retryAfterSeconds: number };

/** Start of the fixed window holding `now`. */
export const windowStart = (now: number, windowMs: number) => now - (now % windowMs);

/** The n-th attempt in a window passes while n <= limit; a blocked one waits until the window ends (whole seconds, at least 1). */
export function decide(count: number, rule: RateLimitRule, now: number): RateDecision {
  if (count <= rule.limit) return { ok: true, retryAfterSeconds: 0 };
  const end = windowStart(now, rule.windowMs) + rule.windowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/** SHA-256 hex of a value scoped to its tenant: counters and lead rows keep no phone or IP in clear. */
export async function scopedHash(tenant: string, value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${tenant}\u0000${value}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Counts one attempt against every rule (one D1 batch, an upsert per key) and answers the strictest decision.
 * `checks` pairs a rule with the raw value it limits (a phone, an IP); null values are skipped.
 */
export async function hitRateLimits(db: D1Database, tenant: string, checks: ReadonlyArray<readonly [RateLimitRule, string | null]>, now = Date.now()): Promise<RateDecision> {
  const active = checks.filter((c): c is readonly [RateLimitRule, string] => c[1] !== null && c[1] !== '');
  if (active.length === 0) return { ok: true, retryAfterSeconds: 0 };
  const statements = await Promise.all(active.map(async ([rule, value]) =>
    db.prepare(
      `INSERT INTO rate_limits (tenant, key, window_start, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (tenant, key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
    ).bind(tenant, `${rule.name}:${await scopedHash(tenant, value)}`, windowStart(now, rule.windowMs))));
  const results = await db.batch<{ count: number }>(statements);
  let worst: RateDecision = { ok: true, retryAfterSeconds: 0 };
  results.forEach((r, i) => {
    const d = decide(r.results[0]?.count ?? 1, active[i]![0], now);
    if (!d.ok && (worst.ok || d.retryAfterSeconds > worst.retryAfterSeconds)) worst = d;
  });
  return worst;
}

/**
 * The client's address for rate limits: the IP the shell vouches for (contracts CLIENT_IP_HEADER, from Cloudflare's
 * CF-Connecting-IP), IPv6 by its /64; null in local runs without it.
 */
export const clientIp = (headers: Headers): string | null => rateLimitAddress(headers.get(CLIENT_IP_HEADER));

/**
 * Whether one more attempt would pass every rule, without counting it (POST /api/rate-limit asks before a code is
 * sent; only the send itself counts, so asking can never use up a shopper's allowance).
 */
export async function peekRateLimits(db: D1Database, tenant: string, checks: ReadonlyArray<readonly [RateLimitRule, string | null]>, now = Date.now()): Promise<RateDecision> {
  const active = checks.filter((c): c is readonly [RateLimitRule, string] => c[1] !== null && c[1] !== '');
  if (active.length === 0) return { ok: true, retryAfterSeconds: 0 };
  const statements = await Promise.all(active.map(async ([rule, value]) =>
    db.prepare('SELECT count FROM rate_limits WHERE tenant = ? AND key = ? AND window_start = ?')
      .bind(tenant, `${rule.name}:${await scopedHash(tenant, value)}`, windowStart(now, rule.windowMs))));
  const results = await db.batch<{ count: number }>(statements);
  let worst: RateDecision = { ok: true, retryAfterSeconds: 0 };
  results.forEach((r, i) => {
    const d = decide((r.results[0]?.count ?? 0) + 1, active[i]![0], now);
    if (!d.ok && (worst.ok || d.retryAfterSeconds > worst.retryAfterSeconds)) worst = d;
  });
  return worst;
}
