/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import * as v from 'valibot';
import { CarSchema, type Car, type CarInput } from '@forecourt/contracts/entities/car';
import { kvPartsKey, type PartInput } from '@forecourt/contracts/entities/part';
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import type { SearchPort } from '@forecourt/contracts/search';
import { TENANT_HEADER, type SiteConfigInput } from '@forecourt/contracts/tenant';
import { kvStockChunkKey, kvStockMetaKey, type TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

export type TestEnvOptions = {
  /** Stock per tenant slug in KV `STOCK` (one chunk), as an import writes it for the embedded engine. */
  stock?: Record<string, CarInput[]>;
  /** Tenant data sets (manufacturers, offers...) per slug. */
  data?: Record<string, TenantDataInput>;
  /** Parts catalogues per slug in KV `CONFIG` (`parts:<slug>`), for the parts search. */
  parts?: Record<string, PartInput[]>;
  /** edge-api's answers (paid reservations); default: 404 for everything, so no car shows Reserved from it. */
  edge?: (url: URL, tenant: string | null) => Response | Promise<Response>;
  /** More vars (SEARCH_ADAPTER, STOCK_WATCH_SECONDS, secrets). */
  vars?: Partial<Env>;
};

/** Requests the fake edge-api received (to check the tenant header travels). */
export type Calls = Array<{ url: string; tenant: string | null }>;

/** Worker bindings for a test: the given tenants in CONFIG, their stock in STOCK, an ASSETS fetcher that echoes the path. */
export function testEnv(configs: SiteConfigInput[], options: TestEnvOptions = {}): Env & { calls: Calls } {
  const calls: Calls = [];
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  const stock = Object.fromEntries(
    Object.entries(options.stock ?? {}).flatMap(([slug, cars]) => [
      [kvStockMetaKey(slug), { count: cars.length, chunks: 1, updated_at: '2025-06-01T00:00:00.000Z', source: 'import' }],
      [kvStockChunkKey(slug, 0), cars],
    ]),
  );
  const edge = options.edge;
  const edgeApi = {
    fetch: async (input: string, init?: RequestInit) => {
      if (!edge) return Response.json({ error: 'Not found.' }, { status: 404 });
      const tenant = new Headers(init?.headers).get(TENANT_HEADER);
      calls.push({ url: input, tenant });
      return edge(new URL(input), tenant);
    },
  };
  return {
    CONFIG: fakeKv({ ...tenantEntries(configs, options.data ?? {}), ...Object.fromEntries(Object.entries(options.parts ?? {}).map(([slug, parts]) => [kvPartsKey(slug), { parts }])) }),
    STOCK: fakeKv(stock),
    ASSETS: assets,
    EDGE_API: edgeApi,
    SEARCH_ADAPTER: 'embedded',
    CF_VERSION_METADATA: TEST_VERSION_METADATA,
    ...options.vars,
    calls,
  };
}

/** Cars as the engine holds them (the contract's parser applied to fixture input). */
export const parseCars = (cars: readonly CarInput[]): Car[] => cars.map((car) => v.parse(CarSchema, car));

/** Calls a search port received, by method, with the scope's tenant. */
export type PortCalls = Array<{ method: keyof SearchPort; tenant: string }>;

/**
 * A search port that records every call and passes it on to `port` (by default one that throws), for
 * `createApp({ engine: () => spy })`.
 */
export function spyPort(port: Partial<SearchPort> = {}): SearchPort & { calls: PortCalls } {
  const calls: PortCalls = [];
  const missing = (method: string) => (..._args: unknown[]): Promise<never> => Promise.reject(new Error(`spyPort: no ${method}`));
  return {
    calls,
    search: (scope, request) => (calls.push({ method: 'search', tenant: scope.tenant }), (port.search ?? missing('search'))(scope, request)),
    getBySlug: (scope, slug) => (calls.push({ method: 'getBySlug', tenant: scope.tenant }), (port.getBySlug ?? missing('getBySlug'))(scope, slug)),
    getById: (scope, id) => (calls.push({ method: 'getById', tenant: scope.tenant }), (port.getById ?? missing('getById'))(scope, id)),
    similar: (scope, car, limit) => (calls.push({ method: 'similar', tenant: scope.tenant }), (port.similar ?? missing('similar'))(scope, car, limit)),
  };
}
