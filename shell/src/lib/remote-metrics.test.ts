import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latencyQuantile, METRICS_MAX_VERSIONS, recordRemoteAnswer, remoteMetrics, resetRemoteMetrics } from './remote-metrics.ts';

// Before too: the unit project shares modules between files (vitest.config.ts), so another file's composes may have counted.
beforeEach(() => resetRemoteMetrics());
afterEach(() => resetRemoteMetrics());

describe('remote metrics (per remote version)', () => {
  it('counts answers by outcome, skew, fallbacks, latency and tenants, and writes each to Analytics Engine', () => {
    const dataset = { writeDataPoint: vi.fn() };
    recordRemoteAnswer({ remote: 'mf-search', version: '0.2.0', tenant: 'a', outcome: 'ok', ms: 8 }, dataset);
    recordRemoteAnswer({ remote: 'mf-search', version: '0.2.0', tenant: 'a', outcome: 'failed', ms: 40, servedVersion: '0.1.0' }, dataset);
    recordRemoteAnswer({ remote: 'mf-search', version: '0.2.0', tenant: 'b', outcome: 'timeout', ms: 4000 }, dataset);
    recordRemoteAnswer({ remote: 'mf-search', version: '0.1.0', tenant: 'c', outcome: 'ok', ms: 3, fellBack: true });
    const [stable, canary] = remoteMetrics();
    expect(stable).toMatchObject({ version: '0.1.0', answers: 1, ok: 1, fellBack: 1, tenants: ['c'] });
    expect(canary).toMatchObject({ version: '0.2.0', answers: 3, ok: 1, failed: 1, timeout: 1, skewed: 1, maxMs: 4000, tenants: ['a', 'b'], p50Ms: 50, p95Ms: 4000 });
    expect(canary!.failureRate).toBeCloseTo(2 / 3);
    expect(dataset.writeDataPoint).toHaveBeenCalledTimes(3);
    expect(dataset.writeDataPoint.mock.calls[1]![0]).toEqual({ indexes: ['mf-search@0.2.0'], blobs: ['mf-search', '0.2.0', 'a', 'failed', '0.1.0', ''], doubles: [40] });
  });

  it('never throws when Analytics Engine does', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => recordRemoteAnswer({ remote: 'mf-vehicle', version: '1', tenant: 'a', outcome: 'ok', ms: 1 }, { writeDataPoint: () => { throw new Error('down'); } })).not.toThrow();
    expect(remoteMetrics()).toHaveLength(1);
  });

  it(`keeps at most ${METRICS_MAX_VERSIONS} remote versions, dropping the least recent`, () => {
    for (let i = 0; i <= METRICS_MAX_VERSIONS; i++) recordRemoteAnswer({ remote: 'mf-search', version: `v${i}`, tenant: 'a', outcome: 'ok', ms: 1 });
    const versions = remoteMetrics().map((r) => r.version);
    expect(versions).toHaveLength(METRICS_MAX_VERSIONS);
    expect(versions).not.toContain('v0');
  });

  it('latencyQuantile gives the bucket bound, never above the slowest answer', () => {
    expect(latencyQuantile({ buckets: [0, 0, 0], answers: 0, maxMs: 0 }, 0.5)).toBeNull();
    expect(latencyQuantile({ buckets: [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], answers: 2, maxMs: 70 }, 0.95)).toBe(70);
  });
});
