/** The location block slot with its params, and the service and parts pages, inside workerd (the deployed Worker, KV seeded). */
import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { slotFor } from '@forecourt/contracts/slots';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { fetchWorker } from './test/worker.ts';

const get = (path: string, tenant = 'group-motors') => fetchWorker(path, { headers: { [TENANT_HEADER]: tenant } });
const slot = (params: Parameters<typeof slotFor<'locationsSummary'>>[2], tenant?: string) =>
  get(`/fragments/locations-summary?${new URLSearchParams(slotFor('locationsSummary', 'locations-summary', params).params)}`, tenant);
const blockIds = (html: string) => [...html.matchAll(/id="fl-block-(\w+)"/g)].map((m) => m[1]);

describe('the location block slot in workerd (spec §2 Location block)', () => {
  it('a filtered list: service and parts of one dealership, sorted service then parts, as a grid', async () => {
    const res = await slot({ show: 'service-and-parts', manufacturer: 'hyundai' });
    expect(res.status).toBe(200);
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ styles: manifest.css });
    const html = await res.text();
    expect(blockIds(html)).toEqual(['hsv', 'hpa']);
    expect(html).toContain('<ul class="fl-block__grid" data-columns="2">');
    expect(html).toContain('>Get Directions<');
  });
  it('one location by id: the large card', async () => {
    const html = await (await slot({ show: 'id', id: 'hsa' })).text();
    expect(blockIds(html)).toEqual(['hsa']);
    expect(html).toContain('fl-bcard--large');
    expect(html).toContain('<img class="fl-bcard__img" src="/demo-img/place/1f4e8c/sales.svg" width="640" height="320"');
  });
  it("the car page's block (issue 18): the host's heading, the map of Australia with the pin in place of the photo, no #reviews without reviews to list", async () => {
    const res = await slot({ show: 'id', id: 'hsa', variant: 'map', reviews: 'list', heading: 'Where to find this car' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2 id="fl-summary-title">Where to find this car</h2>');
    expect(html).toMatch(/<figure class="fl-bcard__map"><svg class="fl-map__svg"[^>]*aria-label="Map of Australia marking Springwood QLD 4127"/);
    expect(html).toContain('class="fl-map__marker"');
    expect(html).not.toContain('<img');
    expect(html).toContain('>Get Directions<');
    // The group's locations have a rating but no review to list: no #reviews block, the count is plain text.
    expect(html).not.toContain('id="reviews"');
    expect(html).toContain('<span class="fl-rating__count">Based on 212 reviews</span>');
  });
  it('the carousel: the island with the sales and used locations, View Our Stock, the Swipe hint above 3 cards', async () => {
    const html = await (await slot({ show: 'sales', layout: 'carousel' })).text();
    expect(html).toContain('data-island="mf-locations/LocationsCarousel"');
    const cards = [...html.matchAll(/<li class="fl-carousel__item">/g)].length;
    expect(cards).toBeGreaterThan(3);
    expect(html).toMatch(/<p class="fl-carousel__hint"><svg class="fc-icon"[^>]*>.*?<\/svg> Swipe <svg class="fc-icon"/);
    expect(html).toContain('href="/search/harbour-hyundai-used">View Our Stock');
  });
  it('params the contract refuses, or show=id without its id: the protocol’s empty 404', async () => {
    for (const query of ['show=nearest', 'layout=grid', 'show=id', 'id=hsa', 'include=a%20b', 'limit=20']) {
      await expectProtocolNotFound(await get(`/fragments/locations-summary?${query}`), { version: manifest.version, tenantName: 'Group Motors', label: query });
    }
  });
  it('exposes the carousel island in its client bundle', async () => {
    const res = await fetchWorker(manifest.entry!);
    expect((await res.text()).includes('./LocationsCarousel')).toBe(true);
  });
});

describe('the service and parts pages in workerd', () => {
  it('/service: indexable, how each dealership books, the enquiry form slot, the service centres, the service pages', async () => {
    const res = await get('/fragments/service');
    expect(res.status).toBe(200);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head?.robots).toBeUndefined();
    expect(head?.slots?.[0]).toMatchObject({ remote: 'mf-account', page: 'lead-form', params: { form: 'service' } });
    const html = await res.text();
    expect(html).toContain('<h2 id="fl-bookings-title">Book a service</h2>');
    expect(blockIds(html)).toEqual(['hsv', 'fsv']);
    expect(html).toContain('href="/warranty">Warranty</a>');
  });
  it('/vehicle-parts-and-accessories (page parts): indexable, the parts search and the Parts Enquiry form', async () => {
    const res = await get('/fragments/parts');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.robots).toBeUndefined();
    const html = await res.text();
    expect(html).toContain('action="/parts/search"');
    expect(html).toContain('name="query"');
    expect(blockIds(html)).toEqual(['hpa']);
  });
});
