import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, decide, scopedHash, windowStart } from './rate-limit.ts';

describe('fixed-window rate limits', () => {
  const rule = RATE_LIMITS.otpPhone;
  it('allows 3 codes per phone and 30 per IP in 10 minutes, 10 per phone a day; 5 leads per phone and 20 per IP', () => {
    expect([RATE_LIMITS.otpPhone, RATE_LIMITS.otpIp, RATE_LIMITS.otpPhoneDay, RATE_LIMITS.leadPhone, RATE_LIMITS.leadIp].map((r) => [r.limit, r.windowMs])).toEqual([[3, 600_000], [30, 600_000], [10, 86_400_000], [5, 600_000], [20, 600_000]]);
  });

  it('windows start on multiples of the window length', () => {
    expect(windowStart(1_200_000, 600_000)).toBe(1_200_000);
    expect(windowStart(1_799_999, 600_000)).toBe(1_200_000);
  });

  it('passes up to the limit and then answers the seconds left in the window', () => {
    const now = 1_200_000 + 540_500; // 59.5 s before the window ends
    expect(decide(3, rule, now)).toEqual({ ok: true, retryAfterSeconds: 0 });
    expect(decide(4, rule, now)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(decide(4, rule, 1_799_999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('hashes values per tenant, never keeping them in clear', async () => {
    const a = await scopedHash('alpha', '0412345678');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(await scopedHash('bravo', '0412345678'));
    expect(a).toBe(await scopedHash('alpha', '0412345678'));
  });
});
