/** The deployed mf-locations Worker inside workerd: its fetch handler, KV CONFIG seeded, ASSETS from dist/client. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { slotFor } from '@forecourt/contracts/slots';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.tsx';

const get = (path: string, tenant?: string) => fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} });

describe('mf-locations Worker (workerd)', () => {
  it('warmed up at module start inside workerd: its slots, a made-up tenant’s reads and the router (issue 19)', async () => {
    expect((await get('/fragments/locations', 'test-motors')).status).toBe(200);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(2_000);
  });

  it('answers the locations fragment for a seeded tenant: HTML, head, version, the tenant’s locations', async () => {
    const res = await get('/fragments/locations', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head).toMatchObject({ title: 'Our locations | Test Motors', styles: manifest.css });
    const html = await res.text();
    expect(html).toContain('Springwood Motor Group</h2>');
    expect(html).toContain('Springwood Toyota Sales</h3>');
    expect(html).not.toContain('Hidden Yard');
  });

  it('answers a location page with its JSON-LD in the head', async () => {
    const res = await get('/fragments/location?_slug=springwood-toyota', 'test-motors');
    expect(res.status).toBe(200);
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.jsonLd).toEqual([expect.objectContaining({ '@type': 'AutoDealer' })]);
  });

  it('answers an unknown tenant, or none, with 404 JSON', async () => {
    for (const tenant of ['nobody', undefined]) {
      const res = await get('/fragments/locations', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
  });

  it('answers an unknown page or location with the protocol’s empty 404', async () => {
    for (const path of ['/fragments/no-such-page', '/fragments/location?_slug=nowhere']) {
      await expectProtocolNotFound(await get(path, 'test-motors'), { version: manifest.version, tenantName: 'Test Motors', label: path });
    }
  });

  it('serves its built client bundle under /_mf/ from ASSETS, no tenant needed', async () => {
    const res = await get(manifest.entry!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).includes('./LocationsList')).toBe(true); // an island it exposes
  });
});

describe('the locations summary slot in workerd (time zones and the clock)', () => {
  afterEach(() => vi.useRealTimers());
  const summary = (query = '') => get(`/fragments/locations-summary${query}`, 'test-motors');
  /** The Worker reads the clock per request: a fixed system time stands for the request's. */
  const atTime = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  it('answers the slot: shareable for a minute, its stylesheet in the head, the cards primary first', async () => {
    const slot = slotFor('locationsSummary', 'home-locations', {});
    const res = await summary(`?${new URLSearchParams(slot.params)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ styles: manifest.css });
    const html = await res.text();
    expect([...html.matchAll(/<h3 class="fl-bcard__name" id="fl-block-(\w+)"/g)].map((m) => m[1])).toEqual(['l1', 'l4', 'l2']);
    // Whatever the time of the run, every card with weekly hours says where it stands today.
    expect(html.match(/<strong>(?:Open now|Closed now|By appointment only)<\/strong>/g)?.length).toBe(2);
  });

  it('reads today in Queensland with workerd’s time zone data: open on a Wednesday morning, closed that evening', async () => {
    atTime('2026-03-04T00:00:00Z'); // 10am AEST
    expect(await (await summary('?limit=1')).text()).toContain('<strong>Open now</strong> · Closes at 5:30pm');
    atTime('2026-03-04T08:00:00Z'); // 6pm AEST
    expect(await (await summary('?limit=1')).text()).toContain('<strong>Closed now</strong> · Opens tomorrow at 8:30am');
    atTime('2026-03-06T22:00:00Z'); // Saturday 8am AEST
    expect(await (await summary('?limit=1')).text()).toContain('<strong>By appointment only</strong>');
  });

  it('answers params the contract refuses with the protocol’s empty 404', async () => {
    await expectProtocolNotFound(await summary('?limit=99'), { version: manifest.version, tenantName: 'Test Motors', label: 'limit=99' });
  });
});
