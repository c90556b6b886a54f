import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { isCrossSiteWrite, withoutInternalHeaders } from './proxy.ts';

const req = (method: string, headers: Record<string, string> = {}) => new Request('https://dealer.test/api/leads', { method, headers });

describe('proxy rules', () => {
  it('drops every x-forecourt-* header a browser sends, and keeps the rest', () => {
    const headers = withoutInternalHeaders(new Headers({ 'X-Forecourt-Tenant': 'other', 'x-forecourt-version': '9', 'x-forecourt-head': 'x', 'x-forecourt-anything': '1', cookie: 'a=1', accept: 'text/html' }));
    expect([...headers.keys()].sort()).toEqual(['accept', 'cookie']);
  });

  it("drops Cloudflare's control headers a browser sends (a browser never picks a Worker version), keeping the client IP as the platform's own header", () => {
    const headers = withoutInternalHeaders(new Headers({
      'Cloudflare-Workers-Version-Overrides': 'edge-api="10000000-0000-4000-8000-000000000001"',
      'cloudflare-workers-version-key': 'pin-me',
      'cf-worker': 'x', 'CF-IPCountry': 'AU', 'cf-connecting-ip': '203.0.113.9',
      [CLIENT_IP_HEADER]: '198.51.100.1', cookie: 'a=1',
    }));
    expect(Object.fromEntries(headers)).toEqual({ cookie: 'a=1', [CLIENT_IP_HEADER]: '203.0.113.9' });
    expect(withoutInternalHeaders(new Headers({ [CLIENT_IP_HEADER]: '198.51.100.1' })).has(CLIENT_IP_HEADER)).toBe(false);
  });

  it('refuses writes another site starts (CSRF)', () => {
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'https://evil.test' }))).toBe(true);
    expect(isCrossSiteWrite(req('DELETE', { origin: 'https://dealer.test:8443' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'null' }))).toBe(true);
    expect(isCrossSiteWrite(req('PUT', { origin: 'http://dealer.test', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'same-site' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST'))).toBe(false);
  });

  it('never refuses reads', () => {
    expect(isCrossSiteWrite(req('GET', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }))).toBe(false);
    expect(isCrossSiteWrite(req('HEAD', { 'sec-fetch-site': 'cross-site' }))).toBe(false);
  });
});
