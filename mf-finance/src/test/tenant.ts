/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { fakeRateLimiter } from '@forecourt/contracts/fixtures/rate-limit';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

/** Worker bindings for a test: the given tenants in CONFIG, an ASSETS fetcher that echoes the path, a fresh quote limiter. */
export function testEnv(configs: SiteConfigInput[]): Env {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  return { CONFIG: fakeKv(tenantEntries(configs)), ASSETS: assets, QUOTE_LIMITER: fakeRateLimiter(30) } as unknown as Env;
}
