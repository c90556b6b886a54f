/**
 * The deployed shell Worker inside workerd: its fetch handler with KV CONFIG seeded (a tenant and its host), ASSETS from
 * dist/client, and every remote and edge-api faked at the service-binding boundary (src/test/fake-remotes.ts).
 */
import { describe, expect, it } from 'vitest';
import { slotMarker } from '@forecourt/contracts/fragments';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { BASE_HEADERS, NON_DOCUMENT_CSP } from './lib/security.ts';
import { CANARY_HOST, CANARY_ID, CANARY_TENANT, FAKE_HOST, FAKE_TENANT, fakeMarkup, fakeStylesheet, STABLE_ID } from './test/fake-remotes.ts';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.ts';

/** The platform's header policy, on every answer (lib/security.ts). */
function expectHeaderPolicy(res: Response) {
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('content-security-policy')).toBeTruthy();
}

describe('shell Worker (workerd)', () => {
  it('warmed up at module start inside workerd: a made-up tenant’s documents made before any request (issue 19)', async () => {
    expect((await fetchWorker('/locations')).status).toBe(200);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(10_000);
  });

  it('composes a remote’s page: the document with the fragment, the header slot, their stylesheets, the security headers', async () => {
    const res = await fetchWorker('/locations');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectHeaderPolicy(res);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>mf-locations locations</title>');
    // The fragment and the header's account slot, each asked for with the tenant the Host named.
    expect(html).toContain(fakeMarkup('mf-locations', 'locations', FAKE_TENANT));
    expect(html).toContain(fakeMarkup('mf-account', 'header-account', FAKE_TENANT));
    for (const href of [fakeStylesheet('mf-locations'), fakeStylesheet('mf-account')]) expect(html).toContain(`href="${href}"`);
    expect(html).toContain(manifest.entry!);
    expect(html).toContain('</html>');
  });

  it('fills a fragment’s slot with another remote’s fragment (the finance calculator in the car page)', async () => {
    const res = await fetchWorker('/cars/2021-toyota-corolla-148223');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(fakeMarkup('mf-vehicle', 'vehicle', FAKE_TENANT).replace('</section>', `${fakeMarkup('mf-finance', 'finance-calculator', FAKE_TENANT)}</section>`));
    expect(html).not.toContain(slotMarker('finance-calculator'));
    expect(html).toContain(`href="${fakeStylesheet('mf-finance')}"`);
  });

  it('answers a failing remote with the fallback block and 503, never a blank page', async () => {
    const res = await fetchWorker('/search/toyota');
    expect(res.status).toBe(503);
    expectHeaderPolicy(res);
    const html = await res.text();
    expect(html).toContain('This section is temporarily unavailable');
    expect(html).toContain(fakeMarkup('mf-account', 'header-account', FAKE_TENANT));
    expect(html).toContain('</html>');
  });

  it('answers an unknown host with a plain 404 that names no tenant', async () => {
    const res = await fetchWorker('https://nobody.example.com/locations');
    expect(res.status).toBe(404);
    expectHeaderPolicy(res);
    const html = await res.text();
    expect(html).toContain('There is no site at this address.');
    expect(html).not.toContain('Test Motors');
  });

  it('passes /_mf/<remote>/<version>/* through to that remote without the browser’s internal headers', async () => {
    const res = await fetchWorker('/_mf/mf-search/0.1.0/remoteEntry.js', { headers: { [TENANT_HEADER]: 'someone-else' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript');
    expect(res.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
    // The registry lists 0.1.0: its bundle comes from that Worker version (tests/worker-setup.ts seeds the registry).
    expect(await res.text()).toBe(`export const remote = "mf-search"; export const tenantHeader = null; export const override = "forecourt-mf-search=\\"${STABLE_ID}\\"";`);
    expect((await fetchWorker('/_mf/mf-nope/0.1.0/remoteEntry.js')).status).toBe(404);
  });

  it('proxies /api/* to the owning Worker with the tenant of the Host, not one a browser sends; refuses cross-site writes', async () => {
    const res = await fetchWorker('/api/finance/quote', { method: 'POST', headers: { [TENANT_HEADER]: 'someone-else', 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ remote: 'mf-finance', tenant: FAKE_TENANT, method: 'POST', path: '/api/finance/quote' });
    expect(await (await fetchWorker('/api/leads')).json()).toMatchObject({ remote: 'edge-api', tenant: FAKE_TENANT });
    const crossSite = await fetchWorker('/api/leads', { method: 'POST', headers: { origin: 'https://evil.example' }, body: '{}' });
    expect(crossSite.status).toBe(403);
  });

  it('serves its own built client under /_shell/ from ASSETS', async () => {
    const res = await fetchWorker(`https://${FAKE_HOST}${manifest.entry}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expectHeaderPolicy(res);
  });

  describe('canary: a tenant pinned to another version of a remote (release registry in KV)', () => {
    const override = (id: string) => `forecourt-mf-search="${id}"`;
    const forged = { 'Cloudflare-Workers-Version-Overrides': override(CANARY_ID), 'x-forecourt-version': '0.2.0' };

    it('asks the remote for the pinned Worker version and gives the browser that version’s bundle; others get stable', async () => {
      const canary = await (await fetchWorker(`https://${CANARY_HOST}/special-offers`)).text();
      expect(canary).toContain(fakeMarkup('mf-search', 'offers', CANARY_TENANT, override(CANARY_ID)));
      expect(canary).toContain('"mf_search":"/_mf/mf-search/0.2.0/remoteEntry.js"');
      // A remote with no registry entry runs its manifest version with no override.
      expect(canary).toContain(fakeMarkup('mf-account', 'header-account', CANARY_TENANT));
      const stable = await (await fetchWorker('/special-offers')).text();
      expect(stable).toContain(fakeMarkup('mf-search', 'offers', FAKE_TENANT, override(STABLE_ID)));
      expect(stable).toContain('"mf_search":"/_mf/mf-search/0.1.0/remoteEntry.js"');
    });

    it('a browser’s version headers choose nothing: pages, /api and /_mf carry only the shell’s override', async () => {
      const page = await (await fetchWorker('/special-offers', { headers: forged })).text();
      expect(page).toContain(fakeMarkup('mf-search', 'offers', FAKE_TENANT, override(STABLE_ID)));
      expect(await (await fetchWorker('/api/search/view', { headers: forged })).json()).toMatchObject({ remote: 'mf-search', tenant: FAKE_TENANT, override: override(STABLE_ID) });
      expect(await (await fetchWorker(`https://${CANARY_HOST}/api/search/view`)).json()).toMatchObject({ tenant: CANARY_TENANT, override: override(CANARY_ID) });
      // edge-api is not canaried: no override reaches it, not even the browser's.
      expect(await (await fetchWorker('/api/leads', { headers: forged })).json()).toEqual({ remote: 'edge-api', tenant: FAKE_TENANT, method: 'GET', path: '/api/leads' });
    });

    it('serves a bundle only for a version the registry lists', async () => {
      expect(await (await fetchWorker('/_mf/mf-search/0.2.0/remoteEntry.js', { headers: forged })).text()).toContain(`export const override = ${JSON.stringify(override(CANARY_ID))}`);
      expect((await fetchWorker('/_mf/mf-search/0.3.0/remoteEntry.js')).status).toBe(404);
      expect((await fetchWorker('/_mf/mf-vehicle/9.9.9/remoteEntry.js')).status).toBe(200);
    });

    it('has no dev page of remote versions when deployed (DEV_PAGES is a local-only binding)', async () => {
      expect((await fetchWorker('/_forecourt/remote-versions')).status).toBe(404);
    });
  });
});
