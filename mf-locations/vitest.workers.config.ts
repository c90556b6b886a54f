import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/** mf-locations' Worker tests inside workerd: KV CONFIG seeded by src/test/worker-setup.ts, ASSETS from dist/client. */
export default defineConfig(
  workersProject({ dir: fileURLToPath(new URL('.', import.meta.url)), name: 'mf-locations-workers', setupFiles: ['./src/test/worker-setup.ts'] }),
);
