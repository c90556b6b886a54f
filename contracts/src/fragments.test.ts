import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FRAGMENT_CACHE_CONTROL, FRAGMENT_HEAD_HEADER, decodeFragmentHead, encodeFragmentHead, fragmentResponse, isIslandId, notFoundFragment, parseIslandProps,
  serializeIslandProps, type FragmentHead,
} from './fragments.ts';
import { VERSION_HEADER } from './tenant.ts';

const head: FragmentHead = {
  title: 'Used Toyota Corolla for sale | Springwood Toyota — “great” deals',
  description: 'Browse 120 used cars & more',
  canonical: 'https://springwood.example/search/used-cars',
  robots: 'index, follow',
  ogImage: '/og.png',
  styles: ['/_mf/mf-search/1.0.0/assets/search.css'],
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Car', name: '2021 Toyota Corolla', offers: { '@type': 'Offer', price: 31990 } }],
};

describe('fragment head', () => {
  it('round-trips through an ASCII header value', () => {
    const value = encodeFragmentHead(head);
    expect(value).toMatch(/^[\x21-\x7e]*$/);
    expect(new Headers({ [FRAGMENT_HEAD_HEADER]: value }).get(FRAGMENT_HEAD_HEADER)).toBe(value);
    expect(decodeFragmentHead(value)).toEqual(head);
  });

  it('rejects bad input with null', () => {
    expect(decodeFragmentHead(null)).toBeNull();
    expect(decodeFragmentHead('')).toBeNull();
    expect(decodeFragmentHead('%E0%A4%A')).toBeNull();
    expect(decodeFragmentHead('not json')).toBeNull();
    expect(decodeFragmentHead(encodeURIComponent(JSON.stringify({ description: 'no title' })))).toBeNull();
    expect(decodeFragmentHead(encodeURIComponent(JSON.stringify({ title: 'x', jsonLd: {} })))).toBeNull();
    expect(decodeFragmentHead(encodeURIComponent('[]'))).toBeNull();
  });

  it('refuses to encode an invalid head', () => {
    expect(() => encodeFragmentHead({ title: '' })).toThrow();
  });

  it('carries the LCP picture to preload (same-origin path or https URL only)', () => {
    const preloadImage = { href: '/cdn-cgi/image/width=800,quality=75,format=auto/demo-img/photo/suv/f2f3f0/0.jpg', srcset: '/a.jpg 480w, /b.jpg 800w', sizes: '100vw' };
    expect(decodeFragmentHead(encodeFragmentHead({ title: 't', preloadImage }))?.preloadImage).toEqual(preloadImage);
    for (const href of ['javascript:alert(1)', '//evil.example/x.jpg', 'http://plain.example/x.jpg', '/a b.jpg']) expect(() => encodeFragmentHead({ title: 't', preloadImage: { href } }), href).toThrow();
  });
});

describe('fragment responses', () => {
  it('carry HTML, the encoded head, the remote version and a private cache policy by default', async () => {
    const res = fragmentResponse('<h1>Finance</h1>', { head, version: '1.4.2' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toEqual(head);
    expect(res.headers.get(VERSION_HEADER)).toBe('1.4.2');
    expect(res.headers.get('cache-control')).toBe(DEFAULT_FRAGMENT_CACHE_CONTROL);
    expect(DEFAULT_FRAGMENT_CACHE_CONTROL).toBe('private, no-store');
    expect(await res.text()).toBe('<h1>Finance</h1>');
  });

  it('take a stream body, a status and a cache policy', async () => {
    const body = new Response('<p>streamed</p>').body;
    const res = fragmentResponse(body, { head: { title: 'x' }, version: '2.0.0', status: 410, cacheControl: 'public, max-age=60' });
    expect(res.status).toBe(410);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.text()).toBe('<p>streamed</p>');
  });

  it('refuse an invalid head (a remote bug, not a page)', () => {
    expect(() => fragmentResponse('', { head: { title: '' }, version: '1.0.0' })).toThrow();
  });

  it('not found is a 404 with an empty body and the head (the shell draws its own not-found block)', async () => {
    const res = notFoundFragment({ head: { title: 'Page not found | Test Motors', robots: 'noindex' }, version: '0.3.0' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toEqual({ title: 'Page not found | Test Motors', robots: 'noindex' });
    expect(res.headers.get(VERSION_HEADER)).toBe('0.3.0');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('island props', () => {
  const props = { title: '</script><script>alert(1)</script>', html: '<!-- x -->', amp: 'a & b', ls: 'a\u2028b\u2029c', n: 1 };

  it('escapes <, >, &, U+2028 and U+2029 and parses back unchanged', () => {
    const text = serializeIslandProps(props);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(parseIslandProps(text)).toEqual(props);
    expect(serializeIslandProps(undefined)).toBe('null');
  });

  it('validates with a schema when given', () => {
    const schema = v.object({ n: v.number() });
    expect(parseIslandProps(serializeIslandProps({ n: 2 }), schema)).toEqual({ n: 2 });
    expect(() => parseIslandProps(serializeIslandProps({ n: '2' }), schema)).toThrow();
    expect(() => parseIslandProps('{bad')).toThrow();
  });

  it('recognises remote island ids only', () => {
    expect(isIslandId('mf-search/SortSelect')).toBe(true);
    expect(isIslandId('shell/Header')).toBe(false);
    expect(isIslandId('mf-search/sort"x')).toBe(false);
  });
});
