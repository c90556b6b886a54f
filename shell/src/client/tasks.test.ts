import { describe, expect, it, vi } from 'vitest';
import { nextTask, runInTasks } from './tasks.ts';

/** A window whose timers run only when `flush` is called: each flush is one task. */
function fakeWindow() {
  const queue: Array<() => void> = [];
  return {
    win: { setTimeout: (fn: () => void) => queue.push(fn) },
    pending: () => queue.length,
    async flush() {
      const fn = queue.shift();
      fn?.();
      // Let the awaiting code run up to its next timer.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('runInTasks (issue 19: one task per step, not one long task)', () => {
  it('runs one step per task, in order', async () => {
    const { win, flush, pending } = fakeWindow();
    const ran: string[] = [];
    const done = runInTasks([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')], win);
    await Promise.resolve();
    expect(ran).toEqual([]);
    await flush();
    expect(ran).toEqual(['a']);
    await flush();
    expect(ran).toEqual(['a', 'b']);
    await flush();
    expect(ran).toEqual(['a', 'b', 'c']);
    await done;
    expect(pending()).toBe(0);
  });

  it('a step that throws is reported and the next still runs', async () => {
    const { win, flush } = fakeWindow();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    const done = runInTasks([() => { throw new Error('broken'); }, () => ran.push('next')], win);
    await flush();
    await flush();
    await done;
    expect(ran).toEqual(['next']);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('nextTask', () => {
  it('nextTask uses scheduler.yield where the browser has it', async () => {
    const y = vi.fn(() => Promise.resolve());
    const setTimeout = vi.fn();
    await nextTask({ setTimeout, scheduler: { yield: y } });
    expect(y).toHaveBeenCalledTimes(1);
    expect(setTimeout).not.toHaveBeenCalled();
  });
});
