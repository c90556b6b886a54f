/**
 * Runs every Worker of the platform together in one local workerd (miniflare), as `npm start`, the e2e tests and
 * the benchmarks do: wrangler.jsonc of each Worker is the source of its bindings; local D1/KV persist under
 * .wrangler/state (or in memory); D1 migrations are applied and demo data seeded before the first request.
 */
import { Miniflare, Log, LogLevel } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WORKERS, readWranglerConfig } from './workers.mjs';

/**
 * @param {{ port?: number, host?: string, persist?: string | false, seed?: boolean, scale?: 'default'|'bench', now?: number,
 *   logLevel?: 'none'|'error'|'warn'|'info'|'debug', overrides?: Record<string, object> }} [options]
 *   `overrides` replaces options of a Worker by folder name, e.g. `{ 'mf-search': { script, scriptPath: undefined } }`
 *   for a test that needs a failing or slow remote.
 */
export async function startPlatform(options = {}) {
  const { port = 8787, host = '127.0.0.1', persist = join(ROOT, '.wrangler/state'), seed = true, scale = 'default', logLevel = 'warn' } = options;
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

  const workers = WORKERS.map(({ dir }) => {
    const scriptPath = join(ROOT, dir, 'dist/worker/index.js');
    if (!existsSync(scriptPath)) throw new Error(`${dir} is not built: run \`npm run build\` first`);
    const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, dir, 'wrangler.jsonc'));
    const { name } = readWranglerConfig(dir);
    return { ...workerOptions, name, modules: true, scriptPath, modulesRoot: join(ROOT, dir, 'dist/worker'), ...options.overrides?.[dir] };
  });

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
  await applyMigrations(mf);
  if (seed) await seedDemo(mf, { scale, now: options.now });
  return {
    url,
    mf,
    /** Origin for a tenant, e.g. http://harbourside-toyota.localhost:8787 */
    tenantUrl: (slug) => `${url.protocol}//${slug}.localhost:${url.port}`,
    dispose: () => mf.dispose(),
  };
}

/** Applies edge-api's D1 migrations in order, recording them in wrangler's `d1_migrations` table. */
export async function applyMigrations(mf) {
  const config = readWranglerConfig('edge-api');
  const binding = config.d1_databases?.[0];
  if (!binding) return;
  const db = await mf.getD1Database(binding.binding, config.name);
  const dir = join(ROOT, 'edge-api', config.migrations_dir ?? binding.migrations_dir ?? 'migrations');
  await db.exec('CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)');
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all()).results.map((r) => r.name));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    if (applied.has(file)) continue;
    const statements = splitSql(readFileSync(join(dir, file), 'utf8'));
    await db.batch([...statements.map((s) => db.prepare(s)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(file)]);
  }
}

/** Splits a migration into statements on `;` outside strings and comments. */
export function splitSql(sql) {
  const out = [];
  let cur = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      cur += sql.slice(i, j + 1);
      i = j;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (c === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Seeds tenant configs and stock from demo/ (bundled by the build into demo/dist/index.mjs). */
export async function seedDemo(mf, { scale = 'default', now } = {}) {
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  const seed = demo.buildSeed({ scale, now });
  const config = await mf.getKVNamespace('CONFIG', 'forecourt-shell');
  const stock = await mf.getKVNamespace('STOCK', 'forecourt-mf-search');
  await Promise.all([
    ...seed.config.map(({ key, value }) => config.put(key, typeof value === 'string' ? value : JSON.stringify(value))),
    ...seed.stock.map(({ key, value }) => stock.put(key, typeof value === 'string' ? value : JSON.stringify(value))),
  ]);
  return seed;
}
