import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { PAGES } from '@forecourt/contracts/routes';
import { slotFor } from '@forecourt/contracts/slots';
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

describe('the locations summary slot (contracts SLOTS.locationsSummary)', () => {
  const at = (iso: string) => createApp({ styles, version, now: () => new Date(iso) });
  const summary = (query: string, iso = '2026-03-04T00:00:00Z', tenant = 'test-motors') =>
    at(iso).request(`/fragments/locations-summary${query}`, { headers: { [TENANT_HEADER]: tenant } }, env);

  it('answers the section the host’s slot names, shareable for a minute, with its stylesheet in the head', async () => {
    const slot = slotFor('locationsSummary', 'home-locations', { limit: '2' });
    expect(slot).toMatchObject({ remote: 'mf-locations', page: 'locations-summary', params: { limit: '2' } });
    const res = await summary(`?${new URLSearchParams(slot.params)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get(VERSION_HEADER)).toBe(version);
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Our locations | Test Motors', styles });
    const html = await res.text();
    expect(html).toMatch(/^<section class="fl-summary" aria-labelledby="fl-summary-title">/);
    expect(html).toContain('<h2 id="fl-summary-title">Our locations</h2>');
    expect(html).toContain('<a class="fc-btn fc-btn--ghost" href="/locations">All 3 locations</a>');
    expect(html.match(/<article class="fc-card fl-sum"/g)).toHaveLength(2);
    expect(html).not.toMatch(/<html|<head|data-island/);
  });

  it('primary first, then by type; each card with today, address to the map, phone, reviews and its page', async () => {
    const html = await (await summary('')).text();
    const names = [...html.matchAll(/<h3 class="fl-sum__name" id="fl-sum-(\w+)">/g)].map((m) => m[1]);
    expect(names).toEqual(['l1', 'l4', 'l2']);
    expect(html).toContain('<strong>Open now</strong> · Closes at 5:30pm');
    expect(html).toContain('<a href="https://maps.example/springwood">3350 Pacific Highway<br/>Springwood QLD 4127</a>');
    expect(html).toContain('<a href="tel:0732080000">Call <!-- -->07 3208 0000</a>');
    expect(html).toContain('<span class="fl-stars" role="img" aria-label="Rated 4.6 out of 5" style="--fl-stars-fill:92%"></span>');
    expect(html).toContain('Based on 212 reviews');
    expect(html).toContain('<a class="fc-btn fc-btn--sm" href="/locations/springwood-toyota">View location<span class="fc-visually-hidden">: <!-- -->Springwood Toyota Sales</span></a>');
  });

  it('follows the clock: closed at night, opening tomorrow', async () => {
    const html = await (await summary('?limit=1', '2026-03-04T09:00:00Z')).text(); // 7pm in Brisbane
    expect(html).toContain('<strong>Closed now</strong> · Opens tomorrow at 8:30am');
  });

  it('answers params the contract refuses with the protocol’s empty 404', async () => {
    for (const query of ['?limit=0', '?limit=13', '?limit=two']) {
      await expectProtocolNotFound(await summary(query), { version, tenantName: 'Test Motors', label: query });
    }
  });

  it('a site without locations: an empty fragment', async () => {
    const res = await summary('', undefined, 'no-data');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
