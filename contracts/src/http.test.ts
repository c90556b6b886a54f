import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS, queryWithinLimits, rateLimitAddress } from './http.ts';

describe('queryWithinLimits (QUERY_LIMITS)', () => {
  it('accepts the queries the platform writes', () => {
    expect(queryWithinLimits('')).toBe(true);
    expect(queryWithinLimits('?make=toyota&make=mazda&price=5000-70000&page=2')).toBe(true);
    expect(queryWithinLimits(Array.from({ length: QUERY_LIMITS.maxParams }, (_, i) => `a${i}=1`).join('&'))).toBe(true);
  });
  it('refuses more parameters or more characters than the limits', () => {
    expect(queryWithinLimits('&'.repeat(QUERY_LIMITS.maxParams))).toBe(false);
    expect(queryWithinLimits(Array.from({ length: QUERY_LIMITS.maxParams + 1 }, (_, i) => `a${i}=1`).join('&'))).toBe(false);
    expect(queryWithinLimits(`q=${'x'.repeat(QUERY_LIMITS.maxLength)}`)).toBe(false);
  });
});

describe('rateLimitAddress', () => {
  it('keys IPv4 whole and IPv6 by its /64 prefix in every notation', () => {
    expect(rateLimitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress(' ')).toBeNull();
    expect(rateLimitAddress(null)).toBeNull();
  });
});
