/**
 * The seeded local state of a fresh platform, made once and copied for every start (issue 19: `npm test` under 15
 * minutes). A `startPlatform({ persist: false })` used to migrate D1 and write the demo seed (about 50 MB of stock
 * chunks and index snapshots) into a new workerd every time: a third or more of each start, in every integration and
 * e2e file. Now the first start with given seed inputs writes them once into a template folder (KV and D1 files as
 * miniflare keeps them, by namespace and database id) through a small workerd that binds only those namespaces, with
 * the very same `applyMigrations` and `seedDemo`; every start copies the template into a folder of its own and runs
 * over it, so each platform still begins from exactly the seeded state and changes nothing another one sees.
 *
 * A template is named by everything its contents follow from: the Workers' storage bindings, the seed options (scale,
 * day, pins), the built demo (demo/dist/index.mjs), mf-search's snapshot writer as bundled for the seed, edge-api's
 * migrations and miniflare's version; a changed input makes a new one (others unused for two hours are removed).
 * Test runs only (`seedCacheEnabled`), and not for starts with `overrides` (dev/platform.mjs).
 */
import { createHash } from 'node:crypto';
import { constants, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeFolderLock } from './folder-lock.mjs';
import { ROOT, readWranglerConfig } from './workers.mjs';

/** Where templates are kept (one folder per key); node_modules/.cache, so a clean clone starts empty. */
export const SEED_STATE_DIR = join(ROOT, 'node_modules/.cache/forecourt-seed-state');
/** Bump when what a template holds changes in a way its key does not see. */
const FORMAT = 1;
/** A template not used for this long is removed when another is made (each is about 50 MB; bench scale 180 MB). */
const KEEP_MS = 2 * 60 * 60_000;
/** A lock older than this is taken to be a crashed builder's. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Whether starts use templates: in test runs (vitest sets VITEST), or anywhere with FORECOURT_SEED_CACHE=on;
 * FORECOURT_SEED_CACHE=off seeds each start. `npm start` and the benchmarks seed as before (bench/coldstart.mjs times a
 * start that seeds).
 */
export const seedCacheEnabled = () => (process.env.FORECOURT_SEED_CACHE ?? (process.env.VITEST ? 'on' : 'off')) === 'on';

/** The seed's evaluation time: `now`, or the demo's default (the start of the current UTC day) that seedDemo uses. */
export async function seedNow(now) {
  if (now !== undefined) return now;
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  return demo.defaultDemoNow();
}

/** The storage bindings of miniflare Worker options, for the Workers that have any (KV namespaces, D1 databases). */
export const storageOf = (workers) =>
  workers.flatMap(({ name, kvNamespaces, d1Databases }) => {
    const kv = kvNamespaces && Object.keys(kvNamespaces).length ? kvNamespaces : undefined;
    const d1 = d1Databases && Object.keys(d1Databases).length ? d1Databases : undefined;
    return kv || d1 ? [{ name, ...(kv ? { kvNamespaces: kv } : {}), ...(d1 ? { d1Databases: d1 } : {}) }] : [];
  });

const sha = (text) => createHash('sha256').update(text).digest('hex');
const fileHash = (path) => (existsSync(path) ? sha(readFileSync(path)) : 'absent');

let snapshotWriterHash = null;
/** mf-search's import library (the seed's snapshot writer) as the seed bundles it: any change to it makes a new key. */
async function importLibraryHash() {
  snapshotWriterHash ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [join(ROOT, 'mf-search/src/import/index.ts')], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent' });
    return sha(result.outputFiles[0].text);
  })();
  return snapshotWriterHash;
}

/** The hash of every file under `dir` (names and bytes, in name order). */
function folderHash(dir) {
  if (!existsSync(dir)) return 'absent';
  const h = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    h.update(name).update('\0').update(readFileSync(path)).update('\0');
  }
  return h.digest('hex');
}

/**
 * The template key of a seed: `storage` is each running Worker's `{ name, kvNamespaces, d1Databases }` (miniflare
 * options), `seed` the seed options (`scale`, `now` as the day it resolves to, `pins`).
 */
export async function seedStateKey({ storage, seed }) {
  const miniflare = JSON.parse(readFileSync(join(ROOT, 'node_modules/miniflare/package.json'), 'utf8')).version;
  const d1 = readWranglerConfig('edge-api').d1_databases?.[0];
  const migrations = folderHash(join(ROOT, 'edge-api', d1?.migrations_dir ?? 'migrations'));
  // The seeding code itself: how the platform seeds (platform.mjs: seedDemo, its snapshot entries and batched writes),
  // the local KV helpers and edge-api's migration runner. A change to any of them makes a new template.
  const seeding = ['dev/platform.mjs', 'dev/local-kv.mjs', 'edge-api/scripts/migrations.mjs'].map((file) => fileHash(join(ROOT, file)));
  const inputs = { FORMAT, storage, seed, miniflare, migrations, seeding, demo: fileHash(join(ROOT, 'demo/dist/index.mjs')), importLibrary: await importLibraryHash() };
  return sha(JSON.stringify(inputs)).slice(0, 32);
}

/** Takes the template's lock folder (dev/folder-lock.mjs); a stale one is taken over. */
const lock = (path) => takeFolderLock(path, { staleMs: STALE_LOCK_MS, giveUpMs: 2 * STALE_LOCK_MS, pollMs: 200 });

/** Removes templates (and leftovers of failed builds) not used for KEEP_MS, except `keep`. */
function prune(keep) {
  for (const name of readdirSync(SEED_STATE_DIR)) {
    if (name === keep || name.endsWith('.lock')) continue;
    const path = join(SEED_STATE_DIR, name);
    try {
      const used = existsSync(join(path, 'ready')) ? statSync(join(path, 'ready')).mtimeMs : statSync(path).mtimeMs;
      if (Date.now() - used > KEEP_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process removed it
    }
  }
}

/**
 * Makes the template `dir` (kv/ and d1/ as miniflare persists them): a workerd whose Workers carry the real Workers'
 * names and storage bindings and nothing else, handed to `populate(mf)` (migrations and seed), then stopped so every
 * file is closed before anyone copies it.
 */
async function buildTemplate(dir, storage, populate) {
  const { Miniflare, Log, LogLevel } = await import('miniflare');
  const script = 'export default { fetch() { return new Response(null, { status: 204 }); } };';
  const mf = new Miniflare({
    cf: false,
    log: new Log(LogLevel.WARN),
    kvPersist: join(dir, 'kv'),
    d1Persist: join(dir, 'd1'),
    workers: storage.map(({ name, kvNamespaces, d1Databases }) => ({ name, modules: true, script, kvNamespaces, d1Databases })),
  });
  try {
    await mf.ready;
    await populate(mf);
  } finally {
    await mf.dispose();
  }
}

/**
 * A fresh copy of the seeded state for one platform start: `{ dir, remove }`, `dir` to run miniflare over (kvPersist
 * `<dir>/kv`, d1Persist `<dir>/d1`), `remove` to delete it once that workerd is stopped. The template is made first when
 * there is none for this key (one process makes it, the others wait for it).
 * @param {{ storage: Array<{ name: string, kvNamespaces?: object, d1Databases?: object }>, seed: object, populate: (mf: import('miniflare').Miniflare) => Promise<unknown> }} options
 */
export async function seededState({ storage, seed, populate }) {
  mkdirSync(SEED_STATE_DIR, { recursive: true });
  const key = await seedStateKey({ storage, seed });
  const template = join(SEED_STATE_DIR, key);
  const ready = join(template, 'ready');
  if (!existsSync(ready)) {
    const release = await lock(`${template}.lock`);
    try {
      if (!existsSync(ready)) {
        rmSync(template, { recursive: true, force: true });
        await buildTemplate(template, storage, populate);
        writeFileSync(ready, new Date().toISOString());
        prune(key);
      }
    } catch (error) {
      rmSync(template, { recursive: true, force: true });
      throw error;
    } finally {
      release();
    }
  }
  // Marks it used (prune keeps what a run still uses).
  const now = new Date();
  try {
    writeFileSync(ready, now.toISOString());
  } catch {
    // read-only cache: still usable
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-state-'));
  copies.add(dir);
  for (const part of ['kv', 'd1']) {
    if (existsSync(join(template, part))) cpSync(join(template, part), join(dir, part), { recursive: true, mode: constants.COPYFILE_FICLONE });
  }
  return {
    dir,
    remove: () => {
      copies.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The copies this process made and has not removed: removed when it exits (a test process ended before dispose). */
const copies = new Set();
process.once('exit', () => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});
