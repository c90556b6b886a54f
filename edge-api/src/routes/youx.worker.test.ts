import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import edgeApi from '../index.ts';

const quote = { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5 };
const post = (path: string, body: unknown, headers: Record<string, string>, bindings: object = env) =>
  edgeApi.request(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }, bindings);

describe('POST /internal/youx/quote (contracts INTERNAL.quickQuote: the one YouX port)', () => {
  it("answers the rate card's quote for mf-finance; never under /api (a browser cannot run the paid provider)", async () => {
    const slug = uniqueTenant('youx');
    await putTenant(slug);
    const res = await post('/internal/youx/quote', quote, tenantHeaders(slug));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 });
    expect((await post('/api/youx/quote', quote, tenantHeaders(slug))).status).toBe(404);
    // The tenant header is required.
    expect((await post('/internal/youx/quote', quote, {})).status).toBe(400);
  });

  it("400 for a body outside the contract; 502 with spec §8's message when the provider refuses or fails", async () => {
    const slug = uniqueTenant('youx');
    await putTenant(slug);
    expect((await post('/internal/youx/quote', 'not json', tenantHeaders(slug))).status).toBe(400);
    expect((await post('/internal/youx/quote', { ...quote, loanTerm: 'five' }, tenantHeaders(slug))).status).toBe(400);
    const refused = await post('/internal/youx/quote', { ...quote, purchasePrice: 5000 }, tenantHeaders(slug));
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: 'Failed to get YouX quick quote' });
    // The http adapter with nothing listening (port 9 of 127.0.0.1).
    const unreachable = { ...env, YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: 'http://127.0.0.1:9/quote', YOUX_API_KEY: 'k' };
    expect((await post('/internal/youx/quote', quote, tenantHeaders(slug), unreachable)).status).toBe(502);
  });
});
