/**
 * Rows that outlive their use, deleted by the cron (src/index.ts `scheduled`): sign-in codes a day after they expired,
 * sessions once expired, market valuations once older than their reuse window. Without it these tables only grow.
 */
import { MARKET_PRICE_TTL_MS } from './market-prices.ts';

/** A spent or expired code is kept a day (enough to answer a late verify with the right text and to debug). */
export const EXPIRED_CODE_KEEP_MS = 24 * 60 * 60 * 1000;

export type ExpiryReport = { otpCodes: number; sessions: number; marketPrices: number };

export async function deleteExpiredRows(db: D1Database, now = Date.now()): Promise<ExpiryReport> {
  const [codes, sessions, prices] = await db.batch([
    db.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(now - EXPIRED_CODE_KEEP_MS),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM market_prices WHERE fetched_at < ?').bind(now - MARKET_PRICE_TTL_MS),
  ]);
  return { otpCodes: codes?.meta.changes ?? 0, sessions: sessions?.meta.changes ?? 0, marketPrices: prices?.meta.changes ?? 0 };
}
