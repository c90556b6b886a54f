import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/**
 * mf-account's Worker tests inside workerd: KV CONFIG seeded by src/test/worker-setup.ts, ASSETS from dist/client;
 * edge-api (the shopper's account, paid reservations) and mf-search (the saved cars) replaced by the fakes of
 * src/test/fake-services.ts.
 */
export default defineConfig(
  workersProject({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'mf-account-workers',
    fakeServices: './src/test/fake-services.ts',
    setupFiles: ['./src/test/worker-setup.ts'],
  }),
);
