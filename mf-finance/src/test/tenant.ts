/** Test helpers: the shared tenant fixtures of contracts, and this Worker's bindings built from them. */
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import { fakeRateLimiter } from '@forecourt/contracts/fixtures/rate-limit';
import { INTERNAL } from '@forecourt/contracts/internal';
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

/** What the fake edge-api quotes (edge-api's embedded rate card for GREAT $30,000 over 5 years). */
export const EDGE_QUOTE = { weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 };

/** A fake Worker's handler: the request URL and init, an answer (or undefined: the default answer). */
export type FakeHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export type TestEnvOptions = {
  /** Answers edge-api calls before the default (the quick quote; anything else a 404). */
  edge?: FakeHandler;
  /** The cars mf-search knows, by id (INTERNAL.car `?id=`); anything else a 404. */
  cars?: Array<{ id: string } & Record<string, unknown>>;
  /** Requests each fake saw, in order. */
  seen?: Array<{ worker: 'edge-api' | 'mf-search'; url: URL; init: RequestInit | undefined }>;
};

/**
 * Worker bindings for a test: the given tenants in CONFIG, an ASSETS fetcher that echoes the path, fresh limiters,
 * edge-api faked at the boundary (INTERNAL.quickQuote answers EDGE_QUOTE, or 502 below the quick-estimate price range;
 * `options.edge` answers first) and mf-search answering INTERNAL.car for `options.cars`.
 */
export function testEnv(configs: SiteConfigInput[], options: TestEnvOptions = {}): Env & { QUOTE_LIMITER: ReturnType<typeof fakeRateLimiter>; PREAPPROVAL_LIMITER: ReturnType<typeof fakeRateLimiter> } {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  const urlOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input));
  const edge = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = urlOf(input);
      options.seen?.push({ worker: 'edge-api', url, init });
      const custom = await options.edge?.(url, init);
      if (custom) return custom;
      if (url.pathname !== INTERNAL.quickQuote.path || init?.method !== 'POST') return Response.json({ error: 'Not found.' }, { status: 404 });
      // Like edge-api's adapters, a price outside the quick-estimate range gets no quote.
      const { purchasePrice } = JSON.parse(String(init.body)) as { purchasePrice: number };
      return purchasePrice < QUICK_ESTIMATE.minPrice ? Response.json({ error: 'Failed to get YouX quick quote' }, { status: 502 }) : Response.json(EDGE_QUOTE);
    },
  };
  const search = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = urlOf(input);
      options.seen?.push({ worker: 'mf-search', url, init });
      const car = url.pathname === INTERNAL.car.path ? options.cars?.find((c) => c.id === url.searchParams.get('id')) : undefined;
      return car ? Response.json({ car }) : Response.json({ error: 'No such car.' }, { status: 404 });
    },
  };
  return {
    CONFIG: fakeKv(tenantEntries(configs)), ASSETS: assets, QUOTE_LIMITER: fakeRateLimiter(30), PREAPPROVAL_LIMITER: fakeRateLimiter(20),
    EDGE_API: edge, SEARCH: search, CF_VERSION_METADATA: TEST_VERSION_METADATA,
  };
}
