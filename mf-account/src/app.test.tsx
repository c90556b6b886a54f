import { LinearRouter } from 'hono/router/linear-router';
import { refusingMethods } from '@forecourt/contracts/fixtures/router';
import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { CACHE_TAGS_HEADER } from '@forecourt/contracts/page-cache';
import { PAGES } from '@forecourt/contracts/routes';
import { PENDING_PHONE_COOKIE } from '@forecourt/contracts/sign-in';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import pkg from '../package.json';
import type { Env } from './env.ts';
import { createApp } from './app.tsx';
import { tenantDataInput } from '@forecourt/contracts/fixtures/tenant';
import { FAKE_SESSIONS } from './test/fake-services.ts';
import { fakeBinding, siteConfigInput, testEnv } from './test/tenant.ts';

const styles = ['/_mf/mf-account/0.1.0/assets/style-abc123.css'];
const version = '9.8.7';
const env = testEnv([siteConfigInput('test-motors'), siteConfigInput('no-faves', { features: { favourites: false, watchlist: false } })], { 'test-motors': tenantDataInput() });
const get = (path: string, tenant?: string, bindings: Env = env) =>
  createApp({ styles, version }).request(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} }, bindings);

describe('mf-account Worker', () => {
  it('answers 404 JSON for a missing or unknown tenant', async () => {
    for (const tenant of [undefined, 'nobody']) {
      const res = await get('/fragments/sign-in', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
  });

  it('answers the header slot with the island and its styles in the head header', async () => {
    const res = await get('/fragments/header-account', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get(VERSION_HEADER)).toBe(version);
    expect(await res.text()).toContain('data-island="mf-account/HeaderAccount"');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.styles).toEqual(styles);
  });

  it('leaves the header slot empty (200, not the not-found 404) when the tenant turns favourites and the watchlist off', async () => {
    const res = await get('/fragments/header-account', 'no-faves');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.text()).toBe('');
  });

  it('answers every page the route table gives it, noindex, never stored, with styles', async () => {
    for (const page of PAGES['mf-account']) {
      const res = await get(`/fragments/${page}`, 'test-motors');
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get(VERSION_HEADER)).toBe(version);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
      expect(head).toMatchObject({ robots: 'noindex', styles });
      expect(head?.title).toMatch(/ \| Test Motors$/);
      const html = await res.text();
      expect(html).not.toMatch(/<html|<head/);
      expect(html).toContain('<h1>');
    }
  });

  it('answers an unknown page with the protocol\'s empty 404 (the shell draws the not-found block)', async () => {
    for (const page of ['checkout', 'toString']) {
      await expectProtocolNotFound(await get(`/fragments/${page}`, 'test-motors'), { version, tenantName: 'Test Motors', label: page });
    }
  });

  it('the deployed Worker sends its package version', async () => {
    const { default: worker } = await import('./worker.tsx');
    const res = await worker.request('/fragments/sign-in', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(pkg.version);
  });

  it('serves the client bundle from ASSETS without a tenant', async () => {
    const res = await get('/_mf/mf-account/0.1.0/remoteEntry.js');
    expect(await res.text()).toBe('asset /_mf/mf-account/0.1.0/remoteEntry.js');
  });

  it('routes with LinearRouter (hono/quick), which builds no matcher from the route table on the isolate’s first request (issue 19)', async () => {
    const app = createApp({ styles, version });
    const res = await app.request('/fragments/header-account', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + LinearRouter');
  });

  it('has no route LinearRouter refuses (a parameter and a wildcard), whichever method comes first', () => {
    // LinearRouter throws on such a route only when a request of its method reaches it: an isolate whose first request
    // had another method would have settled on LinearRouter, then failed every request of that method.
    const refuses = (routes: readonly { method: string; path: string }[]) => refusingMethods(new LinearRouter<null>(), routes, '/fragments/sign-in');
    expect(refuses([{ method: 'GET', path: '/_mf/:remote/*' }])).toEqual(['GET']);
    expect(refuses(createApp({ styles, version }).routes)).toEqual([]);
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken: Env = { ...env, CONFIG: { get: async () => { throw new Error('KV down'); } } };
    const res = await get('/fragments/sign-in', 'test-motors', broken);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
  });

  it('sign-in: the page of the query (heading and head title by journey, step 2), the pending phone from the forwarded cookie', async () => {
    const query = '?type=checkout&redirect=%2Fcars%2Fabc%2Fcheckout&back=%2Fcars%2Fabc&step=code';
    const res = await createApp({ styles, version }).request(`/fragments/sign-in${query}`, { headers: { [TENANT_HEADER]: 'test-motors', cookie: `${PENDING_PHONE_COOKIE}=0412345678` } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Sign in to reserve this car | Test Motors', robots: 'noindex', styles });
    const html = await res.text();
    expect(html).toContain('<h1>Sign in to reserve this car</h1>');
    expect(html).toContain('id="fa-sign-in-code-form"');
    expect(html).toContain('We sent a code to 04xx xxx 678.');
    expect(html).toContain('<input type="hidden" name="redirect" value="/cars/abc/checkout"/>');
    expect(html).not.toContain('coming soon');
    expect(html).toContain('"sessionCookie":false}</script>');
    const plain = await (await get('/fragments/sign-in', 'test-motors')).text();
    expect(plain).toContain('<h1>Sign in</h1>');
    expect(plain).toContain('id="fa-sign-in-phone-form"');
  });

  it("lead-form slot: the form the host's params name, shareable for a minute without a lead id (minted at submit), titled", async () => {
    const res = await get('/fragments/lead-form?form=contact&id=fl-contact-form&location_options=loc-springwood-sales&lead_error=rate_limited', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Send us an enquiry', styles });
    const html = await res.text();
    expect(html).toContain('data-island="mf-account/LeadForm"');
    // The tenant's one named location is hidden with its dealership (read from the tenant's data).
    expect(html).toContain('<input type="hidden" name="location" value="loc-springwood-sales"/>');
    expect(html).toContain('<input type="hidden" name="dealership_slug" value="springwood-toyota"/>');
    expect(html).toContain('Too many submissions. Please try again later.');
    // No lead id at all, not even the shell's old per-render token: the page holding it is the same for everyone
    // (edge-api mints the no-JavaScript form's id at submit; the island mints its own).
    expect(html).not.toContain('name="lead_id"');
    expect(html).not.toContain('"leadId"');
    expect(html).not.toContain(LEAD_ID_RENDER_TOKEN);
    // Not about a car: no cache tag of its own.
    expect(res.headers.get(CACHE_TAGS_HEADER)).toBeNull();
  });

  it('lead-form slot about a car: shareable, named by the car’s cache tag, still without a lead id', async () => {
    const res = await get('/fragments/lead-form?form=enquire&id=fv-enquire&layout=dialog&car_id=car-42&car_slug=2021-toyota-corolla-car-42&car_name=2021%20Toyota%20Corolla&car_type=used', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get(CACHE_TAGS_HEADER)).toBe('car:test-motors:car-42');
    const html = await res.text();
    expect(html).toContain('<input type="hidden" name="car_id" value="car-42"/>');
    expect(html).not.toContain('name="lead_id"');
  });

  it("lead-form slot: params the contract refuses (unknown form, bad id, too many locations) give the protocol's empty 404", async () => {
    const many = Array.from({ length: 21 }, (_, i) => `l${i}`).join(',');
    for (const query of ['', 'form=quote&id=x', 'form=contact', 'form=contact&id=Bad%20Id', `form=contact&id=x&location_options=${many}`]) {
      await expectProtocolNotFound(await get(`/fragments/lead-form?${query}`, 'test-motors'), { version, tenantName: 'Test Motors', label: query });
    }
  });

  describe('account pages (edge-api and mf-search faked)', () => {
    const as = (path: string, cookie: string | null, bindings: Env = env) =>
      createApp({ styles, version }).request(path, { headers: { [TENANT_HEADER]: 'test-motors', ...(cookie ? { cookie } : {}) } }, bindings);

    it('watchlist: the signed-in list (cookie forwarded to edge-api), never stored; signed out: the device page with sign-in', async () => {
      const res = await as('/fragments/watchlist', `a=1; ${FAKE_SESSIONS.signedIn}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Your saved cars | Test Motors', robots: 'noindex' });
      const html = await res.text();
      expect(html).toContain('2022 Kia Sportage S');
      expect(html).toContain('<div id="fa-device-favourites" data-island="mf-account/MergeFavourites" class="fc-island"></div>');
      expect(html).not.toContain('mf-account/SavedCars');
      const out = await (await as('/fragments/watchlist', null)).text();
      expect(out).toContain('mf-account/SavedCars');
      expect(out).toContain('Sign in to keep your saved cars on every device');
    });

    it('my-garage: the shopper’s sections, forms back to the garage route the shell names', async () => {
      const html = await (await as('/fragments/my-garage?_garage=myblinkr', FAKE_SESSIONS.signedIn)).text();
      expect(html).toContain('<h2 id="fa-garage-details-h">Your details</h2>');
      expect(html).toContain('<input type="hidden" name="redirect" value="/myblinkr"/>');
    });

    it('edge-api failing: says so, not a 500 (watchlist keeps the device list)', async () => {
      const down: Env = { ...env, EDGE_API: fakeBinding(() => { throw new Error('unreachable'); }) as unknown as Env['EDGE_API'] };
      const garage = await as('/fragments/my-garage', FAKE_SESSIONS.signedIn, down);
      expect(garage.status).toBe(200);
      expect(await garage.text()).toContain('We couldn&#x27;t load your account just now.');
      const watchlist = await (await as('/fragments/watchlist', FAKE_SESSIONS.broken)).text();
      expect(watchlist).toContain('We couldn&#x27;t load your account just now.');
      expect(watchlist).toContain('mf-account/SavedCars');
    });
  });
});
