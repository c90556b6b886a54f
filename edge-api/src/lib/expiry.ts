/**
 * Rows that outlive their use, deleted by the cron (src/index.ts `scheduled`): sign-in codes a day after they expired,
 * sessions once expired, providers' answers (valuations, delivery estimates) once past their reuse window. Without it
 * these tables only grow.
 */
import { expiredAnswerStatements } from './provider-cache.ts';

/** A spent or expired code is kept a day (enough to answer a late verify with the right text and to debug). */
export const EXPIRED_CODE_KEEP_MS = 24 * 60 * 60 * 1000;

export type ExpiryReport = { otpCodes: number; sessions: number; providerAnswers: number };

export async function deleteExpiredRows(db: D1Database, now = Date.now()): Promise<ExpiryReport> {
  const [codes, sessions, ...answers] = await db.batch([
    db.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(now - EXPIRED_CODE_KEEP_MS),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    ...expiredAnswerStatements(db, now),
  ]);
  return { otpCodes: codes?.meta.changes ?? 0, sessions: sessions?.meta.changes ?? 0, providerAnswers: answers.reduce((n, r) => n + (r?.meta.changes ?? 0), 0) };
}
