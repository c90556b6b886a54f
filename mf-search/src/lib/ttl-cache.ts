/**
 * A per-isolate cache of promises by key: the first caller loads, later callers within `ttlMs` share the result;
 * a failed load is forgotten at once, and the oldest entries go beyond `max`.
 */
export function createTtlCache<T>(ttlMs: number, max = 1_000, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load();
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
