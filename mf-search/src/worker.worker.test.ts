/**
 * The deployed mf-search Worker inside workerd: its fetch handler (whatever src/worker.tsx builds) with KV CONFIG and
 * STOCK seeded, the embedded engine, ASSETS from dist/client, and edge-api faked at the service-binding boundary
 * (src/test/fake-services.ts).
 */
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { FAKE_TENANT, FINANCE_CARS, FINANCE_TENANT, RESERVED_CAR } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.ts';

const get = (path: string, tenant?: string) => fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} });

describe('mf-search Worker (workerd)', () => {
  it('warmed up at module start inside workerd: the made-up tenant’s search page rendered before any request (issue 19)', async () => {
    await get('/fragments/search?_segments=new-used-and-demo-cars', FAKE_TENANT);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(21 * 2_000);
  });

  it('answers the search page from the tenant’s stock in KV: HTML, head, version, shareable', async () => {
    const res = await get('/fragments/search?_segments=new-used-and-demo-cars', FAKE_TENANT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    expect(head.title).toMatch(/ \| Test Motors$/);
    expect(head.styles).toEqual(manifest.css);
    const html = await res.text();
    expect(html).toContain(`/cars/${sampleCar.slug}`);
    expect(html).toContain(`/cars/${RESERVED_CAR.slug}`);
  });

  it('shows Reserved on the card of a car edge-api holds a paid reservation for (the results island’s view)', async () => {
    const res = await get(`/api/search/view?path=${encodeURIComponent('/search/new-used-and-demo-cars')}`, FAKE_TENANT);
    expect(res.status).toBe(200);
    const view = (await res.json()) as { cards: Array<{ id: string | number; tag: { kind: string } | null }> };
    const tagOf = (id: string) => view.cards.find((card) => String(card.id) === id)?.tag?.kind ?? null;
    expect(tagOf(RESERVED_CAR.id)).toBe('reserved');
    expect(tagOf(sampleCar.id)).not.toBe('reserved');
  });

  it('answers /internal/car (the vehicle page’s read model) for a car of this tenant only', async () => {
    const res = await get(`/internal/car?slug=${sampleCar.slug}`, FAKE_TENANT);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { car: { id: string } }).car.id).toBe(sampleCar.id);
    expect((await get('/internal/car?slug=no-such-car-1', FAKE_TENANT)).status).toBe(404);
    expect((await get(`/internal/car?slug=${sampleCar.slug}`, 'no-stock')).status).toBe(404);
  });

  it('answers /internal/car?id= (finance links carry the car id): this tenant’s car only, exactly one of slug and id', async () => {
    const res = await get(`/internal/car?id=${RESERVED_CAR.id}`, FAKE_TENANT);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { car: { id: string; slug: string } }).car).toMatchObject({ id: RESERVED_CAR.id, slug: RESERVED_CAR.slug });
    expect((await get('/internal/car?id=999999', FAKE_TENANT)).status).toBe(404);
    // Another tenant's car, by its id, asked as this tenant (and this tenant's car asked as another): not found.
    expect((await get(`/internal/car?id=${FINANCE_CARS[0]!.id}`, FAKE_TENANT)).status).toBe(404);
    expect((await get(`/internal/car?id=${sampleCar.id}`, FINANCE_TENANT)).status).toBe(404);
    expect((await get(`/internal/car?id=${FINANCE_CARS[0]!.id}`, FINANCE_TENANT)).status).toBe(200);
    for (const query of [`id=${sampleCar.id}&slug=${sampleCar.slug}`, '', 'id=']) {
      const bad = await get(`/internal/car?${query}`, FAKE_TENANT);
      expect(bad.status, query).toBe(400);
      expect(await bad.json()).toEqual({ error: 'Give a car slug or a car id.' });
    }
  });

  it('answers an unknown tenant, or none, with 404 JSON, and an unknown page with the protocol’s empty 404', async () => {
    for (const tenant of ['nobody', undefined]) {
      const res = await get('/fragments/search?_segments=new-used-and-demo-cars', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
    const res = await get('/fragments/vehicle', FAKE_TENANT);
    expect(res.status).toBe(404);
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(await res.text()).toBe('');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Page not found | Test Motors', robots: 'noindex' });
  });

  it('answers a search path naming nothing the tenant has with the empty 404, whose head names no canonical', async () => {
    const res = await get(`/fragments/search?_segments=${encodeURIComponent('Pay by bank transfer ZQX7')}`, FAKE_TENANT);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    expect(head).toMatchObject({ robots: 'noindex' });
    expect(head.canonical).toBeUndefined();
    expect(JSON.stringify(head)).not.toMatch(/ZQX7/);
  });

  it('names in its breadcrumb only refinements the tenant’s stock knows: an unknown make, body or model shows no crumb', async () => {
    const marker = encodeURIComponent('Pay by bank transfer to BSB 062-000 ZQX7');
    const crumbsOf = async (segments: string, query: string) => {
      const res = await get(`/fragments/search?_segments=${segments}&${query}`, FAKE_TENANT);
      expect(res.status).toBe(200);
      return /<nav[^>]*aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(await res.text())?.[0] ?? '';
    };
    for (const [segments, query] of [['used-cars', `make=${marker}`], ['used-cars', `simple_body=${marker}`], ['toyota', `model=${marker}`], ['used-cars', `make=Toyota&model=${marker}`]] as const) {
      expect(await crumbsOf(segments, query), `${segments}?${query}`).not.toMatch(/ZQX7|pay-by-bank/i);
    }
    const known = await crumbsOf('used-cars', `make=Toyota&model=${encodeURIComponent(sampleCar.model)}`);
    expect(known).toContain('href="/search/toyota"');
    expect(known).toContain(`>${sampleCar.model}<`);
  });

  it('serves its built client bundle under /_mf/ from ASSETS, no tenant needed', async () => {
    const res = await get(manifest.entry!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).includes('mf_search')).toBe(true);
  });
});
