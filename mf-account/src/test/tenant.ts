/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { Env } from '../env.ts';
import { fakeEdgeApi, fakeSearch } from './fake-services.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

/** A service binding answered by a fake handler (src/test/fake-services.ts). */
export const fakeBinding = (handler: (request: Request) => Response | Promise<Response>) => ({
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init)),
});

/**
 * Worker bindings for a test: the given tenants (and data sets) in CONFIG, an ASSETS fetcher that echoes the path, and
 * the fake edge-api and mf-search of fake-services.ts.
 */
export function testEnv(configs: SiteConfigInput[], data: Record<string, TenantDataInput> = {}): Env {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  return {
    CONFIG: fakeKv(tenantEntries(configs, data)),
    ASSETS: assets,
    CF_VERSION_METADATA: TEST_VERSION_METADATA,
    EDGE_API: fakeBinding(fakeEdgeApi) as unknown as Env['EDGE_API'],
    SEARCH: fakeBinding(fakeSearch) as unknown as Env['SEARCH'],
  };
}
