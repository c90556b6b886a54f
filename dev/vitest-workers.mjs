/**
 * Test configs of a Worker package run alone (`npm test -w <package>`; the root vitest.config.ts runs the same files).
 *
 * One Worker's tests inside workerd (`*.worker.test.ts`, @cloudflare/vitest-pool-workers): its own wrangler.jsonc
 * (main, KV, assets from its dist/client, rate limits, vars) with the bindings to other Workers replaced at the
 * boundary by fake handlers. Used by each Worker package's vitest.workers.config.ts; the package's `npm test` builds
 * dist first (the Worker imports dist/asset-manifest.json, ASSETS serves dist/client).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { parseJsonc } from './workers.mjs';

// Tests stay offline: no request.cf download, no wrangler telemetry (an explicit setting wins).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

/**
 * How the files of a `<package>-workers` project share workerd (this helper's projects and edge-api's config).
 *
 * `isolate: false`: the files a pool worker runs share one workerd and one module graph. With the default (`true`),
 * @cloudflare/vitest-pool-workers starts a new Miniflare and workerd for every file, and the file then imports the
 * Worker module by module over a WebSocket from Vite (edge-api: about 290 modules): per file that took 5 to 12 s of a
 * loaded two-core machine for tests that mostly run in under 1 s (edge-api's 27 files: 200 s, of which the tests' own
 * time was about 70 s besides the two fuzz files). Shared, a project starts one workerd per pool worker.
 * What stays per file: storage, wiped before each file by STORAGE_RESET (the first set-up file); the test file and
 * the set-up files, evaluated again for each file (vitest invalidates them). What is shared between the files of one
 * pool worker: the Worker's module state (per-isolate caches, e.g. the tenant store) and the rate limit bindings'
 * counts (kept in memory by Miniflare, not in storage), as one production isolate shares them between requests; a test
 * that needs an empty cache clears it (or uses its own tenant or client). Every project passes with its files in a
 * shuffled order and all in one workerd (`--sequence.shuffle.files --maxWorkers=1`): run that after adding a file.
 * (Pool 0.15.1 wraps its module runner's transport once more for each file it runs with `isolate: false`, fixed
 * upstream later; measured: no slower per file over edge-api's 29 files in one workerd, as only the test and set-up
 * files are fetched again.)
 */
export const WORKERS_ISOLATION = { isolate: false };

/** The first set-up file of every workers project: each file starts with empty storage (see the file). */
export const STORAGE_RESET = fileURLToPath(new URL('./vitest-workers-storage.mjs', import.meta.url));

/**
 * A TypeScript module of a package, imported in Node. Vitest's config loader leaves workspace packages (contracts) to
 * Node, which cannot run their .ts sources; bundled here instead (everything inlined, so nothing is left to resolve).
 */
async function importTs(file) {
  const { outputFiles } = await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'warning' });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

/**
 * @param {object} options
 * @param {string} options.dir the package folder (absolute)
 * @param {string} options.name the vitest project name, `<package>-workers`
 * @param {string} [options.fakeServices] a module (relative to `dir`) whose `serviceBindings` export maps binding
 *   names to fake handlers `(request) => Response` of the Workers this one calls; they run in Node and replace
 *   wrangler.jsonc's `services`
 * @param {string[]} [options.setupFiles] run inside workerd before each test file, after STORAGE_RESET (e.g. seeding KV)
 * @param {string[]} [options.bundleDeps] CommonJS dependencies to pre-bundle with Vite (the pool's module loader can
 *   miss their named exports, e.g. `xss`)
 * @example export default defineConfig(workersProject({ dir: here, name: 'mf-vehicle-workers', fakeServices: './src/test/fake-services.ts' }))
 */
export function workersProject({ dir, name, fakeServices, setupFiles = [], bundleDeps = [] }) {
  return {
    plugins: [
      cloudflareTest(async () => {
        const serviceBindings = fakeServices ? (await importTs(join(dir, fakeServices))).serviceBindings : {};
        // Every service binding of wrangler.jsonc is faked: a Worker test never depends on another Worker.
        const services = parseJsonc(readFileSync(join(dir, 'wrangler.jsonc'), 'utf8')).services ?? [];
        const unfaked = services.map((s) => s.binding).filter((binding) => !(binding in serviceBindings));
        if (unfaked.length) throw new Error(`${name}: wrangler.jsonc binds ${unfaked.join(', ')}; add a fake to the serviceBindings of ${fakeServices ?? 'a fakeServices module'}`);
        return { wrangler: { configPath: join(dir, 'wrangler.jsonc') }, miniflare: { serviceBindings } };
      }),
    ],
    test: {
      name,
      root: dir,
      include: ['src/**/*.worker.test.ts'],
      ...WORKERS_ISOLATION,
      setupFiles: [STORAGE_RESET, ...setupFiles],
      // A file's first request also starts its Worker in workerd, which takes seconds while other files run beside it.
      testTimeout: 20_000,
      ...(bundleDeps.length ? { deps: { optimizer: { ssr: { enabled: true, include: bundleDeps } } } } : {}),
    },
  };
}

/**
 * `npm test -w <package>`: the package's unit tests (`*.test.ts(x)` under src, in Node, as the root `unit` project runs
 * them) and its Worker tests (its vitest.workers.config.ts, inside workerd).
 * @param {string} dir the package folder (absolute)
 * @param {string} name the package folder's name, e.g. `mf-vehicle` (projects `<name>-unit`, `<name>-workers`)
 * @example export default defineConfig(packageTests(here, 'mf-vehicle'))
 */
export function packageTests(dir, name) {
  return {
    test: {
      projects: [
        {
          test: {
            name: `${name}-unit`,
            root: dir,
            // The entry module's runtime import (its module-scope env), as the root `unit` project has it.
            alias: { 'cloudflare:workers': join(dir, '..', 'dev', 'cloudflare-workers.node.mjs') },
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ['**/node_modules/**', '**/*.worker.test.ts', '**/*.integration.test.ts', '**/dist/**'],
            environment: 'node',
          },
        },
        join(dir, 'vitest.workers.config.ts'),
      ],
    },
  };
}
