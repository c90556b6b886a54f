/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import type { CarInput } from '@forecourt/contracts/entities/car';
import { TENANT_HEADER, type SiteConfigInput } from '@forecourt/contracts/tenant';
import type { TenantDataInput } from '@forecourt/contracts/tenant-data';
import { fakeRateLimiter } from '@forecourt/contracts/fixtures/rate-limit';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

export type TestEnvOptions = {
  /** Cars mf-search knows, per tenant slug (any tenant when the key is '*'). */
  cars?: Record<string, CarInput[]>;
  /** edge-api's answers; default: 404 for everything. */
  edge?: (url: URL, tenant: string | null) => Response | Promise<Response>;
  /** Tenant data sets (locations...) per slug. */
  data?: Record<string, TenantDataInput>;
  /** mf-search fails with this status. */
  searchStatus?: number;
  /** Calls per key the rate limiter of /api/vehicle/* lets through (default: plenty, so other tests never meet it). */
  apiLimit?: number;
};

/** Requests the fake bindings received (to check the tenant header travels). */
export type Calls = Array<{ binding: 'SEARCH' | 'EDGE_API'; url: string; tenant: string | null }>;

/**
 * Worker bindings for a test: the given tenants in CONFIG, an ASSETS fetcher that echoes the path, mf-search's
 * `/internal/car` over the given cars and edge-api answering as told.
 */
export function testEnv(configs: SiteConfigInput[], options: TestEnvOptions = {}): Env & { calls: Calls; VEHICLE_API_LIMITER: ReturnType<typeof fakeRateLimiter> } {
  const calls: Calls = [];
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  const search = {
    fetch: async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      const tenant = new Headers(init?.headers).get(TENANT_HEADER);
      calls.push({ binding: 'SEARCH', url: input, tenant });
      if (options.searchStatus) return Response.json({ error: 'down' }, { status: options.searchStatus });
      const slug = url.searchParams.get('slug');
      const car = [...(options.cars?.[tenant ?? ''] ?? []), ...(options.cars?.['*'] ?? [])].find((c) => c.slug === slug);
      return car ? Response.json({ car }) : Response.json({ error: 'No such car.' }, { status: 404 });
    },
  };
  const edge = {
    fetch: async (input: string, init?: RequestInit) => {
      const tenant = new Headers(init?.headers).get(TENANT_HEADER);
      calls.push({ binding: 'EDGE_API', url: input, tenant });
      return options.edge ? options.edge(new URL(input), tenant) : Response.json({ error: 'Not found.' }, { status: 404 });
    },
  };
  return { CONFIG: fakeKv(tenantEntries(configs, options.data ?? {})), ASSETS: assets, SEARCH: search, EDGE_API: edge, VEHICLE_API_LIMITER: fakeRateLimiter(options.apiLimit ?? 10_000), CF_VERSION_METADATA: TEST_VERSION_METADATA, calls };
}
