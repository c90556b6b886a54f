import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/**
 * mf-locations' Worker tests inside workerd: KV CONFIG seeded by src/test/worker-setup.ts, ASSETS from dist/client, the
 * LOCATOR_LIMITER rate limit as wrangler.jsonc declares it; edge-api replaced by the fake of src/test/fake-services.ts.
 */
export default defineConfig(
  workersProject({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'mf-locations-workers',
    fakeServices: './src/test/fake-services.ts',
    setupFiles: ['./src/test/worker-setup.ts'],
  }),
);
