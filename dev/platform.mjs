/**
 * Runs every Worker of the platform together in one local workerd (miniflare), as `npm start`, the e2e tests and
 * the benchmarks do: wrangler.jsonc of each Worker is the source of its bindings; local D1/KV persist under
 * .wrangler/state (or in memory); D1 migrations are applied and demo data seeded before the first request. Demo data
 * and media belong to the local runtime only: the seed comes from demo/dist/index.mjs, the pictures and clip from the
 * demo Worker bound to the shell (see `demo` below).
 */
import { Miniflare, Log, LogLevel } from 'miniflare';
import { randomBytes } from 'node:crypto';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_WORKER, ROOT, WORKERS, readWranglerConfig } from './workers.mjs';
import { applyMigrations as applyD1Migrations, readMigrations } from '../edge-api/scripts/migrations.mjs';

/**
 * @param {{ port?: number, host?: string, persist?: string | false, seed?: boolean, scale?: 'default'|'bench', now?: number,
 *   logLevel?: 'none'|'error'|'warn'|'info'|'debug', overrides?: Record<string, object>, only?: string[], cronSeconds?: number,
 *   demo?: boolean }} [options]
 *   `only` runs a subset of Workers by folder name (e.g. one remote alone); the others' bindings are then absent.
 *   `overrides` replaces options of a Worker by folder name, e.g. `{ 'mf-search': { script, scriptPath: undefined } }`
 *   for a test that needs a failing or slow remote.
 *   `cronSeconds` (default 10, 0 = off) fires edge-api's scheduled handler (the lead outbox relay, a per-minute cron
 *   trigger when deployed) every N seconds while the platform runs, so local leads reach the CRM.
 *   `demo` (default true): with the shell, also run the local-only demo Worker (demo/src/worker.ts) and bind it to the
 *   shell as DEMO, which serves the demo's pictures and clip (`/demo-img/*`, `/demo-video/*`); false runs the shell as
 *   deployed, where those paths are 404.
 */
export async function startPlatform(options = {}) {
  const { port = 8787, host = '127.0.0.1', persist = join(ROOT, '.wrangler/state'), seed = true, scale = 'default', logLevel = 'warn' } = options;
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

  const selected = options.only ? WORKERS.filter((w) => options.only.includes(w.dir)) : WORKERS;
  if (!selected.length) throw new Error(`No Worker named ${options.only}; choose from ${WORKERS.map((w) => w.dir).join(', ')}`);
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
    if (dir === 'edge-api') worker.bindings = { DEV_PAGES: 'on', OTP_HASH_KEY: randomBytes(24).toString('hex'), ...worker.bindings };
    return worker;
  });
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
    workers.push({ name: DEMO_WORKER.name, modules: true, scriptPath, modulesRoot: join(ROOT, DEMO_WORKER.dir, 'dist/worker'), compatibilityDate: compatibility_date, compatibilityFlags: compatibility_flags });
    shell.serviceBindings = { ...shell.serviceBindings, [DEMO_WORKER.binding]: DEMO_WORKER.name };
  }

  const persistOptions = persist
    ? { kvPersist: join(persist, 'kv'), d1Persist: join(persist, 'd1'), cachePersist: join(persist, 'cache') }
    : {};
  const mf = new Miniflare({
    host,
    port,
    cf: false,
    log: new Log(LogLevel[logLevel.toUpperCase()] ?? LogLevel.WARN),
    ...persistOptions,
    workers,
  });
  const url = await mf.ready;
  try {
    // D1 belongs to edge-api: migrate it when edge-api runs.
    if (selected.some((w) => w.dir === 'edge-api')) await applyMigrations(mf);
    if (seed) await seedDemo(mf, { scale, now: options.now, workers: selected });
  } catch (error) {
    // The caller never gets `dispose`: stop workerd here, or its port and processes outlive the failed start.
    await mf.dispose().catch(() => {});
    throw error;
  }
  const stopCron = selected.some((w) => w.dir === 'edge-api') ? startCron(mf, options.cronSeconds ?? 10) : () => {};
  return {
    url,
    mf,
    /** Origin for a tenant, e.g. http://harbourside-toyota.localhost:8787 */
    tenantUrl: (slug) => `${url.protocol}//${slug}.localhost:${url.port}`,
    dispose: () => {
      stopCron();
      return mf.dispose();
    },
  };
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

/** Seeds tenant configs and stock from demo/ (bundled by the build into demo/dist/index.mjs). */
export async function seedDemo(mf, { scale = 'default', now, workers = WORKERS } = {}) {
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  const seed = demo.buildSeed({ scale, now });
  // KV namespaces are shared by id, so the first running Worker whose config binds one seeds it.
  const namespace = async (binding) => {
    const owner = workers.map(({ dir }) => readWranglerConfig(dir)).find((config) => config.kv_namespaces?.some((ns) => ns.binding === binding));
    return owner ? mf.getKVNamespace(binding, owner.name) : null;
  };
  const put = (kv, entries) => (kv ? entries.map(({ key, value }) => kv.put(key, typeof value === 'string' ? value : JSON.stringify(value))) : []);
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
  await Promise.all([...put(config, seed.config), ...put(stock, stockEntries)]);
  return seed;
}
