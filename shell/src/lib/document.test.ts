import { describe, expect, it } from 'vitest';
import { documentHead, documentTail, notFoundBlock, promoPopup, remoteMap, siteHeader, slugify } from './document.ts';
import { contentPage, notFoundPage } from './pages.ts';
import { demoTenant, manifestPins } from '../test/tenants.ts';

const assets = { entry: null, css: [] };

describe('document helpers', () => {
  it('JSON in <script> (remote map, JSON-LD) cannot close the element or break JS', async () => {
    const evil = '</script><script>alert(1)</script><!--\u2028&';
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, remotes: { ...c.remotes, 'mf-search': evil } }));
    const tail = String(await documentTail(tenant, assets, manifestPins(tenant)));
    const json = /<script id="forecourt-remotes" type="application\/json">([^]*?)<\/script>/.exec(tail)![1]!;
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json).mf_search).toBe(`/_mf/mf-search/${evil}/remoteEntry.js`);

    const head = String(await documentHead({ tenant, head: { title: 't', jsonLd: [{ name: evil }] }, url: new URL('https://x.test/'), assets, styles: [] }));
    const ld = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(head)![1]!;
    expect(ld).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(ld)).toEqual({ name: evil });
  });

  it('remoteMap points every remote at its versioned same-origin entry (the versions this request runs)', () => {
    const v = (version: string) => ({ version });
    const map = remoteMap({ 'mf-search': v('1.2.3'), 'mf-vehicle': v('0.1.0'), 'mf-locations': v('0.1.0'), 'mf-finance': v('0.1.0'), 'mf-account': v('0.1.0') });
    expect(map.mf_search).toBe('/_mf/mf-search/1.2.3/remoteEntry.js');
    expect(Object.keys(map)).toHaveLength(5);
  });

  it('a page without its own canonical gets the site URL, unless it is not a 200 (no canonical for a not-found address)', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, site_url: 'https://www.harbourside.example' }));
    const url = new URL('https://x.test/search/%3Cmade-up%3E');
    const at = (status: number) => String(documentHead({ tenant, head: { title: 't' }, url, assets, styles: [], status }));
    expect(await at(200)).toContain('<link rel="canonical" href="https://www.harbourside.example/search/%3Cmade-up%3E">');
    expect(await at(404)).not.toContain('rel="canonical"');
    expect(await at(503)).not.toContain('rel="canonical"');
  });

  it('slugify', () => {
    expect(slugify('Corolla Cross')).toBe('corolla-cross');
    expect(slugify('CX-5 ')).toBe('cx-5');
  });

  it('tel: links keep only + and digits (header and content pages)', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, contact: { ...c.contact, phone: '+61 (7) 3000-0000 ext.' } }));
    const header = String(await siteHeader(tenant, ''));
    expect(header).toContain('href="tel:+61730000000"');
    expect((await contentPage(tenant, 'about-us')).body).toContain('href="tel:+61730000000"');
  });
});

describe('promo popup markup', () => {
  const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, time_zone: 'Australia/Perth' }));
  it("carries start, expiry and the tenant's time zone for the client", async () => {
    const html = String(await promoPopup(tenant.config));
    const p = tenant.config.promo_popup!;
    expect(html).toContain(`data-start="${p.start}"`);
    expect(html).toContain(`data-expiry="${p.expiry}"`);
    expect(html).toContain('data-time-zone="Australia/Perth"');
  });
  it('puts the close button first, and marks the call to action', async () => {
    const html = String(await promoPopup(tenant.config));
    const inner = html.slice(html.indexOf('>') + 1).trimStart();
    expect(inner.startsWith('<button type="button" class="fc-promo__close" data-dismiss-promo')).toBe(true);
    expect(html).toMatch(/<a class="fc-btn fc-btn--primary" href="[^"]+" data-promo-cta>/);
  });
});

describe('not found (protocol P1)', () => {
  it('is one block, used by the not-found page', async () => {
    const block = String(await notFoundBlock());
    expect(block).toContain('<h1>Page not found</h1>');
    const page = await notFoundPage(demoTenant('harbourside-toyota'));
    expect(page.status).toBe(404);
    expect(page.body).toBe(block);
    expect(page.head.robots).toBe('noindex');
  });
});
