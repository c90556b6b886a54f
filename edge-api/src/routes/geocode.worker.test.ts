import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { GEOCODE_ERRORS, callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import type { AppEnv } from '../types.ts';
import { onError } from '../lib/http.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { GEOCODE_ANSWER_TTL_MS } from '../ports/geocoding/cache.ts';
import { createFakeGoogleGeocoding, GEOCODE_PATH } from '../ports/geocoding/testing.ts';
import { GEOCODE_CACHE_CONTROL, createGeocodeRoutes } from './geocode.ts';
import edgeApi from '../index.ts';

const KEY = 'AIza_worker_test_only';
const fake = createFakeGoogleGeocoding({
  apiKey: KEY,
  places: [
    { locality: 'Springwood', state: 'QLD', stateName: 'Queensland', postcode: '4127', lat: -27.6118, lng: 153.1285 },
    { locality: 'Wacol', state: 'QLD', stateName: 'Queensland', postcode: '4076', lat: -27.5833, lng: 152.9333 },
  ],
});
/** The http adapter with the fake Google in-process (workerd cannot reach a Node server). */
const google = { ...env, GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: `https://maps.example.com.au${GEOCODE_PATH}`, GEOCODING_API_KEY: KEY };
const app = new Hono<AppEnv>().use('/internal/*', tenantMiddleware).route('/', createGeocodeRoutes({ fetch: fake.fetch }));
app.onError(onError);

async function tenant(prefix: string, defaultState?: string) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug, siteConfigInput(slug, defaultState ? { default_state: defaultState } : {}));
  return slug;
}
const path = (q: string) => `/internal/geocode?q=${encodeURIComponent(q)}`;
/** Through edge-api as deployed (src/index.ts mounts, embedded adapter from wrangler.jsonc's vars). */
const deployed = (q: string, slug: string) => edgeApi.request(path(q), { headers: tenantHeaders(slug) }, env);
const viaFake = (q: string, slug: string, bindings: object = google) => app.request(path(q), { headers: tenantHeaders(slug) }, bindings);
const keptRows = (slug: string) =>
  env.DB.prepare('SELECT query_key, answer, fetched_at FROM geocode_answers WHERE tenant = ? ORDER BY query_key').bind(slug).all<{ query_key: string; answer: string | null; fetched_at: number }>().then((r) => r.results);

beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

describe('GET /internal/geocode (embedded locality table, as deployed by default)', () => {
  it('answers a postcode and a suburb with the point and label, cacheable a day; keeps nothing in D1', async () => {
    const a = await tenant('geo');
    const res = await deployed('4127', a);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(GEOCODE_CACHE_CONTROL);
    expect(GEOCODE_CACHE_CONTROL).toBe('public, max-age=86400');
    expect(await res.json()).toEqual({ lat: -27.6271, lng: 153.1458, label: 'Chatswood Hills QLD 4127', postcode: '4127', state: 'QLD', approximate: false });
    expect(await (await deployed('Springwood QLD', a)).json()).toEqual({ lat: -27.6159, lng: 153.1375, label: 'Springwood QLD 4127', postcode: '4127', state: 'QLD', approximate: false });
    // A locality the table knows beyond one per postcode.
    expect(await (await deployed('Darra', a)).json()).toMatchObject({ label: 'Darra QLD 4076', approximate: false });
    expect(await (await deployed(' 4 1 7 3 ', a)).json()).toMatchObject({ label: 'Tingalpa QLD 4173' });
    expect(await (await deployed('wacol, qld', a)).json()).toMatchObject({ label: 'Wacol QLD 4076', postcode: '4076' });
    expect(await (await deployed('Broadmeadow NSW 2292', a)).json()).toMatchObject({ label: 'Broadmeadow NSW 2292', approximate: false });
    expect(await (await deployed('4001', a)).json()).toMatchObject({ label: 'Brisbane QLD 4001', approximate: true });
    expect(await keptRows(a)).toEqual([]);
  });

  it("breaks a tie between suburbs of one name with the site's own state", async () => {
    const qld = await tenant('geo-qld', 'QLD');
    const wa = await tenant('geo-wa', 'WA');
    expect(await (await deployed('Belmont', qld)).json()).toMatchObject({ label: 'Belmont QLD 4153' });
    expect(await (await deployed('Belmont', wa)).json()).toMatchObject({ label: 'Belmont WA 6104' });
    expect(await (await deployed('Belmont NSW', wa)).json()).toMatchObject({ label: 'Belmont NSW 2280' });
  });

  it("answers 400 with locatorQuery's text for a query outside the rule, before any lookup", async () => {
    const a = await tenant('geo-400');
    const cases: Array<[string, string]> = [
      ['/internal/geocode', GEOCODE_ERRORS.empty],
      [path(''), GEOCODE_ERRORS.empty],
      [path('   '), GEOCODE_ERRORS.empty],
      [path('412'), GEOCODE_ERRORS.postcode],
      [path('41270'), GEOCODE_ERRORS.postcode],
      [path('Springwood!!'), GEOCODE_ERRORS.suburb],
      [path('4127 Springwood'), GEOCODE_ERRORS.suburb],
      [path('S'.repeat(61)), GEOCODE_ERRORS.suburb],
      [path('4'.repeat(61)), GEOCODE_ERRORS.postcode],
      // Digits only, over 60 characters, though its digits make a postcode: still the postcode text, not the suburb's.
      [path(`4${' '.repeat(60)}127`), GEOCODE_ERRORS.postcode],
      [path(`4 1 2 7${' 0'.repeat(30)}`), GEOCODE_ERRORS.postcode],
      [path(`Springwood${' '.repeat(60)}QLD`), GEOCODE_ERRORS.suburb],
    ];
    for (const [url, error] of cases) {
      const res = await edgeApi.request(url, { headers: tenantHeaders(a) }, env);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toEqual({ error });
    }
    expect(GEOCODE_ERRORS.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
  });

  it("answers 404 'Invalid postcode' (spec §7) for a postcode no state owns, and the suburb text for an unknown suburb", async () => {
    const a = await tenant('geo-404');
    const none = await deployed('0000', a);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'Invalid postcode' });
    const suburb = await deployed('Atlantis', a);
    expect(suburb.status).toBe(404);
    expect(await suburb.json()).toEqual({ error: GEOCODE_ERRORS.suburb });
    expect((await deployed('Wynnum NSW', a)).status).toBe(404);
  });

  it('needs a known tenant, and is not under /api (the shell proxies only /api, so browsers never reach it)', async () => {
    const a = await tenant('geo-tenant');
    expect((await edgeApi.request(path('4127'), {}, env)).status).toBe(400);
    expect((await edgeApi.request(path('4127'), { headers: tenantHeaders(uniqueTenant('nobody')) }, env)).status).toBe(404);
    expect((await edgeApi.request(`/api/geocode?q=4127`, { headers: tenantHeaders(a) }, env)).status).toBe(404);
  });

  it("is what contracts' callInternal('geocode') reaches, its answer checked by the contract", async () => {
    const a = await tenant('geo-call');
    const binding: ServiceBinding = { fetch: async (input, init) => edgeApi.fetch(new Request(input, init), env, createExecutionContext()) };
    const found = await callInternal(binding, 'geocode', { tenant: a, query: { q: 'Dandenong VIC' } });
    expect(found).toMatchObject({ ok: true, status: 200, data: { label: 'Dandenong VIC 3175', state: 'VIC' } });
    expect(await callInternal(binding, 'geocode', { tenant: a, query: { q: '0000' } })).toEqual({ ok: false, status: 404, error: 'Invalid postcode' });
  });
});

describe('GET /internal/geocode with the http adapter (a Google-format provider)', () => {
  it('answers from the provider and keeps the answer 30 days per tenant and normalised query: a repeat costs nothing', async () => {
    const a = await tenant('geo-http');
    const first = await viaFake('Springwood QLD', a);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(GEOCODE_CACHE_CONTROL);
    const body = await first.json();
    expect(body).toEqual({ lat: -27.6118, lng: 153.1285, label: 'Springwood QLD 4127', postcode: '4127', state: 'QLD', approximate: false });
    expect(fake.requests).toHaveLength(1);
    // The same place however typed: no second lookup.
    for (const q of ['springwood qld', '  SPRINGWOOD   QLD ']) expect(await (await viaFake(q, a)).json()).toEqual(body);
    expect(fake.requests).toHaveLength(1);
    expect(await keptRows(a)).toEqual([{ query_key: 'suburb:springwood qld', answer: JSON.stringify(body), fetched_at: expect.any(Number) }]);
    // Another tenant asks for itself.
    await viaFake('Springwood QLD', await tenant('geo-http-b'));
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps "nothing found" too (404 without a second lookup), and asks again once the answer is past 30 days', async () => {
    const a = await tenant('geo-http-none');
    for (let i = 0; i < 2; i++) {
      const res = await viaFake('4999', a);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: GEOCODE_ERRORS.notFound });
    }
    expect((await viaFake('Atlantis', a)).status).toBe(404);
    expect(await (await viaFake('Atlantis', a)).json()).toEqual({ error: GEOCODE_ERRORS.suburb });
    expect(fake.requests).toHaveLength(2);
    expect(await keptRows(a)).toEqual([
      { query_key: 'postcode:4999', answer: null, fetched_at: expect.any(Number) },
      { query_key: 'suburb:atlantis', answer: null, fetched_at: expect.any(Number) },
    ]);
    // Past the window: asked again, and the tenant's other expired rows go with the write.
    await env.DB.prepare('UPDATE geocode_answers SET fetched_at = fetched_at - ? WHERE tenant = ?').bind(GEOCODE_ANSWER_TTL_MS + 1000, a).run();
    expect((await viaFake('4076', a)).status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    expect((await keptRows(a)).map((r) => r.query_key)).toEqual(['postcode:4076']);
  });

  it('answers 503 with the unavailable text when the provider fails, keeps nothing, and logs neither the key nor the place', async () => {
    const a = await tenant('geo-http-503');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failures = [
      () => Response.json({ status: 'OVER_QUERY_LIMIT', results: [], error_message: 'You have exceeded your rate-limit for this API.' }),
      () => Response.json({ error: 'upstream' }, { status: 500 }),
      () => new Response('<html>oops</html>'),
    ];
    for (const failure of failures) {
      fake.overrideNext(failure);
      const res = await viaFake('Wacol QLD', a);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ error: GEOCODE_ERRORS.unavailable });
    }
    expect(await keptRows(a)).toEqual([]);
    // A refused key is a failure too.
    const refused = await viaFake('Wacol QLD', a, { ...google, GEOCODING_API_KEY: 'wrong-key' });
    expect(refused.status).toBe(503);
    // Misconfigured (no key secret): the same answer, the cause in the log.
    const misconfigured = await viaFake('Wacol QLD', a, { ...google, GEOCODING_API_KEY: undefined });
    expect(misconfigured.status).toBe(503);
    const logged = log.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(logged).toMatch(/GeocodingUnavailableError: Geocoding API answered status OVER_QUERY_LIMIT/);
    expect(logged).toMatch(/GEOCODING_API_KEY is not set/);
    expect(logged).not.toMatch(/Wacol|wacol|AIza_worker_test_only|wrong-key/);
    // The provider recovers: answered and kept.
    expect((await viaFake('Wacol QLD', a)).status).toBe(200);
    expect((await keptRows(a)).map((r) => r.query_key)).toEqual(['suburb:wacol qld']);
  });

  it('does not ask the provider for a query outside the rule', async () => {
    const a = await tenant('geo-http-400');
    for (const q of ['', '412', 'Springwood!!']) expect((await viaFake(q, a)).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});
