/**
 * Every Worker's `Env` type comes from its wrangler.jsonc: `wrangler types` writes `<worker>/worker-configuration.d.ts`
 * (the global `Env`, `Cloudflare.Env`). `npm run types` regenerates them all; dev/wrangler-types.test.ts (in `npm test`)
 * fails when one is stale. Binding types themselves come from @cloudflare/workers-types (edge-api) or, for the Workers
 * that use lib DOM, from contracts/src/worker-bindings.d.ts.
 *
 * The same command everywhere, so the file is the same on every machine:
 * - `--include-runtime=false`: runtime types come from a package, not a generated copy;
 * - `--strict-vars=false`: a var is a deploy setting (`"CRM_ADAPTER": "webhook"`), typed `string`, not its local value;
 * - `--env-file=/dev/null`: secret names are never read from a developer's `.dev.vars` (wrangler would add every name in
 *   it to `Env`). Secrets and local-only settings are typed by hand beside the code that reads them (src/env.ts).
 * Runs offline: no metrics, no update check, no `cf` fetch.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ROOT, WORKERS } from './workers.mjs';

export const TYPES_FILE = 'worker-configuration.d.ts';
export const TYPES_ARGS = ['types', '--include-runtime=false', '--strict-vars=false', '--env-file=/dev/null'];

const WRANGLER_BIN = join(createRequire(import.meta.url).resolve('wrangler/package.json'), '../bin/wrangler.js');
const OFFLINE = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
};

/** Runs `wrangler types` in a Worker's folder, writing `out` (a file name in that folder; default worker-configuration.d.ts). */
export async function generateTypes(dir, out) {
  const args = out ? [TYPES_ARGS[0], out, ...TYPES_ARGS.slice(1)] : TYPES_ARGS;
  // The top-level config only: a CLOUDFLARE_ENV in the shell would type one named environment instead.
  const { CLOUDFLARE_ENV: _, ...env } = process.env;
  await promisify(execFile)(process.execPath, [WRANGLER_BIN, ...args], { cwd: join(ROOT, dir), env: { ...env, ...OFFLINE } });
}

/**
 * What `npm run types` would write for a Worker now, without touching its file: generated beside it (the import of
 * `main` is relative to the file) under a temporary name, read, deleted.
 */
export async function expectedTypes(dir) {
  const out = `.${TYPES_FILE.replace('.d.ts', '')}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.d.ts`;
  const path = join(ROOT, dir, out);
  try {
    await generateTypes(dir, out);
    // The header records the command: drop the temporary name from it.
    return (await readFile(path, 'utf8')).replace(` ${out} `, ' ');
  } finally {
    await rm(path, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await Promise.all(WORKERS.map(({ dir }) => generateTypes(dir)));
  console.log(`${TYPES_FILE} regenerated for ${WORKERS.map((w) => w.dir).join(', ')}`);
}
