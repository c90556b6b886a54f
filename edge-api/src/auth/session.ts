/**
 * Sessions of signed-in shoppers (spec §6: a signed-in user has an id and is identified by phone). The cookie holds
 * the token; D1 `sessions.id` holds its SHA-256, so every lookup hashes first. Every query names the tenant: a session
 * of another tenant does not exist here.
 */
import type { SessionUser } from '@forecourt/contracts/sign-in';
import { SESSION_TOKEN_PATTERN, sessionId } from './code.ts';

/** `last_seen_at` is written at most this often per session (a session read is otherwise read-only). */
export const LAST_SEEN_EVERY_MS = 60_000;

export type SessionRecord = { id: string; user: SessionUser; expiresAt: number; lastSeenAt: number | null };

type Row = { session_id: string; expires_at: number; last_seen_at: number | null; user_id: string; phone: string; first_name: string | null; last_name: string | null; email: string | null };

/** The live session of this token in this tenant, with its user; null when absent, expired or malformed. */
export async function lookupSession(db: D1Database, tenant: string, token: string | undefined, now = Date.now()): Promise<SessionRecord | null> {
  if (!token || !SESSION_TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .prepare(
      `SELECT s.id AS session_id, s.expires_at, s.last_seen_at, u.id AS user_id, u.phone, u.first_name, u.last_name, u.email
       FROM sessions s JOIN users u ON u.tenant = s.tenant AND u.id = s.user_id
       WHERE s.tenant = ? AND s.id = ? AND s.expires_at > ?`,
    )
    .bind(tenant, await sessionId(token), now)
    .first<Row>();
  if (!row) return null;
  return {
    id: row.session_id,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    user: { id: row.user_id, phone: row.phone, first_name: row.first_name, last_name: row.last_name, email: row.email },
  };
}

/**
 * The signed-in user of a session cookie value, or null: what a gated action (checkout, spec §6) asks before it runs.
 * @example await findSession(env.DB, 'outback-motors', getCookie(c, SESSION_COOKIE)) // { id, phone: '0412345678', ... } | null
 */
export async function findSession(db: D1Database, tenant: string, token: string | undefined, now = Date.now()): Promise<SessionUser | null> {
  return (await lookupSession(db, tenant, token, now))?.user ?? null;
}

/** Records that the session was used, unless that was recorded less than a minute ago (no write per request). */
export async function touchSession(db: D1Database, tenant: string, session: SessionRecord, now = Date.now()): Promise<boolean> {
  if (session.lastSeenAt !== null && now - session.lastSeenAt < LAST_SEEN_EVERY_MS) return false;
  await db
    .prepare('UPDATE sessions SET last_seen_at = ?3 WHERE tenant = ?1 AND id = ?2 AND (last_seen_at IS NULL OR last_seen_at <= ?3 - ?4)')
    .bind(tenant, session.id, now, LAST_SEEN_EVERY_MS)
    .run();
  return true;
}

/** Signs a token out in this tenant (nothing happens for an unknown or malformed token). */
export async function deleteSession(db: D1Database, tenant: string, token: string | undefined): Promise<boolean> {
  if (!token || !SESSION_TOKEN_PATTERN.test(token)) return false;
  const result = await db.prepare('DELETE FROM sessions WHERE tenant = ? AND id = ?').bind(tenant, await sessionId(token)).run();
  return result.meta.changes > 0;
}
