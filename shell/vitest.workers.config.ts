import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workersProject } from '../dev/vitest-workers.mjs';

/**
 * The shell's Worker tests inside workerd: KV CONFIG seeded by src/test/worker-setup.ts (a tenant and its host), ASSETS
 * from dist/client, and every remote and edge-api replaced by the fakes of src/test/fake-remotes.ts.
 */
export default defineConfig(
  workersProject({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'shell-workers',
    fakeServices: './src/test/fake-remotes.ts',
    setupFiles: ['./src/test/worker-setup.ts'],
  }),
);
