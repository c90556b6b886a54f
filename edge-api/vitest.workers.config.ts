import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { STORAGE_RESET, WORKERS_ISOLATION } from '../dev/vitest-workers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Tests stay offline: no request.cf download, no wrangler telemetry (an explicit setting wins).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

/**
 * edge-api integration tests inside workerd with real local D1 and KV (bindings from wrangler.jsonc).
 * The migrations are read here in Node and applied by src/test/apply-migrations.ts inside the runtime, before each file
 * on the D1 that dev/vitest-workers-storage.mjs has just emptied.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => {
      const migrations = await readD1Migrations(path.join(here, 'migrations'));
      return {
        wrangler: { configPath: path.join(here, 'wrangler.jsonc') },
        miniflare: {
          // DEV_PAGES: these tests play the local runtime (dev pages, the embedded test processor's confirm step), and
          // its page cache: 'embedded' (wrangler.jsonc's production default is 'cloudflare'), unbound here (no shell).
          bindings: { TEST_MIGRATIONS: migrations, DEV_PAGES: 'on', OTP_HASH_KEY: randomBytes(24).toString('hex'), PAGE_CACHE_ADAPTER: 'embedded' },
          // mf-search is not part of these tests: its car lookup answers "unknown car" (routes that need a known car
          // are tested on the composed platform). Replaces wrangler.jsonc's SEARCH service binding.
          serviceBindings: { SEARCH: () => Response.json({ error: 'No such car.' }, { status: 404 }) },
        },
      };
    }),
  ],
  test: {
    name: 'edge-api-workers',
    root: here,
    include: ['src/**/*.worker.test.ts'],
    // One workerd for the files of a pool worker, storage wiped before each file, then the migrations on the empty D1
    // (dev/vitest-workers.mjs says why and what is shared).
    ...WORKERS_ISOLATION,
    setupFiles: [STORAGE_RESET, './src/test/apply-migrations.ts', './src/test/window-edges.ts'],
  },
});
