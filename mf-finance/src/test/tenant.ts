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

/**
 * Worker bindings for a test: the given tenants in CONFIG, an ASSETS fetcher that echoes the path, a fresh quote
 * limiter, and edge-api faked at the boundary (INTERNAL.quickQuote answers EDGE_QUOTE, or 502 below the quick-estimate price range).
 */
export function testEnv(configs: SiteConfigInput[]): Env & { QUOTE_LIMITER: ReturnType<typeof fakeRateLimiter> } {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  const edge = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== INTERNAL.quickQuote.path || init?.method !== 'POST') return Response.json({ error: 'Not found.' }, { status: 404 });
      // Like edge-api's adapters, a price outside the quick-estimate range gets no quote.
      const { purchasePrice } = JSON.parse(String(init.body)) as { purchasePrice: number };
      return purchasePrice < QUICK_ESTIMATE.minPrice ? Response.json({ error: 'Failed to get YouX quick quote' }, { status: 502 }) : Response.json(EDGE_QUOTE);
    },
  };
  return { CONFIG: fakeKv(tenantEntries(configs)), ASSETS: assets, QUOTE_LIMITER: fakeRateLimiter(30), EDGE_API: edge, CF_VERSION_METADATA: TEST_VERSION_METADATA };
}
