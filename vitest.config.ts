import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One test run, three levels (DEVELOPERS.md rule 5), and the type-check (`typecheck`: `tsc -b` as one file, beside the
 * others):
 * - unit: `*.test.ts(x)` beside the code, in Node;
 * - workers: `*.worker.test.ts`, inside workerd with real local D1/KV (each Worker package's vitest.workers.config.ts,
 *   project `<package>-workers`);
 * - integration: `*.integration.test.ts`, the built Workers composed in one workerd via miniflare (dev/platform.mjs);
 * - e2e: `e2e/*.e2e.test.ts`, Chromium against the composed platform started by the run itself.
 */
export default defineConfig({
  test: {
    // At least two files at a time. Vitest's default is one fewer than the cores, which is one on a two-core machine,
    // yet much of a file's time is waiting (workerd starting, a composed platform answering): two at a time took the
    // unit, workerd and integration projects from about 515 s to 300 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          // The Workers' entry modules import the runtime module (their module-scope env): a Node stand-in here.
          alias: { 'cloudflare:workers': fileURLToPath(new URL('./dev/cloudflare-workers.node.mjs', import.meta.url)) },
          include: ['{contracts,ui,demo,shell,mf-search,mf-vehicle,mf-locations,mf-finance,mf-account,edge-api,dev,bench}/src/**/*.test.{ts,tsx}', 'dev/**/*.test.ts', 'bench/lib/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.worker.test.ts', '**/*.integration.test.ts', '**/dist/**'],
          environment: 'node',
          // Files share each worker's module graph instead of importing React, valibot, Hono and the packages again
          // for every one of ~300 files: 152 -> 54 s for the project on a quiet two-core machine. A file that mocks a
          // module (`vi.mock`) loads what it tests afresh after `vi.resetModules()`; module-level caches a test
          // depends on are the test's to reset (shuffled file orders pass: `--sequence.shuffle.files`).
          isolate: false,
        },
      },
      // Each Worker's own tests inside workerd, its bindings to other Workers faked (`<package>-workers`; also run by
      // `npm test -w <package>`, which builds that package first).
      './edge-api/vitest.workers.config.ts',
      './shell/vitest.workers.config.ts',
      './mf-search/vitest.workers.config.ts',
      './mf-vehicle/vitest.workers.config.ts',
      './mf-locations/vitest.workers.config.ts',
      './mf-finance/vitest.workers.config.ts',
      './mf-account/vitest.workers.config.ts',
      // `tsc -b` as one file of the run (dev/typecheck.tsc.ts): beside the other files, not ~55 s in front of them.
      {
        test: {
          name: 'typecheck',
          include: ['dev/typecheck.tsc.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{dev,shell,mf-search,mf-vehicle,mf-locations,mf-finance,mf-account,edge-api}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // A browser on a loaded CI machine can take seconds to load and hydrate an island after a reload: poll for up
          // to 10 s (vitest's default of 1 s made CI flaky). A poll that succeeds returns at once, so this costs nothing.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time: each starts its own platform (port 0, in-memory state) and Chromium, and much of an
          // e2e test is waiting (debounces, timers, network), so two share the machine's two cores well.
          // Vitest runs projects with their own worker count as a separate group: the e2e files run last, once the
          // type-check, unit, workerd and integration projects are done.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
