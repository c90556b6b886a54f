/**
 * Small task scheduling for the shell's client (issue 19: Total Blocking Time). Lighthouse counts every main-thread
 * task over 50 ms (on a phone: four times what a desktop takes) as blocking, so the work the client does at load is
 * cut into one task per step instead of one long task.
 */

type TaskWindow = { setTimeout: (fn: () => void, ms?: number) => unknown; scheduler?: { yield?: () => Promise<void> } };

/** Resolves in a new task: `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), else a timer. */
export function nextTask(win: TaskWindow = globalThis as unknown as TaskWindow): Promise<void> {
  const y = win.scheduler?.yield;
  if (typeof y === 'function') return y.call(win.scheduler);
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}

/**
 * Runs each step in its own task, in order. A step that throws is reported and the next still runs (one broken
 * enhancement never takes the others with it).
 */
export async function runInTasks(steps: ReadonlyArray<() => void>, win: TaskWindow = globalThis as unknown as TaskWindow): Promise<void> {
  for (const step of steps) {
    await nextTask(win);
    try {
      step();
    } catch (error) {
      console.error('shell client step failed', error);
    }
  }
}
