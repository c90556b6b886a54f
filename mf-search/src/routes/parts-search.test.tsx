import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, slotMarker } from '@forecourt/contracts/fragments';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { tenantDataInput } from '@forecourt/contracts/fixtures/tenant';
import { readSlotParams } from '@forecourt/contracts/slots';
import { createApp } from '../app.tsx';
import { siteConfigInput, testEnv } from '../test/tenant.ts';
import { ALPHA_PARTS, BETA_PARTS } from '../test/parts-fixtures.ts';

const styles = ['/_mf/mf-search/0.1.0/assets/style-abc123.css'];
/** 30 filters, $10 to $300, for paging (24 a page). */
const MANY = Array.from({ length: 30 }, (_, i) => ({ id: `g${i + 1}`, name: `Filter ${String(i + 1).padStart(2, '0')}`, part_number: `G-${i + 1}`, category: 'filters' as const, price: (i + 1) * 10, in_stock: true }));
/** Delta's data holds two visible Toyota locations; its site lists only the sales one (the parts counter is a sister site's). */
const DELTA_LOCATIONS = [
  { ...structuredClone(sampleLocation), id: 'loc-delta-sales', slug: 'delta-sales', location_type: 'sales' as const, manufacturers: ['toyota'], visible: true },
  { ...structuredClone(sampleLocation), id: 'loc-sister-parts', slug: 'sister-parts', location_type: 'parts' as const, manufacturers: ['toyota'], visible: true },
];
const env = testEnv([siteConfigInput('alpha', { name: 'Alpha Toyota', site_url: 'https://www.alpha.com.au' }), siteConfigInput('beta', { name: 'Beta Ford' }), siteConfigInput('gamma'), siteConfigInput('delta', { locations: ['loc-delta-sales'] })], {
  parts: { alpha: ALPHA_PARTS, beta: BETA_PARTS, gamma: MANY, delta: ALPHA_PARTS },
  data: { alpha: { manufacturers: [{ id: 'm-toyota', name: 'Toyota', slug: 'toyota' }] }, delta: { ...tenantDataInput(), locations: DELTA_LOCATIONS } },
});
const app = createApp({ styles, version: '1.0.0' });
const get = (query: string, tenant = 'alpha') => app.request(`/fragments/parts-search${query}`, { headers: { [TENANT_HEADER]: tenant } }, env);
const head = (res: Response) => decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
const cards = (html: string) => [...html.matchAll(/<h3 id="part-[^"]*" class="fs-part__name">([^<]*)<\/h3>/g)].map((m) => m[1]);

describe('GET /fragments/parts-search', () => {
  it('the whole catalogue: heading, breadcrumbs, the GET form with counts, cards with their facts, indexable and cached', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const h = head(res)!;
    expect(h).toMatchObject({ title: 'Parts and accessories search | Alpha Toyota', canonical: 'https://www.alpha.com.au/parts/search', styles });
    expect(h.description).toMatch(/^8 parts and accessories at Alpha Toyota/);
    expect(h.robots).toBeUndefined();
    expect(h.slots).toBeUndefined();
    const html = await res.text();
    expect(html).toContain('<h1>Parts and accessories search</h1>');
    expect(html).toContain('<a href="/vehicle-parts-and-accessories">Parts and accessories</a>');
    expect(html).toContain('<li aria-current="page">Search</li>');
    const form = html.match(/<form class="fs-parts-form"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/parts/search"');
    expect(form).toContain('role="search"');
    expect(html).toContain('<input type="checkbox" name="category" value="floor-mats"/><span>Floor mats</span> <span class="fs-item__count">(2)</span>');
    expect(html).toContain('name="price_min"');
    expect(html).toContain('name="price_max"');
    expect(html).toContain('<option value="price_asc">Price: low to high</option>');
    expect(html).toContain('>Search</button>');
    expect(cards(html)).toEqual(['Heavy-duty tow bar', 'Oil filter', 'Roof racks', 'Rubber floor mats', 'Tow ball and tongue', 'Universal wiper blade', 'Alloy bull bar', 'Carpet floor mats']);
    // Facts: part number, category, brand (the tenant's name for the slug, or Universal), fits, price, fitted, stock.
    for (const text of ['PZ403-N0610-00', 'Tow bars and towing', '<dd>Toyota</dd>', '<dd>Universal</dd>', '<dd>HiLux</dd>', '$489 per pair', 'Fitted $1,590', 'In stock', 'Available to order']) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('href="/parts/search?enquire=p3#parts-enquiry"');
  });

  it('filters, sorts and pages as asked; the form shows them back', async () => {
    const html = await (await get('?query=mats&category=floor-mats&price_max=150&sortBy=price_desc')).text();
    expect(cards(html)).toEqual(['Carpet floor mats']);
    expect(html).toContain('value="mats"');
    expect(html).toContain('<input type="checkbox" name="category" checked="" value="floor-mats"/>');
    // Categories with no match for the words and price are not offered; the price bound shows back.
    expect(html).not.toContain('value="towing"');
    expect(html).toMatch(/name="price_max" value="150"/);
    expect(html).toMatch(/<option value="price_desc" selected="">/);
    expect(html).toContain('href="/parts/search?query=mats&amp;category=floor-mats&amp;price_max=150&amp;sortBy=price_desc&amp;enquire=p2#parts-enquiry"');
  });

  it("'No parts match your search.' with a way back, and bad params dropped rather than refused", async () => {
    const empty = await get('?query=zzzz');
    expect(empty.status).toBe(200);
    const html = await empty.text();
    expect(html).toContain('No parts match your search.');
    expect(html).toContain('<a class="fs-clear" href="/parts/search">Clear the search</a>');
    const bad = await get('?category=hats&price_min=abc&sortBy=nope&page=-1&enquire=%3Cb%3E');
    expect(bad.status).toBe(200);
    expect(cards(await bad.text())).toHaveLength(8);
  });

  it('enquire=<part>: the part and the parts enquiry slot carrying it above the results; an unknown id is ignored', async () => {
    const res = await get('?category=towing&enquire=p3');
    const h = head(res)!;
    expect(h.title).toBe('Heavy-duty tow bar (PZ403-N0610-00) | Alpha Toyota');
    expect(h.slots).toEqual([{ id: 'parts-enquiry', remote: 'mf-account', page: 'lead-form', params: expect.objectContaining({ form: 'parts', part_id: 'p3', part_name: 'Heavy-duty tow bar', part_number: 'PZ403-N0610-00', layout: 'page' }) }]);
    const html = await res.text();
    expect(html).toContain('<section id="parts-enquiry" class="fs-parts-enquiry" aria-labelledby="parts-enquiry-title" tabindex="-1"><h2 id="parts-enquiry-title">Enquire about <!-- -->Heavy-duty tow bar</h2>');
    expect(html.indexOf(slotMarker('parts-enquiry'))).toBeGreaterThan(-1);
    expect(html.indexOf('id="parts-enquiry"')).toBeLessThan(html.indexOf('class="fs-parts-list"'));
    expect(html).toContain('<a class="fs-clear" href="/parts/search?category=towing">Close the enquiry</a>');
    for (const unknown of ['nope', 'p9']) {
      const other = await get(`?enquire=${unknown}`);
      expect(head(other)!.slots, unknown).toBeUndefined();
      expect(await other.text()).not.toContain('parts-enquiry-title');
    }
  });

  it("the enquiry offers only the locations the site lists, never a visible one of the data it does not", async () => {
    const res = await get('?enquire=p3', 'delta');
    const read = readSlotParams('leadForm', new URLSearchParams(head(res)!.slots![0]!.params));
    expect(read.success && read.output.location_options).toBe('loc-delta-sales');
  });

  it("never shows another tenant's parts, whatever the query says", async () => {
    const beta = await (await get('', 'beta')).text();
    expect(cards(beta)).toEqual(['Beta snatch strap recovery kit', 'Beta-only floor mats']);
    expect(beta).not.toContain('PZ4');
    // p1 is an id both tenants use: beta's enquiry is about beta's part.
    const enquiry = await get('?enquire=p1', 'beta');
    expect(head(enquiry)!.slots![0]!.params).toMatchObject({ part_name: 'Beta-only floor mats', part_number: 'BETA-FM-1' });
    const alphaAsksBeta = await (await get('?query=beta&tenant=beta')).text();
    expect(alphaAsksBeta).toContain('No parts match your search.');
  });

  it('pages 24 at a time, the links keeping the search', async () => {
    const first = await (await get('?sortBy=price_desc', 'gamma')).text();
    expect(cards(first)).toHaveLength(24);
    expect(cards(first)[0]).toBe('Filter 30');
    expect(first).toContain('<nav class="fs-parts-paging" aria-label="Pages">');
    expect(first).toContain('<span aria-current="page">1</span>');
    expect(first).toContain('<a href="/parts/search?sortBy=price_desc&amp;page=2" rel="next">Next</a>');
    const second = await (await get('?sortBy=price_desc&page=2', 'gamma')).text();
    expect(cards(second)).toEqual(['Filter 06', 'Filter 05', 'Filter 04', 'Filter 03', 'Filter 02', 'Filter 01']);
    expect(second).toContain('<a href="/parts/search?sortBy=price_desc" rel="prev">Previous</a>');
    expect(second).not.toContain('rel="next"');
    // A page past the last: no cards, the empty text, still a page.
    expect(await (await get('?page=9', 'gamma')).text()).toContain('No parts match your search.');
    // One page: no paging.
    expect(await (await get('')).text()).not.toContain('fs-parts-paging');
  });
});
