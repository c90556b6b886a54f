/**
 * The deployed shell Worker inside workerd: its fetch handler with KV CONFIG seeded (a tenant and its host), ASSETS from
 * dist/client, and every remote and edge-api faked at the service-binding boundary (src/test/fake-remotes.ts).
 */
import { describe, expect, it } from 'vitest';
import { slotMarker } from '@forecourt/contracts/fragments';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { BASE_HEADERS, NON_DOCUMENT_CSP } from './lib/security.ts';
import { FAKE_HOST, FAKE_TENANT, fakeMarkup, fakeStylesheet } from './test/fake-remotes.ts';
import { fetchWorker } from './test/worker.ts';

/** The platform's header policy, on every answer (lib/security.ts). */
function expectHeaderPolicy(res: Response) {
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('content-security-policy')).toBeTruthy();
}

describe('shell Worker (workerd)', () => {
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
    expect(await res.text()).toBe('export const remote = "mf-search"; export const tenantHeader = null;');
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
});
