/**
 * Rate limits (spec §7 POST /api/rate-limit: a not-ok answer blocks the action): fixed windows kept in D1
 * `rate_limits` (keys `<rule>:<sha256(tenant, value)>`, never a phone or an IP in clear), and the pure rules of a
 * phone's sign-in code sends (decideCodeSend; their D1 side is src/auth/otp.ts).
 */
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { OTP_RESEND_COOLDOWN_MS } from '@forecourt/contracts/sign-in';
import { SPIN_RATE_LIMIT } from '@forecourt/contracts/spin';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/**
 * The fixed-window limits of edge-api (README "Rate limits"). Sign-in codes per phone are not here: they follow the
 * send series below (cool-down, back-off, platform spacing), which slow a phone's texts down but never lock it out.
 */
export const RATE_LIMITS = {
  /**
   * Sign-in codes asked by one client: its address plus its browser (clientFingerprint), so one script is held back
   * without holding back the other shoppers of a showroom's or a carrier's shared address.
   */
  otpClient: { name: 'otp-client', limit: 10, windowMs: 10 * MINUTE },
  /** Sign-in codes asked from one address, whatever the browser: a showroom or a mobile carrier's NAT shares one. */
  otpIp: { name: 'otp-ip', limit: 60, windowMs: 10 * MINUTE },
  /** New leads from one phone. */
  leadPhone: { name: 'lead-phone', limit: 5, windowMs: 10 * MINUTE },
  /** New leads from one IP (a dealership's showroom shares one, so higher). */
  leadIp: { name: 'lead-ip', limit: 20, windowMs: 10 * MINUTE },
  /** Phone-reveal lead calls from one IP: a shopper comparing cars reveals a few numbers, a script many. */
  phoneRevealIp: { name: 'phone-reveal-ip', limit: 30, windowMs: 10 * MINUTE },
  /** View-count calls from one address (one per car page a shopper opens; a script asking for made-up cars is held). */
  viewIp: { name: 'view-ip', limit: 120, windowMs: 10 * MINUTE },
  /** Spin-to-win spins from one address (each needs its own signed-in phone; a script with many sessions is held). */
  spinIp: { name: 'spin-ip', limit: SPIN_RATE_LIMIT.limit, windowMs: SPIN_RATE_LIMIT.windowMs },
} as const satisfies Record<string, RateLimitRule>;

/** The `tenant` of rows kept across all sites (the platform's, not one dealer's), e.g. a phone's platform send series. */
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

/**
 * What tells apart the clients behind one shared address (a showroom's Wi-Fi, a carrier's NAT): SHA-256 of the
 * browser's User-Agent and Accept-Language. Weak alone (a script can vary both), so it only ever splits an address's
 * allowance (otpClient) under the address's own looser cap (otpIp), never replaces it.
 */
export async function clientFingerprint(headers: Headers): Promise<string> {
  const text = `${headers.get('user-agent') ?? ''}\u0000${headers.get('accept-language') ?? ''}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One client for rate limits: its address and browser fingerprint; null without an address (local runs). */
export async function clientKey(headers: Headers): Promise<string | null> {
  const ip = clientIp(headers);
  return ip ? `${ip}\u0000${await clientFingerprint(headers)}` : null;
}

/**
 * The address rules of POST /api/auth/otp (per client, per address) as hitRateLimits / peekRateLimits checks; the route
 * counts them only for a well-formed request, so a malformed body never uses up an address's allowance.
 */
export async function otpAddressChecks(headers: Headers): Promise<Array<readonly [RateLimitRule, string | null]>> {
  return [[RATE_LIMITS.otpClient, await clientKey(headers)], [RATE_LIMITS.otpIp, clientIp(headers)]];
}

// Sign-in code sends per phone (README "Sign-in" > "Limits") -----------------------------------------------------

const HOUR = 60 * MINUTE;

/**
 * How often one phone can be texted a code. Per site and phone: a cool-down after every code, and a gap that doubles
 * with each code of a series (the series ends after a day without a code, or when the phone verifies a code there).
 * Across all sites (ACROSS_SITES): the first codes of a day come freely, later ones are spaced out; nothing ever
 * refuses a phone for longer than the largest gap, so nobody can lock a phone out of sign-in.
 */
export const CODE_SEND_LIMITS = {
  /** Least time between two codes to a phone on a site, known device or not (contracts OTP_RESEND_COOLDOWN_MS). */
  cooldownMs: OTP_RESEND_COOLDOWN_MS,
  /** Gap before the 2nd code of a series; the 3rd waits twice as long, and so on ... */
  backoffBaseMs: MINUTE,
  /** ... up to an hour. */
  backoffCapMs: HOUR,
  /** A site's series starts afresh after a day without a code. */
  seriesResetMs: 24 * HOUR,
  /** Codes to one phone across all sites within a day of the first that are not spaced out. */
  platformFreeSends: 10,
  /** How long the platform series lasts from its first code (then the next code starts a new one). */
  platformSeriesMs: 24 * HOUR,
  /** Least time between two codes to a phone, from any site, once the free ones are used. */
  platformSpacingMs: 30 * MINUTE,
} as const;

/** A phone's codes in one scope (a site, or ACROSS_SITES): when the series began, how many, and the latest. */
export type SendSeries = { seriesStart: number; sends: number; lastSentAt: number };

export type SendDecision =
  | { ok: true; site: SendSeries; platform: SendSeries }
  | { ok: false; retryAfterSeconds: number };

/**
 * The wait before the n-th code of a site's series: nothing before the first, then 60 s, 120 s, 240 s ... capped at an hour.
 * @example backoffGapMs(2) // 60_000
 * @example backoffGapMs(9) // 3_600_000
 */
export function backoffGapMs(n: number): number {
  if (n <= 1) return 0;
  const { backoffBaseMs, backoffCapMs } = CODE_SEND_LIMITS;
  return Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.min(n - 2, 30));
}

/**
 * Whether one more code may be texted to a phone now, and the series after it. `site` and `platform` are the stored
 * series (null when none); `knownDevice` (the browser holds the phone's known-device cookie for this site) skips the
 * site's back-off and the platform spacing, never the cool-down. A refusal says how long to wait (whole seconds, >= 1).
 */
export function decideCodeSend(site: SendSeries | null, platform: SendSeries | null, now: number, knownDevice: boolean): SendDecision {
  const L = CODE_SEND_LIMITS;
  const siteLive = site && now - site.lastSentAt < L.seriesResetMs ? site : null;
  const siteN = (siteLive?.sends ?? 0) + 1;
  const siteGap = knownDevice ? L.cooldownMs : Math.max(L.cooldownMs, backoffGapMs(siteN));
  const siteWait = site ? site.lastSentAt + siteGap - now : 0;

  const platformLive = platform && now - platform.seriesStart < L.platformSeriesMs ? platform : null;
  const platformN = (platformLive?.sends ?? 0) + 1;
  const platformWait = !knownDevice && platformLive && platformN > L.platformFreeSends ? platformLive.lastSentAt + L.platformSpacingMs - now : 0;

  const wait = Math.max(siteWait, platformWait);
  if (wait > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  return {
    ok: true,
    site: { seriesStart: siteLive?.seriesStart ?? now, sends: siteN, lastSentAt: now },
    platform: { seriesStart: platformLive?.seriesStart ?? now, sends: platformN, lastSentAt: now },
  };
}

// View counts (GET /api/cars/:slug/view.json) --------------------------------------------------------------------

/** A visitor's views of one car count once per period (a reload, a back button or a script's repeats add nothing). */
export const VIEW_VISIT_PERIOD_MS = 30 * MINUTE;

/**
 * The key of one visitor's views of one car on one site: SHA-256 of the tenant, the car and the visitor (client address
 * and User-Agent), so D1 keeps no address. Without an address (local runs) the browser alone names the visitor.
 */
export function viewVisitKey(tenant: string, car: string, headers: Headers): Promise<string> {
  return scopedHash(tenant, `view\u0000${car}\u0000${clientIp(headers) ?? ''}\u0000${headers.get('user-agent') ?? ''}`);
}
