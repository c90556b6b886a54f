/**
 * Runs every Worker of the platform together in one local workerd (miniflare), as `npm start`, the e2e tests and
 * the benchmarks do: wrangler.jsonc of each Worker is the source of its bindings; local D1/KV persist under
 * .wrangler/state (or in memory); D1 migrations are applied and demo data seeded before the first request. Demo data
 * and media belong to the local runtime only: the seed comes from demo/dist/index.mjs, the pictures and clip from the
 * demo Worker bound to the shell (see `demo` below).
 */
import { Miniflare, Log, LogLevel, Response as MiniflareResponse } from 'miniflare';
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { localWorkerVersionId } from './canary.mjs';
import { createDemoPhotos, demoPhotoRecipe } from './demo-photos.mjs';
import { createImageResizer } from './image-resizer.mjs';
import { importBundle } from './local-kv.mjs';
import { seedCacheEnabled, seedNow, seededState, storageOf } from './seed-state.mjs';
import { startWatch } from './start-watch.mjs';
import { loadWorkerOptions } from './worker-options.mjs';
import { DEMO_WORKER, REMOTES, ROOT, WORKERS, readWranglerConfig } from './workers.mjs';
import { applyMigrations as applyD1Migrations, readMigrations } from '../edge-api/scripts/migrations.mjs';

/** The release registry's KV key (contracts/src/releases.ts KV_RELEASES_KEY). */
const RELEASES_KEY = 'remote-releases';

/** A dev-only Worker script (dev/*.mjs importing contracts' TypeScript), bundled for workerd. */
async function devWorkerScript(file) {
  const { outputFiles } = await build({ entryPoints: [join(ROOT, 'dev', file)], bundle: true, format: 'esm', platform: 'neutral', target: 'es2022', write: false, logLevel: 'warning' });
  return outputFiles[0].text;
}

/** The version metadata a build reports (the version_metadata binding, as Cloudflare gives it), stable per version. */
const versionMetadata = (remote, version) => ({ id: localWorkerVersionId(remote, version), tag: version, timestamp: new Date(0).toISOString() });
const builtVersion = (dir) => JSON.parse(readFileSync(join(dir, 'dist/asset-manifest.json'), 'utf8')).version;

/**
 * @param {{ port?: number, host?: string, persist?: string | false, seed?: boolean, scale?: 'default'|'bench', now?: number,
 *   logLevel?: 'none'|'error'|'warn'|'info'|'debug', overrides?: Record<string, object>, vars?: Record<string, Record<string, string>>, only?: string[], cronSeconds?: number,
 *   demo?: boolean, images?: boolean, photos?: 'full'|'light', inspectorPort?: number, direct?: boolean }} [options]
 *   `only` runs a subset of Workers by folder name (e.g. one remote alone); the others' bindings are then absent.
 *   `overrides` replaces options of a Worker by folder name, e.g. `{ 'mf-search': { script, scriptPath: undefined } }`
 *   for a test that needs a failing or slow remote.
 *   `cronSeconds` (default 10, 0 = off) fires edge-api's scheduled handler (the lead outbox relay, a per-minute cron
 *   trigger when deployed) every N seconds while the platform runs, so local leads reach the CRM.
 *   `demo` (default true): with the shell, also run the local-only demo Worker (demo/src/worker.ts) and bind it to the
 *   shell as DEMO, which serves the demo's pictures and clip (`/demo-img/*`, `/demo-video/*`); false runs the shell as
 *   deployed, where those paths are 404.
 *   `images` (default: as `demo`): bind the local image resizer (dev/image-resizer.mjs, sharp in Node) to the shell as
 *   IMAGE_RESIZER, which answers `/cdn-cgi/image/*` as Cloudflare Image Resizing does on a deployed zone; the demo Worker's
 *   photo-weight JPEGs (`/demo-img/photo/*`) come from dev/demo-photos.mjs bound to it as PHOTOS.
 *   `photos` (default: `light` in test runs, else `full`; dev/demo-photos.mjs demoPhotoRecipe) chooses their recipe.
 *   `canaries` (from dev/canary.mjs `prepareCanary`: `[{ remote, version, dir }]`) runs a second build of a remote beside
 *   the current tree's, as a gradual deployment would: the remote's Worker name then answers through
 *   dev/version-router.mjs, which routes by `Cloudflare-Workers-Version-Overrides` like Cloudflare does (to stable
 *   without one), and the release registry the runtime seeds lists both versions with their Worker version ids.
 *   `pins` (`{ <tenant slug>: { <remote>: <version> } }`) pins demo tenants to versions as they are seeded.
 *   `configCacheSeconds` sets the shell's CONFIG_CACHE_SECONDS (tests that change a pin while it runs).
 *   `direct` runs every Worker whose assets say `run_worker_first` (the shell and the remotes) as Cloudflare does (its
 *   files behind ASSETS only, no local assets router in front of every request: the benchmarks).
 *   `inspectorPort` (0 = any free port) opens workerd's inspector (bench/: CPU profiles and JS heap per Worker isolate).
 *   `vars` (`{ <folder>: { NAME: value } }`) adds to (or replaces single) bindings of a Worker over its wrangler.jsonc
 *   vars, e.g. `{ 'edge-api': { YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: … } }` for a test against a local provider.
 */
export async function startPlatform(options = {}) {
  const { port = 8787, host = '127.0.0.1', persist = join(ROOT, '.wrangler/state'), seed = true, scale = 'default', logLevel = 'warn' } = options;
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

  const selected = options.only ? WORKERS.filter((w) => options.only.includes(w.dir)) : WORKERS;
  if (!selected.length) throw new Error(`No Worker named ${options.only}; choose from ${WORKERS.map((w) => w.dir).join(', ')}`);
  const canaries = options.canaries ?? [];
  for (const c of canaries) {
    if (!selected.some((w) => w.dir === c.remote)) throw new Error(`A canary of ${c.remote} needs ${c.remote} running`);
    if (!existsSync(join(c.dir, 'dist/worker/index.js'))) throw new Error(`The canary of ${c.remote} at ${c.dir} is not built`);
  }
  // wrangler's unstable_getMiniflareWorkerOptions of each wrangler.jsonc, kept on disk by its text (dev/worker-options.mjs).
  const unstable_getMiniflareWorkerOptions = await loadWorkerOptions([...selected.map(({ dir }) => join(ROOT, dir, 'wrangler.jsonc')), ...canaries.map((c) => join(c.dir, 'wrangler.jsonc'))]);
  const workers = selected.map(({ dir }) => {
    const scriptPath = join(ROOT, dir, 'dist/worker/index.js');
    if (!existsSync(scriptPath)) throw new Error(`${dir} is not built: run \`npm run build\` first`);
    const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, dir, 'wrangler.jsonc'));
    const { name } = readWranglerConfig(dir);
    const worker = { ...workerOptions, name, modules: true, scriptPath, modulesRoot: join(ROOT, dir, 'dist/worker'), ...options.overrides?.[dir] };
    // Local runs name tenants by `<slug>.localhost`; deployed shells never accept those hosts (not in wrangler vars).
    // An override's bindings may turn it off ({ LOCAL_HOSTS: 'off' }).
    if (dir === 'shell') worker.bindings = { LOCAL_HOSTS: 'on', ...worker.bindings };
    // edge-api's dev pages (the embedded CRM inbox at /api/dev/outbox) exist only in local runs.
    // The sign-in code-hash secret (a Worker secret in production, never in the repo): a fresh one per local start.
    // Its page cache is the shell's (PAGE_CACHE_ADAPTER 'embedded' over SHELL_CACHE, bound below): wrangler.jsonc's
    // default is the deployed 'cloudflare'; an override's bindings or `vars` may name another.
    if (dir === 'edge-api') worker.bindings = { DEV_PAGES: 'on', OTP_HASH_KEY: randomBytes(24).toString('hex'), ...worker.bindings, PAGE_CACHE_ADAPTER: options.overrides?.[dir]?.bindings?.PAGE_CACHE_ADAPTER ?? 'embedded' };
    // The shell's dev page of remote versions (/_forecourt/remote-versions) exists only in local runs; tests may shorten
    // how long the shell keeps configs (a pin or rollback seen sooner).
    if (dir === 'shell') worker.bindings = { DEV_PAGES: 'on', ...worker.bindings, ...(options.configCacheSeconds !== undefined ? { CONFIG_CACHE_SECONDS: String(options.configCacheSeconds) } : {}) };
    if (options.vars?.[dir]) worker.bindings = { ...worker.bindings, ...options.vars[dir] };
    if (REMOTES.includes(dir)) withVersionMetadata(worker, dir, builtVersion(join(ROOT, dir)));
    return bundled(worker);
  });
  const nameOf = Object.fromEntries(workers.map((w, i) => [selected[i].dir, w.name]));
  const releases = {};
  for (const { dir } of selected) if (REMOTES.includes(dir)) releases[dir] = { stable: builtVersion(join(ROOT, dir)), versions: [] };
  for (const { dir } of selected) if (REMOTES.includes(dir)) releases[dir].versions.push({ version: releases[dir].stable, worker_version_id: localWorkerVersionId(dir, releases[dir].stable) });
  // Two builds of a remote: each its own Worker, behind a router holding the remote's name (the deployment).
  for (const remote of [...new Set(canaries.map((c) => c.remote))]) {
    const stable = workers.find((w) => w.name === readWranglerConfig(remote).name);
    const name = stable.name;
    const builds = {};
    const bindings = {};
    const add = (worker, version) => {
      worker.name = `${name}@${version}`;
      const id = localWorkerVersionId(remote, version);
      builds[id] = `BUILD_${Object.keys(builds).length}`;
      bindings[builds[id]] = worker.name;
    };
    add(stable, releases[remote].stable);
    nameOf[remote] = stable.name;
    for (const c of canaries.filter((x) => x.remote === remote)) {
      if (c.version === releases[remote].stable || releases[remote].versions.some((x) => x.version === c.version)) throw new Error(`Two builds of ${remote} named ${c.version}: give the canary another label`);
      const { workerOptions } = unstable_getMiniflareWorkerOptions(join(c.dir, 'wrangler.jsonc'));
      const canary = bundled({ ...workerOptions, modules: true, scriptPath: join(c.dir, 'dist/worker/index.js'), modulesRoot: join(c.dir, 'dist/worker') });
      withVersionMetadata(canary, remote, c.version);
      add(canary, c.version);
      workers.push(canary);
      releases[remote].versions.push({ version: c.version, worker_version_id: localWorkerVersionId(remote, c.version), note: `local canary (${c.source ?? c.dir})` });
    }
    const { compatibility_date, compatibility_flags } = readWranglerConfig(remote);
    workers.push({
      name,
      modules: true,
      script: await devWorkerScript('version-router.mjs'),
      compatibilityDate: compatibility_date,
      compatibilityFlags: compatibility_flags,
      bindings: { VERSION_ROUTES: { worker: name, defaultId: localWorkerVersionId(remote, releases[remote].stable), builds } },
      serviceBindings: bindings,
    });
  }
  // With `only`, a service binding to a Worker that is not running is left out (workerd refuses to start with it);
  // the code reads such bindings as optional or answers as when that Worker fails.
  const running = new Set(workers.map((w) => w.name));
  for (const worker of workers) {
    if (!worker.serviceBindings) continue;
    worker.serviceBindings = Object.fromEntries(
      Object.entries(worker.serviceBindings).filter(([, target]) => {
        const name = typeof target === 'string' ? target : target?.name;
        return typeof name !== 'string' || running.has(name) || !WORKERS.some((w) => readWranglerConfig(w.dir).name === name);
      }),
    );
  }

  // The demo's media: a Worker of local runs only, bound to the shell (never in the production shell's bundle).
  const shell = workers.find((w) => w.name === readWranglerConfig('shell').name);
  if (shell && options.demo !== false) {
    const scriptPath = join(ROOT, DEMO_WORKER.dir, 'dist/worker/index.js');
    if (!existsSync(scriptPath)) throw new Error(`${DEMO_WORKER.dir} is not built: run \`npm run build\` first`);
    const { compatibility_date, compatibility_flags } = readWranglerConfig('shell');
    // The photo-weight JPEGs: a Node service (sharp does not run in workerd), made once and kept on disk. Test runs
    // serve the light recipe unless a start asks for `photos: 'full'` (dev/demo-photos.mjs demoPhotoRecipe).
    const photos = createDemoPhotos({ recipe: options.photos ?? demoPhotoRecipe() });
    workers.push({ name: DEMO_WORKER.name, ...bundled({ modules: true, scriptPath, modulesRoot: join(ROOT, DEMO_WORKER.dir, 'dist/worker') }), compatibilityDate: compatibility_date, compatibilityFlags: compatibility_flags, serviceBindings: { PHOTOS: nodeService(photos.fetch) } });
    shell.serviceBindings = { ...shell.serviceBindings, [DEMO_WORKER.binding]: DEMO_WORKER.name };
  }
  // edge-api's page-cache purge (its 'embedded' adapter): the shell's `PageCache` entrypoint, in local runs only; a
  // deployed edge-api purges through Cloudflare's purge by tag (PAGE_CACHE_ADAPTER=cloudflare, edge-api README).
  const edgeApi = workers.find((w) => w.name === readWranglerConfig('edge-api').name);
  if (shell && edgeApi) edgeApi.serviceBindings = { ...edgeApi.serviceBindings, SHELL_CACHE: { name: shell.name, entrypoint: 'PageCache' } };
  // Cloudflare Image Resizing's local stand-in: `/cdn-cgi/image/*` reaches it only through this binding (deployed,
  // Cloudflare answers those paths before the Worker). Sources are fetched through the platform itself.
  if (shell && (options.images ?? options.demo) !== false) {
    let platform = null;
    const resizer = createImageResizer({ fetchSource: (url) => platform.dispatchFetch(url, { headers: { accept: 'image/*' } }) });
    shell.serviceBindings = { ...shell.serviceBindings, IMAGE_RESIZER: nodeService((request, mf) => ((platform = mf), resizer.fetch(request))) };
    // miniflare lets `/cdn-cgi/*` through only for localhost and the hosts its routes name (else 403 "Invalid Host
    // header"): a route that no request takes names `localhost`, so `<slug>.localhost` may ask for `/cdn-cgi/image/*`.
    shell.routes = [...(shell.routes ?? []), 'localhost/_forecourt/local-cdn-cgi-hosts'];
  }
  // `direct`: every request reaches a Worker's script first, as Cloudflare runs a Worker whose assets say
  // `run_worker_first` (the shell and every remote), with its static files behind its ASSETS binding only (a small
  // Worker holding them), not miniflare's local assets router in front of every request: that router adds two
  // JavaScript hops carrying each page and each fragment (~0.4 ms of workerd CPU a request, and their own first runs
  // on a fresh platform's first page), which a deployed Worker never pays. The benchmarks use it
  // (bench/lib/platform.mjs); other runs keep the router.
  if (options.direct) {
    for (const worker of [...workers]) {
      if (!worker.assets?.routerConfig?.invoke_user_worker_ahead_of_assets) continue;
      const holder = `${worker.name}-assets`;
      workers.push({
        name: holder,
        modules: true,
        script: 'export default { fetch: (request, env) => env.ASSETS.fetch(request) };',
        compatibilityDate: worker.compatibilityDate,
        assets: { ...worker.assets, binding: 'ASSETS', routerConfig: { ...worker.assets.routerConfig, invoke_user_worker_ahead_of_assets: false } },
      });
      const binding = worker.assets.binding ?? 'ASSETS';
      delete worker.assets;
      worker.serviceBindings = { ...worker.serviceBindings, [binding]: holder };
    }
  }
  // The operator tools' Cloudflare API (KV values and keys) over the local CONFIG namespace, at /client/v4/*.
  if (shell) {
    const config = readWranglerConfig('shell').kv_namespaces.find((ns) => ns.binding === 'CONFIG');
    workers.push({
      name: 'forecourt-local-cloudflare-api',
      modules: true,
      script: await devWorkerScript('cloudflare-api.mjs'),
      compatibilityDate: readWranglerConfig('shell').compatibility_date,
      routes: ['*/client/v4/*'],
      kvNamespaces: { CONFIG: config.id },
      bindings: { NAMESPACES: { [config.id]: 'CONFIG' } },
      // `POST /client/v4/zones/<zone>/purge_cache` drops tagged pages from the shell's page cache (as Cloudflare would).
      serviceBindings: { SHELL_CACHE: { name: shell.name, entrypoint: 'PageCache' } },
    });
  }

  // A fresh platform (persist: false, seeded) runs over its own copy of a seeded state made once per seed
  // (dev/seed-state.mjs): D1 migrated and the demo seeded as below, without writing them again at every start. Not
  // with `overrides` (a test's failing or slow Worker, which may take its storage bindings away): those seed below.
  const migrate = selected.some((w) => w.dir === 'edge-api');
  let seeded = null;
  // A start still in one step after a minute says which (dev/start-watch.mjs); stopped however the start ends.
  const watch = startWatch();
  if (persist === false && seed && !options.overrides && seedCacheEnabled()) {
    watch.step('making or copying the seeded state (dev/seed-state.mjs)');
    const seedOptions = { scale, now: await seedNow(options.now), pins: options.pins ?? {} };
    seeded = await seededState({
      storage: storageOf(workers),
      seed: { ...seedOptions, migrate },
      populate: async (store) => {
        if (migrate) await applyMigrations(store);
        await seedDemo(store, { ...seedOptions, workers: selected.map(({ dir }) => ({ dir, name: nameOf[dir] })) });
      },
    }).catch((error) => {
      watch.stop();
      throw error;
    });
  }
  const persistOptions = persistOptionsFor(seeded?.dir ?? persist);
  watch.step('starting workerd');
  const mf = new Miniflare({
    host,
    port,
    cf: false,
    log: new Log(LogLevel[logLevel.toUpperCase()] ?? LogLevel.WARN),
    ...persistOptions,
    // workerd's own inspector (Chrome DevTools protocol, one target per Worker isolate: `core:user:<name>`), for the
    // benchmarks' CPU profiles and heap readings; `mf.getInspectorURL()` answers its address.
    ...(options.inspectorPort !== undefined ? { inspectorPort: options.inspectorPort } : {}),
    workers,
  });
  const url = await mf.ready.catch((error) => {
    watch.stop();
    seeded?.remove();
    throw error;
  });
  try {
    // D1 belongs to edge-api: migrate it when edge-api runs.
    watch.step('migrating and seeding');
    if (migrate && !seeded) await applyMigrations(mf);
    // Each running Worker by its folder and name (a remote beside its canary runs as `<name>@<version>`).
    const named = selected.map(({ dir }) => ({ dir, name: nameOf[dir] }));
    if (seed && !seeded) await seedDemo(mf, { scale, now: options.now, workers: named, pins: options.pins });
    // The release registry: the versions this runtime runs (a deployment's are registered with `npm run canary`).
    watch.step('writing the release registry');
    if (Object.keys(releases).length) await putReleases(mf, named, releases);
    // Storage opened before the first request: Cloudflare's KV, D1 and cache are running before any isolate starts;
    // locally each is a miniflare simulator (a Worker and a Durable Object over SQLite) that opens on first use, on
    // the first page after a start (a fresh platform's seeded state is copied, not written, so nothing had opened
    // them). No Worker of ours runs for it. Measured (first search page after a start, southern-cross, 7 alternating
    // starts): 104 ms median with none opened, 99 with the cache only, 89 with all (bench/RESULTS.md).
    watch.step('opening storage');
    await openStorage(mf, storageOf(workers), { cache: Boolean(shell && workers[0] === shell) });
  } catch (error) {
    // The caller never gets `dispose`: stop workerd here, or its port and processes outlive the failed start.
    watch.stop();
    await mf.dispose().catch(() => {});
    seeded?.remove();
    throw error;
  }
  watch.stop();
  const stopCron = selected.some((w) => w.dir === 'edge-api') ? startCron(mf, options.cronSeconds ?? 10) : () => {};
  return {
    url,
    mf,
    /** Origin for a tenant, e.g. http://harbourside-toyota.localhost:8787 */
    tenantUrl: (slug) => `${url.protocol}//${slug}.localhost:${url.port}`,
    /**
     * Replaces a tenant's stock in the running platform's STOCK KV with `cars` (valid Car rows), writing exactly what
     * `npm run stock:import` writes (mf-search/src/import/write.ts: chunks and the index snapshot, then the meta with a
     * new `updated_at`, then stale keys deleted), so a test can run an import and see what follows it (edge-api's alerts
     * read it at once). Then it calls mf-search's stock refresh (when mf-search runs): the new stock is searched and the
     * pages it changed are purged before this answers, as a production import's refresh does. Answers the new stock meta.
     * @example await platform.importStock('harbourside-toyota', cars)
     */
    importStock: async (slug, cars, { now = new Date() } = {}) => {
      const lib = await importBundle('mf-search/src/import/index.ts');
      const stockNs = await kvNamespace(mf, selected.map(({ dir }) => ({ dir, name: nameOf[dir] })), 'STOCK');
      if (!stockNs) throw new Error('importStock needs a running Worker that binds STOCK (mf-search)');
      const stock = streamedReads(stockNs);
      const previousRaw = await stock.get(lib.kvStockMetaKey(slug), 'json');
      const existingKeys = [];
      let cursor;
      do {
        const page = await stock.list({ prefix: `stock:${slug}:`, cursor });
        existingKeys.push(...page.keys.map((k) => k.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      const previous = lib.isStockMeta(previousRaw) ? previousRaw : null;
      // The stock this import replaces: the cars it changes are purged from the shell's pages.
      const previousCars = previous ? await lib.loadStock(stock, slug) : null;
      const writes = lib.stockWrites(slug, cars, { now, previous, existingKeys, previousCars });
      const meta = writes.puts.at(-1);
      await putInBatches(stock, writes.puts.slice(0, -1));
      await stock.put(meta.key, meta.value);
      await Promise.all(writes.deletes.map((key) => stock.delete(key)));
      // mf-search's refresh route (mf-search/src/routes/internal.ts): reload now and purge the changed pages.
      if (selected.some((w) => w.dir === 'mf-search')) {
        const search = await mf.getWorker(nameOf['mf-search'] ?? readWranglerConfig('mf-search').name);
        const res = await search.fetch(`http://mf-search${lib.STOCK_REFRESH_PATH}`, { method: 'POST', headers: { 'x-forecourt-tenant': slug } });
        if (!res.ok) throw new Error(`mf-search stock refresh of ${slug} answered ${res.status}`);
        await res.arrayBuffer();
      }
      return writes.meta;
    },
    dispose: () => {
      stopCron();
      return mf.dispose().finally(() => seeded?.remove());
    },
  };
}

/**
 * A built Worker (`dist/worker/index.js`: one ES module, dev/build.mjs bundles everything else into it) named to
 * miniflare as its only module. Given `scriptPath` and `modules: true`, miniflare parses each script with acorn to find
 * its imports: ~1.8 s of every platform start for the seven bundles, on every `npm start` and in every test file that
 * starts one. A test's override with `script` (its own source) is left as it is; another `scriptPath` is named the same way.
 */
function bundled(worker) {
  if (worker.modules !== true || typeof worker.scriptPath !== 'string' || worker.script !== undefined) return worker;
  const { scriptPath, modules: _modules, modulesRules: _rules, ...rest } = worker;
  return { ...rest, modules: [{ type: 'ESModule', path: scriptPath }], modulesRoot: worker.modulesRoot ?? dirname(scriptPath) };
}

/**
 * A Node function as a Worker's service binding (miniflare calls it with its own Request and the Miniflare instance):
 * the answer is copied into miniflare's Response class, whatever Response the function made.
 */
function nodeService(handler) {
  return async (request, mf) => {
    const res = await handler(request, mf);
    const body = res.body ? Buffer.from(await res.arrayBuffer()) : null;
    return new MiniflareResponse(body, { status: res.status, headers: [...res.headers] });
  };
}

/** A key no Worker writes or reads: what `openStorage` looks up. */
export const STORAGE_OPEN_KEY = '_local/storage-open';

/**
 * Opens the local storage simulators with one read each of a key nothing uses (stores nothing): the running Workers'
 * KV namespaces and D1 databases (`storage`: seed-state.mjs `storageOf` of their miniflare options), and with `cache`
 * the entry Worker's Cache API (miniflare's Node proxy reaches the entry Worker's cache service, `cache:0`). A binding
 * that cannot be reached is skipped; nothing here fails a start.
 */
export async function openStorage(mf, storage, { cache = false } = {}) {
  const opens = [];
  for (const { name, kvNamespaces = {}, d1Databases = {} } of storage) {
    for (const binding of Object.keys(kvNamespaces)) opens.push(mf.getKVNamespace(binding, name).then((ns) => ns.get(STORAGE_OPEN_KEY)));
    for (const binding of Object.keys(d1Databases)) opens.push(mf.getD1Database(binding, name).then((db) => db.prepare('SELECT 1').first()));
  }
  if (cache) opens.push(mf.getCaches().then((caches) => caches.default.match(`https://forecourt.invalid/${STORAGE_OPEN_KEY}`)));
  const settled = await Promise.allSettled(opens);
  return { opened: settled.filter((s) => s.status === 'fulfilled').length, skipped: settled.filter((s) => s.status === 'rejected').length };
}

/** Calls edge-api's `scheduled` handler every `seconds` (one at a time), as Cloudflare's cron trigger does. */
function startCron(mf, seconds) {
  if (!(seconds > 0)) return () => {};
  const name = readWranglerConfig('edge-api').name;
  let running = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (running || stopped) return;
    running = true;
    try {
      await (await mf.getWorker(name)).scheduled({ cron: '* * * * *' });
    } catch (error) {
      if (!stopped) console.warn(`edge-api scheduled handler failed: ${error?.message ?? error}`);
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * Applies edge-api's D1 migrations with edge-api's own runner (scripts/migrations.mjs: block and line comments,
 * quotes, the `d1_migrations` bookkeeping of wrangler), reading the folder edge-api's wrangler.jsonc names.
 * Returns the names applied by this call.
 */
export async function applyMigrations(mf) {
  const config = readWranglerConfig('edge-api');
  const binding = config.d1_databases?.[0];
  if (!binding) return [];
  const db = await mf.getD1Database(binding.binding, config.name);
  const dir = join(ROOT, 'edge-api', binding.migrations_dir ?? config.migrations_dir ?? 'migrations');
  return applyD1Migrations(db, await readMigrations(dir), binding.migrations_table);
}

/** Replaces a Worker's version metadata binding with this build's (miniflare would make a random id per start). */
function withVersionMetadata(worker, remote, version) {
  const binding = worker.versionMetadata ?? 'CF_VERSION_METADATA';
  delete worker.versionMetadata;
  worker.bindings = { ...worker.bindings, [binding]: versionMetadata(remote, version) };
  return worker;
}

/**
 * A KV namespace through the first running Worker that binds it (namespaces are shared by id). `workers` are
 * `{ dir, name? }`: `name` is the Worker's name when it is not its wrangler.jsonc's (a build beside a canary).
 */
function kvNamespace(mf, workers, binding) {
  const owner = workers.find(({ dir }) => readWranglerConfig(dir).kv_namespaces?.some((ns) => ns.binding === binding));
  return owner ? mf.getKVNamespace(binding, owner.name ?? readWranglerConfig(owner.dir).name) : null;
}

async function putReleases(mf, workers, releases) {
  const kv = await kvNamespace(mf, workers, 'CONFIG');
  await kv?.put(RELEASES_KEY, JSON.stringify(releases));
}

/**
 * The index snapshot entries of the tenants whose stock `entries` seed (their meta and chunks), and the deletion of
 * snapshot parts an earlier seed left under another version (a head is overwritten).
 */
async function demoSnapshotEntries(stock, entries) {
  const lib = await importBundle('mf-search/src/import/index.ts');
  const byKey = new Map(entries.map((e) => [e.key, e.value]));
  const out = [];
  for (const [key, value] of byKey) {
    if (!key.endsWith(':meta')) continue;
    const prefix = key.slice(0, -'meta'.length);
    const slug = prefix.slice('stock:'.length, -1);
    const meta = typeof value === 'string' ? JSON.parse(value) : value;
    const cars = [];
    for (let i = 0; i < meta.chunks; i++) {
      const chunk = byKey.get(`${prefix}${i}`);
      cars.push(...(typeof chunk === 'string' ? JSON.parse(chunk) : (chunk ?? [])));
    }
    const puts = lib.snapshotWrites(slug, cars, meta);
    const keep = new Set(puts.map((p) => p.key));
    const stale = await listKeys(stock, `${prefix}snap:`).catch(() => []);
    await Promise.all(stale.filter((name) => !keep.has(name)).map((name) => stock.delete(name)));
    out.push(...puts);
  }
  return out;
}

/** Seeds tenant configs and stock from demo/ (bundled by the build into demo/dist/index.mjs). */
export async function seedDemo(mf, { scale = 'default', now, workers = WORKERS, pins = {} } = {}) {
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  const seed = demo.buildSeed({ scale, now });
  // Demo tenants pinned to other remote versions (a canary) start so.
  for (const entry of seed.config) {
    const slug = entry.key.startsWith('tenant:') ? entry.key.slice('tenant:'.length) : null;
    if (!slug || !pins[slug]) continue;
    const config = typeof entry.value === 'string' ? JSON.parse(entry.value) : entry.value;
    entry.value = { ...config, remotes: { ...config.remotes, ...pins[slug] } };
  }
  // KV namespaces are shared by id, so the first running Worker whose config binds one seeds it.
  const namespace = (binding) => kvNamespace(mf, workers, binding);
  const put = (kv, entries) => (kv ? putInBatches(kv, entries) : Promise.resolve());
  // Both namespaces first: no write may still be in flight if one of them is missing and the start is abandoned.
  const [config, stock] = [await namespace('CONFIG'), await namespace('STOCK')];
  // A tenant whose stock was imported (`npm run stock:import`) keeps it: the demo seed fills only the others.
  const imported = new Set();
  if (stock) {
    for (const { key } of seed.stock.filter((e) => e.key.endsWith(':meta'))) {
      const meta = await stock.get(key, 'json').catch(() => null);
      if (meta?.source === 'import') imported.add(key.slice(0, -'meta'.length));
    }
  }
  const stockEntries = seed.stock.filter((e) => ![...imported].some((prefix) => e.key.startsWith(prefix)));
  // The search index snapshot of each seeded tenant, as an import writes it: a cold mf-search loads it instead of
  // building its index from the stock (issue 19; mf-search/src/engine/snapshot.ts).
  if (stock) stockEntries.push(...(await demoSnapshotEntries(stock, stockEntries)));
  // Content imported with `npm run content:import` (KV metadata source 'import') is kept the same way.
  const configEntries = [];
  for (const entry of seed.config) {
    const metadata = config && entry.key.startsWith('content:') ? (await config.getWithMetadata(entry.key).catch(() => null))?.metadata : null;
    if (metadata?.source !== 'import') configEntries.push(entry);
  }
  await Promise.all([put(config, configEntries), put(stock, stockEntries)]);
  return seed;
}

/**
 * Miniflare's persistence options under `persist` (or none): KV and D1 survive a restart, the Cache API does not, so a
 * re-seeded demo never answers a page an older run kept in `caches.default`.
 */
export function persistOptionsFor(persist) {
  return persist ? { kvPersist: join(persist, 'kv'), d1Persist: join(persist, 'd1') } : {};
}

/**
 * A KV namespace of miniflare's (a proxy in Node) whose text and JSON reads fetch the value as a stream: the proxy hands
 * a stream's bytes over as they are, where a string answer is serialised first (~4x the time for a stock chunk of a few
 * MB). Everything else goes to `kv` as it is.
 */
export function streamedReads(kv) {
  return new Proxy(kv, {
    get(target, property) {
      if (property !== 'get') return typeof target[property] === 'function' ? target[property].bind(target) : target[property];
      return async (key, type) => {
        const wanted = typeof type === 'string' ? type : type?.type;
        if (wanted !== undefined && wanted !== 'text' && wanted !== 'json') return target.get(key, type);
        const stream = await target.get(key, 'stream');
        if (stream === null) return null;
        const text = await new Response(stream).text();
        return wanted === 'json' ? JSON.parse(text) : text;
      };
    },
  });
}

/** Writes at once per batch of seed KV writes: thousands in one Promise.all reset miniflare's connection under load. */
export const SEED_PUT_BATCH = 64;
/** Seed values this long or longer (characters or bytes) are written as a stream (putInBatches). */
export const SEED_STREAM_FROM = 64 * 1024;
/** Times a failed seed write is tried again (after a short pause) before the seed fails. */
export const SEED_PUT_RETRIES = 3;

/** Writes `entries` to `kv` SEED_PUT_BATCH at a time, each failed write tried again up to SEED_PUT_RETRIES times. */
export async function putInBatches(kv, entries, { batch = SEED_PUT_BATCH, retries = SEED_PUT_RETRIES, pauseMs = 50 } = {}) {
  const putOne = async ({ key, value }) => {
    // Text and bytes (a snapshot head) as they are; anything else as JSON.
    const text = typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value);
    for (let attempt = 0; ; attempt++) {
      try {
        // A large value goes as a stream: miniflare's proxy sends a stream's bytes as they are, where a string or bytes
        // are serialised into its call first (the demo's ~51 MB of stock and snapshots: 3.9 -> ~1.5 s of a start).
        return await kv.put(key, (typeof text === 'string' ? text.length : text.byteLength) < SEED_STREAM_FROM ? text : new Blob([text]).stream());
      } catch (error) {
        if (attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs * (attempt + 1)));
      }
    }
  };
  for (let i = 0; i < entries.length; i += batch) await Promise.all(entries.slice(i, i + batch).map(putOne));
}

/** Every key name under `prefix`, following KV's list cursor to the end (one page holds at most 1,000 keys). */
export async function listKeys(kv, prefix) {
  const names = [];
  let cursor;
  do {
    const page = await kv.list({ prefix, cursor });
    names.push(...page.keys.map((k) => k.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return names;
}
