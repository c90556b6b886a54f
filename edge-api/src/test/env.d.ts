import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** Set by vitest.workers.config.ts: the SQL of edge-api/migrations, applied by src/test/apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
