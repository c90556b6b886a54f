/**
 * The dealer locator inside workerd: the EDGE_API service binding (edge-api faked at the boundary,
 * src/test/fake-services.ts) and the LOCATOR_LIMITER rate-limiting binding as wrangler.jsonc declares it (20 a minute).
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { GEOCODE_ERRORS } from '@forecourt/contracts/internal';
import { inOneWindow } from '@forecourt/contracts/fixtures/rate-limit';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { fetchWorker } from './test/worker.ts';

const locate = (query: string, ip: string) => fetchWorker(`/fragments/dealer-locator${query}`, { headers: { [TENANT_HEADER]: 'group-motors', [CLIENT_IP_HEADER]: ip } });
const cards = (html: string) => [...html.matchAll(/<article class="fc-card fl-dcard" id="fl-d-([a-z-]+)"/g)].map((m) => m[1]);
const RATE_LIMITED = 'Too many searches just now.';

describe('the dealer locator in workerd', () => {
  it('geocodes through the EDGE_API binding: nearest first with distances', async () => {
    const res = await locate('?near=Capalaba', '203.0.113.50');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(cards(html)).toEqual(['bay-kia-mazda', 'harbour-hyundai', 'penrith-ford']);
    expect(html).toContain('Nearest to Capalaba QLD 4157');
    expect(html).toContain('<p class="fl-loc__distance">0.9 km away</p>');
  });

  it('edge-api 404 and 503 through the binding: the field error, or the notice with the list unsorted', async () => {
    expect(await (await locate('?near=0999', '203.0.113.51')).text()).toContain('<p class="fl-field__error" id="fl-near-error">Invalid postcode</p>');
    const down = await (await locate('?near=4000', '203.0.113.51')).text();
    expect(down).toContain(GEOCODE_ERRORS.unavailable);
    expect(cards(down)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
  });

  it('limits lookups per client with the LOCATOR_LIMITER binding (20 a minute): then a message, the page still answers', async () => {
    const ask = (ip: string) => locate('?near=4157', ip).then(async (r) => ({ status: r.status, limited: (await r.text()).includes(RATE_LIMITED) }));
    // One window of the binding's clock-aligned minute (a burst across its end would start counting again).
    const answers = await inOneWindow(60, async (attempt) => {
      const out: Array<{ status: number; limited: boolean }> = [];
      for (let i = 0; i < 21; i++) out.push(await ask(`203.0.113.${60 + attempt * 2}`));
      return out;
    });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(0, 20).some((a) => a.limited)).toBe(false);
    expect(answers[20]!.limited).toBe(true);
    expect((await ask('203.0.113.70')).limited).toBe(false);
  });
});
