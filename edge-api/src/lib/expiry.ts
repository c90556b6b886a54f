/**
 * Rows that outlive their use, deleted by the cron (src/index.ts `scheduled`, hourly): sign-in codes a day after they
 * expired, sessions once expired, the embedded SMS port's texts after a day, providers' answers (valuations, delivery
 * estimates) once past their reuse window, phones' send series a day after their latest code, view-count visits
 * once their period is over, and rate-limit counters once their window has ended. Without it these tables only grow.
 */
import { CODE_SEND_LIMITS, RATE_LIMITS, VIEW_VISIT_PERIOD_MS } from '../leads/rate-limit.ts';
import { expiredAnswerStatements } from './provider-cache.ts';

/** A spent or expired code is kept a day (enough to answer a late verify with the right text and to debug). */
export const EXPIRED_CODE_KEEP_MS = 24 * 60 * 60 * 1000;

/** The embedded SMS port's texts (local runs: they hold codes in clear) are kept a day for the dev page. */
export const SMS_OUTBOX_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * A send series a day past its latest code no longer slows anything: a site's series starts afresh after a day without
 * a code, and the platform's series lasts a day from its first (which came before its latest).
 */
export const SEND_SERIES_KEEP_MS = Math.max(CODE_SEND_LIMITS.seriesResetMs, CODE_SEND_LIMITS.platformSeriesMs);

/** A rate-limit counter whose window has ended counts nothing: kept until the longest window is over. */
export const RATE_LIMIT_KEEP_MS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));

export type ExpiryReport = { otpCodes: number; sessions: number; smsOutbox: number; providerAnswers: number; sendSeries: number; viewVisits: number; rateLimits: number };

export async function deleteExpiredRows(db: D1Database, now = Date.now()): Promise<ExpiryReport> {
  const [codes, sessions, sms, series, visits, counters, ...answers] = await db.batch([
    db.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(now - EXPIRED_CODE_KEEP_MS),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM sms_outbox WHERE created_at < ?').bind(now - SMS_OUTBOX_KEEP_MS),
    db.prepare('DELETE FROM otp_send_series WHERE last_sent_at < ?').bind(now - SEND_SERIES_KEEP_MS),
    db.prepare('DELETE FROM car_view_visits WHERE seen_at < ?').bind(now - VIEW_VISIT_PERIOD_MS),
    db.prepare('DELETE FROM rate_limits WHERE window_start < ?').bind(now - RATE_LIMIT_KEEP_MS),
    ...expiredAnswerStatements(db, now),
  ]);
  const changes = (r: D1Result | undefined) => r?.meta.changes ?? 0;
  return {
    otpCodes: changes(codes),
    sessions: changes(sessions),
    smsOutbox: changes(sms),
    sendSeries: changes(series),
    viewVisits: changes(visits),
    rateLimits: changes(counters),
    providerAnswers: answers.reduce((n, r) => n + changes(r), 0),
  };
}
