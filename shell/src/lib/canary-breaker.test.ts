import { afterEach, describe, expect, it } from 'vitest';
import { BREAKER_MAX_ENTRIES, breakerOptions, breakerState, canaryFallenBack, recordCanaryAnswer, resetBreaker } from './canary-breaker.ts';

afterEach(() => resetBreaker());
const options = { failures: 2, coolOffMs: 10_000 };

describe('canary breaker', () => {
  it('opens after N failures in a row, for the cool-off time, then tries the canary again', () => {
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 0)).toBe(false);
    expect(canaryFallenBack('mf-search', '0.2.0', 0)).toBe(false);
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 0)).toBe(true);
    expect(canaryFallenBack('mf-search', '0.2.0', 9_999)).toBe(true);
    expect(canaryFallenBack('mf-search', '0.1.0', 1)).toBe(false);
    expect(canaryFallenBack('mf-search', '0.2.0', 10_000)).toBe(false);
  });

  it('after the cool-off the canary gets one more try: a failure reopens at once, a success closes it', () => {
    recordCanaryAnswer('mf-search', '0.2.0', false, options, 0);
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 0)).toBe(true);
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 10_000)).toBe(true);
    expect(canaryFallenBack('mf-search', '0.2.0', 10_001)).toBe(true);
    recordCanaryAnswer('mf-search', '0.2.0', true, options, 20_000);
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 20_001)).toBe(false);
    expect(canaryFallenBack('mf-search', '0.2.0', 20_002)).toBe(false);
  });

  it('a success in between resets the count; 0 failures turns it off', () => {
    recordCanaryAnswer('mf-search', '0.2.0', false, options, 0);
    recordCanaryAnswer('mf-search', '0.2.0', true, options, 0);
    recordCanaryAnswer('mf-search', '0.2.0', false, options, 0);
    expect(canaryFallenBack('mf-search', '0.2.0', 1)).toBe(false);
    for (let i = 0; i < 10; i++) expect(recordCanaryAnswer('mf-search', '0.3.0', false, { failures: 0, coolOffMs: 1 }, 0)).toBe(false);
    expect(canaryFallenBack('mf-search', '0.3.0', 0)).toBe(false);
  });

  it(`keeps at most ${BREAKER_MAX_ENTRIES} remote versions`, () => {
    for (let i = 0; i < BREAKER_MAX_ENTRIES + 50; i++) recordCanaryAnswer('mf-search', `v${i}`, false, options, 0);
    expect(Object.keys(breakerState())).toHaveLength(BREAKER_MAX_ENTRIES);
  });

  it('reads its settings from the Worker vars, with defaults for absent or invalid ones', () => {
    expect(breakerOptions({ CANARY_FALLBACK_AFTER: '3', CANARY_FALLBACK_SECONDS: '5' })).toEqual({ failures: 3, coolOffMs: 5000 });
    expect(breakerOptions({ CANARY_FALLBACK_AFTER: '0' }).failures).toBe(0);
    expect(breakerOptions({ CANARY_FALLBACK_AFTER: '-1', CANARY_FALLBACK_SECONDS: 'x' })).toEqual({ failures: 5, coolOffMs: 60_000 });
  });
});
