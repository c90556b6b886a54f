/**
 * Loads one request starts and later requests of the same isolate await (per-isolate caches of promises: tenant
 * configs, search indexes, snapshot shards...). On Workers a promise waiting on I/O belongs to the request that started
 * it: when that request ends early (a shopper leaves, the shell gives up on a slow fragment and cancels it), its I/O is
 * cancelled and the promise never settles. Every later request awaiting the cached promise would then hang until
 * workerd cancels it ("The Workers runtime canceled this request because it detected that your Worker's code had hung")
 * and the isolate stays poisoned: what the issue-19 soak showed under load. Two defences, both here:
 * - **anchor**: a shared load is handed to the starting request's `waitUntil`, so the runtime drives it to completion
 *   even when that request is cancelled (`runWithLoadAnchor`, or the Hono middleware `anchorSharedLoads`);
 * - **backstop**: a request joining a load another request started waits at most SHARED_LOAD_STALL_MS from the load's
 *   start; then the load counts as stalled and the joiner loads for itself (and replaces the cached entry).
 * Workers only (node:async_hooks under nodejs_compat); never import it from browser code.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a shared load may stay pending before a joining request stops waiting for it and loads itself. Longer than
 * any sound load measured (a 6,000-car index built from the stock on a loaded machine takes ~2 s), shorter than the
 * shell's fragment time-out budget for the requests behind it.
 */
export const SHARED_LOAD_STALL_MS = 5_000;

type Anchor = (promise: Promise<unknown>) => void;
const anchors = new AsyncLocalStorage<Anchor>();

/** Runs `fn` with `waitUntil` as the anchor of the shared loads it starts (synchronously or after awaits). */
export function runWithLoadAnchor<T>(waitUntil: Anchor, fn: () => T): T {
  return anchors.run(waitUntil, fn);
}

/** The part of a Hono context the middleware reads (structural: contracts does not depend on Hono). */
export type AnchorContext = { readonly executionCtx: { waitUntil(promise: Promise<unknown>): void } };

/**
 * Middleware anchoring the shared loads of each request to its `waitUntil` (Hono's `c.executionCtx`, which throws
 * when a test calls the app without one: then nothing is anchored).
 * @example app.use('*', anchorSharedLoads())
 */
export function anchorSharedLoads() {
  return (c: AnchorContext, next: () => Promise<void>): Promise<void> => {
    let waitUntil: Anchor | null = null;
    try {
      const ctx = c.executionCtx;
      waitUntil = (promise) => ctx.waitUntil(promise);
    } catch {
      waitUntil = null;
    }
    return waitUntil ? runWithLoadAnchor(waitUntil, next) : next();
  };
}

/** A load in a per-isolate cache: its promise, when it started and whether it has settled. */
export type SharedLoad<T> = { readonly promise: Promise<T>; readonly started: number; settled: boolean };

/**
 * Starts `load` as a shared load: anchored to the current request's `waitUntil` when there is one, its settling noted
 * (a settled load is answered without a timer). A rejection is left to the caller (the promise is returned as is).
 */
export function startSharedLoad<T>(load: () => Promise<T>, now: number = Date.now()): SharedLoad<T> {
  const promise = load();
  const entry: SharedLoad<T> = { promise, started: now, settled: false };
  const done = promise.then(
    () => void (entry.settled = true),
    () => void (entry.settled = true),
  );
  const anchor = anchors.getStore();
  if (anchor) {
    try {
      anchor(done);
    } catch {
      // A context that no longer takes waitUntil (the request already ended): the backstop still holds.
    }
  }
  return entry;
}

/**
 * Awaits a shared load that may belong to another request: at once when settled; else for what remains of
 * `stallMs` since it started, then `reload()` (which should replace the cache entry) answers instead.
 */
export function awaitSharedLoad<T>(entry: SharedLoad<T>, reload: () => Promise<T>, options: { now?: number; stallMs?: number } = {}): Promise<T> {
  if (entry.settled) return entry.promise;
  const stallMs = options.stallMs ?? SHARED_LOAD_STALL_MS;
  const left = stallMs - ((options.now ?? Date.now()) - entry.started);
  if (left <= 0) return reload();
  return new Promise<T>((resolve, reject) => {
    let finished = false;
    const timer = setTimeout(() => {
      if (finished) return;
      finished = true;
      reload().then(resolve, reject);
    }, left);
    entry.promise.then(
      (value) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
