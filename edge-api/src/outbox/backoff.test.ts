import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_BASE_MS, RETRY_CAP_MS, nextAttemptAt, outageToleranceMs, retryCeilingMs, retryDelayMs } from './backoff.ts';

describe('outbox backoff', () => {
  it('doubles the ceiling per failed attempt from 30 s up to the 6 h cap', () => {
    expect([1, 2, 3, 4].map((a) => retryCeilingMs(a))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryCeilingMs(10)).toBe(30_000 * 2 ** 9);
    expect(retryCeilingMs(11)).toBe(RETRY_CAP_MS);
    expect(retryCeilingMs(1000)).toBe(RETRY_CAP_MS);
  });

  it('jitters each delay uniformly within [ceiling/2, ceiling]', () => {
    expect(retryDelayMs(1, { random: () => 0 })).toBe(RETRY_BASE_MS / 2);
    expect(retryDelayMs(1, { random: () => 1 })).toBe(RETRY_BASE_MS);
    expect(retryDelayMs(3, { random: () => 0.5 })).toBe(90_000);
    const delays = Array.from({ length: 2000 }, () => retryDelayMs(2));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(60_000);
    // Spread, not a constant: the retries of one outage do not arrive together.
    expect(new Set(delays).size).toBeGreaterThan(1000);
  });

  it('honours tuning (benches) and a Retry-After longer than the backoff', () => {
    expect(retryDelayMs(3, { baseMs: 100, random: () => 1 })).toBe(400);
    expect(retryDelayMs(9, { baseMs: 100, capMs: 1000, random: () => 1 })).toBe(1000);
    expect(nextAttemptAt(1, 1_000, 3_600_000, { random: () => 0 })).toBe(1_000 + 3_600_000);
    expect(nextAttemptAt(1, 1_000, 5, { random: () => 0 })).toBe(1_000 + 15_000);
  });

  it(`dead-letters at attempt ${MAX_ATTEMPTS}, after surviving a CRM outage of 16 to 32.5 hours`, () => {
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, 0, undefined)).not.toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS, 0, undefined)).toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS + 3, 0, undefined)).toBeNull();
    const { min, max } = outageToleranceMs();
    expect(max).toBe(117_090_000);
    expect(min).toBe(58_545_000);
  });
});
