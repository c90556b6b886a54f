import { describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_MS } from '@forecourt/contracts/sign-in';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import {
  CODE_SEND_LIMITS,
  RATE_LIMITS,
  VIEW_VISIT_PERIOD_MS,
  backoffGapMs,
  clientFingerprint,
  clientKey,
  decide,
  decideCodeSend,
  scopedHash,
  viewVisitKey,
  windowStart,
  type SendSeries,
} from './rate-limit.ts';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;

describe('fixed-window rate limits', () => {
  const rule = RATE_LIMITS.leadPhone;
  it('codes: 10 per client (address + browser) and 60 per address in 10 minutes; 5 leads per phone and 20 per IP; 120 view calls per address', () => {
    expect([RATE_LIMITS.otpClient, RATE_LIMITS.otpIp, RATE_LIMITS.leadPhone, RATE_LIMITS.leadIp, RATE_LIMITS.viewIp].map((r) => [r.limit, r.windowMs])).toEqual([[10, 600_000], [60, 600_000], [5, 600_000], [20, 600_000], [120, 600_000]]);
  });

  it('windows start on multiples of the window length', () => {
    expect(windowStart(1_200_000, 600_000)).toBe(1_200_000);
    expect(windowStart(1_799_999, 600_000)).toBe(1_200_000);
  });

  it('passes up to the limit and then answers the seconds left in the window', () => {
    const now = 1_200_000 + 540_500; // 59.5 s before the window ends
    expect(decide(5, rule, now)).toEqual({ ok: true, retryAfterSeconds: 0 });
    expect(decide(6, rule, now)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(decide(6, rule, 1_799_999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('hashes values per tenant, never keeping them in clear', async () => {
    const a = await scopedHash('alpha', '0412345678');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(await scopedHash('bravo', '0412345678'));
    expect(a).toBe(await scopedHash('alpha', '0412345678'));
  });
});

describe('a client behind a shared address (issue 10: address + browser fingerprint)', () => {
  const headers = (ip: string | null, ua: string, lang = 'en-AU') => new Headers({ ...(ip ? { [CLIENT_IP_HEADER]: ip } : {}), 'user-agent': ua, 'accept-language': lang });
  it('tells two browsers on one address apart, and one browser on two addresses', async () => {
    const a = await clientKey(headers('203.0.113.9', 'Firefox'));
    expect(a).toMatch(/^203\.0\.113\.9\u0000[0-9a-f]{64}$/);
    expect(a).not.toBe(await clientKey(headers('203.0.113.9', 'Safari')));
    expect(a).not.toBe(await clientKey(headers('203.0.113.9', 'Firefox', 'fr')));
    expect(a).not.toBe(await clientKey(headers('203.0.113.10', 'Firefox')));
    expect(a).toBe(await clientKey(headers('203.0.113.9', 'Firefox')));
    // IPv6 by its /64, like every address rule.
    expect(await clientKey(headers('2001:db8:1:2::1', 'Firefox'))).toBe(await clientKey(headers('2001:db8:1:2:ffff::9', 'Firefox')));
  });
  it('keeps no browser text, and names no client without an address (local runs)', async () => {
    expect(await clientFingerprint(headers(null, 'Mozilla/5.0 secret-ish'))).toMatch(/^[0-9a-f]{64}$/);
    expect(await clientKey(headers(null, 'Firefox'))).toBeNull();
  });
});

describe('sign-in code sends per phone (issue 10: slowed, never locked out)', () => {
  const T0 = 1_800_000_000_000;
  const series = (sends: number, lastSentAt: number, seriesStart = T0): SendSeries => ({ seriesStart, sends, lastSentAt });

  it('has the documented numbers: 60 s cool-down (the page waits as long), back-off 60 s doubling to 1 h, 10 free a day then 30 min apart', () => {
    expect(CODE_SEND_LIMITS).toEqual({
      cooldownMs: 60 * S, backoffBaseMs: 60 * S, backoffCapMs: HOUR, seriesResetMs: 24 * HOUR,
      platformFreeSends: 10, platformSeriesMs: 24 * HOUR, platformSpacingMs: 30 * MIN,
    });
    expect(CODE_SEND_LIMITS.cooldownMs).toBe(OTP_RESEND_COOLDOWN_MS);
  });

  it('doubles the gap before each code of a series: none, 60 s, 120 s, 240 s ... capped at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(backoffGapMs)).toEqual([0, 60 * S, 120 * S, 240 * S, 480 * S, 960 * S, 1920 * S, HOUR, HOUR, HOUR]);
  });

  it('sends the first code, starting both series', () => {
    expect(decideCodeSend(null, null, T0, false)).toEqual({ ok: true, site: series(1, T0), platform: series(1, T0) });
  });

  it('refuses a resend within the cool-down with the seconds left, even from a known device', () => {
    for (const known of [false, true]) {
      expect(decideCodeSend(series(1, T0), series(1, T0), T0 + 100, known)).toEqual({ ok: false, retryAfterSeconds: 60 });
      expect(decideCodeSend(series(1, T0), series(1, T0), T0 + 59_001, known)).toEqual({ ok: false, retryAfterSeconds: 1 });
      expect(decideCodeSend(series(1, T0), series(1, T0), T0 + 60 * S, known)).toMatchObject({ ok: true, site: { sends: 2 } });
    }
  });

  it('makes the n-th code of a site series wait its back-off since the last one; a known device waits only the cool-down', () => {
    // The 4th code waits 240 s after the 3rd.
    expect(decideCodeSend(series(3, T0), null, T0 + 200 * S, false)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(decideCodeSend(series(3, T0), null, T0 + 240 * S, false)).toMatchObject({ ok: true, site: { sends: 4, seriesStart: T0 } });
    expect(decideCodeSend(series(3, T0), null, T0 + 60 * S, true)).toMatchObject({ ok: true, site: { sends: 4 } });
    // Never more than an hour, however long the series.
    expect(decideCodeSend(series(40, T0), null, T0 + 1, false)).toEqual({ ok: false, retryAfterSeconds: 3600 });
  });

  it('starts a site series afresh after a day without a code, and after a verify (sends 0: only the cool-down is left)', () => {
    expect(decideCodeSend(series(12, T0), null, T0 + 24 * HOUR, false)).toMatchObject({ ok: true, site: { sends: 1, seriesStart: T0 + 24 * HOUR } });
    expect(decideCodeSend(series(0, T0), null, T0 + 30 * S, false)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(decideCodeSend(series(0, T0), null, T0 + 60 * S, false)).toMatchObject({ ok: true, site: { sends: 1 } });
  });

  it('lets the first 10 codes of a day through on any site, then spaces them 30 minutes apart (never refuses until midnight)', () => {
    const platform = (sends: number, last: number) => series(sends, last, T0);
    expect(decideCodeSend(null, platform(9, T0 + HOUR), T0 + HOUR + 1, false)).toMatchObject({ ok: true, platform: { sends: 10, seriesStart: T0 } });
    expect(decideCodeSend(null, platform(10, T0 + HOUR), T0 + HOUR + 10 * MIN, false)).toEqual({ ok: false, retryAfterSeconds: 20 * 60 });
    expect(decideCodeSend(null, platform(10, T0 + HOUR), T0 + HOUR + 30 * MIN, false)).toMatchObject({ ok: true, platform: { sends: 11 } });
    expect(decideCodeSend(null, platform(57, T0 + 23 * HOUR), T0 + 23 * HOUR + 30 * MIN, false)).toMatchObject({ ok: true });
    // A day after the series began, a new one starts with its 10 free codes.
    expect(decideCodeSend(null, platform(58, T0 + 23 * HOUR + 50 * MIN), T0 + 24 * HOUR, false)).toMatchObject({ ok: true, platform: { sends: 1, seriesStart: T0 + 24 * HOUR } });
    // A known device is never spaced out (its own site's cool-down still applies).
    expect(decideCodeSend(null, platform(30, T0 + HOUR), T0 + HOUR + 1, true)).toMatchObject({ ok: true, platform: { sends: 31 } });
  });

  it('answers the longer of the two waits', () => {
    expect(decideCodeSend(series(1, T0), series(20, T0 + 10 * S), T0 + 20 * S, false)).toEqual({ ok: false, retryAfterSeconds: 30 * 60 - 10 });
  });

  it('bounds what anyone can text one phone: at most 10 + 48 codes a day across the platform without its known device', () => {
    // An attacker using 1,000 sites (each its own series) and asking every 30 s for two days; meanwhile the owner asks
    // on a site of their own whenever they like.
    let platform: SendSeries | null = null;
    const sites = new Map<number, SendSeries>();
    const sentAt: number[] = [];
    let longest = 0;
    for (let t = T0; t < T0 + 48 * HOUR; t += 30 * S) {
      const owner = decideCodeSend(null, platform, t, false);
      if (!owner.ok) longest = Math.max(longest, owner.retryAfterSeconds);
      const site = (t / (30 * S)) % 1000;
      const d = decideCodeSend(sites.get(site) ?? null, platform, t, false);
      if (!d.ok) continue;
      sites.set(site, d.site);
      platform = d.platform;
      sentAt.push(t);
    }
    for (let day = 0; day < 2; day++) {
      const sent = sentAt.filter((t) => t >= T0 + day * 24 * HOUR && t < T0 + (day + 1) * 24 * HOUR).length;
      expect(sent).toBeLessThanOrEqual(10 + 48);
      expect(sent).toBeGreaterThan(50);
    }
    // The owner never waits more than 30 minutes (and not at all from the browser that verified the phone).
    expect(longest).toBeLessThanOrEqual(30 * 60);
  });
});

describe('view visits (issue 10: one view per visitor per car per period)', () => {
  it('counts a visitor once per 30 minutes, keyed by a hash of site, car, address and browser', async () => {
    expect(VIEW_VISIT_PERIOD_MS).toBe(30 * MIN);
    const h = (ip: string, ua: string) => new Headers({ [CLIENT_IP_HEADER]: ip, 'user-agent': ua });
    const a = await viewVisitKey('alpha', 'car-1', h('203.0.113.1', 'Firefox'));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(await viewVisitKey('alpha', 'car-1', h('203.0.113.1', 'Firefox')));
    for (const other of [
      await viewVisitKey('alpha', 'car-2', h('203.0.113.1', 'Firefox')),
      await viewVisitKey('alpha', 'car-1', h('203.0.113.2', 'Firefox')),
      await viewVisitKey('alpha', 'car-1', h('203.0.113.1', 'Safari')),
      await viewVisitKey('bravo', 'car-1', h('203.0.113.1', 'Firefox')),
    ]) expect(other).not.toBe(a);
  });
});
