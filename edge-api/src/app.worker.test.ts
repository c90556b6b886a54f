import { env } from 'cloudflare:workers';
import { LinearRouter } from 'hono/router/linear-router';
import { refusingMethods } from '@forecourt/contracts/fixtures/router';
import { describe, expect, it } from 'vitest';
import { app } from './app.ts';
import worker from './index.ts';
import { putTenant, tenantHeaders, uniqueTenant } from './test/fixtures.ts';

describe('routing (hono/quick: issue 19, a tenant’s first request in a fresh isolate)', () => {
  it('routes with LinearRouter, which builds no matcher from the route table on the isolate’s first request', async () => {
    const res = await worker.request('/api/health', {}, env);
    expect(res.status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + LinearRouter');
  });

  it('has no route LinearRouter refuses (a parameter and a wildcard), whichever method comes first', () => {
    // LinearRouter throws on such a route only when a request of its method reaches it: an isolate whose first request
    // had another method would have settled on LinearRouter, then failed every request of that method.
    const refuses = (routes: readonly { method: string; path: string }[]) => refusingMethods(new LinearRouter<null>(), routes, '/api/health');
    // The check sees such a route (so an empty answer below means none).
    expect(refuses([{ method: 'POST', path: '/api/things/:id/*' }])).toEqual(['POST']);
    expect(app.routes.length).toBeGreaterThan(40);
    expect(refuses(app.routes)).toEqual([]);
  });

  it('matches parameter routes by their whole path: a parameter is one segment, a longer path is a 404', async () => {
    const slug = uniqueTenant('routing');
    await putTenant(slug);
    const intent = await worker.request('/api/payments/intents/pi_unknown', { headers: tenantHeaders(slug) }, env);
    expect(intent.status).toBe(404);
    expect(await intent.json()).toEqual({ error: 'Payment not found.' });
    const longer = await worker.request('/api/payments/intents/pi_unknown/more', { headers: tenantHeaders(slug) }, env);
    expect(longer.status).toBe(404);
    expect(await longer.json()).toEqual({ error: 'Not found.' });
    const reserved = await worker.request('/api/payments/reserved?car_ids=1,2', { headers: tenantHeaders(slug) }, env);
    expect(reserved.status).toBe(200);
    expect(await reserved.json()).toEqual({ reserved: [] });
  });
});
