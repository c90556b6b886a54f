import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWatch } from './start-watch.mjs';

describe('startWatch', () => {
  afterEach(() => vi.useRealTimers());

  it('names the step a slow start is in, every interval, until stopped', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const watch = startWatch({ label: 'startPlatform', everyMs: 60_000, warn: (line) => lines.push(line) });
    vi.advanceTimersByTime(59_000);
    expect(lines).toEqual([]);
    watch.step('seeding the template');
    vi.advanceTimersByTime(1_000);
    expect(lines).toEqual(['startPlatform: still seeding the template after 1 s (the start has taken 60 s)']);
    watch.step('starting workerd');
    vi.advanceTimersByTime(60_000);
    expect(lines.at(-1)).toBe('startPlatform: still starting workerd after 60 s (the start has taken 120 s)');
    watch.stop();
    vi.advanceTimersByTime(600_000);
    expect(lines).toHaveLength(2);
  });
});
