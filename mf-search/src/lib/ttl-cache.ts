import { awaitSharedLoad, startSharedLoad, type SharedLoad } from '@forecourt/contracts/shared-load';

/** Entries a TTL cache keeps unless told otherwise (its oldest go beyond). */
export const TTL_CACHE_DEFAULT_MAX = 1_000;

export type TtlCache<T> = ((key: string, load: () => Promise<T>) => Promise<T>) & {
  /** Forgets one key (a stock refresh drops its tenant's entry). */
  delete(key: string): void;
  /** Entries held now. */
  size(): number;
};

/**
 * A per-isolate cache of promises by key: the first caller loads, later callers within `ttlMs` share the result;
 * a failed load is forgotten at once, and the oldest entries (by when they were stored) go beyond `max`. Loads are
 * shared loads (contracts shared-load.ts): a load whose request was cancelled before it finished is loaded again after
 * SHARED_LOAD_STALL_MS instead of hanging every later caller.
 */
export function createTtlCache<T>(ttlMs: number, max = TTL_CACHE_DEFAULT_MAX, now: () => number = Date.now): TtlCache<T> {
  const entries = new Map<string, { at: number; value: SharedLoad<T> }>();
  const start = (key: string, load: () => Promise<T>, at: number): Promise<T> => {
    const value = startSharedLoad(load, at);
    const entry = { at, value };
    entries.delete(key);
    while (entries.size > 0 && entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    value.promise.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value.promise;
  };
  const get = (key: string, load: () => Promise<T>): Promise<T> => {
    const at = now();
    const hit = entries.get(key);
    if (hit && at - hit.at < ttlMs) return awaitSharedLoad(hit.value, () => (entries.get(key) === hit ? start(key, load, now()) : get(key, load)), { now: at });
    return start(key, load, at);
  };
  return Object.assign(get, { delete: (key: string) => void entries.delete(key), size: () => entries.size });
}
