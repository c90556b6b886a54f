import { beforeEach } from 'vitest';

/**
 * edge-api's rate limits count in fixed windows of the clock (leads/rate-limit.ts `windowStart`: 1 or 10 minutes, so
 * every edge is a minute mark). A test that makes a window's worth of requests and expects the next one refused finds
 * the count reset if a minute mark passes in between (a clean-clone CI run met one at 06:10:00). Before each test, a
 * clock within WINDOW_EDGE_GUARD_MS of a minute mark waits until just past it: a test shorter than a minute then sees
 * one window. Tests that set the clock themselves (vi.setSystemTime) are unaffected.
 */
const MINUTE = 60_000;
export const WINDOW_EDGE_GUARD_MS = 2_000;

beforeEach(async () => {
  const toEdge = MINUTE - (Date.now() % MINUTE);
  if (toEdge <= WINDOW_EDGE_GUARD_MS) await new Promise((resolve) => setTimeout(resolve, toEdge + 50));
});
