import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../dev/vitest-workers.mjs';

/** `npm test -w mf-search`: this package alone, its unit tests in Node and its Worker tests inside workerd. */
export default defineConfig(packageTests(fileURLToPath(new URL('.', import.meta.url)), 'mf-search'));
