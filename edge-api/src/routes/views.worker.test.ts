import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../types.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { NO_DELIVERY_ESTIMATE, vehicleInternalRoutes, viewsRoutes } from './views.ts';
import edgeApi from '../index.ts';

// Mounted as edge-api/src/index.ts mounts it (`.route('/api', viewsRoutes)` behind the tenant middleware).
const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).use('/internal/*', tenantMiddleware).route('/api', viewsRoutes).route('/internal', vehicleInternalRoutes);

async function tenant(prefix: string) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug);
  return slug;
}
const get = (path: string, slug: string, bindings: object = env) => app.request(path, { headers: tenantHeaders(slug) }, bindings);
/** Providers that cannot be reached: nothing listens on port 9 of 127.0.0.1. */
const unreachable = { ...env, AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: 'k', AUTOGRAB_API_URL: 'http://127.0.0.1:9', DELIVERY_ADAPTER: 'http', DELIVERY_API_KEY: 'k', DELIVERY_API_URL: 'http://127.0.0.1:9' };
const cachedRows = (slug: string) => env.DB.prepare('SELECT car_key, valuation FROM market_prices WHERE tenant = ?').bind(slug).all<{ car_key: string; valuation: string | null }>().then((r) => r.results);

describe('GET /api/cars/:slug/view.json (spec §7)', () => {
  it('counts each view per tenant and car and answers the total', async () => {
    const a = await tenant('views-a');
    const b = await tenant('views-b');
    const path = '/api/cars/2021-toyota-corolla-1/view.json?photos_count=12&updated_at=2026-01-01&website_id=x';
    expect(await (await get(path, a)).json()).toEqual({ views: 1, car_fields: {} });
    expect(await (await get(path, a)).json()).toEqual({ views: 2, car_fields: {} });
    // Another tenant's car with the same slug counts apart.
    expect(await (await get(path, b)).json()).toEqual({ views: 1, car_fields: {} });
    const row = await env.DB.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?').bind(a, '2021-toyota-corolla-1').first<{ views: number }>();
    expect(row?.views).toBe(2);
    const res = await get(path, a);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('needs website_id, a slug and a known tenant', async () => {
    const a = await tenant('views-bad');
    expect((await get('/api/cars/x-1/view.json', a)).status).toBe(400);
    expect((await get('/api/cars/Not%20A%20Slug/view.json?website_id=x', a)).status).toBe(400);
    expect((await app.request('/api/cars/x-1/view.json?website_id=x', {}, env)).status).toBe(400);
    expect((await get('/api/cars/x-1/view.json?website_id=x', 'no-such-tenant-here')).status).toBe(404);
  });
});

describe('GET /internal/autogauge and /internal/delivery (the vehicle page ports)', () => {
  it('are not under /api, the only prefix the shell proxies to edge-api (a browser cannot run the paid providers)', async () => {
    const a = await tenant('internal');
    const query = 'car_id=c1&make=Toyota&model=Corolla&year=2021&price=31990';
    expect((await edgeApi.request(`/api/autogauge?${query}`, { headers: tenantHeaders(a) }, env)).status).toBe(404);
    expect((await edgeApi.request('/api/delivery?postcode=4000&origin=4127', { headers: tenantHeaders(a) }, env)).status).toBe(404);
    expect((await edgeApi.request(`/internal/autogauge?${query}`, { headers: tenantHeaders(a) }, env)).status).toBe(200);
    // The tenant header is still required.
    expect((await edgeApi.request(`/internal/autogauge?${query}`, {}, env)).status).toBe(400);
  });

  it('values a car with the autograb port, 404 at or below the spec §9 price threshold', async () => {
    const a = await tenant('ag');
    const res = await get('/internal/autogauge?car_id=c1&make=Toyota&model=Corolla&badge=Ascent&year=2021&km=42000&price=31990', a);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, number>>();
    expect(body.listing_price).toBe(31990);
    expect(body.market_range_min).toBeLessThan(body.market_range_max!);
    expect(body.fill).toBeGreaterThanOrEqual(0);
    expect(body.confidence).toBeGreaterThan(0);
    expect((await get('/internal/autogauge?car_id=c1&make=Toyota&model=Corolla&year=2021&price=200', a)).status).toBe(404);
    expect((await get('/internal/autogauge?car_id=c1&make=Toyota&year=2021&price=20000', a)).status).toBe(400);
  });

  it('prices delivery by region, and says so in the spec §8 words when it cannot', async () => {
    const a = await tenant('dl');
    const res = await get('/internal/delivery?postcode=4000&origin=4127', a);
    expect(res.status).toBe(200);
    const estimate = await res.json<{ name: string; price: number }>();
    expect(estimate.name.length).toBeGreaterThan(0);
    expect(estimate.price).toBeGreaterThan(0);
    const none = await get('/internal/delivery?postcode=0000&origin=4127', a);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: NO_DELIVERY_ESTIMATE });
    expect((await get('/internal/delivery?postcode=40&origin=4127', a)).status).toBe(400);
  });

  it('keeps a valuation (or its absence) a day per car, price and km; a failing provider is a 502 and not kept', async () => {
    const a = await tenant('ag-cache');
    const path = '/internal/autogauge?car_id=c7&make=Mazda&model=CX-5&year=2020&km=50000&price=29990&nvic=ABC123&state=nsw';
    const first = await (await get(path, a)).json();
    // The second answer comes from D1 even when the provider is down.
    expect(await (await get(path, a, unreachable)).json()).toEqual(first);
    expect(await cachedRows(a)).toHaveLength(1);
    expect(JSON.parse((await cachedRows(a))[0]!.car_key)).toEqual(['c7', 29990, 50000, 2020, 'Mazda', 'CX-5', null, 'ABC123', 'NSW']);
    // Another price is another lookup; with the provider down it fails with a 502 and nothing is kept.
    const down = await get(path.replace('29990', '27990'), a, unreachable);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ error: 'Market price unavailable.' });
    expect(await cachedRows(a)).toHaveLength(1);
    // "No valuation" is remembered too.
    expect((await get(path.replace('29990', '150'), a)).status).toBe(404);
    expect((await cachedRows(a)).filter((r) => r.valuation === null)).toHaveLength(1);
    expect((await get(path.replace('nvic=ABC123', 'nvic=AB-1'), a)).status).toBe(400);
  });

  it('answers the spec §8 delivery text with a 503 when the delivery partner cannot be reached', async () => {
    const a = await tenant('dl-down');
    const res = await get('/internal/delivery?postcode=4000&origin=4127', a, unreachable);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: NO_DELIVERY_ESTIMATE });
  });

  it('keeps a delivery estimate (or its absence) a week per route, so a repeat costs the partner nothing', async () => {
    const a = await tenant('dl-cache');
    const first = await (await get('/internal/delivery?postcode=4000&origin=4127', a)).json();
    // Served from D1 while the partner is down.
    expect(await (await get('/internal/delivery?postcode=4000&origin=4127', a, unreachable)).json()).toEqual(first);
    expect((await get('/internal/delivery?postcode=0000&origin=4127', a)).status).toBe(404);
    expect((await get('/internal/delivery?postcode=0000&origin=4127', a, unreachable)).status).toBe(404);
    const rows = await env.DB.prepare('SELECT quote_key, estimate FROM delivery_quotes WHERE tenant = ? ORDER BY quote_key').bind(a).all<{ quote_key: string; estimate: string | null }>();
    expect(rows.results.map((r) => [r.quote_key, r.estimate === null ? null : JSON.parse(r.estimate)])).toEqual([['4127>0000', null], ['4127>4000', first]]);
    // Another route asks the partner again (down: 503).
    expect((await get('/internal/delivery?postcode=2000&origin=4127', a, unreachable)).status).toBe(503);
  });
});
