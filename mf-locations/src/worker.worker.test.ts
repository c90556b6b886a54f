/** The deployed mf-locations Worker inside workerd: its fetch handler, KV CONFIG seeded, ASSETS from dist/client. */
import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { fetchWorker } from './test/worker.ts';

const get = (path: string, tenant?: string) => fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} });

describe('mf-locations Worker (workerd)', () => {
  it('answers the locations fragment for a seeded tenant: HTML, head, version, the tenant’s locations', async () => {
    const res = await get('/fragments/locations', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head).toMatchObject({ title: 'Our locations | Test Motors', styles: manifest.css });
    const html = await res.text();
    expect(html).toContain('Springwood Toyota Sales</h2>');
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
