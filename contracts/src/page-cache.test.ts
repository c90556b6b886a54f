import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS_HEADER, PurgeRequestSchema, pageCacheTags, parseCacheTags, withCacheTags } from './page-cache.ts';

describe('cache tags on a fragment answer', () => {
  it('withCacheTags names the valid tags once, and leaves the header out when none is valid', () => {
    const tagged = withCacheTags(new Response('x'), [pageCacheTags.car('outback-used-cars', 'c-1'), pageCacheTags.stock('outback-used-cars'), 'car:outback-used-cars:a b', pageCacheTags.stock('outback-used-cars')]);
    expect(tagged.headers.get(CACHE_TAGS_HEADER)).toBe('car:outback-used-cars:c-1,stock:outback-used-cars');
    expect(parseCacheTags(tagged.headers.get(CACHE_TAGS_HEADER))).toEqual(['car:outback-used-cars:c-1', 'stock:outback-used-cars']);
    expect(withCacheTags(new Response('x'), ['car:outback-used-cars:a,b', 'nope']).headers.has(CACHE_TAGS_HEADER)).toBe(false);
    expect(withCacheTags(new Response('x'), []).headers.has(CACHE_TAGS_HEADER)).toBe(false);
  });

  it('a purge names tags of its own tenant only', () => {
    expect(v.is(PurgeRequestSchema, { tenant: 'a-motors', tags: ['car:a-motors:1', 'stock:a-motors', 't:a-motors'], reason: 'payment' })).toBe(true);
    expect(v.is(PurgeRequestSchema, { tenant: 'a-motors', tags: ['stock:b-motors'], reason: 'payment' })).toBe(false);
  });
});
