import { describe, expect, it } from 'vitest';
import { formToken, signInLocation, signInReturn } from './form.ts';

describe('no-JavaScript sign-in locations', () => {
  it('carries redirect, type and back to the next step', () => {
    const ret = signInReturn(new URLSearchParams({ redirect: '/cars/abc/checkout', type: 'checkout', back: '/cars/abc' }));
    expect(ret).toEqual({ redirect: '/cars/abc/checkout', type: 'checkout', back: '/cars/abc' });
    expect(signInLocation(ret, { step: 'code' })).toBe('/sign-in?step=code&redirect=%2Fcars%2Fabc%2Fcheckout&type=checkout&back=%2Fcars%2Fabc');
    const back = new URL(signInLocation(ret, { step: 'code', error: 'The verification code is invalid. Please try again.' }), 'https://x.example');
    // Issue 10.4: a code of contracts' catalogue, never the text itself.
    expect(back.searchParams.get('sign_in_error')).toBe('invalid_code');
    expect(back.searchParams.get('step')).toBe('code');
  });

  it('never leaves the site and drops a malformed type', () => {
    const ret = signInReturn(new URLSearchParams({ redirect: 'https://evil.example/', type: '<script>', back: '//evil.example' }));
    expect(ret).toEqual({ redirect: '/', type: null, back: '/' });
    // Dot segments that would parse to a protocol-relative URL.
    expect(signInReturn(new URLSearchParams({ redirect: '/.//evil.example', back: '/%2e//evil.example' }))).toMatchObject({ redirect: '/', back: '/' });
    expect(signInLocation(signInReturn(new URLSearchParams()), { error: 'x' })).toBe('/sign-in?sign_in_error=failed&redirect=%2F');
  });

  it('reads a typed code with spaces as its digits', () => {
    expect(formToken(new URLSearchParams({ token: ' 123 456 ' }))).toBe('123456');
    expect(formToken(new URLSearchParams())).toBe('');
  });
});
