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
 * a failed load is forgotten at once, and the oldest entries (by when they were stored) go beyond `max`.
 */
export function createTtlCache<T>(ttlMs: number, max = TTL_CACHE_DEFAULT_MAX, now: () => number = Date.now): TtlCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const get = (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load();
    entries.delete(key);
    while (entries.size > 0 && entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  return Object.assign(get, { delete: (key: string) => void entries.delete(key), size: () => entries.size });
}
