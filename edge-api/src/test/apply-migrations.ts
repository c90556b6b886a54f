import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Before each test file, on the D1 that dev/vitest-workers-storage.mjs (the set-up file before this one) has emptied:
// every migration, so each file starts with the schema and no rows, though the files of a pool worker share a workerd.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
