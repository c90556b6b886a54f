/**
 * dev/platform.mjs `openStorage`: a start opens the local storage simulators (KV, D1, the entry Worker's cache) with one
 * read each (the running Workers' bindings as seed-state.mjs `storageOf` reads them from their miniflare options),
 * writes nothing, and skips a binding the run does not have instead of failing the start.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { openStorage, STORAGE_OPEN_KEY } from './platform.mjs';
// @ts-expect-error plain ESM module without types
import { storageOf } from './seed-state.mjs';

const script = 'export default { fetch: () => new Response("ok") };';
const workers = [
  { name: 'entry', modules: true, script, kvNamespaces: { CONFIG: 'config-id' }, d1Databases: { DB: 'db-id' } },
  { name: 'other', modules: true, script, kvNamespaces: { STOCK: 'stock-id' } },
  { name: 'bare', modules: true, script },
];
let mf: Miniflare;
beforeAll(async () => {
  mf = new Miniflare({ workers });
  await mf.ready;
});
afterAll(() => mf?.dispose());

describe('openStorage', () => {
  it('reads every bound KV namespace and D1 database and the entry cache once, storing nothing', async () => {
    const result = await openStorage(mf, storageOf(workers), { cache: true });
    expect(result).toEqual({ opened: 4, skipped: 0 });
    for (const [binding, worker] of [['CONFIG', 'entry'], ['STOCK', 'other']]) {
      const ns = await mf.getKVNamespace(binding!, worker);
      expect((await ns.list()).keys).toEqual([]);
    }
    const db = await mf.getD1Database('DB', 'entry');
    expect((await db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE '_cf_%'").all()).results).toEqual([]);
    expect(await (await mf.getCaches()).default.match(`https://forecourt.invalid/${STORAGE_OPEN_KEY}`)).toBeUndefined();
  });

  it('skips a binding the run has taken away (a test override) without failing', async () => {
    const result = await openStorage(mf, [{ name: 'entry', kvNamespaces: { CONFIG: 'config-id', GONE: 'gone-id' }, d1Databases: { NO_DB: 'none' } }]);
    expect(result).toEqual({ opened: 1, skipped: 2 });
  });
});
