import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, withoutInternalHeaders } from './proxy.ts';

const req = (method: string, headers: Record<string, string> = {}) => new Request('https://dealer.test/api/leads', { method, headers });

describe('proxy rules', () => {
  it('drops every x-forecourt-* header a browser sends, and keeps the rest', () => {
    const headers = withoutInternalHeaders(new Headers({ 'X-Forecourt-Tenant': 'other', 'x-forecourt-version': '9', 'x-forecourt-head': 'x', 'x-forecourt-anything': '1', cookie: 'a=1', accept: 'text/html' }));
    expect([...headers.keys()].sort()).toEqual(['accept', 'cookie']);
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
