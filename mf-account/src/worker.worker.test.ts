/** The deployed mf-account Worker inside workerd: its fetch handler, KV CONFIG seeded, ASSETS from dist/client. */
import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.ts';

const get = (path: string, tenant?: string) => fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} });

describe('mf-account Worker (workerd)', () => {
  it('warmed up at module start inside workerd: the header slot, a made-up tenant’s reads and the router (issue 19)', async () => {
    expect((await get('/fragments/header-account', 'test-motors')).status).toBe(200);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(1_000);
  });

  it('answers the header slot for a seeded tenant: the island, its head and version, shareable', async () => {
    const res = await get('/fragments/header-account', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toEqual({ title: 'Test Motors', styles: manifest.css });
    expect(await res.text()).toContain('data-island="mf-account/HeaderAccount"');
    // Favourites and the watchlist off: an empty slot, not the not-found 404.
    const off = await get('/fragments/header-account', 'no-saves');
    expect(off.status).toBe(200);
    expect(await off.text()).toBe('');
  });

  it('answers the sign-in page, noindex', async () => {
    const res = await get('/fragments/sign-in', 'test-motors');
    expect(res.status).toBe(200);
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Sign in | Test Motors', robots: 'noindex', styles: manifest.css });
    expect(await res.text()).toContain('<h1>Sign in</h1>');
  });

  it('fills the lead-form slot from the tenant’s data in KV, and refuses params outside the contract', async () => {
    const res = await get(`/fragments/lead-form?form=contact&id=fl-contact-form&location_options=${sampleLocation.id}`, 'test-motors');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="mf-account/LeadForm"');
    expect(html).toContain(`<input type="hidden" name="location" value="${sampleLocation.id}"/>`);
    // Shared whole with the page holding it (issue 19): no lead id in it, edge-api mints it when the form is posted.
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(html).not.toContain('name="lead_id"');
    expect(html).not.toContain('fc-lead-id-per-render');
    await expectProtocolNotFound(await get('/fragments/lead-form?form=nope&id=x', 'test-motors'), { version: manifest.version, tenantName: 'Test Motors' });
  });

  it('answers an unknown tenant, or none, with 404 JSON, and an unknown page with the protocol’s empty 404', async () => {
    for (const tenant of ['nobody', undefined]) {
      const res = await get('/fragments/sign-in', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
    await expectProtocolNotFound(await get('/fragments/checkout', 'test-motors'), { version: manifest.version, tenantName: 'Test Motors' });
  });

  it('serves its built client bundle under /_mf/ from ASSETS, no tenant needed', async () => {
    const res = await get(manifest.entry!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).includes('./HeaderAccount')).toBe(true); // an island it exposes
  });
});
