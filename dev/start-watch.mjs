/**
 * A platform start that takes long says where it is: every `everyMs` while one step runs, a line naming the step and
 * how long it and the whole start have taken. A CI run once lost a test file's set-up (a 240 s hook timeout) to a
 * start that never finished, with nothing saying which step it was in. The timer never keeps the process alive.
 * @param {{ label?: string, everyMs?: number, warn?: (line: string) => void, now?: () => number }} [options]
 * @returns {{ step(name: string): void, stop(): void }}
 */
export function startWatch({ label = 'startPlatform', everyMs = 60_000, warn = (line) => console.warn(line), now = Date.now } = {}) {
  const started = now();
  let step = 'starting';
  let stepStarted = started;
  const seconds = (since) => Math.round((now() - since) / 1000);
  const timer = setInterval(() => warn(`${label}: still ${step} after ${seconds(stepStarted)} s (the start has taken ${seconds(started)} s)`), everyMs);
  timer.unref?.();
  return {
    step(name) {
      step = name;
      stepStarted = now();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
