/**
 * Automatic fallback of a failing canary (ARCHITECTURE.md "Canary"): after `failures` fragment failures in a row of
 * one remote version that is not stable, every tenant pinned to it is served the stable version for `coolOffMs`
 * (pages and their browser bundle alike), then the canary gets one more try. Per isolate, like the shell's caches:
 * each isolate learns on its own, which is quick at the traffic a canary gets. Bounded: one entry per remote version,
 * and the registry names at most 20 per remote.
 */
export type BreakerOptions = {
  /** Failures in a row that open the breaker (0: never). Wrangler var CANARY_FALLBACK_AFTER, default 5. */
  failures: number;
  /** How long stable is served before the canary is tried again. Wrangler var CANARY_FALLBACK_SECONDS, default 60. */
  coolOffMs: number;
};

export const DEFAULT_BREAKER: BreakerOptions = { failures: 5, coolOffMs: 60_000 };

/** Entries kept at most (remote versions); the oldest go first. */
export const BREAKER_MAX_ENTRIES = 200;

/** `trial`: the cool-off has been served once; the canary's next answer decides (a failure reopens at once). */
type Entry = { failuresInARow: number; openUntil: number; trial: boolean };
const entries = new Map<string, Entry>();
const key = (remote: string, version: string) => `${remote}@${version}`;

/** True while the canary `remote@version` is being replaced by stable. */
export function canaryFallenBack(remote: string, version: string, now = Date.now()): boolean {
  const entry = entries.get(key(remote, version));
  return entry !== undefined && entry.openUntil > now;
}

/**
 * Counts one answer of a canary's fragment. Returns true when this failure opened the breaker (so the caller can log
 * it once).
 */
export function recordCanaryAnswer(remote: string, version: string, ok: boolean, options: BreakerOptions = DEFAULT_BREAKER, now = Date.now()): boolean {
  if (options.failures <= 0) return false;
  const k = key(remote, version);
  const entry = entries.get(k) ?? { failuresInARow: 0, openUntil: 0, trial: false };
  entries.delete(k);
  if (ok) {
    // A success closes it; nothing to remember.
    return false;
  }
  entry.failuresInARow += 1;
  let opened = false;
  // After a cool-off the canary gets one more try: a failure then reopens at once; N in a row open it the first time.
  if (entry.openUntil <= now && (entry.trial || entry.failuresInARow >= options.failures)) {
    entry.openUntil = now + options.coolOffMs;
    entry.failuresInARow = 0;
    entry.trial = true;
    opened = true;
  }
  entries.set(k, entry);
  while (entries.size > BREAKER_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return opened;
}

/** Test hook and diagnostics. */
export const breakerState = () => Object.fromEntries(entries);
export const resetBreaker = () => entries.clear();

/** The breaker's settings from the Worker's vars (absent or invalid: the defaults). */
export function breakerOptions(vars: { CANARY_FALLBACK_AFTER?: string; CANARY_FALLBACK_SECONDS?: string }): BreakerOptions {
  const failures = Number(vars.CANARY_FALLBACK_AFTER ?? DEFAULT_BREAKER.failures);
  const seconds = Number(vars.CANARY_FALLBACK_SECONDS ?? DEFAULT_BREAKER.coolOffMs / 1000);
  return {
    failures: Number.isInteger(failures) && failures >= 0 ? failures : DEFAULT_BREAKER.failures,
    coolOffMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BREAKER.coolOffMs,
  };
}
