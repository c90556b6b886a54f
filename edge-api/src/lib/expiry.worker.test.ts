import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { uniqueTenant } from '../test/fixtures.ts';
import { VIEW_VISIT_PERIOD_MS } from '../leads/rate-limit.ts';
import { EXPIRED_CODE_KEEP_MS, RATE_LIMIT_KEEP_MS, SEND_SERIES_KEEP_MS, SMS_OUTBOX_KEEP_MS, deleteExpiredRows } from './expiry.ts';
import { DELIVERY_QUOTE_TTL_MS, MARKET_PRICE_TTL_MS } from './provider-cache.ts';

const count = (table: string, tenant: string) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = ?`).bind(tenant).first<{ n: number }>().then((r) => r!.n);

describe('deleteExpiredRows (the cron keeps sign-in and provider-answer tables from only growing)', () => {
  it('deletes codes a day past expiry, expired sessions and stale valuations and estimates, and keeps the live ones', async () => {
    const t = uniqueTenant('expiry');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (tenant, id, phone) VALUES (?, 'u1', '0412000001')").bind(t),
      env.DB.prepare("INSERT INTO otp_codes (tenant, phone, code_hash, expires_at) VALUES (?, '0412000001', 'h', ?)").bind(t, now - EXPIRED_CODE_KEEP_MS - 1),
      env.DB.prepare("INSERT INTO otp_codes (tenant, phone, code_hash, expires_at) VALUES (?, '0412000002', 'h', ?)").bind(t, now - 1000),
      env.DB.prepare("INSERT INTO sessions (tenant, id, user_id, expires_at) VALUES (?, 'old', 'u1', ?)").bind(t, now - 1),
      env.DB.prepare("INSERT INTO sessions (tenant, id, user_id, expires_at) VALUES (?, 'live', 'u1', ?)").bind(t, now + 60_000),
      env.DB.prepare("INSERT INTO market_prices (tenant, car_key, valuation, fetched_at) VALUES (?, 'a', NULL, ?)").bind(t, now - MARKET_PRICE_TTL_MS - 1),
      env.DB.prepare("INSERT INTO market_prices (tenant, car_key, valuation, fetched_at) VALUES (?, 'b', NULL, ?)").bind(t, now - 1000),
      env.DB.prepare("INSERT INTO delivery_quotes (tenant, quote_key, estimate, fetched_at) VALUES (?, '4127>4000', NULL, ?)").bind(t, now - DELIVERY_QUOTE_TTL_MS - 1),
      env.DB.prepare("INSERT INTO sms_outbox (tenant, id, to_phone, body, created_at) VALUES (?, 'old', '0412000001', '111111 is your code', ?)").bind(t, now - SMS_OUTBOX_KEEP_MS - 1),
      env.DB.prepare("INSERT INTO sms_outbox (tenant, id, to_phone, body, created_at) VALUES (?, 'new', '0412000001', '222222 is your code', ?)").bind(t, now - 1000),
      env.DB.prepare("INSERT INTO delivery_quotes (tenant, quote_key, estimate, fetched_at) VALUES (?, '4127>2000', NULL, ?)").bind(t, now - MARKET_PRICE_TTL_MS - 1),
    ]);
    const report = await deleteExpiredRows(env.DB, now);
    expect(report.otpCodes).toBeGreaterThanOrEqual(1);
    expect(await count('otp_codes', t)).toBe(1);
    expect(await count('sessions', t)).toBe(1);
    expect((await env.DB.prepare('SELECT id FROM sessions WHERE tenant = ?').bind(t).first<{ id: string }>())!.id).toBe('live');
    expect(await count('market_prices', t)).toBe(1);
    // A week for delivery estimates: the day-old one stays.
    expect(await count('delivery_quotes', t)).toBe(1);
    expect(report.providerAnswers).toBeGreaterThanOrEqual(2);
    expect((await env.DB.prepare('SELECT id FROM sms_outbox WHERE tenant = ?').bind(t).all<{ id: string }>()).results).toEqual([{ id: 'new' }]);
  });

  it('deletes send series a day after their latest code and view visits past their period (issue 10), keeping live ones', async () => {
    const t = uniqueTenant('expiry-series');
    const now = Date.now();
    const hash = (n: number) => String(n).repeat(64).slice(0, 64);
    expect(SEND_SERIES_KEEP_MS).toBe(24 * 60 * 60 * 1000);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO otp_send_series (tenant, phone_hash, series_start, sends, last_sent_at, claim) VALUES (?, ?, ?, 3, ?, 'c')").bind(t, hash(1), now - 2 * SEND_SERIES_KEEP_MS, now - SEND_SERIES_KEEP_MS - 1),
      env.DB.prepare("INSERT INTO otp_send_series (tenant, phone_hash, series_start, sends, last_sent_at, claim) VALUES (?, ?, ?, 3, ?, 'c')").bind(t, hash(2), now - 2 * SEND_SERIES_KEEP_MS, now - 60_000),
      env.DB.prepare("INSERT INTO car_view_visits (tenant, visit_key, seen_at, claim) VALUES (?, ?, ?, 'c')").bind(t, hash(3), now - VIEW_VISIT_PERIOD_MS - 1),
      env.DB.prepare("INSERT INTO car_view_visits (tenant, visit_key, seen_at, claim) VALUES (?, ?, ?, 'c')").bind(t, hash(4), now - 1000),
    ]);
    const report = await deleteExpiredRows(env.DB, now);
    expect(report.sendSeries).toBeGreaterThanOrEqual(1);
    expect(report.viewVisits).toBeGreaterThanOrEqual(1);
    expect((await env.DB.prepare('SELECT phone_hash FROM otp_send_series WHERE tenant = ?').bind(t).all<{ phone_hash: string }>()).results).toEqual([{ phone_hash: hash(2) }]);
    expect((await env.DB.prepare('SELECT visit_key FROM car_view_visits WHERE tenant = ?').bind(t).all<{ visit_key: string }>()).results).toEqual([{ visit_key: hash(4) }]);
  });

  it('deletes rate-limit counters once the longest window is over, keeping the current ones', async () => {
    const t = uniqueTenant('expiry-counters');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO rate_limits (tenant, key, window_start, count) VALUES (?, ?, ?, 3)').bind(t, 'old', now - RATE_LIMIT_KEEP_MS - 1),
      env.DB.prepare('INSERT INTO rate_limits (tenant, key, window_start, count) VALUES (?, ?, ?, 3)').bind(t, 'live', now - 1000),
    ]);
    const report = await deleteExpiredRows(env.DB, now);
    expect(report.rateLimits).toBeGreaterThanOrEqual(1);
    expect((await env.DB.prepare('SELECT key FROM rate_limits WHERE tenant = ?').bind(t).all<{ key: string }>()).results).toEqual([{ key: 'live' }]);
  });
});
