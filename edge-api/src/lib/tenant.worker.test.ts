import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { TENANT_HEADER, kvTenantKey } from '@forecourt/contracts/tenant';
import app from '../index.ts';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { tenantStore } from './tenant.ts';

const post = (headers: Record<string, string>) =>
  app.request('/api/analytics', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ event_id: 49, page: '/search/used-cars' }) }, env);

describe('tenant middleware', () => {
  it('rejects a request without the tenant header (400)', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: `Missing tenant: the ${TENANT_HEADER} header is required.` });
  });

  it('rejects a malformed tenant slug (400) before touching KV', async () => {
    const res = await post(tenantHeaders('Not A Slug!'));
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/must be a lowercase slug/);
  });

  it('rejects a tenant that is not in KV CONFIG (404)', async () => {
    const res = await post(tenantHeaders(uniqueTenant('ghost')));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Unknown tenant.' });
  });

  it('lets a known tenant through', async () => {
    const slug = uniqueTenant('known');
    await putTenant(slug);
    expect((await post(tenantHeaders(slug))).status).toBe(202);
  });

  it('treats a tenant removed from KV as unknown once its cached config expires', async () => {
    const slug = uniqueTenant('gone');
    await putTenant(slug);
    expect((await post(tenantHeaders(slug))).status).toBe(202);
    await env.CONFIG.delete(kvTenantKey(slug));
    // Served from the isolate's cache until it expires (60 s, as KV's own edge cache); expiry itself is unit-tested in contracts.
    expect((await post(tenantHeaders(slug))).status).toBe(202);
    tenantStore(env.CONFIG).clear();
    expect((await post(tenantHeaders(slug))).status).toBe(404);
  });

  it('answers a bad stored config with the generic 500, never the validation details', async () => {
    const slug = uniqueTenant('broken');
    await putTenant(slug, { ...siteConfigInput(slug), theme: { colors: { primary: 'red' } } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post(tenantHeaders(slug));
    // Loud on the server side: the config error is logged with the field at fault.
    expect(String(log.mock.calls[0]?.[1])).toMatch(/theme\.colors\.primary/);
    log.mockRestore();
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'An unknown error occurred.' });
    expect(text).not.toMatch(/theme|at .*\.ts/);
  });

  it('rejects a config stored under another slug (misfiled), loudly in the log only', async () => {
    const slug = uniqueTenant('mismatch');
    await putTenant(slug, siteConfigInput('someone-else'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post(tenantHeaders(slug));
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[1])).toMatch(/Misfiled tenant config/);
    log.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/someone-else|Misfiled/);
  });
});
