/**
 * `/parts/search` inside workerd, through the deployed Worker's fetch handler (issue 17): the catalogues in KV CONFIG
 * (`parts:<slug>`, src/test/worker-setup.ts) searched by the default embedded parts port, on two tenants; no part of
 * one tenant ever on the other's page; `enquire=` naming the parts enquiry slot with the part; an unknown id ignored.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { kvPartsKey } from '@forecourt/contracts/entities/part';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, slotMarker } from '@forecourt/contracts/fragments';
import { readSlotParams } from '@forecourt/contracts/slots';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { FAKE_TENANT } from './test/fake-services.ts';
import { ALPHA_PARTS, BETA_PARTS } from './test/parts-fixtures.ts';
import { fetchWorker } from './test/worker.ts';

const OTHER = 'no-stock';
/** A site of a group, seeded by its own test (not worker-setup.ts). */
const GROUP_SITE = 'parts-group-site';
const get = (query: string, tenant: string = FAKE_TENANT) => fetchWorker(`/fragments/parts-search${query}`, { headers: { [TENANT_HEADER]: tenant } });
const head = (res: Response) => decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
const numbers = (html: string) => [...html.matchAll(/<dt>Part number<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => m[1]!);
const ALPHA_NUMBERS = new Set(ALPHA_PARTS.map((p) => p.part_number));
const BETA_NUMBERS = new Set(BETA_PARTS.map((p) => p.part_number));

describe('parts search in workerd', () => {
  it("each tenant's page lists its own catalogue only, with the stylesheet, indexable", async () => {
    const alpha = await get('');
    expect(alpha.status).toBe(200);
    expect(alpha.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(head(alpha)).toMatchObject({ title: 'Parts and accessories search | Test Motors', styles: manifest.css });
    expect(head(alpha)!.robots).toBeUndefined();
    const alphaHtml = await alpha.text();
    expect(alphaHtml).toContain('<h1>Parts and accessories search</h1>');
    expect(new Set(numbers(alphaHtml))).toEqual(ALPHA_NUMBERS);
    const other = await (await get('', OTHER)).text();
    expect(new Set(numbers(other))).toEqual(BETA_NUMBERS);
  });

  it('no query reaches another tenant: words, categories, ids', async () => {
    for (const query of ['?query=beta', '?query=BETA-FM-1', '?category=towing&query=snatch', '?query=tenant%3D%22no-stock%22']) {
      const html = await (await get(query)).text();
      expect(numbers(html).filter((n) => BETA_NUMBERS.has(n)), query).toEqual([]);
      expect(html, query).not.toContain('Beta');
    }
    for (const query of ['?query=hilux', '?query=PZ434', '?category=roof-racks']) {
      const html = await (await get(query, OTHER)).text();
      expect(numbers(html).filter((n) => ALPHA_NUMBERS.has(n)), query).toEqual([]);
      expect(html, query).toContain('No parts match your search.');
    }
  });

  it('filters, counts and sorts in the Worker as in Node', async () => {
    const html = await (await get('?category=floor-mats&category=towing&price_min=129&price_max=1249&sortBy=price_desc')).text();
    expect(numbers(html)).toEqual(['PZ403-N0610-00', 'PZ434-G1005-ZB', 'PZ403-T0001-00', 'PZ434-K1100-00']);
    expect(html).toContain('<span>Roof racks and bars</span> <span class="fs-item__count">(1)</span>');
  });

  it("enquire=<id>: this tenant's part and the parts enquiry slot carrying it; the other tenant's part of the same id on its own site", async () => {
    const res = await get('?query=mats&enquire=p1');
    const slots = head(res)!.slots!;
    expect(slots).toHaveLength(1);
    const params = readSlotParams('leadForm', new URLSearchParams(slots[0]!.params));
    expect(params.success && params.output).toMatchObject({ form: 'parts', part_id: 'p1', part_name: 'Rubber floor mats', part_number: 'PZ434-G1005-ZB' });
    const html = await res.text();
    expect(html).toContain(slotMarker('parts-enquiry'));
    expect(html).toContain('Enquire about <!-- -->Rubber floor mats');
    const other = head(await get('?enquire=p1', OTHER))!.slots![0]!.params;
    expect(other).toMatchObject({ part_name: 'Beta-only floor mats', part_number: 'BETA-FM-1' });
  });

  it("the enquiry never offers a location the site does not list, though the tenant's data holds it visible", async () => {
    // A group's data holds a sister site's parts counter (visible, Toyota); this site lists only its own sales location.
    const own = { ...structuredClone(sampleLocation), id: 'loc-own-sales', slug: 'own-sales', location_type: 'sales' as const, manufacturers: ['toyota'], visible: true };
    const sister = { ...structuredClone(sampleLocation), id: 'loc-sister-parts', slug: 'sister-parts', location_type: 'parts' as const, manufacturers: ['toyota'], visible: true };
    await seedKv(env.CONFIG, {
      ...tenantEntries([siteConfigInput(GROUP_SITE, { locations: [own.id] })], { [GROUP_SITE]: { ...tenantDataInput(), locations: [own, sister] } }),
      [kvPartsKey(GROUP_SITE)]: { parts: ALPHA_PARTS },
    });
    const params = readSlotParams('leadForm', new URLSearchParams(head(await get('?enquire=p3', GROUP_SITE))!.slots![0]!.params));
    expect(params.success && params.output).toMatchObject({ part_id: 'p3', location_options: 'loc-own-sales' });
  });

  it('an unknown part id, or one of another tenant, is ignored: the search without an enquiry', async () => {
    for (const id of ['nope', 'p9', '%3Cscript%3E']) {
      const res = await get(`?enquire=${id}`);
      expect(res.status, id).toBe(200);
      expect(head(res)!.slots, id).toBeUndefined();
      const html = await res.text();
      expect(html, id).not.toContain('parts-enquiry-title');
      expect(new Set(numbers(html))).toEqual(ALPHA_NUMBERS);
    }
  });

  it("the page's rules are in the one built stylesheet its head links (design tokens only)", async () => {
    const css = await (await fetchWorker(manifest.css[0]!)).text();
    for (const rule of ['.fs-parts-layout{', '.fs-part{', '.fs-parts-enquiry{', '.fs-parts-paging']) expect(css, rule).toContain(rule);
    expect(css).not.toContain('@import');
  });
});
