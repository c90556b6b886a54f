/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

/** Worker bindings for a test: the given tenants (and data sets) in CONFIG and an ASSETS fetcher that echoes the path. */
export function testEnv(configs: SiteConfigInput[], data: Record<string, TenantDataInput> = {}): Env {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  return { CONFIG: fakeKv(tenantEntries(configs, data)), ASSETS: assets, CF_VERSION_METADATA: TEST_VERSION_METADATA };
}
