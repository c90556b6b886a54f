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
      // Every page is indexable (issue 17: service and parts are real pages now).
      expect(head?.robots, page).toBe(undefined);
      const html = await res.text();
      expect(html).not.toMatch(/<html|<head/);
      expect(html).toContain('<h1>');
    }
  });

  it('lists the tenant’s real locations server-side', async () => {
    const res = await get('/fragments/locations?locationQuery=springwood', 'test-motors');
    const html = await res.text();
    // One card per dealership; its locations are its tabs (the first one's details shown).
    expect(html).toContain('Springwood Motor Group</h2>');
    expect(html).toContain('Springwood Toyota Sales</h3>');
    expect(html).toMatch(/role="tab"[^>]*>Service<\/a>/);
    expect(html).not.toContain('Logan Euro</h2>');
    expect(html).not.toContain('Hidden Yard');
  });

  it('puts a location’s JSON-LD in the head', async () => {
    const res = await get('/fragments/location?_slug=springwood-toyota', 'test-motors');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head?.title).toBe('Springwood Toyota Sales | Test Motors');
    expect(head?.jsonLd).toEqual([expect.objectContaining({ '@type': 'AutoDealer', name: 'Springwood Toyota Sales' })]);
    // One canonical page whichever way it was reached (`/our-location/…`, `?type=`), when the site has an address.
    expect(head?.canonical).toBeUndefined();
    const sited = testEnv([siteConfigInput('test-motors', { locations: LOCATION_IDS, site_url: 'https://www.testmotors.com.au' })], { 'test-motors': tenantDataInput() });
    for (const query of ['_slug=springwood-toyota', '_slug=springwood-toyota&type=service']) {
      const typed = decodeFragmentHead((await get(`/fragments/location?${query}`, 'test-motors', sited)).headers.get(FRAGMENT_HEAD_HEADER));
      expect(typed?.canonical, query).toBe('https://www.testmotors.com.au/locations/springwood-toyota');
    }
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
    expect(html).toMatch(/^<section class="fl-block fl-summary" aria-labelledby="fl-summary-title">/);
    expect(html).toContain('<h2 id="fl-summary-title">Our locations</h2>');
    expect(html).toContain('<a class="fc-btn fc-btn--ghost" href="/locations">All 3 locations</a>');
    expect(html).toContain('<ul class="fl-block__grid" data-columns="2">');
    expect(html.match(/<article class="fc-card fl-bcard"/g)).toHaveLength(2);
    expect(html).not.toMatch(/<html|<head|data-island/);
  });

  it('without params: primary first, then by type; each card with today, address, phone, hours, reviews and its buttons', async () => {
    const html = await (await summary('')).text();
    const names = [...html.matchAll(/<h3 class="fl-bcard__name" id="fl-block-(\w+)">/g)].map((m) => m[1]);
    expect(names).toEqual(['l1', 'l4', 'l2']);
    expect(html).toContain('<ul class="fl-block__grid" data-columns="3">');
    expect(html).toContain('<strong>Open now</strong> · Closes at 5:30pm');
    expect(html).toContain('<a href="https://maps.example/springwood">3350 Pacific Highway<br/>Springwood QLD 4127</a>');
    expect(html).toContain('<a href="tel:0732080000">Call <!-- -->07 3208 0000</a>');
    expect(html).toContain('<dt>Mon-Fri</dt><dd>8:30am - 5:30pm</dd>');
    expect(html).toContain('<span class="fl-stars" role="img" aria-label="Rated 4.6 out of 5" style="--fl-stars-fill:92%"></span>');
    expect(html).toContain('Based on 212 reviews');
    expect(html).toContain('<a class="fc-btn fc-btn--primary fl-bcard__contact" href="/contact-us/springwood-toyota">Contact Us<span class="fc-visually-hidden">: <!-- -->Springwood Toyota Sales</span></a>');
    expect(html).toContain('<a class="fc-btn fl-bcard__directions" href="https://www.google.com/maps/dir/?api=1&amp;destination=-27.6125%2C153.1294">Get Directions');
    expect(html).toContain('<a class="fc-btn fc-btn--ghost fl-bcard__details" href="/locations/springwood-toyota">View Location Details');
  });

  it('one location (show=primary, or one by id): the large card with its photo, sized', async () => {
    const html = await (await summary('?show=id&id=l4')).text();
    expect(html).toContain('<h2 id="fl-summary-title">Visit us</h2>');
    expect(html).toContain('<article class="fc-card fl-bcard fl-bcard--large" aria-labelledby="fl-block-l4" data-location-id="l4">');
    expect(html).not.toContain('fl-block__grid');
    const primary = await (await summary('?show=primary')).text();
    expect(primary).toContain('id="fl-block-l1"');
    expect(primary.match(/fl-bcard--large/g)).toHaveLength(1);
  });

  it('a filtered list: service only; a manufacturer; include and exclude ids', async () => {
    const ids = async (q: string) => [...(await (await summary(q)).text()).matchAll(/id="fl-block-(\w+)"/g)].map((m) => m[1]);
    expect(await ids('?show=service')).toEqual(['l2']);
    expect(await ids('?show=sales&manufacturer=skoda')).toEqual(['l4']);
    expect(await ids('?show=all&include=l2,l4')).toEqual(['l4', 'l2']);
    expect(await ids('?show=all&exclude=l1')).toEqual(['l4', 'l2']);
  });

  it('the carousel: the Our Locations island (loads when visible), server-rendered cards with View Location and View Our Stock', async () => {
    const html = await (await summary('?layout=carousel')).text();
    expect(html).toContain('data-island="mf-locations/LocationsCarousel"');
    expect(html).toContain('<h2 id="fl-carousel-title">Our Locations</h2>');
    expect(html).toContain('<ul id="fl-carousel-list" class="fl-carousel__list" aria-label="Our Locations">');
    expect(html).toContain('href="/search/springwood-toyota">View Our Stock');
    expect(html).not.toContain('href="/search/springwood-toyota-service"');
    // Three cards: no Swipe hint (spec §9: above 3).
    expect(html).not.toContain('Swipe');
  });

  it('follows the clock: closed at night, opening tomorrow', async () => {
    const html = await (await summary('?limit=1', '2026-03-04T09:00:00Z')).text(); // 7pm in Brisbane
    expect(html).toContain('<strong>Closed now</strong> · Opens tomorrow at 8:30am');
  });

  it('answers params the contract refuses, or show=id without its id, with the protocol’s empty 404', async () => {
    for (const query of ['?limit=0', '?limit=13', '?limit=two', '?show=nearest', '?layout=map', '?show=id', '?id=l1', '?include=l1;l2', '?manufacturer=Sko%20da']) {
      await expectProtocolNotFound(await summary(query), { version, tenantName: 'Test Motors', label: query });
    }
  });

  it('a site without locations, or a filter nothing matches: an empty fragment', async () => {
    for (const [query, tenant] of [['', 'no-data'], ['?show=parts', 'test-motors'], ['?show=id&id=l5', 'test-motors']] as const) {
      const res = await summary(query, undefined, tenant);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
  });
});

describe('the service and parts pages', () => {
  const page = (name: string, tenant = 'test-motors') => get(`/fragments/${name}`, tenant);
  it('service: indexable, how to book per dealership, the Service Enquiry form slot, service centres and service pages', async () => {
    const res = await page('service');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head?.robots).toBeUndefined();
    expect(head?.slots).toEqual([expect.objectContaining({ remote: 'mf-account', page: 'lead-form', params: expect.objectContaining({ form: 'service', location_options: 'l2' }) })]);
    const html = await res.text();
    expect(html).toContain('<h2 id="fl-bookings-title">Book a service</h2>');
    expect(html).toContain('href="#fl-enquiry">Send a service enquiry');
    expect(html).toContain('<h2 id="fl-more-title">Our service centres</h2>');
    expect(html).toContain('href="/capped-price-servicing">Capped price servicing</a>');
    expect(html).not.toContain('coming soon');
  });
  it('parts: indexable, the parts search to /parts/search and the Parts Enquiry form', async () => {
    const res = await page('parts');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.robots).toBeUndefined();
    const html = await res.text();
    expect(html).toMatch(/<form class="fl-parts-search__form" role="search"[^>]* action="\/parts\/search" method="get">/);
    expect(html).toContain('name="query"');
    expect(html).toContain('<fc-slot id="contact-form"></fc-slot>');
  });
});
