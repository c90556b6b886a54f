import { describe, expect, it } from 'vitest';
import { parsePartsQuery, partsRequest, partsSearchHref } from './parts-query.ts';

const parse = (query: string) => parsePartsQuery(new URLSearchParams(query));

describe('parsePartsQuery', () => {
  it('defaults: no words, every category, no price bounds, most relevant, page 1, no enquiry', () => {
    expect(parse('')).toEqual({ query: '', categories: [], priceMin: undefined, priceMax: undefined, sortBy: 'relevance', page: 1, enquire: undefined });
  });

  it('reads every param', () => {
    expect(parse('query=+tow+bar+&category=towing&category=floor-mats&price_min=100&price_max=1249.50&sortBy=price_desc&page=3&enquire=ht-p5')).toEqual({
      query: 'tow bar', categories: ['towing', 'floor-mats'], priceMin: 100, priceMax: 1249.5, sortBy: 'price_desc', page: 3, enquire: 'ht-p5',
    });
  });

  it('drops each bad value on its own, never throws', () => {
    expect(parse('category=hats&category=towing&category=towing&price_min=-5&price_max=abc&sortBy=latest&page=0&enquire=<script>')).toEqual({
      query: '', categories: ['towing'], priceMin: undefined, priceMax: undefined, sortBy: 'relevance', page: 1, enquire: undefined,
    });
    for (const q of ['page=1001', 'page=1.5', 'page=%00', 'price_min=1e9', 'price_min=12345678', 'enquire=' + 'x'.repeat(101), 'query=%E0%A4%A']) {
      expect(() => parse(q), q).not.toThrow();
    }
    expect(parse('page=1001').page).toBe(1);
    expect(parse('price_min=1e9').priceMin).toBeUndefined();
    expect(parse(`query=${'a'.repeat(300)}`).query).toHaveLength(200);
    expect(parse('enquire=a,b').enquire).toBeUndefined();
  });

  it('reads a typed URL\'s `q` when `query` is absent (`query` wins, an empty one counts as absent); links then write `query`', () => {
    expect(parse('q=tow+bar').query).toBe('tow bar');
    expect(parse('query=mats&q=tow').query).toBe('mats');
    expect(parse('query=&q=tow').query).toBe('tow');
    expect(parse(`q=${'a'.repeat(300)}`).query).toHaveLength(200);
    expect(partsSearchHref(parse('q=tow'))).toBe('/parts/search?query=tow');
    expect(partsSearchHref(parse('q=tow'))).not.toContain('q=tow&');
  });

  it('swaps price bounds given the wrong way round', () => {
    expect(parse('price_min=500&price_max=100')).toMatchObject({ priceMin: 100, priceMax: 500 });
  });
});

describe('partsRequest and partsSearchHref', () => {
  it('the port request carries the refinements and 24 a page', () => {
    expect(partsRequest(parse('query=mats&category=floor-mats&price_max=200&sortBy=price_asc&page=2'))).toEqual({
      query: 'mats', categories: ['floor-mats'], price: { max: 200 }, sortBy: 'price_asc', page: 2, hitsPerPage: 24,
    });
  });

  it('links keep the search, leave out the defaults, and name an enquiry only when asked', () => {
    const q = parse('query=tow&category=towing&price_min=100&sortBy=price_asc&page=2&enquire=p1');
    expect(partsSearchHref(q)).toBe('/parts/search?query=tow&category=towing&price_min=100&sortBy=price_asc&page=2');
    expect(partsSearchHref(q, { enquire: 'p9' })).toBe('/parts/search?query=tow&category=towing&price_min=100&sortBy=price_asc&page=2&enquire=p9');
    expect(partsSearchHref(q, { page: 1 })).toBe('/parts/search?query=tow&category=towing&price_min=100&sortBy=price_asc');
    expect(partsSearchHref(parse(''))).toBe('/parts/search');
    // What a link writes reads back the same.
    expect(parsePartsQuery(new URL(partsSearchHref(q, { enquire: 'p9' }), 'https://x').searchParams)).toEqual({ ...q, enquire: 'p9' });
  });
});
