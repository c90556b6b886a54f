/**
 * The journey pages inside workerd: the deployed Worker's `/fragments/trade-in` with KV CONFIG seeded and edge-api
 * faked at the EDGE_API binding (src/test/fake-services.ts: the journeys of src/test/trade-in-fixtures.ts, one per step).
 */
import { describe, expect, it } from 'vitest';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { decodeFragmentHead, DEFAULT_FRAGMENT_CACHE_CONTROL, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../../dist/asset-manifest.json';
import { FAKE_TENANT } from '../test/fake-services.ts';
import { fetchWorker } from '../test/worker.ts';
import { fixtureJourneyId, JOURNEY_STATES } from '../test/trade-in-fixtures.ts';

const get = (query: string, tenant = FAKE_TENANT) => fetchWorker(`/fragments/trade-in${query}`, { headers: { [TENANT_HEADER]: tenant } });
const headOf = (res: Response) => decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;

describe('mf-vehicle trade-in journey pages (workerd)', () => {
  it.each([
    ['', 'Find your car', 'index, follow'],
    [`?journey=${JOURNEY_STATES.notFound.id}`, 'Enter your car’s details', 'noindex'],
    [`?journey=${JOURNEY_STATES.condition.id}`, 'Tell us about its condition', 'noindex'],
    [`?journey=${JOURNEY_STATES.contact.id}`, 'Your contact details', 'noindex'],
    [`?journey=${JOURNEY_STATES.verify.id}`, 'Check your phone', 'noindex'],
    [`?journey=${JOURNEY_STATES.offer.id}`, 'Your offer', 'noindex'],
    [`?journey=${JOURNEY_STATES.accepted.id}`, 'Offer accepted', 'noindex'],
  ])('/trade-in%s: the step edge-api’s state names (%s), robots %s, never shared', async (query, heading, robots) => {
    const res = await get(query);
    expect(res.status).toBe(200);
    const head = headOf(res);
    expect(head).toMatchObject({ title: 'Trade-in valuation | Test Motors', robots, styles: manifest.css });
    // A journey page is the shopper's own: the shell caches only what a remote marks public.
    expect(res.headers.get('cache-control')).toBe(DEFAULT_FRAGMENT_CACHE_CONTROL);
    const html = await res.text();
    expect(html).toContain(`<h2 id="ftr-step-heading" class="ftr-step__heading" tabindex="-1">${heading}</h2>`);
    expect(html).toContain('data-island="mf-vehicle/TradeInJourney"');
    expect(html).toContain('Trade-In FAQ');
  });

  it('an expired journey starts again with a clear message; another tenant never reads this one', async () => {
    for (const [query, tenant] of [[`?journey=${fixtureJourneyId('gone')}`, FAKE_TENANT], [`?journey=${JOURNEY_STATES.offer.id}`, 'other-motors']] as const) {
      const res = await get(query, tenant);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('That valuation has expired or could not be found.');
      expect(html).not.toContain('$18,400');
    }
  });

  it('/cars/trade-in?car_id=: the car from mf-search beside the form, noindex; /sell-my-car without it', async () => {
    const res = await get(`?car_id=${sampleCar.slug}`);
    expect(headOf(res).robots).toBe('noindex');
    const html = await res.text();
    expect(html).toContain(`<a href="/cars/${sampleCar.slug}">${sampleCar.name}</a>`);
    expect(html).toContain(`name="return" value="/cars/trade-in?car_id=${sampleCar.slug}"`);
    const sell = await get(`?_journey=sell-my-car&car_id=${sampleCar.slug}`);
    expect(headOf(sell).title).toBe('Sell my car | Test Motors');
    const sellHtml = await sell.text();
    expect(sellHtml).toContain('name="journey" value="sell-my-car"');
    expect(sellHtml).not.toContain(`<a href="/cars/${sampleCar.slug}">`);
  });

  it('/sell-your-car stays itself: the route param `_path` (contracts route table) is every form’s return path', async () => {
    const html = await (await get('?_journey=sell-my-car&_path=%2Fsell-your-car&manual=1')).text();
    expect(html).toContain('<input type="hidden" name="return" value="/sell-your-car"/>');
    expect(html).toContain('href="/sell-your-car"');
    expect(html).not.toContain('/sell-my-car');
  });

  it('the protocol’s 404 where the tenant has no trade-in', async () => {
    await expectProtocolNotFound(await get('', 'no-trade-motors'), { version: manifest.version, tenantName: 'Test Motors' });
  });
});
