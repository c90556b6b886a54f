import { describe, expect, it } from 'vitest';
import { BASE_HEADERS, NON_DOCUMENT_CSP, securityHeaders, withHeaderPolicy, withHeaderPolicyRecord } from './security.ts';

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

  it('one policy on every answer: a Worker behind the shell cannot widen HSTS (issue 10.5), and every answer gets a CSP', async () => {
    const api = withHeaderPolicy(new Response('{"ok":true}', { headers: { 'content-type': 'application/json', 'strict-transport-security': 'max-age=15552000; includeSubDomains' } }));
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(api.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
    for (const [name, value] of Object.entries(BASE_HEADERS)) expect(api.headers.get(name)).toBe(value);
    expect(await api.text()).toBe('{"ok":true}');
    const page = withHeaderPolicy(new Response('<p>x</p>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }));
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toBe(securityHeaders()['content-security-policy']);
    // An answer with a CSP of its own keeps it (e.g. a picture that may load and run nothing).
    const image = withHeaderPolicy(new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" } }));
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('an answer built with the policy (the shell’s documents) is sent as it is, not copied; one missing any part is', () => {
    const page = new Response('<p>x</p>', { headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders() } });
    expect(withHeaderPolicy(page)).toBe(page);
    const wider = new Response('<p>x</p>', { headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders(), 'strict-transport-security': 'max-age=1' } });
    const fixed = withHeaderPolicy(wider);
    expect(fixed).not.toBe(wider);
    expect(fixed.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('withHeaderPolicyRecord: the same policy on a header record built once (early hits)', () => {
    expect(withHeaderPolicyRecord({ 'content-type': 'text/html', 'x-frame-options': 'SAMEORIGIN' })).toEqual({ 'content-type': 'text/html', ...BASE_HEADERS, 'content-security-policy': securityHeaders()['content-security-policy'] });
    expect(withHeaderPolicyRecord({ 'content-type': 'application/json' })['content-security-policy']).toBe(NON_DOCUMENT_CSP);
    expect(withHeaderPolicyRecord({ 'content-security-policy': "default-src 'none'" })['content-security-policy']).toBe("default-src 'none'");
  });
});
