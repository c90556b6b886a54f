/**
 * dev/platform.mjs `openStorage`: a start opens the local storage simulators (KV, D1, the entry Worker's cache) with one
 * read each, writes nothing, and skips a binding the run does not have instead of failing the start.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { openStorage, STORAGE_OPEN_KEY, storageBindings } from './platform.mjs';

let mf: Miniflare;
beforeAll(async () => {
  mf = new Miniflare({
    workers: [
      { name: 'entry', modules: true, script: 'export default { fetch: () => new Response("ok") };', kvNamespaces: ['CONFIG'], d1Databases: ['DB'] },
      { name: 'other', modules: true, script: 'export default { fetch: () => new Response("ok") };', kvNamespaces: ['STOCK'] },
    ],
  });
  await mf.ready;
});
afterAll(() => mf?.dispose());

describe('openStorage', () => {
  it('reads every bound KV namespace and D1 database and the entry cache once, storing nothing', async () => {
    const result = await openStorage(mf, [{ worker: 'entry', kv: ['CONFIG'], d1: ['DB'] }, { worker: 'other', kv: ['STOCK'], d1: [] }], { cache: true });
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
    const result = await openStorage(mf, [{ worker: 'entry', kv: ['CONFIG', 'GONE'], d1: ['NO_DB'] }]);
    expect(result).toEqual({ opened: 1, skipped: 2 });
  });

  it("names each Worker's KV and D1 bindings from its wrangler.jsonc", () => {
    const [edge, search] = storageBindings([{ dir: 'edge-api', name: 'forecourt-edge-api' }, { dir: 'mf-search', name: 'forecourt-mf-search' }]);
    expect(edge).toMatchObject({ worker: 'forecourt-edge-api', d1: ['DB'] });
    expect(edge.kv).toContain('CONFIG');
    expect(search).toMatchObject({ worker: 'forecourt-mf-search', d1: [] });
    expect(search.kv).toEqual(expect.arrayContaining(['CONFIG', 'STOCK']));
  });
});
