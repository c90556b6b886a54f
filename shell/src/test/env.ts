/** Test helper (not shipped code): the shell's bindings for a unit test, typed as the Worker's own. */
import { fakeKv } from '@forecourt/contracts/fixtures/tenant';
import type { Env } from '../env.ts';

/** A binding the test did not set: every call fails, as an unreachable Worker's would. */
const unset = (name: string): Fetcher => ({
  fetch: async () => {
    throw new Error(`${name} is not bound in this test`);
  },
});

/** Every binding of the shell (Workers failing, CONFIG empty, wrangler.jsonc's vars), the test's own on top. */
export function testEnv(bindings: Partial<Env> = {}): Env {
  return {
    ASSETS: unset('ASSETS'),
    CONFIG: fakeKv({}),
    SEARCH: unset('SEARCH'),
    VEHICLE: unset('VEHICLE'),
    LOCATIONS: unset('LOCATIONS'),
    FINANCE: unset('FINANCE'),
    ACCOUNT: unset('ACCOUNT'),
    EDGE_API: unset('EDGE_API'),
    FRAGMENT_TIMEOUT_MS: '4000',
    CONFIG_CACHE_SECONDS: '10',
    CANARY_FALLBACK_AFTER: '5',
    CANARY_FALLBACK_SECONDS: '60',
    REMOTE_METRICS: { writeDataPoint: () => {} },
    CF_VERSION_METADATA: { id: '00000000-0000-4000-8000-000000000000', tag: 'test', timestamp: new Date(0).toISOString() },
    ...bindings,
  };
}
