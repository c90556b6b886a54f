import { describe, expect, it } from 'vitest';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { QUICK_QUOTE_FAILED, QuickQuoteError } from './port.ts';
import { EdgeQuickQuote, selectQuickQuote } from './select.ts';

const request = { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30000, loanTerm: 5 };

describe("the quick quote through edge-api's YouX port", () => {
  it('POSTs the request to INTERNAL.quickQuote with the tenant and returns the checked quote', async () => {
    const seen: Array<{ url: string; method?: string; tenant: string | null; body: unknown }> = [];
    const edge = {
      fetch: async (url: string, init?: RequestInit) => {
        seen.push({ url, method: init?.method, tenant: new Headers(init?.headers).get(TENANT_HEADER), body: JSON.parse(String(init?.body)) });
        return Response.json({ weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 });
      },
    };
    expect(await selectQuickQuote({ EDGE_API: edge }).quickQuote('test-motors', request)).toEqual({ weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 });
    expect(seen).toEqual([{ url: 'https://edge-api.internal/internal/youx/quote', method: 'POST', tenant: 'test-motors', body: request }]);
  });

  it("fails with spec §8's message when edge-api answers an error, junk, or is unreachable", async () => {
    for (const fetch of [
      async () => Response.json({ error: QUICK_QUOTE_FAILED }, { status: 502 }),
      async () => Response.json({ weeklyRepaymentAmount: 'x' }),
      async () => { throw new Error('down'); },
    ]) {
      const error = await new EdgeQuickQuote({ fetch }).quickQuote('t', request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuickQuoteError);
      expect((error as Error).message).toBe(QUICK_QUOTE_FAILED);
    }
  });
});
