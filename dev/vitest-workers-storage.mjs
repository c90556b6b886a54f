/**
 * The first set-up file of every `<package>-workers` project (dev/vitest-workers.mjs, edge-api/vitest.workers.config.ts):
 * runs inside workerd before each test file and deletes everything in its storage (D1, KV, the Cache API: Miniflare
 * keeps them all in Durable Objects), so each file starts as it would in a workerd of its own.
 *
 * Why: the projects run with `isolate: false` (one workerd and one module graph for the files of a pool worker, not one
 * workerd each; see dev/vitest-workers.mjs), and without this a file would see the rows, keys and cached responses of
 * the files before it. The package's own set-up files (migrations, seeded tenants) run after this one.
 */
import { reset } from 'cloudflare:test';

/** Deletes all data from all storage bindings of this workerd (the pool's `reset()`), Durable Objects' included. */
export async function freshStorage() {
  await reset();
}

await freshStorage();
