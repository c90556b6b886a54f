/**
 * D1 side of one-time-code sign-in (spec §7 One-time-code sign-in, "Inserts into a verifications table"; analytics 36
 * code sent and 37 code verified). One live code per tenant and phone, kept only as a hash; a resend replaces it.
 * How often a phone may be texted (leads/rate-limit.ts decideCodeSend) is kept in `otp_send_series` (migration 0007).
 */
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, SESSION_TTL_MS, type SessionUser } from '@forecourt/contracts/sign-in';
import { ACROSS_SITES, CODE_SEND_LIMITS, decideCodeSend, scopedHash, type RateDecision, type SendSeries } from '../leads/rate-limit.ts';
import { constantTimeEqual, hashCode, sessionId, sessionToken } from './code.ts';
import type { CodeProfile } from './requests.ts';

/** Page of the sign-in analytics events. */
export const SIGN_IN_PAGE = '/sign-in';

// Send series (README "Sign-in" > "Limits") ------------------------------------------------------------------

type SeriesRow = { tenant: string; series_start: number; sends: number; last_sent_at: number; claim: string };
/** A scope's stored series and the claim that wrote it (null: no row), as read before a compare-and-set. */
type StoredSeries = { series: SendSeries; claim: string } | null;
type SeriesKeys = { site: { scope: string; hash: string }; platform: { scope: string; hash: string } };

/** The rows of a phone's two series: this site's and the one across all sites, each keyed by a scope-bound hash. */
async function seriesKeys(tenant: string, phone: string): Promise<SeriesKeys> {
  return {
    site: { scope: tenant, hash: await scopedHash(tenant, phone) },
    platform: { scope: ACROSS_SITES, hash: await scopedHash(ACROSS_SITES, phone) },
  };
}

async function readSeries(db: D1Database, keys: SeriesKeys): Promise<{ site: StoredSeries; platform: StoredSeries }> {
  const { results } = await db
    .prepare('SELECT tenant, series_start, sends, last_sent_at, claim FROM otp_send_series WHERE (tenant = ?1 AND phone_hash = ?2) OR (tenant = ?3 AND phone_hash = ?4)')
    .bind(keys.site.scope, keys.site.hash, keys.platform.scope, keys.platform.hash)
    .all<SeriesRow>();
  const of = (scope: string): StoredSeries => {
    const row = results.find((r) => r.tenant === scope);
    return row ? { series: { seriesStart: row.series_start, sends: row.sends, lastSentAt: row.last_sent_at }, claim: row.claim } : null;
  };
  return { site: of(keys.site.scope), platform: of(keys.platform.scope) };
}

/** Whether a code could be texted to this phone now, by the same rules as a send, counting nothing (POST /api/rate-limit). */
export async function peekCodeSend(db: D1Database, tenant: string, phone: string, knownDevice: boolean, now: number): Promise<RateDecision> {
  const stored = await readSeries(db, await seriesKeys(tenant, phone));
  const decision = decideCodeSend(stored.site?.series ?? null, stored.platform?.series ?? null, now, knownDevice);
  return decision.ok ? { ok: true, retryAfterSeconds: 0 } : { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
}

export type SendClaim = { ok: true; release: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

/** Attempts at a claim when another request changed the rows in between (each loser re-reads and decides again). */
const CLAIM_ATTEMPTS = 3;

/**
 * Claims the right to text one code to a phone: reads both series, decides (decideCodeSend), then writes both in one
 * batch by compare-and-set on each row's claim marker. The site row is written only if neither row changed since the
 * read, and the platform row only if the site row now carries this request's marker, so of two simultaneous sends
 * only one passes the cool-down, and the two rows always move together. `release` puts both rows back (the SMS port
 * failed: nothing was texted, so the shopper may ask again at once).
 */
export async function claimCodeSend(db: D1Database, tenant: string, phone: string, knownDevice: boolean, now: number): Promise<SendClaim> {
  const keys = await seriesKeys(tenant, phone);
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const stored = await readSeries(db, keys);
    const decision = decideCodeSend(stored.site?.series ?? null, stored.platform?.series ?? null, now, knownDevice);
    if (!decision.ok) return decision;
    const claim = crypto.randomUUID();
    const upsert = (where: string) =>
      `INSERT INTO otp_send_series (tenant, phone_hash, series_start, sends, last_sent_at, claim)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${where}
       ON CONFLICT (tenant, phone_hash) DO UPDATE SET series_start = excluded.series_start, sends = excluded.sends,
         last_sent_at = excluded.last_sent_at, claim = excluded.claim
       RETURNING claim`;
    const [site] = await db.batch([
      db.prepare(upsert('(SELECT claim FROM otp_send_series WHERE tenant = ?1 AND phone_hash = ?2) IS ?7 AND (SELECT claim FROM otp_send_series WHERE tenant = ?8 AND phone_hash = ?9) IS ?10'))
        .bind(keys.site.scope, keys.site.hash, decision.site.seriesStart, decision.site.sends, decision.site.lastSentAt, claim,
          stored.site?.claim ?? null, keys.platform.scope, keys.platform.hash, stored.platform?.claim ?? null),
      db.prepare(upsert('EXISTS (SELECT 1 FROM otp_send_series WHERE tenant = ?7 AND phone_hash = ?8 AND claim = ?6)'))
        .bind(keys.platform.scope, keys.platform.hash, decision.platform.seriesStart, decision.platform.sends, decision.platform.lastSentAt, claim,
          keys.site.scope, keys.site.hash),
    ]);
    if ((site?.results.length ?? 0) === 1) return { ok: true, release: () => releaseCodeSend(db, keys, claim, stored) };
  }
  // Still racing after a few tries: the other requests are sending to this phone right now, so this one waits.
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(CODE_SEND_LIMITS.cooldownMs / 1000)) };
}

/** Puts back the series a claim replaced (only where the rows still carry that claim: a later send is kept). */
async function releaseCodeSend(db: D1Database, keys: SeriesKeys, claim: string, before: { site: StoredSeries; platform: StoredSeries }): Promise<void> {
  const restore = (key: { scope: string; hash: string }, prior: StoredSeries) =>
    prior
      ? db.prepare('UPDATE otp_send_series SET series_start = ?3, sends = ?4, last_sent_at = ?5, claim = ?6 WHERE tenant = ?1 AND phone_hash = ?2 AND claim = ?7')
        .bind(key.scope, key.hash, prior.series.seriesStart, prior.series.sends, prior.series.lastSentAt, crypto.randomUUID(), claim)
      : db.prepare('DELETE FROM otp_send_series WHERE tenant = ?1 AND phone_hash = ?2 AND claim = ?3').bind(key.scope, key.hash, claim);
  await db.batch([restore(keys.site, before.site), restore(keys.platform, before.platform)]);
}

/** Stores a new code for a phone (replacing any earlier one: fresh attempts, fresh expiry, this request's metadata). */
export async function saveCode(db: D1Database, key: string, tenant: string, phone: string, code: string, profile: CodeProfile, now: number): Promise<{ expiresAt: number }> {
  const expiresAt = now + OTP_TTL_MS;
  await db
    .prepare(
      `INSERT INTO otp_codes (tenant, phone, code_hash, expires_at, attempts, consumed_at, consumed_by, profile, created_at)
       VALUES (?1, ?2, ?3, ?4, 0, NULL, NULL, ?5, ?6)
       ON CONFLICT (tenant, phone) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0,
         consumed_at = NULL, consumed_by = NULL, profile = excluded.profile, created_at = excluded.created_at`,
    )
    .bind(tenant, phone, await hashCode(key, tenant, phone, code), expiresAt, JSON.stringify(profile), now)
    .run();
  return { expiresAt };
}

/** After the SMS port took the message: the verifications row 'sms' and analytics 36, in one batch. */
export async function recordCodeSent(db: D1Database, tenant: string, phone: string, profile: CodeProfile, now: number): Promise<void> {
  const dealership = profile.dealership_slug ?? null;
  await db.batch([
    // website_slug is the request's own tenant: the `website` a page sends is informative only.
    db.prepare(`INSERT INTO verifications (tenant, website_slug, dealership_slug, verification_type, phone, created_at) VALUES (?1, ?1, ?2, 'sms', ?3, ?4)`)
      .bind(tenant, dealership, phone, now),
    db.prepare('INSERT INTO analytics_events (tenant, event_id, page, car_id, meta, created_at) VALUES (?, ?, ?, NULL, ?, ?)')
      .bind(tenant, ANALYTICS_EVENTS.CODE_SENT, SIGN_IN_PAGE, dealership ? JSON.stringify({ dealership_slug: dealership }) : null, now),
  ]);
}

export type VerifyOutcome =
  | { ok: true; user: SessionUser; token: string; expiresAt: number }
  /** invalid: no live code, expired, used, or wrong. too-many: OTP_MAX_ATTEMPTS tries spent, a new code must be sent. */
  | { ok: false; reason: 'invalid' | 'too-many' };

type ChargedRow = { code_hash: string; attempts: number; profile: string | null };
type CodeState = { attempts: number; consumed_at: number | null; expires_at: number };

function readProfile(json: string | null): CodeProfile {
  try {
    const value = JSON.parse(json ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as CodeProfile) : {};
  } catch {
    return {};
  }
}

/**
 * Checks a code and, when right, signs the phone in. Every try is counted first, in one statement that also refuses a
 * used, expired or exhausted code: simultaneous guesses cannot get past OTP_MAX_ATTEMPTS. The hashes are compared in
 * constant time. A right code is consumed, the user upserted (names and email filled from the metadata where the user
 * has none), the session, the verifications row 'verify' and analytics 37 written, and the phone's send series on this
 * site reset, in one batch that runs only for the request that consumed the code.
 */
export async function verifyCode(db: D1Database, key: string, tenant: string, phone: string, code: string, now = Date.now()): Promise<VerifyOutcome> {
  const expected = await hashCode(key, tenant, phone, code);
  const [charged, state] = await db.batch([
    db.prepare(
      `UPDATE otp_codes SET attempts = attempts + 1
       WHERE tenant = ?1 AND phone = ?2 AND consumed_at IS NULL AND expires_at > ?3 AND attempts < ?4
       RETURNING code_hash, attempts, profile`,
    ).bind(tenant, phone, now, OTP_MAX_ATTEMPTS),
    db.prepare('SELECT attempts, consumed_at, expires_at FROM otp_codes WHERE tenant = ? AND phone = ?').bind(tenant, phone),
  ]);
  const row = charged?.results[0] as ChargedRow | undefined;
  if (!row) {
    const live = state?.results[0] as CodeState | undefined;
    const exhausted = live && live.consumed_at === null && live.expires_at > now && live.attempts >= OTP_MAX_ATTEMPTS;
    return { ok: false, reason: exhausted ? 'too-many' : 'invalid' };
  }
  if (!constantTimeEqual(row.code_hash, expected)) {
    return { ok: false, reason: row.attempts >= OTP_MAX_ATTEMPTS ? 'too-many' : 'invalid' };
  }

  const profile = readProfile(row.profile);
  const token = sessionToken();
  const sid = await sessionId(token);
  const marker = crypto.randomUUID();
  const expiresAt = now + SESSION_TTL_MS;
  const consumed = 'EXISTS (SELECT 1 FROM otp_codes WHERE tenant = ?1 AND phone = ?2 AND consumed_by = ?4)';
  const results = await db.batch([
    db.prepare(
      `UPDATE otp_codes SET consumed_at = ?3, consumed_by = ?4
       WHERE tenant = ?1 AND phone = ?2 AND code_hash = ?5 AND consumed_at IS NULL AND expires_at > ?3`,
    ).bind(tenant, phone, now, marker, row.code_hash),
    db.prepare(
      `INSERT INTO users (tenant, id, phone, first_name, last_name, email, created_at, updated_at)
       SELECT ?1, ?5, ?2, ?6, ?7, ?8, ?3, ?3 WHERE ${consumed}
       ON CONFLICT (tenant, phone) DO UPDATE SET
         first_name = COALESCE(NULLIF(users.first_name, ''), excluded.first_name),
         last_name = COALESCE(NULLIF(users.last_name, ''), excluded.last_name),
         email = COALESCE(NULLIF(users.email, ''), excluded.email),
         updated_at = excluded.updated_at`,
    ).bind(tenant, phone, now, marker, crypto.randomUUID(), profile.first_name ?? null, profile.last_name ?? null, profile.email ?? null),
    db.prepare(
      `INSERT INTO sessions (tenant, id, user_id, expires_at, created_at, last_seen_at)
       SELECT ?1, ?5, u.id, ?6, ?3, ?3 FROM users u WHERE u.tenant = ?1 AND u.phone = ?2 AND ${consumed}`,
    ).bind(tenant, phone, now, marker, sid, expiresAt),
    db.prepare(
      `INSERT INTO verifications (tenant, website_slug, dealership_slug, verification_type, phone, user_id, created_at)
       SELECT ?1, ?1, ?5, 'verify', ?2, u.id, ?3 FROM users u WHERE u.tenant = ?1 AND u.phone = ?2 AND ${consumed}`,
    ).bind(tenant, phone, now, marker, profile.dealership_slug ?? null),
    db.prepare(
      `INSERT INTO analytics_events (tenant, event_id, page, car_id, meta, created_at)
       SELECT ?1, ?5, ?6, NULL, json_object('user_id', u.id), ?3 FROM users u WHERE u.tenant = ?1 AND u.phone = ?2 AND ${consumed}`,
    ).bind(tenant, phone, now, marker, ANALYTICS_EVENTS.CODE_VERIFIED, SIGN_IN_PAGE),
    // Proof that the phone is this shopper's: its send series on this site starts afresh (no back-off left over).
    db.prepare(
      `UPDATE otp_send_series SET sends = 0, series_start = ?3, claim = ?5
       WHERE tenant = ?1 AND phone_hash = ?6 AND ${consumed}`,
    ).bind(tenant, phone, now, marker, crypto.randomUUID(), await scopedHash(tenant, phone)),
    db.prepare(
      `SELECT u.id, u.phone, u.first_name, u.last_name, u.email FROM sessions s JOIN users u ON u.tenant = s.tenant AND u.id = s.user_id
       WHERE s.tenant = ?1 AND s.id = ?2`,
    ).bind(tenant, sid),
  ]);
  const user = results[results.length - 1]?.results[0] as SessionUser | undefined;
  // No session: another request consumed this code between the check and the batch (or it expired just then).
  if (!user) return { ok: false, reason: 'invalid' };
  return { ok: true, user, token, expiresAt };
}
