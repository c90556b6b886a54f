/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

/** The Workers rate-limit binding's contract: `limit` passes while a key has used fewer than `limit` calls. */
export function fakeLimiter(limit: number): Env['QUOTE_LIMITER'] & { calls: string[] } {
  const counts = new Map<string, number>();
  const calls: string[] = [];
  return {
    calls,
    async limit({ key }) {
      calls.push(key);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return { success: n <= limit };
    },
  };
}

/** Worker bindings for a test: the given tenants in CONFIG, an ASSETS fetcher that echoes the path, a fresh quote limiter. */
export function testEnv(configs: SiteConfigInput[]): Env {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  return { CONFIG: fakeKv(tenantEntries(configs)), ASSETS: assets, QUOTE_LIMITER: fakeLimiter(30) } as unknown as Env;
}
