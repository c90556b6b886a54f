import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './sign-in.ts';

describe('safeRedirectPath (sign-in returns only to this site)', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirectPath('/cars/abc/checkout?x=1#top')).toBe('/cars/abc/checkout?x=1#top');
    expect(safeRedirectPath('/watchlist')).toBe('/watchlist');
  });
  it.each([
    null, undefined, '', 'cars', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', `/${'a'.repeat(2100)}`,
    // Dot segments that parse to a protocol-relative URL.
    '/.//evil.example', '/%2e//evil.example', '/a/..//evil.example/x?y#z', '/.\\/evil.example', '/./\\evil.example',
  ])('sends %s home', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
