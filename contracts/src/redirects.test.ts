import { describe, expect, it } from 'vitest';
import { pathOfPageUrl, safeRedirectPath, sameSitePath, withQueryParams } from './redirects.ts';
import { safeRedirectPath as fromSignIn } from './sign-in.ts';

/** Every shape of "somewhere else" a redirect parameter has been seen to carry. */
export const OFF_SITE_VALUES = [
  'cars', 'https://evil.example/', 'http://evil.example', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)',
  'x:\\\\evil.example', 'data:text/html,<script>alert(1)</script>', 'alert(1)', `/${'a'.repeat(2100)}`,
  // Dot segments that parse to a protocol-relative URL.
  '/.//evil.example', '/%2e//evil.example', '/a/..//evil.example/x?y#z', '/.\\/evil.example', '/./\\evil.example',
  // Whitespace and control characters browsers strip before they parse.
  '/\t/evil.example', '/\n/evil.example', ' //evil.example', '/\u0000/evil.example',
];

describe('safeRedirectPath (every redirect built from input returns only to this site)', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirectPath('/cars/abc/checkout?x=1#top')).toBe('/cars/abc/checkout?x=1#top');
    expect(safeRedirectPath('/watchlist')).toBe('/watchlist');
  });
  it.each([null, undefined, '', ...OFF_SITE_VALUES])('sends %j home', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
    expect(sameSitePath(value)).toBeNull();
  });
  it('is the one sign-in uses', () => {
    expect(fromSignIn).toBe(safeRedirectPath);
  });
});

describe('pathOfPageUrl (a form page URL or Referer to a same-site path)', () => {
  it('keeps the path and query of a web URL, without its host and hash', () => {
    expect(pathOfPageUrl('https://dealer.example/contact?x=1#form')).toBe('/contact?x=1');
    expect(pathOfPageUrl('http://outback.localhost:8787/cars/abc')).toBe('/cars/abc');
    expect(pathOfPageUrl('/finance-enquiry?car_id=a#f')).toBe('/finance-enquiry?car_id=a');
  });
  it('keeps only the path of a web URL of another host (the host is never used)', () => {
    expect(pathOfPageUrl('https://evil.example/')).toBe('/');
    expect(pathOfPageUrl('http://evil.example')).toBe('/');
  });
  const notWebUrls = OFF_SITE_VALUES.filter((x) => !/^https?:/.test(x));
  it.each([null, '', ...notWebUrls, 'https://evil.example//evil.example', 'ftp://evil.example/x', 'mailto:a@b.c'])('refuses %j', (value) => {
    expect(pathOfPageUrl(value)).toBeNull();
  });
});

describe('withQueryParams', () => {
  it('sets, replaces and removes parameters on a same-site path', () => {
    expect(withQueryParams('/contact?x=1', { lead_error: 'invalid' })).toBe('/contact?x=1&lead_error=invalid');
    expect(withQueryParams('/contact?lead_error=old&x=1', { lead_error: 'spam', lead_fields: null })).toBe('/contact?lead_error=spam&x=1');
    expect(withQueryParams('//evil.example', { a: 'b' })).toBe('/?a=b');
  });
});
