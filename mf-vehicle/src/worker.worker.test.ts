/**
 * The deployed mf-vehicle Worker inside workerd: its fetch handler with KV CONFIG seeded, ASSETS from dist/client, and
 * mf-search / edge-api faked at the service-binding boundary (src/test/fake-services.ts).
 */
import { describe, expect, it } from 'vitest';
import { inOneWindow } from '@forecourt/contracts/fixtures/rate-limit';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { FAKE_DELIVERY, FAKE_TENANT } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.ts';

const get = (path: string, tenant?: string, headers: Record<string, string> = {}) =>
  fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant, ...headers } : headers });

describe('mf-vehicle Worker (workerd)', () => {
  it('warmed up at module start inside workerd: a made-up car’s page rendered before any request (issue 19)', async () => {
    expect((await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, FAKE_TENANT)).status).toBe(200);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(3 * 20_000);
  });

  it('answers the car page for a car mf-search knows: HTML, head with JSON-LD and slots, version', async () => {
    const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, FAKE_TENANT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    expect(head).toMatchObject({ title: `${sampleCar.name} | Test Motors`, canonical: `https://www.test-motors.com.au/cars/${sampleCar.slug}`, styles: manifest.css });
    expect(head.jsonLd?.[0]).toMatchObject({ '@type': 'Car' });
    // Other remotes' parts of the page travel as slots: mf-finance's calculator, mf-account's lead forms.
    expect(head.slots?.map((s) => s.remote)).toEqual(expect.arrayContaining(['mf-finance', 'mf-account']));
    // The car's location in `#vehicle-map` (issue 18): mf-locations' block with the map and the `#reviews` list.
    expect(head.slots?.find((s) => s.remote === 'mf-locations')).toMatchObject({ page: 'locations-summary', params: { show: 'id', id: sampleCar.location_id, variant: 'map', reviews: 'list' } });
    const html = await res.text();
    expect(html).toContain(sampleCar.name);
    expect(html).toContain('<div class="fv-section fv-map" id="vehicle-map"><div class="fv-slot fv-map__slot"><fc-slot id="vehicle-location"></fc-slot></div><section class="fv-map__fallback"');
    expect(html).toContain('<aside class="fv-vdp__side fc-card" id="enquire"');
    // The tenant's blog posts about this car (content in KV), never another tenant's.
    expect(html).toContain('<a href="/blog/corolla-guide">READ MORE');
    expect(html).not.toContain('other-corolla');
  });

  it('answers 404 "car not found" when mf-search does not know the car for this tenant (the tenant header travels)', async () => {
    for (const [tenant, slug] of [[FAKE_TENANT, 'no-such-car-1'], ['other-motors', sampleCar.slug]] as const) {
      const res = await get(`/fragments/vehicle?_slug=${slug}`, tenant);
      expect(res.status).toBe(404);
      expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ robots: 'noindex' });
    }
  });

  it('answers an unknown tenant, or none, with 404 JSON, and an unknown page with the protocol’s empty 404', async () => {
    for (const tenant of ['nobody', undefined]) {
      const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
    await expectProtocolNotFound(await get('/fragments/search', FAKE_TENANT), { version: manifest.version, tenantName: 'Test Motors' });
  });

  it('answers the delivery calculator API through edge-api’s delivery port, and its PDF through the embedded writer', async () => {
    const delivery = await get(`/api/vehicle/delivery?postcode=4000&car_id=${sampleCar.slug}`, FAKE_TENANT, { [CLIENT_IP_HEADER]: '203.0.113.30' });
    expect(delivery.status).toBe(200);
    expect(await delivery.json()).toEqual({ kind: 'estimate', ...FAKE_DELIVERY });
    const pdf = await get(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, FAKE_TENANT, { [CLIENT_IP_HEADER]: '203.0.113.30' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('limits /api/vehicle/* per client with the VEHICLE_API_LIMITER binding (20 a minute)', async () => {
    const ask = (ip: string) => get(`/api/vehicle/delivery?postcode=4000&car_id=${sampleCar.slug}`, FAKE_TENANT, { [CLIENT_IP_HEADER]: ip });
    // One window of the binding's clock-aligned minute (a burst across its end would start counting again).
    const statuses = await inOneWindow(60, async (attempt) => {
      const out: number[] = [];
      for (let i = 0; i < 21; i++) out.push((await ask(`203.0.113.${31 + attempt * 2}`)).status);
      return out;
    });
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await ask('203.0.113.40')).status).toBe(200);
  });

  it('serves its built client bundle under /_mf/ from ASSETS, no tenant needed', async () => {
    const res = await get(manifest.entry!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).includes('./ImageGallery')).toBe(true); // an island it exposes
  });
});
