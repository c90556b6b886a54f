import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from './index.ts';
import { putTenant, tenantHeaders, uniqueTenant } from './test/fixtures.ts';
import { warmUp } from './warm-up.ts';

describe('isolate warm-up (issue 19, cold start)', () => {
  it('ran when the module loaded inside workerd: a made-up tenant’s reads and the router, no D1', async () => {
    expect((await app.request('/api/health', {}, env)).status).toBe(200);
    await Promise.resolve();
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(1_000);
  });
});

describe('secure defaults', () => {
  it('answers an unknown route with JSON 404', async () => {
    const res = await app.request('/nope', {}, env);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });

  it('answers an unknown /api route of a known tenant with JSON 404', async () => {
    const slug = uniqueTenant('routes');
    await putTenant(slug);
    const res = await app.request('/api/does-not-exist', { headers: tenantHeaders(slug) }, env);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });

  it('answers a wrong method with JSON 404', async () => {
    const res = await app.request('/api/health', { method: 'DELETE' }, env);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });

  it('leaves security headers to the shell (one policy for every answer; issue 10.5: no wider HSTS from here)', async () => {
    const res = await app.request('/api/health', {}, env);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
