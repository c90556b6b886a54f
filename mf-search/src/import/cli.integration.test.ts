/**
 * `npm run stock:import` end to end: the CLI runs as a child process against a temporary local state folder and
 * feed file; the STOCK KV it wrote is then read back through Miniflare over the same folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';

const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'dev/stock-import.mjs');
const TENANT = 'outback-used-cars';

let dir: string;
let persist: string;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Opens the temp state's KV (same namespace ids as mf-search's wrangler.jsonc), runs `fn`, closes it. */
async function withKv<T>(fn: (kv: { config: KVNamespaceLike; stock: KVNamespaceLike }) => Promise<T>): Promise<T> {
  const mf = new Miniflare({
    cf: false,
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
    kvNamespaces: { CONFIG: 'forecourt-config', STOCK: 'forecourt-stock' },
    kvPersist: join(persist, 'kv'),
  });
  try {
    const [config, stock] = [await mf.getKVNamespace('CONFIG'), await mf.getKVNamespace('STOCK')];
    return await fn({ config: config as unknown as KVNamespaceLike, stock: stock as unknown as KVNamespaceLike });
  } finally {
    await mf.dispose();
  }
}
type KVNamespaceLike = {
  get(key: string, type: 'json'): Promise<unknown>;
  put(key: string, value: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ keys: { name: string }[] }>;
};

const HEADER = 'id,name,slug,year,make,model,price,km,status,car_type,created_at,created_at_timestamp,show_on_dealer_website,dealership_id,dealership_slug,images,dealercomments';
const csvRow = (id: string, { price = '18990', dealership = '31', comments = '' } = {}) =>
  [id, `2019 Kia Cerato S ${id}`, `2019-kia-cerato-s-${id}`, '2019', 'Kia', 'Cerato', price, '61000', 'in_stock', 'used', '2025-06-02T10:00:00.000Z', '1748858400000', 'true', dealership, dealership === '31' ? TENANT : 'elsewhere', `/img/${id}.jpg`, comments].join(',');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stock-import-'));
  persist = join(dir, 'state');
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  const site = demo.demoTenants().find((t: { slug: string }) => t.slug === TENANT);
  // The local config adds dealership 99: rows of it are accepted only if the CLI reads the tenant from this KV.
  await withKv(async ({ config, stock }) => {
    await config.put(`tenant:${TENANT}`, JSON.stringify({ ...site, dealerships: [...site.dealerships, '99'] }));
    await config.put(`tenant-data:${TENANT}`, JSON.stringify(demo.demoTenantData(TENANT)));
    // A previous import of 3 chunks, a stray chunk 9, and another tenant's stock that must stay.
    await stock.put(`stock:${TENANT}:meta`, JSON.stringify({ count: 1200, chunks: 3, updated_at: '2025-01-01T00:00:00.000Z' }));
    for (const key of [`stock:${TENANT}:0`, `stock:${TENANT}:1`, `stock:${TENANT}:2`, `stock:${TENANT}:9`, 'stock:harbourside-toyota:0']) await stock.put(key, '[]');
  });
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('stock:import CLI', () => {
  it('imports the good rows, reports the bad ones by line and replaces the old chunks', async () => {
    const feed = join(dir, 'feed.csv');
    await writeFile(
      feed,
      [
        HEADER,
        csvRow('k1'),
        csvRow('k2', { comments: '"Two keys,\r\nlogbooks"' }), // lines 3-4
        csvRow('k3', { price: 'abc' }), // line 5
        csvRow('k4', { dealership: '99' }), // line 6: accepted via the local config
        csvRow('k5', { dealership: '11' }), // line 7
        csvRow('k1'), // line 8: duplicate
      ].join('\r\n') + '\r\n',
    );
    const { code, stdout, stderr } = await run(['--tenant', TENANT, feed, '--persist', persist]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `stock:import ${TENANT} (local CONFIG KV) from ${feed}: 3 good, 3 bad`,
      'line 5 (id k3): price: Invalid type: Expected number but received "abc"',
      `line 7 (id k5): dealership_id: "11" is not a dealership of tenant ${TENANT} (allowed: 31, 99)`,
      'line 8 (id k1): id: Duplicate id "k1" (first on line 2); slug: Duplicate slug "2019-kia-cerato-s-k1" (first on line 2)',
      // The previous chunks were empty: the three cars are new (issue 19: their pages purged when mf-search serves them).
      `pages to purge when mf-search next serves ${TENANT}: 3 cars`,
      `imported 3 cars into STOCK (1 chunk, 3 old chunks deleted) at ${join(persist, 'kv')}`,
    ]);

    await withKv(async ({ stock }) => {
      const meta = (await stock.get(`stock:${TENANT}:meta`, 'json')) as { count: number; chunks: number; updated_at: string };
      expect(meta).toMatchObject({ count: 3, chunks: 1 });
      expect(Date.parse(meta.updated_at)).toBeGreaterThan(Date.parse('2025-01-02'));
      const cars = (await stock.get(`stock:${TENANT}:0`, 'json')) as Array<{ id: string; dealercomments?: string }>;
      expect(cars.map((c) => c.id)).toEqual(['k1', 'k2', 'k4']);
      expect(cars[1]!.dealercomments).toBe('Two keys,\r\nlogbooks');
      const keys = (await stock.list({ prefix: 'stock:' })).keys.map((k) => k.name).sort();
      expect(keys.filter((k) => !k.includes(':snap'))).toEqual(['stock:harbourside-toyota:0', `stock:${TENANT}:0`, `stock:${TENANT}:meta`, `stock:${TENANT}:purge`]);
      // The index snapshot of this import (issue 19): its head, texts, one card block and one shard.
      const token = meta.updated_at.replace(/[^A-Za-z0-9]+/g, '-');
      expect(keys.filter((k) => k.includes(':snap'))).toEqual([`stock:${TENANT}:snap`, `stock:${TENANT}:snap:${token}:cards:0`, `stock:${TENANT}:snap:${token}:cars:0`, `stock:${TENANT}:snap:${token}:texts`]);
    });
  });

  it('writes nothing and exits 1 when every row is bad or the file is not a feed', async () => {
    const allBad = join(dir, 'bad.json');
    await writeFile(allBad, '[\n  {"id": "z1"},\n  {"id": "z2", "price": -1}\n]\n');
    const bad = await run(['--tenant', TENANT, allBad, '--persist', persist]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`from ${allBad}: 0 good, 2 bad`);
    expect(bad.stdout).toMatch(/^line 2 \(id z1\): name: Required field is missing; slug: Required field is missing/m);
    expect(bad.stdout).toMatch(/^line 3 \(id z2\): .*price: Invalid value: Expected >=0 but received -1/m);
    expect(bad.stderr).toContain('every row is bad; nothing imported');

    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[\n  {"id": "z1",\n]');
    // Neither opens the local state (the file fails first), so they may run side by side.
    const [unreadable, missing] = await Promise.all([
      run(['--tenant', TENANT, broken, '--persist', persist]),
      run(['--tenant', TENANT, join(dir, 'nope.csv'), '--persist', persist]),
    ]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain(`${broken}: Invalid JSON: expected a property name, found ']' (line 3, column 1)`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');

    await withKv(async ({ stock }) => {
      expect(await stock.get(`stock:${TENANT}:meta`, 'json')).toMatchObject({ count: 3 });
    });
  });

  it('loads the good rows into Meilisearch too with --meili-host (local server speaking its task API)', async () => {
    const seen: Array<{ method: string; path: string; auth?: string; body: unknown }> = [];
    let task = 0;
    const server: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const path = req.url ?? '';
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'GET' && /^\/tasks\/\d+$/.test(path)) return reply(200, { uid: Number(path.split('/')[2]), status: 'succeeded', error: null });
        seen.push({ method: req.method!, path, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : undefined });
        reply(202, { taskUid: ++task, indexUid: 'stock-test', status: 'enqueued', type: 'documentAdditionOrUpdate', enqueuedAt: new Date().toISOString() });
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const feed = join(dir, 'meili.json');
      const car = (id: string, extra = {}) => ({
        id, name: `2019 Kia Cerato S ${id}`, slug: `2019-kia-cerato-s-${id}`, year: 2019, make: 'Kia', model: 'Cerato', price: 18990, km: 61000,
        status: 'in_stock', car_type: 'used', created_at: '2025-06-02T10:00:00.000Z', created_at_timestamp: 1748858400000,
        show_on_dealer_website: true, dealership_id: '31', dealership_slug: TENANT, images: [], ...extra,
      });
      // Pretty-printed: 16 fields, so m1 spans lines 2-19 and m2 starts on line 20.
      await writeFile(feed, JSON.stringify([car('m1'), car('m2', { km: 'lots' }), car('m3')], null, 2));
      const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const out = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
        execFile(process.execPath, [CLI, '--tenant', TENANT, feed, '--persist', persist, '--meili-host', host, '--meili-index', 'stock-test'], { cwd: ROOT, timeout: 30_000, env: { ...process.env, MEILI_API_KEY: 'test-key' } }, (error, stdout, stderr) =>
          done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
      });
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(': 2 good, 1 bad');
      expect(out.stdout).toContain('line 20 (id m2): km: Invalid type: Expected number but received "lots"');
      expect(out.stdout).toContain(`imported 2 cars into Meilisearch index stock-test at ${host}`);
      expect(seen.every((r) => r.auth === 'Bearer test-key')).toBe(true);
      const additions = seen.filter((r) => r.method === 'POST' && r.path.startsWith('/indexes/stock-test/documents') && !r.path.includes('delete'));
      expect(additions.flatMap((r) => (r.body as Array<{ id: string; tenant: string }>).map((d) => `${d.tenant}/${d.id}`))).toEqual([`${TENANT}/m1`, `${TENANT}/m3`]);
      expect(seen.some((r) => r.method === 'PATCH' && r.path === '/indexes/stock-test/settings')).toBe(true);
      // The tenant's documents of earlier imports are deleted by filter, naming this tenant only.
      const deletion = seen.find((r) => r.path === '/indexes/stock-test/documents/delete');
      expect(JSON.stringify(deletion?.body)).toContain(`tenant = \\"${TENANT}\\"`);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
    await withKv(async ({ stock }) => {
      expect(await stock.get(`stock:${TENANT}:meta`, 'json')).toMatchObject({ count: 2, chunks: 1 });
    });
  });

  it('exits 2 on a usage error and prints the usage', async () => {
    const [noTenant, unknown, help] = await Promise.all([
      run([join(dir, 'feed.csv')]),
      run(['--tenant', 'no-such-dealer', join(dir, 'feed.csv'), '--persist', persist]),
      run(['--help']),
    ]);
    expect(noTenant.code).toBe(2);
    expect(noTenant.stderr).toContain('--tenant <slug> is required');
    expect(noTenant.stderr).toContain('Usage: npm run stock:import');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown tenant "no-such-dealer"');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--dry-run');
  });
});
