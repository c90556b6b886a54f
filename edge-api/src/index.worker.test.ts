import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from './index.ts';
import { putTenant, tenantHeaders, uniqueTenant } from './test/fixtures.ts';

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

  it('sets security headers', async () => {
    const res = await app.request('/api/health', {}, env);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
