/**
 * Rows that outlive their use, deleted by the cron (src/index.ts `scheduled`, hourly): sign-in codes a day after they
 * expired, sessions once expired, the embedded SMS port's texts after a day, providers' answers (valuations, delivery estimates) once past their reuse window. Without it
 * these tables only grow.
 */
import { expiredAnswerStatements } from './provider-cache.ts';

/** A spent or expired code is kept a day (enough to answer a late verify with the right text and to debug). */
export const EXPIRED_CODE_KEEP_MS = 24 * 60 * 60 * 1000;

/** The embedded SMS port's texts (local runs: they hold codes in clear) are kept a day for the dev page. */
export const SMS_OUTBOX_KEEP_MS = 24 * 60 * 60 * 1000;

export type ExpiryReport = { otpCodes: number; sessions: number; smsOutbox: number; providerAnswers: number };

export async function deleteExpiredRows(db: D1Database, now = Date.now()): Promise<ExpiryReport> {
  const [codes, sessions, sms, ...answers] = await db.batch([
    db.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(now - EXPIRED_CODE_KEEP_MS),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM sms_outbox WHERE created_at < ?').bind(now - SMS_OUTBOX_KEEP_MS),
    ...expiredAnswerStatements(db, now),
  ]);
  return { otpCodes: codes?.meta.changes ?? 0, sessions: sessions?.meta.changes ?? 0, smsOutbox: sms?.meta.changes ?? 0, providerAnswers: answers.reduce((n, r) => n + (r?.meta.changes ?? 0), 0) };
}
