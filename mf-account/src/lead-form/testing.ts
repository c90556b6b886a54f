/** Test helper: an in-memory Storage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, value: string) => void map.set(k, value),
    removeItem: (k: string) => void map.delete(k),
  };
}
