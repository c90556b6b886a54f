import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/**
 * mf-vehicle's Worker tests inside workerd: KV CONFIG seeded by src/test/worker-setup.ts, ASSETS from dist/client, the
 * VEHICLE_API_LIMITER rate limit and the embedded PDF writer as wrangler.jsonc declares them; mf-search and edge-api
 * replaced by the fakes of src/test/fake-services.ts.
 */
export default defineConfig(
  workersProject({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'mf-vehicle-workers',
    fakeServices: './src/test/fake-services.ts',
    setupFiles: ['./src/test/worker-setup.ts'],
    bundleDeps: ['xss'],
  }),
);
