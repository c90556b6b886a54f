import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fakeKv } from '../fixtures/tenant.ts';
import { createTenantStore } from '../tenant-store.ts';
import { PartsSearchRequestSchema } from '../parts-search.ts';
import { kvPartsKey, parsePartsCatalogue, PART_CATEGORIES, PART_CATEGORY_LABELS, partPriceText, PartSchema, type PartInput } from './part.ts';

const mat: PartInput = { id: 'p1', name: 'All-weather floor mats', part_number: 'PZ434-G1005-ZB', category: 'floor-mats', price: 189, in_stock: true };

describe('Part', () => {
  it('defaults: universal, no description, fits nothing named, no image', () => {
    expect(v.parse(PartSchema, mat)).toEqual({ ...mat, description: '', manufacturer_slug: null, fits: [], image: null });
  });

  it('refuses an unknown category, a negative price, an empty part number', () => {
    expect(v.safeParse(PartSchema, { ...mat, category: 'spoilers' }).success).toBe(false);
    expect(v.safeParse(PartSchema, { ...mat, price: -1 }).success).toBe(false);
    expect(v.safeParse(PartSchema, { ...mat, part_number: ' ' }).success).toBe(false);
  });

  it('an image is a site path or an https address: no script, data, plain http or protocol-relative address', () => {
    for (const image of ['/images/parts/mats.jpg', 'https://cdn.example.com.au/parts/mats.jpg?w=640']) {
      expect(v.parse(PartSchema, { ...mat, image }).image, image).toBe(image);
    }
    for (const image of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://cdn.example.com.au/mats.jpg', '//evil.example/x.jpg', '/\\evil.example/x.jpg', 'mats.jpg', '', 'https://cdn.example.com.au/a b.jpg']) {
      expect(v.safeParse(PartSchema, { ...mat, image }).success, image).toBe(false);
    }
    expect(() => parsePartsCatalogue('a', { parts: [{ ...mat, image: 'javascript:alert(1)' }] })).toThrow(/parts\.0\.image/);
  });

  it('every category has a label', () => {
    expect(PART_CATEGORIES.length).toBeGreaterThanOrEqual(12);
    for (const c of PART_CATEGORIES) expect(PART_CATEGORY_LABELS[c]).toMatch(/^[A-Z]/);
  });

  it('price wording', () => {
    expect(partPriceText({ price: 1249 })).toBe('$1,249');
    expect(partPriceText({ price: 89, price_type: 'rrp' })).toBe('RRP $89');
    expect(partPriceText({ price: 59.5, price_type: 'pair' })).toBe('$59.50 per pair');
    expect(partPriceText({ price: 129, price_type: 'set' })).toBe('$129 per set');
    expect(partPriceText({ price: 25, price_type: 'each' })).toBe('$25 each');
    expect(partPriceText({ price: 449, price_type: 'from' })).toBe('From $449');
  });
});

describe('parts catalogue', () => {
  it('none stored is an empty catalogue; duplicate ids are refused with a readable error', () => {
    expect(parsePartsCatalogue('a', null)).toEqual({ parts: [] });
    expect(() => parsePartsCatalogue('a', { parts: [mat, mat] })).toThrow(/Invalid parts catalogue "a"[\s\S]*unique/);
    expect(() => parsePartsCatalogue('a', { parts: [{ ...mat, price: 'free' }] })).toThrow(/parts\.0\.price/);
  });

  it('the tenant store reads parts:<slug> per tenant and caches it', async () => {
    const kv = fakeKv({ [kvPartsKey('alpha')]: { parts: [mat] } });
    const store = createTenantStore(kv);
    expect((await store.parts('alpha')).parts.map((p) => p.id)).toEqual(['p1']);
    expect((await store.parts('beta')).parts).toEqual([]);
    await store.parts('alpha');
    expect(kv.reads).toEqual(['parts:alpha', 'parts:beta']);
  });
});

describe('PartsSearchRequestSchema', () => {
  it('defaults and limits', () => {
    expect(v.parse(PartsSearchRequestSchema, {})).toEqual({ query: '', categories: [], price: {}, sortBy: 'relevance', page: 1, hitsPerPage: 24 });
    expect(v.safeParse(PartsSearchRequestSchema, { categories: ['hats'] }).success).toBe(false);
    expect(v.safeParse(PartsSearchRequestSchema, { sortBy: 'latest' }).success).toBe(false);
    expect(v.safeParse(PartsSearchRequestSchema, { page: 0 }).success).toBe(false);
  });
});
