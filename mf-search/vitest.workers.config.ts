import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/**
 * mf-search's Worker tests inside workerd: KV CONFIG and STOCK seeded by src/test/worker-setup.ts, ASSETS from
 * dist/client, the embedded engine (SEARCH_ADAPTER in wrangler.jsonc); edge-api (paid reservations) replaced by the fake
 * of src/test/fake-services.ts.
 */
export default defineConfig(
  workersProject({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'mf-search-workers',
    fakeServices: './src/test/fake-services.ts',
    setupFiles: ['./src/test/worker-setup.ts'],
  }),
);
