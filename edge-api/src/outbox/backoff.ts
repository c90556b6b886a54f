/**
 * Retry schedule of the lead outbox: exponential backoff with "equal jitter" (half the ceiling fixed, half random), so
 * retries of many leads after one CRM outage spread out instead of arriving together.
 */

/** Dead letter after this many failed attempts (the 15th failure parks the row as 'dead' until re-driven). */
export const MAX_ATTEMPTS = 15;
/** Ceiling of the first retry delay. */
export const RETRY_BASE_MS = 30_000;
/** No retry waits longer than this ceiling. */
export const RETRY_CAP_MS = 6 * 60 * 60 * 1000;

export type BackoffOptions = { baseMs?: number; capMs?: number; random?: () => number };

/** Ceiling of the delay after the `attempt`-th failure (1-based): base * 2^(attempt-1), capped. */
export function retryCeilingMs(attempt: number, { baseMs = RETRY_BASE_MS, capMs = RETRY_CAP_MS }: BackoffOptions = {}): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 40);
  return Math.min(capMs, baseMs * 2 ** exponent);
}

/** Delay before the next attempt after the `attempt`-th failure: uniformly in [ceiling/2, ceiling]. */
export function retryDelayMs(attempt: number, options: BackoffOptions = {}): number {
  const ceiling = retryCeilingMs(attempt, options);
  const random = options.random ?? Math.random;
  return Math.max(1, Math.round(ceiling / 2 + random() * (ceiling / 2)));
}

/**
 * When to try again after the `attempt`-th failure, or null when the row goes to the dead letter. A CRM's Retry-After
 * is honoured when it asks for longer than our own delay.
 */
export function nextAttemptAt(attempt: number, now: number, retryAfterMs: number | undefined, options: BackoffOptions = {}): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return now + Math.max(retryDelayMs(attempt, options), retryAfterMs ?? 0);
}

/** Shortest and longest CRM outage a lead survives before its dead letter (sum of the delays of attempts 1..N-1). */
export function outageToleranceMs(options: BackoffOptions = {}): { min: number; max: number } {
  let max = 0;
  for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) max += retryCeilingMs(attempt, options);
  return { min: max / 2, max };
}
