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
import { build } from 'esbuild';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { parseJsonc } from './workers.mjs';

// Tests stay offline: no request.cf download, no wrangler telemetry (an explicit setting wins).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

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
 * @param {string[]} [options.setupFiles] run inside workerd before each test file (e.g. seeding KV)
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
      setupFiles,
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
