/**
 * Miniflare options of a Worker from its wrangler.jsonc (wrangler's `unstable_getMiniflareWorkerOptions`), kept on disk
 * by the config's text (issue 19: `npm test` under 15 minutes). Importing wrangler takes one to several seconds of
 * every process that starts a platform (each integration and e2e file); the options only change with the config, the
 * files wrangler reads beside it (`.dev.vars*`, `.env*`) and wrangler's version, so a process whose configs are all
 * known never imports it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './workers.mjs';

/** Where the options are kept (one JSON file per key); node_modules/.cache, so a clean clone starts empty. */
export const WORKER_OPTIONS_DIR = join(ROOT, 'node_modules/.cache/forecourt-worker-options');

/** The cache key of a wrangler.jsonc: its path and text, the env files beside it, wrangler's version. */
function optionsKey(configPath) {
  const h = createHash('sha256');
  h.update(JSON.parse(readFileSync(join(ROOT, 'node_modules/wrangler/package.json'), 'utf8')).version).update('\0');
  h.update(configPath).update('\0').update(readFileSync(configPath)).update('\0');
  // The environment variables wrangler reads the config with (an environment, process env in bindings).
  for (const name of ['CLOUDFLARE_ENV', 'CLOUDFLARE_INCLUDE_PROCESS_ENV', 'WRANGLER_ENV']) h.update(`${name}=${process.env[name] ?? ''}`).update('\0');
  const dir = dirname(configPath);
  for (const name of readdirSync(dir).sort()) {
    if (!/^\.(dev\.vars|env)/.test(name) || name.endsWith('.example')) continue;
    h.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  }
  return h.digest('hex').slice(0, 32);
}

/**
 * Loads the options of every config in `configPaths` (from disk, or from wrangler for those not seen before) and
 * answers a function that gives one config's `{ workerOptions }` as `unstable_getMiniflareWorkerOptions` does (a JSON
 * copy: the options wrangler leaves undefined are absent).
 */
export async function loadWorkerOptions(configPaths) {
  mkdirSync(WORKER_OPTIONS_DIR, { recursive: true, mode: 0o700 });
  const loaded = new Map();
  let wrangler = null;
  for (const path of configPaths) {
    const file = join(WORKER_OPTIONS_DIR, `${optionsKey(path)}.json`);
    if (existsSync(file)) {
      try {
        loaded.set(path, JSON.parse(readFileSync(file, 'utf8')));
        continue;
      } catch {
        // half written by a process that died: made again below
      }
    }
    wrangler ??= await import('wrangler');
    const { workerOptions } = wrangler.unstable_getMiniflareWorkerOptions(path);
    const options = JSON.parse(JSON.stringify({ workerOptions }));
    const tmp = `${file}.${process.pid}.tmp`;
    // Only this user may read it: a `.dev.vars` file's values (local secrets) are among the bindings.
    writeFileSync(tmp, JSON.stringify(options), { mode: 0o600 });
    renameSync(tmp, file);
    loaded.set(path, options);
  }
  return (path) => {
    const options = loaded.get(path);
    if (!options) throw new Error(`No worker options loaded for ${path}`);
    return structuredClone(options);
  };
}
