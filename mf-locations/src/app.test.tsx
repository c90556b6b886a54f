import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { PAGES } from '@forecourt/contracts/routes';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import pkg from '../package.json';
import type { Env } from './env.ts';
import { createApp } from './app.tsx';
import { LOCATION_IDS, siteConfigInput, tenantDataInput, testEnv } from './test/tenant.ts';

const styles = ['/_mf/mf-locations/0.1.0/assets/style-abc123.css'];
const version = '9.8.7';
const env = testEnv([siteConfigInput('test-motors', { locations: LOCATION_IDS }), siteConfigInput('no-data')], { 'test-motors': tenantDataInput() });
const get = (path: string, tenant?: string, bindings: Env = env) =>
  createApp({ styles, version }).request(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} }, bindings);

describe('mf-locations Worker', () => {
  it('answers 404 JSON for a missing or unknown tenant', async () => {
    for (const tenant of [undefined, 'nobody']) {
      const res = await get('/fragments/locations', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
  });

  it('answers every page the route table gives it with a fragment, its head and styles', async () => {
    for (const page of PAGES['mf-locations']) {
      const res = await get(`/fragments/${page}?_slug=springwood-toyota`, 'test-motors');
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get(VERSION_HEADER)).toBe(version);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
      expect(head?.styles).toEqual(styles);
      expect(head?.title).toMatch(/ \| Test Motors$/);
      // Placeholder pages (service, parts) stay out of search results; pages with real location content are indexable.
      expect(head?.robots, page).toBe(page === 'service' || page === 'parts' ? 'noindex' : undefined);
      const html = await res.text();
      expect(html).not.toMatch(/<html|<head/);
      expect(html).toContain('<h1>');
    }
  });

  it('lists the tenant’s real locations server-side', async () => {
    const res = await get('/fragments/locations?locationQuery=springwood', 'test-motors');
    const html = await res.text();
    expect(html).toContain('Springwood Toyota Sales</h2>');
    expect(html).toContain('Springwood Toyota Service</h2>');
    expect(html).not.toContain('Logan Škoda Sales</h2>');
    expect(html).not.toContain('Hidden Yard');
  });

  it('puts a location’s JSON-LD in the head', async () => {
    const res = await get('/fragments/location?_slug=springwood-toyota', 'test-motors');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head?.title).toBe('Springwood Toyota Sales | Test Motors');
    expect(head?.jsonLd).toEqual([expect.objectContaining({ '@type': 'AutoDealer', name: 'Springwood Toyota Sales' })]);
  });

  it('answers an unknown location, contact slug or page with the protocol\'s empty 404', async () => {
    for (const path of ['/fragments/location?_slug=nowhere', '/fragments/contact?_slug=nowhere', '/fragments/finance']) {
      await expectProtocolNotFound(await get(path, 'test-motors'), { version, tenantName: 'Test Motors', label: path });
    }
  });

  it('the deployed Worker sends its package version', async () => {
    const { default: worker } = await import('./worker.tsx');
    const res = await worker.request('/fragments/locations', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(pkg.version);
  });

  it('renders a tenant without a data set (no locations yet)', async () => {
    const res = await get('/fragments/locations', 'no-data');
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('fl-card');
  });

  it('serves the client bundle from ASSETS without a tenant', async () => {
    const res = await get('/_mf/mf-locations/0.1.0/remoteEntry.js');
    expect(await res.text()).toBe('asset /_mf/mf-locations/0.1.0/remoteEntry.js');
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken: Env = { ...env, CONFIG: { get: async () => { throw new Error('KV down'); } } };
    const res = await get('/fragments/locations', 'test-motors', broken);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
  });
});
