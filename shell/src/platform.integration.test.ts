/**
 * dev/platform.mjs itself: a start that fails after workerd is up (migrations, seeding) stops workerd again and
 * rethrows, so no port or process outlives it; migrations run through edge-api's own runner.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { applyMigrations, listKeys, persistOptionsFor, putInBatches, SEED_PUT_BATCH, SEED_STREAM_FROM, startPlatform, streamedReads } from '../../dev/platform.mjs';

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True when the port can be bound again (workerd no longer holds it). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('startPlatform', () => {
  it.each([
    // edge-api without its D1 database: applying migrations fails after mf.ready.
    ['migrations', { 'edge-api': { d1Databases: {} } }, /DB|D1|database/i],
    // mf-search without its STOCK namespace: seeding fails after migrations.
    ['seeding', { 'mf-search': { kvNamespaces: { CONFIG: { id: 'forecourt-config' } } } }, /STOCK|KV|namespace/i],
  ])('disposes workerd and rethrows when %s fail', async (_, overrides, message) => {
    const port = await freePort();
    await expect(startPlatform({ port, persist: false, logLevel: 'none', overrides })).rejects.toThrow(message);
    expect(await canListen(port)).toBe(true);
  });

  it('applies the D1 migrations with the d1_migrations bookkeeping', async () => {
    const platform = await startPlatform({ port: 0, persist: false, logLevel: 'none', seed: false });
    try {
      const db = await platform.mf.getD1Database('DB', 'forecourt-edge-api');
      const applied = (await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all()).results.map((r: { name: string }) => r.name);
      expect(applied.length).toBeGreaterThan(0);
      expect(applied.every((n: string) => /^\d+_.*\.sql$/.test(n))).toBe(true);
      // Recorded, so a second run applies nothing.
      expect(await applyMigrations(platform.mf)).toEqual([]);
    } finally {
      await platform.dispose();
    }
  });
});

describe('startPlatform({ only })', () => {
  it('runs one remote alone, seeded, answering its fragments to a tenant header', async () => {
    const platform = await startPlatform({ port: 0, persist: false, logLevel: 'none', only: ['mf-search'] });
    try {
      const res = await platform.mf.dispatchFetch(`${platform.url.origin}/fragments/search?_segments=used-cars`, { headers: { 'x-forecourt-tenant': 'harbourside-toyota' } });
      expect(res.status).toBe(200);
      expect((await res.text()).match(/class="fs-card"/g)?.length).toBe(21);
    } finally {
      await platform.dispose();
    }
  });
});

describe('startPlatform({ demo })', () => {
  it("serves the demo's media through the local-only demo Worker, and a shell without it (as deployed) answers 404", async () => {
    const paths = ['/demo-img/logo/toyota.svg', '/demo-video/walkaround.mp4'];
    const local = await startPlatform({ port: 0, persist: false, logLevel: 'none', seed: false, only: ['shell'] });
    try {
      for (const path of paths) expect((await local.mf.dispatchFetch(`${local.url.origin}${path}`)).status, path).toBe(200);
    } finally {
      await local.dispose();
    }
    const deployed = await startPlatform({ port: 0, persist: false, logLevel: 'none', seed: false, only: ['shell'], demo: false });
    try {
      for (const path of paths) expect((await deployed.mf.dispatchFetch(`${deployed.url.origin}${path}`)).status, path).toBe(404);
    } finally {
      await deployed.dispose();
    }
  });
});

describe('seeding and imported stock', () => {
  it('a restart re-seeds demo stock but keeps a tenant whose stock was imported', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const persist = mkdtempSync(join(tmpdir(), 'forecourt-seed-'));
    try {
      const first = await startPlatform({ port: 0, persist, logLevel: 'none', only: ['mf-search'] });
      const stock = await first.mf.getKVNamespace('STOCK', 'forecourt-mf-search');
      const seeded = (await stock.get('stock:harbourside-toyota:meta', 'json')) as { source: string; count: number };
      expect(seeded.source).toBe('demo');
      await stock.put('stock:harbourside-toyota:meta', JSON.stringify({ count: 0, chunks: 0, updated_at: '2026-11-21T10:00:00.000Z', source: 'import' }));
      await first.dispose();

      const second = await startPlatform({ port: 0, persist, logLevel: 'none', only: ['mf-search'] });
      const again = await second.mf.getKVNamespace('STOCK', 'forecourt-mf-search');
      expect(await again.get('stock:harbourside-toyota:meta', 'json')).toMatchObject({ source: 'import', count: 0 });
      expect(await again.get('stock:outback-used-cars:meta', 'json')).toMatchObject({ source: 'demo' });
      await second.dispose();
    } finally {
      rmSync(persist, { recursive: true, force: true });
    }
  });
});

describe('seeding helpers (dev/platform.mjs)', () => {
  it('persists KV and D1 across restarts, never the Cache API (a re-seeded demo must not answer an older run’s pages)', () => {
    const options = persistOptionsFor('/tmp/forecourt-persist') as Record<string, string>;
    expect(Object.keys(options).sort()).toEqual(['d1Persist', 'kvPersist']);
    expect(options).not.toHaveProperty('cachePersist');
    expect(persistOptionsFor(false)).toEqual({});
  });

  it(`writes seed entries ${SEED_PUT_BATCH} at a time and tries a failed write again`, async () => {
    const stored = new Map<string, string>();
    const failedOnce = new Set<string>();
    let inFlight = 0;
    let most = 0;
    const kv = {
      put: async (key: string, value: string) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        // Every seventh write is reset by the runtime once (ECONNRESET under load).
        if (Number(key.slice(1)) % 7 === 0 && !failedOnce.has(key)) {
          failedOnce.add(key);
          throw new Error('read ECONNRESET');
        }
        stored.set(key, value);
      },
    };
    const entries = Array.from({ length: 1000 }, (_, i) => ({ key: `k${i}`, value: i % 2 ? `v${i}` : { n: i } }));
    await putInBatches(kv, entries, { pauseMs: 1 });
    expect(most).toBeLessThanOrEqual(SEED_PUT_BATCH);
    expect(stored.size).toBe(1000);
    expect(stored.get('k2')).toBe('{"n":2}');
    expect(failedOnce.size).toBeGreaterThan(100);
    // A write that keeps failing fails the seed.
    await expect(putInBatches({ put: async () => Promise.reject(new Error('down')) }, [{ key: 'x', value: 'y' }], { pauseMs: 1 })).rejects.toThrow('down');
  });

  it('reads text and JSON as a stream of the value (streamedReads), other reads and every other method as they are', async () => {
    const values = new Map([['a', '{"n":1,"s":"é"}']]);
    const asked: string[] = [];
    const kv = {
      prefix: 'p',
      get: async (key: string, type?: string) => {
        asked.push(`${key}:${type}`);
        const value = values.get(key);
        if (value === undefined) return null;
        return type === 'stream' ? new Blob([value]).stream() : type === 'arrayBuffer' ? new TextEncoder().encode(value).buffer : value;
      },
      list() {
        return Promise.resolve({ keys: [{ name: this.prefix }] });
      },
    };
    const fast = streamedReads(kv);
    expect(await fast.get('a', 'json')).toEqual({ n: 1, s: 'é' });
    expect(await fast.get('a')).toBe('{"n":1,"s":"é"}');
    expect(await fast.get('a', { type: 'text' })).toBe('{"n":1,"s":"é"}');
    expect(await fast.get('missing', 'json')).toBeNull();
    expect(new TextDecoder().decode(await fast.get('a', 'arrayBuffer'))).toBe('{"n":1,"s":"é"}');
    expect(asked).toEqual(['a:stream', 'a:stream', 'a:stream', 'missing:stream', 'a:arrayBuffer']);
    expect(await fast.list()).toEqual({ keys: [{ name: 'p' }] });
  });

  it(`writes a value of ${SEED_STREAM_FROM} characters or more as a stream of its bytes, a fresh one on each try`, async () => {
    const big = 'é'.repeat(SEED_STREAM_FROM);
    const bytes = new Uint8Array(SEED_STREAM_FROM + 1).fill(7);
    const got = new Map<string, unknown[]>();
    const kv = {
      put: async (key: string, value: unknown) => {
        const tries = got.get(key) ?? [];
        got.set(key, [...tries, value]);
        if (key === 'big' && tries.length === 0) throw new Error('read ECONNRESET');
      },
    };
    await putInBatches(kv, [{ key: 'small', value: 'x'.repeat(SEED_STREAM_FROM - 1) }, { key: 'big', value: big }, { key: 'bytes', value: bytes }, { key: 'json', value: { text: big } }], { pauseMs: 1 });
    expect(got.get('small')).toEqual(['x'.repeat(SEED_STREAM_FROM - 1)]);
    const text = async (value: unknown) => new Response(value as ReadableStream).text();
    const [first, second] = got.get('big')!;
    expect(first).toBeInstanceOf(ReadableStream);
    expect(second).not.toBe(first);
    expect(await text(second)).toBe(big);
    expect(new Uint8Array(await new Response(got.get('bytes')![0] as ReadableStream).arrayBuffer())).toEqual(bytes);
    expect(await text(got.get('json')![0])).toBe(JSON.stringify({ text: big }));
  });

  it('lists every key under a prefix, following the cursor to the end', async () => {
    const names = Array.from({ length: 2500 }, (_, i) => `stock:t:snap:${String(i).padStart(4, '0')}`);
    const kv = {
      list: async ({ prefix, cursor }: { prefix: string; cursor?: string }) => {
        const from = Number(cursor ?? 0);
        const keys = names.filter((n) => n.startsWith(prefix)).slice(from, from + 1000).map((name) => ({ name }));
        const done = from + 1000 >= names.length;
        return done ? { keys, list_complete: true } : { keys, list_complete: false, cursor: String(from + 1000) };
      },
    };
    expect(await listKeys(kv, 'stock:t:snap:')).toEqual(names);
  });
});
