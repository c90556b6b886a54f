import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FRAGMENT_HEAD_HEADER, decodeFragmentHead, encodeFragmentHead, isIslandId, islandHtml, parseIslandProps, serializeIslandProps, type FragmentHead } from './fragments.ts';

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

  it('builds island markup', () => {
    expect(isIslandId('mf-search/SortSelect')).toBe(true);
    expect(isIslandId('shell/Header')).toBe(false);
    expect(isIslandId('mf-search/sort"x')).toBe(false);
    const html = islandHtml('mf-search/SortSelect', 'k"1', { q: '<b>' }, '<select></select>');
    expect(html).toBe('<div id="k&quot;1" data-island="mf-search/SortSelect" class="fc-island"><select></select></div>' +
      '<script type="application/json" data-island-props="k&quot;1">{"q":"\\u003cb\\u003e"}</script>');
    // @ts-expect-error not a remote island
    expect(() => islandHtml('shell/Header', 'k', {}, '')).toThrow();
  });
});
