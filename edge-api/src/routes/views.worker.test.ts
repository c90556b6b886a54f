import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import type { AppEnv } from '../types.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { deleteExpiredRows } from '../lib/expiry.ts';
import { VIEW_VISIT_PERIOD_MS } from '../leads/rate-limit.ts';
import { MAX_CAR_SLUG_LENGTH } from '@forecourt/contracts/internal';
import { NO_DELIVERY_ESTIMATE, vehicleInternalRoutes, viewsRoutes } from './views.ts';
import edgeApi from '../index.ts';

// Mounted as edge-api/src/index.ts mounts it (`.route('/api', viewsRoutes)` behind the tenant middleware).
const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).use('/internal/*', tenantMiddleware).route('/api', viewsRoutes).route('/', vehicleInternalRoutes);

async function tenant(prefix: string) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug);
  return slug;
}
const get = (path: string, slug: string, bindings: object = env, headers: Record<string, string> = {}) => app.request(path, { headers: tenantHeaders(slug, headers) }, bindings);
/** Providers that cannot be reached: nothing listens on port 9 of 127.0.0.1. */
const unreachable = { ...env, AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: 'k', AUTOGRAB_API_URL: 'http://127.0.0.1:9', DELIVERY_ADAPTER: 'http', DELIVERY_API_KEY: 'k', DELIVERY_API_URL: 'http://127.0.0.1:9' };
const cachedRows = (slug: string) => env.DB.prepare('SELECT car_key, valuation FROM market_prices WHERE tenant = ?').bind(slug).all<{ car_key: string; valuation: string | null }>().then((r) => r.results);

const CAR = '2021-toyota-corolla-1';
/** mf-search as edge-api's SEARCH binding sees it: one car in every tenant's stock (or an answer given by `answer`). */
const stock = (answer?: () => Response) => ({
  ...env,
  SEARCH: {
    fetch: async (input: string) => {
      if (answer) return answer();
      const slug = new URL(input).searchParams.get('slug');
      return slug === CAR ? Response.json({ car: { ...sampleCar, slug: CAR } }) : Response.json({ error: 'No such car.' }, { status: 404 });
    },
  },
});
const lookups = () => {
  const fetch = vi.fn(async (input: string) => (new URL(input).searchParams.get('slug') === CAR ? Response.json({ car: { ...sampleCar, slug: CAR } }) : Response.json({ error: 'No such car.' }, { status: 404 })));
  return { bindings: { ...env, SEARCH: { fetch } }, fetch };
};
const visitor = (ip: string, ua = 'Firefox') => ({ [CLIENT_IP_HEADER]: ip, 'user-agent': ua });
const viewPath = (slug: string) => `/api/cars/${slug}/view.json?photos_count=12&updated_at=2026-01-01&website_id=x`;
const viewRow = (tenant: string, car: string) => env.DB.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?').bind(tenant, car).first<number>('views');
const visits = (tenant: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM car_view_visits WHERE tenant = ?').bind(tenant).first<number>('n');

describe('GET /api/cars/:slug/view.json (spec §7)', () => {
  it('counts a car of the stock once per visitor, per tenant, and answers the total', async () => {
    const a = await tenant('views-a');
    const b = await tenant('views-b');
    const path = viewPath(CAR);
    expect(await (await get(path, a, stock(), visitor('203.0.113.1'))).json()).toEqual({ views: 1, car_fields: {} });
    // Another visitor (address, or browser on the same address) counts.
    expect(await (await get(path, a, stock(), visitor('203.0.113.2'))).json()).toEqual({ views: 2, car_fields: {} });
    expect(await (await get(path, a, stock(), visitor('203.0.113.2', 'Safari'))).json()).toEqual({ views: 3, car_fields: {} });
    // Another tenant's car with the same slug counts apart.
    expect(await (await get(path, b, stock(), visitor('203.0.113.1'))).json()).toEqual({ views: 1, car_fields: {} });
    expect(await viewRow(a, CAR)).toBe(3);
    const res = await get(path, a, stock(), visitor('203.0.113.3'));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('does not count a repeat by the same visitor within 30 minutes (a reload answers the total), and counts it after', async () => {
    const a = await tenant('views-repeat');
    const me = visitor('203.0.113.7');
    expect(await (await get(viewPath(CAR), a, stock(), me)).json()).toEqual({ views: 1, car_fields: {} });
    for (let i = 0; i < 5; i++) expect(await (await get(viewPath(CAR), a, stock(), me)).json()).toEqual({ views: 1, car_fields: {} });
    // Simultaneous repeats by a new visitor count once.
    const burst = await Promise.all([1, 2, 3, 4].map(() => get(viewPath(CAR), a, stock(), visitor('203.0.113.8'))));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await viewRow(a, CAR)).toBe(2);
    // The visit key is a hash: no address or browser in D1.
    const rows = await env.DB.prepare('SELECT visit_key FROM car_view_visits WHERE tenant = ?').bind(a).all<{ visit_key: string }>();
    expect(rows.results.every((r) => /^[0-9a-f]{64}$/.test(r.visit_key))).toBe(true);
    // A period later the same visitor counts again.
    await env.DB.prepare('UPDATE car_view_visits SET seen_at = seen_at - ? WHERE tenant = ?').bind(VIEW_VISIT_PERIOD_MS, a).run();
    expect(await (await get(viewPath(CAR), a, stock(), me)).json()).toEqual({ views: 3, car_fields: {} });
    // The cron deletes visits past their period.
    await env.DB.prepare('UPDATE car_view_visits SET seen_at = seen_at - ? WHERE tenant = ?').bind(VIEW_VISIT_PERIOD_MS + 1, a).run();
    expect((await deleteExpiredRows(env.DB)).viewVisits).toBeGreaterThanOrEqual(2);
    expect(await visits(a)).toBe(0);
  });

  it('answers 404 for a car the stock does not have, writing nothing; a slug beyond the bounds is refused before any lookup', async () => {
    const a = await tenant('views-unknown');
    const { bindings, fetch } = lookups();
    const made = await get(viewPath('2001-made-up-car-9'), a, bindings, visitor('203.0.113.9'));
    expect(made.status).toBe(404);
    expect(await made.json()).toEqual({ error: 'No such car.' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const huge = await get(viewPath('a'.repeat(5000)), a, bindings, visitor('203.0.113.9'));
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ error: expect.any(String) });
    expect((await get(viewPath('a'.repeat(MAX_CAR_SLUG_LENGTH + 1)), a, bindings)).status).toBe(400);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM car_views WHERE tenant = ?').bind(a).first<number>('n')).toBe(0);
    expect(await visits(a)).toBe(0);
  });

  it('answers the total uncounted when mf-search cannot say (never a 5xx that breaks the page)', async () => {
    const a = await tenant('views-search-down');
    expect(await (await get(viewPath(CAR), a, stock(), visitor('203.0.113.10'))).json()).toEqual({ views: 1, car_fields: {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const down of [stock(() => new Response('boom', { status: 503 })), stock(() => { throw new Error('unreachable'); }), { ...env, SEARCH: undefined }]) {
        const res = await get(viewPath(CAR), a, down, visitor('203.0.113.11'));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ views: 1, car_fields: {} });
      }
      // A car never counted has a total of 0.
      expect(await (await get(viewPath('2022-mazda-cx-5-2'), a, stock(() => new Response('boom', { status: 500 })), visitor('203.0.113.11'))).json()).toEqual({ views: 0, car_fields: {} });
    } finally {
      vi.restoreAllMocks();
    }
    expect(await viewRow(a, CAR)).toBe(1);
  });

  it('limits each address to 120 calls in 10 minutes (429 with Retry-After), made-up cars included', async () => {
    const a = await tenant('views-limit');
    const me = visitor('198.51.100.20');
    for (let i = 0; i < 120; i++) expect((await get(viewPath(i % 2 ? CAR : `2001-made-up-${i}`), a, stock(), me)).status).toBe(i % 2 ? 200 : 404);
    const limited = await get(viewPath(CAR), a, stock(), me);
    expect(limited.status).toBe(429);
    const body = await limited.json<{ error: string; retry_after: number }>();
    expect(body.error).toMatch(/Too many/);
    expect(limited.headers.get('retry-after')).toBe(String(body.retry_after));
    expect((await get(viewPath(CAR), a, stock(), visitor('198.51.100.21'))).status).toBe(200);
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
