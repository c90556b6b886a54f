/** The dealer locator through the app (Node): edge-api's geocoding and the LOCATOR_LIMITER binding stubbed (src/test/tenant.ts testEnv). */
import { describe, expect, it, vi } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { GEOCODE_ERRORS } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createApp } from './app.tsx';
import { LOCATOR_TEXTS } from './lib/locator.ts';
import { groupConfigInput, groupDataInput } from './test/group.ts';
import { testEnv, type TestEnvOptions } from './test/tenant.ts';

const PLACES: Record<string, { lat: number; lng: number; label: string; postcode: string | null; state: string | null; approximate: boolean }> = {
  '2750': { lat: -33.7507, lng: 150.6877, label: 'Penrith NSW 2750', postcode: '2750', state: 'NSW', approximate: false },
  Capalaba: { lat: -27.5263, lng: 153.1927, label: 'Capalaba QLD 4157', postcode: '4157', state: 'QLD', approximate: false },
};
/** edge-api's geocoding as the contract says: known places, 503 for 4000 (the provider down), else 404. */
const geocode: TestEnvOptions['edge'] = (url) => {
  if (url.pathname !== '/internal/geocode') return Response.json({ error: 'Not found.' }, { status: 404 });
  const q = url.searchParams.get('q') ?? '';
  if (q === '4000') return Response.json({ error: GEOCODE_ERRORS.unavailable }, { status: 503 });
  const place = PLACES[q];
  return place ? Response.json(place) : Response.json({ error: GEOCODE_ERRORS.notFound }, { status: 404 });
};
const NOW = new Date('2026-03-04T00:00:00Z');
const setup = (options: TestEnvOptions = {}) => {
  const env = testEnv([groupConfigInput()], { 'group-motors': groupDataInput() }, { edge: geocode, ...options });
  const app = createApp({ styles: [], version: '1.0.0', now: () => NOW });
  const get = (query: string, ip = '203.0.113.9') => app.request(`/fragments/dealer-locator${query}`, { headers: { [TENANT_HEADER]: 'group-motors', [CLIENT_IP_HEADER]: ip } }, env);
  return { env, get };
};
const cards = (html: string) => [...html.matchAll(/<article class="fc-card fl-dcard" id="fl-d-([a-z-]+)"/g)].map((m) => m[1]);
const CONFIG_ORDER = ['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda'];

describe('/dealer-locator through the app', () => {
  it('a postcode found: nearest dealership first with N km away and Nearest to …; indexable, canonical to the page', async () => {
    const { env, get } = setup();
    const res = await get('?near=2750');
    expect(res.status).toBe(200);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head).toMatchObject({ title: 'Dealer locator | Group Motors', canonical: 'https://www.groupmotors.com.au/dealer-locator' });
    expect(head?.robots).toBeUndefined();
    const html = await res.text();
    expect(cards(html)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    expect(html).toContain('<p class="fl-nearest">Nearest to Penrith NSW 2750</p>');
    expect(html).toContain('<p class="fl-loc__distance">0.8 km away</p>');
    expect(env.edgeCalls).toEqual([{ url: 'https://edge-api.internal/internal/geocode?q=2750', tenant: 'group-motors' }]);
  });

  it('a suburb found: Capalaba’s dealership first', async () => {
    const html = await (await setup().get('?near=Capalaba')).text();
    expect(cards(html)).toEqual(['bay-kia-mazda', 'harbour-hyundai', 'penrith-ford']);
    expect(html).toContain('Nearest to Capalaba QLD 4157');
  });

  it('a box outside the rule (400 without a lookup): the field error; the list in the config’s order', async () => {
    const { env, get } = setup();
    const html = await (await get('?near=41')).text();
    expect(html).toContain('aria-invalid="true" aria-describedby="fl-near-hint fl-near-error"');
    expect(html).toContain('<p class="fl-field__error" id="fl-near-error">Invalid postcode. Please enter a 4-digit number.</p>');
    expect(cards(html)).toEqual(CONFIG_ORDER);
    expect(env.edgeCalls).toEqual([]);
  });

  it('edge-api 404: “Invalid postcode” at the box for a postcode, try-its-postcode for a suburb', async () => {
    const { get } = setup();
    expect(await (await get('?near=0999')).text()).toContain('<p class="fl-field__error" id="fl-near-error">Invalid postcode</p>');
    expect(await (await get('?near=Atlantis')).text()).toContain(`<p class="fl-field__error" id="fl-near-error">${GEOCODE_ERRORS.suburb}</p>`);
  });

  it('edge-api 503 or unreachable: the unavailable notice, the list still shown unsorted', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = await (await setup().get('?near=4000')).text();
    expect(down).toContain(`<p class="fl-notice" role="status">${GEOCODE_ERRORS.unavailable}</p>`);
    expect(cards(down)).toEqual(CONFIG_ORDER);
    const gone = await (await setup({ edge: () => Promise.reject(new TypeError('no route')) }).get('?near=2750')).text();
    expect(gone).toContain(GEOCODE_ERRORS.unavailable);
    expect(cards(gone)).toEqual(CONFIG_ORDER);
    spy.mockRestore();
  });

  it('rate-limited per tenant and client IP: a clear message, the list still shown, no lookup', async () => {
    const { env, get } = setup({ locatorLimit: 2 });
    for (let i = 0; i < 2; i++) expect(await (await get('?near=2750')).text()).toContain('Nearest to Penrith');
    const limited = await (await get('?near=2750')).text();
    expect(limited).toContain(LOCATOR_TEXTS.rateLimited);
    expect(cards(limited)).toEqual(CONFIG_ORDER);
    expect(env.edgeCalls).toHaveLength(2);
    expect(env.LOCATOR_LIMITER.calls).toEqual(['group-motors:203.0.113.9', 'group-motors:203.0.113.9', 'group-motors:203.0.113.9']);
    // Another client is not held back.
    expect(await (await get('?near=2750', '203.0.113.10')).text()).toContain('Nearest to Penrith');
  });

  it('a browser position inside Australia sorts without a lookup; outside it is ignored with a message', async () => {
    const { env, get } = setup();
    const here = await (await get('?lat=-27.531&lng=153.2')).text();
    expect(cards(here)).toEqual(['bay-kia-mazda', 'harbour-hyundai', 'penrith-ford']);
    expect(here).toContain('Nearest to your location');
    const away = await (await get('?lat=51.5&lng=-0.12')).text();
    expect(away).toContain(LOCATOR_TEXTS.pointOutside);
    expect(cards(away)).toEqual(CONFIG_ORDER);
    expect(env.edgeCalls).toEqual([]);
    expect(env.LOCATOR_LIMITER.calls).toEqual([]);
  });

  it('type and brand filters, with a place', async () => {
    const html = await (await setup().get('?near=Capalaba&type=service')).text();
    expect(cards(html)).toEqual(['harbour-hyundai', 'penrith-ford']);
    expect(html).toContain('<option value="service" selected="">Service</option>');
    expect(cards(await (await setup().get('?brand=mazda')).text())).toEqual(['bay-kia-mazda']);
  });

  it('/locations never looks anything up', async () => {
    const { env } = setup();
    const app = createApp({ styles: [], version: '1.0.0', now: () => NOW });
    const res = await app.request('/fragments/locations?near=2750&tab=hus', { headers: { [TENANT_HEADER]: 'group-motors' } }, env);
    const html = await res.text();
    expect(cards(html)).toEqual(CONFIG_ORDER);
    expect(html).toMatch(/aria-selected="true" aria-controls="fl-panel-harbour-hyundai-hus">Used cars<\/a>/);
    expect(env.edgeCalls).toEqual([]);
  });
});
