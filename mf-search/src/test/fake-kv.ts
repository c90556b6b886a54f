/**
 * An in-memory KV namespace (get as text, json or arrayBuffer, put text or bytes, delete, list by prefix) that counts
 * its reads, for unit tests. Bytes come out as a new ArrayBuffer on every read, as KV's do.
 */
export type FakeKv = {
  get(key: string, type?: 'text' | 'json' | 'arrayBuffer'): Promise<unknown>;
  put(key: string, value: string | Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string }): Promise<{ keys: Array<{ name: string }>; list_complete: true }>;
  /** Keys read, in order. */
  reads: string[];
  data: Map<string, string | Uint8Array>;
};

export function fakeKv(entries: Iterable<{ key: string; value: string | Uint8Array }> = []): FakeKv {
  const data = new Map<string, string | Uint8Array>();
  for (const { key, value } of entries) data.set(key, value);
  const reads: string[] = [];
  return {
    data,
    reads,
    async get(key, type) {
      reads.push(key);
      const value = data.get(key);
      if (value === undefined) return null;
      if (type === 'arrayBuffer') return (typeof value === 'string' ? new TextEncoder().encode(value) : value.slice()).buffer;
      const text = typeof value === 'string' ? value : new TextDecoder().decode(value);
      return type === 'json' ? JSON.parse(text) : text;
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
