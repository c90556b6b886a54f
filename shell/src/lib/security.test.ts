import { describe, expect, it } from 'vitest';
import { imageHeaders, securityHeaders } from './security.ts';

describe('security headers', () => {
  it('HSTS for a year without includeSubDomains (dealer apex domains host other subdomains)', () => {
    expect(securityHeaders()['strict-transport-security']).toBe('max-age=31536000');
  });
  it("CSP: scripts from this origin only; Turnstile's origin added (script and frame) only for a tenant that uses it", () => {
    const plain = securityHeaders()['content-security-policy']!;
    expect(plain).toContain("script-src 'self';");
    expect(plain).not.toContain('challenges.cloudflare.com');
    const withTurnstile = securityHeaders({ turnstile: true })['content-security-policy']!;
    expect(withTurnstile).toContain("script-src 'self' https://challenges.cloudflare.com;");
    expect(withTurnstile).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(withTurnstile).toContain("connect-src 'self';");
  });
  it('demo images are never sniffed and can run or load nothing', () => {
    const h = imageHeaders('image/svg+xml');
    expect(h['content-type']).toBe('image/svg+xml');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
