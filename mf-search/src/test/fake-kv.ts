/** An in-memory KV namespace (get as text or json, put, delete, list by prefix) that counts its reads, for unit tests. */
export type FakeKv = {
  get(key: string, type?: 'text' | 'json'): Promise<unknown>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string }): Promise<{ keys: Array<{ name: string }>; list_complete: true }>;
  /** Keys read, in order. */
  reads: string[];
  data: Map<string, string>;
};

export function fakeKv(entries: Iterable<{ key: string; value: string }> = []): FakeKv {
  const data = new Map<string, string>();
  for (const { key, value } of entries) data.set(key, value);
  const reads: string[] = [];
  return {
    data,
    reads,
    async get(key, type) {
      reads.push(key);
      const value = data.get(key);
      if (value === undefined) return null;
      return type === 'json' ? JSON.parse(value) : value;
    },
    async put(key, value) {
      data.set(key, value);
    },
    async delete(key) {
      data.delete(key);
    },
    async list({ prefix = '' }) {
      return { keys: [...data.keys()].filter((k) => k.startsWith(prefix)).sort().map((name) => ({ name })), list_complete: true };
    },
  };
}

/** The fake as the Worker's read-only KV type (contracts/src/worker-bindings.d.ts). */
export const asKv = (kv: FakeKv) => kv as unknown as KVNamespace;
