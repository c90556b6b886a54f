/**
 * The page-cache purge inside workerd: `POST /internal/cache/purge` (INTERNAL.purgePages), the embedded adapter over a
 * service binding, and the purge triggers of edge-api's writes (a reservation paid, a refund) with a recording port.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { INTERNAL } from '@forecourt/contracts/internal';
import { SHELL_PURGE_PATH, type PurgeRequest } from '@forecourt/contracts/page-cache';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import type { AppEnv } from '../types.ts';
import app from '../index.ts';
import { onError } from '../lib/http.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { EmbeddedPageCache, SHELL_PURGE_URL } from '../ports/page-cache/embedded.ts';
import type { PageCachePort, PurgeOutcome } from '../ports/page-cache/port.ts';
import { carPageTags } from '../ports/page-cache/purge.ts';
import { createFakeStripe } from '../ports/payments/testing.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { createPageCacheRoutes, PURGE_FAILED_MESSAGE, PURGE_TENANT_MISMATCH_MESSAGE, PURGE_UNAVAILABLE_MESSAGE } from './page-cache.ts';
import { createPaymentsRoutes } from './payments.ts';

/** A port that records every purge and answers what the test says (a success by default). */
function recordingPort(answer: (request: PurgeRequest) => Promise<PurgeOutcome> = async () => ({ ok: true, answer: { dropped: 1, shared: true } })) {
  const purges: PurgeRequest[] = [];
  const port: PageCachePort = { adapter: 'embedded', purge: (request) => (purges.push(request), answer(request)) };
  return { port, purges };
}

const HOST = 'https://outback.example.com.au';
async function tenantWith(prefix: string) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug, siteConfigInput(slug, { features: { reserve_online: true } }));
  return slug;
}
const unchecked = { ...env, SEARCH: undefined };

afterEach(() => vi.restoreAllMocks());

describe('POST /internal/cache/purge (INTERNAL.purgePages)', () => {
  const recorder = recordingPort();
  let port: PageCachePort = recorder.port;
  const routes = new Hono<AppEnv>();
  routes.use('/internal/*', tenantMiddleware);
  routes.route('/', createPageCacheRoutes({ pageCache: () => port }));
  routes.onError(onError);
  const purge = (tenant: string, body: unknown, headers: Record<string, string> = {}) =>
    routes.request(INTERNAL.purgePages.path, { method: 'POST', headers: tenantHeaders(tenant, { 'content-type': 'application/json', ...headers }), body: typeof body === 'string' ? body : JSON.stringify(body) }, env);

  it("purges the tenant's tags through the port and answers its PurgeAnswer", async () => {
    const t = await tenantWith('purge-ok');
    const body = { tenant: t, tags: [`car:${t}:abc-1`, `stock:${t}`], reason: 'stock-import' };
    const res = await purge(t, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dropped: 1, shared: true });
    expect(recorder.purges.at(-1)).toEqual(body);
  });

  it('refuses a body that is not a purge (400) and a purge of another tenant than the header (403), purging nothing', async () => {
    const t = await tenantWith('purge-bad');
    const before = recorder.purges.length;
    expect((await purge(t, '{not json')).status).toBe(400);
    for (const body of [{}, { tenant: t, tags: [], reason: 'stock-import' }, { tenant: t, tags: [`stock:${t}`], reason: 'because' }, { tenant: t, tags: ['stock:other-tenant'], reason: 'operator' }, { tenant: t, tags: [`car:${t}:a b`], reason: 'operator' }]) {
      const res = await purge(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Invalid request: /);
    }
    const other = await tenantWith('purge-other');
    const res = await purge(t, { tenant: other, tags: [`stock:${other}`], reason: 'stock-import' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: PURGE_TENANT_MISMATCH_MESSAGE });
    expect(recorder.purges.length).toBe(before);
    // The tenant header is required and must name a known tenant, as on every /internal route.
    expect((await routes.request(INTERNAL.purgePages.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, env)).status).toBe(400);
    expect((await purge('no-such-tenant', { tenant: 'no-such-tenant', tags: ['stock:no-such-tenant'], reason: 'operator' })).status).toBe(404);
  });

  it('answers 502 when the page cache failed, 503 when it is misconfigured', async () => {
    const t = await tenantWith('purge-fail');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    port = recordingPort(async () => ({ ok: false, error: 'shell page cache answered 500' })).port;
    const failed = await purge(t, { tenant: t, tags: [`stock:${t}`], reason: 'stock-import' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: PURGE_FAILED_MESSAGE });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`stock-import purge for tenant ${t} not done: shell page cache answered 500`));
    port = { adapter: 'cloudflare', purge: () => Promise.reject(new Error('never called')) };
    const misconfigured = new Hono<AppEnv>();
    misconfigured.use('/internal/*', tenantMiddleware);
    misconfigured.route('/', createPageCacheRoutes({ pageCache: () => { throw new Error('CF_ZONE_ID is not set'); } }));
    const res = await misconfigured.request(INTERNAL.purgePages.path, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json' }), body: JSON.stringify({ tenant: t, tags: [`stock:${t}`], reason: 'config' }) }, env);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: PURGE_UNAVAILABLE_MESSAGE });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('CF_ZONE_ID is not set'));
    port = recorder.port;
  });

  it('is mounted by edge-api itself, under /internal (never proxied to browsers): without a shell bound it answers 502', async () => {
    const t = await tenantWith('purge-app');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await app.request(INTERNAL.purgePages.path, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json' }), body: JSON.stringify({ tenant: t, tags: [`stock:${t}`], reason: 'stock-import' }) }, env);
    expect(res.status).toBe(502);
  });
});

describe('the embedded adapter: the shell’s PageCache entrypoint over the SHELL_CACHE binding', () => {
  const T = 'harbourside-toyota';
  const request: PurgeRequest = { tenant: T, tags: [`car:${T}:abc-1`, `stock:${T}`], reason: 'reservation' };

  it('POSTs the request as JSON to the contract’s path, with the tenant header, and answers the validated PurgeAnswer', async () => {
    const seen: Array<{ url: string; method: string; tenant: string | null; body: unknown }> = [];
    const shell = {
      fetch: async (url: string, init?: RequestInit) => {
        const r = new Request(url, init);
        seen.push({ url: r.url, method: r.method, tenant: r.headers.get(TENANT_HEADER), body: await r.json() });
        return Response.json({ dropped: 3, shared: true });
      },
    };
    expect(await new EmbeddedPageCache(shell).purge(request)).toEqual({ ok: true, answer: { dropped: 3, shared: true } });
    expect(seen).toEqual([{ url: SHELL_PURGE_URL, method: 'POST', tenant: T, body: request }]);
    expect(new URL(SHELL_PURGE_URL).pathname).toBe(SHELL_PURGE_PATH);
  });

  it('answers a failure, never throws: an error status, a body that is not a PurgeAnswer, a broken binding, a slow shell', async () => {
    const answering = (res: () => Response | Promise<Response>) => new EmbeddedPageCache({ fetch: async () => res() }, 200);
    expect(await answering(() => new Response('no', { status: 500 })).purge(request)).toEqual({ ok: false, error: 'shell page cache answered 500' });
    expect(await answering(() => Response.json({ dropped: -1 })).purge(request)).toEqual({ ok: false, error: 'shell page cache answered an unexpected body' });
    expect(await answering(() => new Response('<html>')).purge(request)).toEqual({ ok: false, error: 'shell page cache answered without JSON' });
    expect(await answering(() => Promise.reject(new Error('binding gone'))).purge(request)).toMatchObject({ ok: false, error: expect.stringContaining('unreachable') });
    const slow = new EmbeddedPageCache({ fetch: (_url, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) }, 50);
    expect(await slow.purge(request)).toMatchObject({ ok: false, error: expect.stringMatching(/unreachable \((TimeoutError|AbortError)/) });
    // The contract is checked before anything is sent.
    let called = false;
    const strict = new EmbeddedPageCache({ fetch: async () => ((called = true), Response.json({ dropped: 0, shared: false })) });
    expect(await strict.purge({ tenant: T, tags: ['stock:someone-else'], reason: 'operator' })).toMatchObject({ ok: false });
    expect(called).toBe(false);
  });
});

describe('purge triggers: a reservation paid or refunded drops the car page and the stock pages', () => {
  const STRIPE = { PAYMENTS_ADAPTER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_worker_only', STRIPE_WEBHOOK_SECRET: 'whsec_worker_only' };
  const fake = createFakeStripe({ secretKey: STRIPE.STRIPE_SECRET_KEY, webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET });
  let port: PageCachePort;
  const api = new Hono<AppEnv>();
  api.use('/api/*', tenantMiddleware);
  api.route('/api', createPaymentsRoutes({ fetch: fake.fetch, pageCache: () => port }));
  api.onError(onError);

  async function call(path: string, tenant: string, body?: unknown, environment: object = unchecked): Promise<Response> {
    const ctx = createExecutionContext();
    const init = body === undefined ? { headers: tenantHeaders(tenant) } : { method: 'POST', headers: tenantHeaders(tenant, { 'content-type': 'application/json' }), body: JSON.stringify(body) };
    const res = await api.request(`${HOST}${path}`, init, environment, ctx);
    // The purge runs in the background (waitUntil): done once the context is.
    await waitOnExecutionContext(ctx);
    return res;
  }
  const reserveBody = () => ({
    car_id: sampleCar.id, idempotency_key: crypto.randomUUID(), amount: 200, car_name: '2021 Toyota Corolla', car_type: 'used', return_path: '/cars/x/checkout', url: `${HOST}/cars/x/checkout`,
    name: 'Sam', last_name: 'Lee', email: 'sam.lee@example.com', phone: '+61 412 345 678', terms_conditions: true,
  });
  const reserveAndConfirm = async (t: string) => {
    const started = (await (await call('/api/payments/reserve', t, reserveBody())).json()) as { payment_id: string; redirect_url: string };
    const session = new URL(started.redirect_url, HOST).searchParams.get('session') ?? '';
    return { id: started.payment_id, confirmed: await call('/api/payments/embedded/confirm', t, { payment: started.payment_id, session }) };
  };

  it('a paid reservation purges its car tag and the stock tag once, after it is stored; starting a checkout purges nothing', async () => {
    const t = await tenantWith('trig-paid');
    const recorder = recordingPort();
    port = recorder.port;
    const started = await call('/api/payments/reserve', t, reserveBody());
    expect(started.status).toBe(201);
    // Unpaid, the car is not Reserved: nothing any page shows has changed.
    expect(recorder.purges).toEqual([]);
    const { payment_id, redirect_url } = (await started.json()) as { payment_id: string; redirect_url: string };
    const confirm = () => call('/api/payments/embedded/confirm', t, { payment: payment_id, session: new URL(redirect_url, HOST).searchParams.get('session') });
    expect((await confirm()).status).toBe(200);
    expect(recorder.purges).toEqual([{ tenant: t, tags: [`car:${t}:${sampleCar.id}`, `stock:${t}`], reason: 'payment' }]);
    // The reserved-cars lookup the pages read already says Reserved when the purge runs.
    expect(await (await call(`/api/payments/reserved?car_ids=${sampleCar.id}`, t)).json()).toEqual({ reserved: [sampleCar.id] });
    // Confirmed again (a double click, the return page): already settled, no second purge.
    expect((await confirm()).status).toBe(200);
    expect(recorder.purges).toHaveLength(1);
  });

  it('a failing page cache never fails the reservation: a port that fails, throws, or cannot be built', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ports: Array<() => PageCachePort> = [
      () => recordingPort(async () => ({ ok: false, error: 'shell page cache answered 500' })).port,
      () => recordingPort(() => Promise.reject(new Error('boom'))).port,
      () => { throw new Error('CF_ZONE_ID is not set'); },
    ];
    for (const make of ports) {
      const t = await tenantWith('trig-fail');
      let built: PageCachePort | null = null;
      port = new Proxy({} as PageCachePort, { get: (_, key) => ((built ??= make()) as unknown as Record<string | symbol, unknown>)[key] });
      const { confirmed } = await reserveAndConfirm(t);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ status: 'paid' });
      expect(await (await call(`/api/payments/reserved?car_ids=${sampleCar.id}`, t)).json()).toEqual({ reserved: [sampleCar.id] });
    }
    const logged = [...warn.mock.calls, ...error.mock.calls].map((c) => String(c[0]));
    expect(logged.filter((l) => l.includes('payment purge for tenant'))).toHaveLength(3);
    // No personal data in the logs: the tenant, the reason and the error only.
    expect(logged.join('\n')).not.toMatch(/Sam|Lee|412|example\.com/);
  });

  it('Stripe: the paid webhook purges once (not its redelivery), and a refund in the Dashboard purges again', async () => {
    const t = await tenantWith('trig-stripe');
    const recorder = recordingPort();
    port = recorder.port;
    const stripeEnv = { ...unchecked, ...STRIPE };
    const started = (await (await call('/api/payments/reserve', t, reserveBody(), stripeEnv)).json()) as { payment_id: string };
    const session = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === started.payment_id)!.id);
    const webhook = async (type: string, object: unknown) => {
      const { payload, signature } = await fake.webhook(type, object);
      const ctx = createExecutionContext();
      const res = await api.request(`${HOST}/api/payments/webhook`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json', 'stripe-signature': signature }), body: payload }, stripeEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    expect(recorder.purges.map((p) => p.reason)).toEqual(['payment']);
    expect((await webhook('charge.refunded', fake.refundedCharge(session.payment_intent!))).status).toBe(200);
    expect(recorder.purges).toEqual([
      { tenant: t, tags: carPageTags(t, [sampleCar.id]), reason: 'payment' },
      { tenant: t, tags: [`car:${t}:${sampleCar.id}`, `stock:${t}`], reason: 'refund' },
    ]);
  });

  it('the answer waits for the purge (the next request sees it), but never longer than the purge wait', async () => {
    const t = await tenantWith('trig-await');
    let done = 0;
    port = recordingPort(async () => {
      await new Promise((r) => setTimeout(r, 150));
      done += 1;
      return { ok: true, answer: { dropped: 1, shared: true } };
    }).port;
    const started = (await (await call('/api/payments/reserve', t, reserveBody())).json()) as { payment_id: string; redirect_url: string };
    const session = new URL(started.redirect_url, HOST).searchParams.get('session') ?? '';
    // Not waiting on the ExecutionContext: the purge is done when the answer is.
    const ctx = createExecutionContext();
    const res = await api.request(`${HOST}/api/payments/embedded/confirm`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json' }), body: JSON.stringify({ payment: started.payment_id, session }) }, unchecked, ctx);
    expect(res.status).toBe(200);
    expect(done).toBe(1);
    await waitOnExecutionContext(ctx);

    // A page cache that hangs: the payment is answered after the wait, and the purge goes on in the background.
    const slowApi = new Hono<AppEnv>();
    slowApi.use('/api/*', tenantMiddleware);
    let finished = false;
    slowApi.route('/api', createPaymentsRoutes({ purgeWaitMs: 50, pageCache: () => recordingPort(async () => {
      await new Promise((r) => setTimeout(r, 600));
      finished = true;
      return { ok: true, answer: { dropped: 0, shared: true } };
    }).port }));
    slowApi.onError(onError);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t2 = await tenantWith('trig-slow');
    const begun = (await (await slowApi.request(`${HOST}/api/payments/reserve`, { method: 'POST', headers: tenantHeaders(t2, { 'content-type': 'application/json' }), body: JSON.stringify(reserveBody()) }, unchecked, createExecutionContext())).json()) as { payment_id: string; redirect_url: string };
    const slowCtx = createExecutionContext();
    const at = Date.now();
    const slow = await slowApi.request(`${HOST}/api/payments/embedded/confirm`, { method: 'POST', headers: tenantHeaders(t2, { 'content-type': 'application/json' }), body: JSON.stringify({ payment: begun.payment_id, session: new URL(begun.redirect_url, HOST).searchParams.get('session') }) }, unchecked, slowCtx);
    expect(slow.status).toBe(200);
    expect(await slow.json()).toMatchObject({ status: 'paid' });
    expect(finished).toBe(false);
    expect(Date.now() - at).toBeLessThan(550);
    expect(warn.mock.calls.map((c) => String(c[0])).some((l) => l.includes('still running after 50 ms'))).toBe(true);
    await waitOnExecutionContext(slowCtx);
    expect(finished).toBe(true);
  });

  it('a Stripe refund is purged before the webhook is answered', async () => {
    const t = await tenantWith('trig-refund-await');
    const purged: string[] = [];
    port = recordingPort(async (request) => {
      await new Promise((r) => setTimeout(r, 100));
      purged.push(request.reason);
      return { ok: true, answer: { dropped: 1, shared: true } };
    }).port;
    const stripeEnv = { ...unchecked, ...STRIPE };
    const started = (await (await call('/api/payments/reserve', t, reserveBody(), stripeEnv)).json()) as { payment_id: string };
    const session = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === started.payment_id)!.id);
    const webhook = async (type: string, object: unknown) => {
      const { payload, signature } = await fake.webhook(type, object);
      return api.request(`${HOST}/api/payments/webhook`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json', 'stripe-signature': signature }), body: payload }, stripeEnv, createExecutionContext());
    };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    expect(purged).toEqual(['payment']);
    expect((await webhook('charge.refunded', fake.refundedCharge(session.payment_intent!))).status).toBe(200);
    expect(purged).toEqual(['payment', 'refund']);
  });

  it('a misconfigured adapter (cloudflare without its zone and token) logs an error at every purge, not once', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const defaultApi = new Hono<AppEnv>();
    defaultApi.use('/api/*', tenantMiddleware);
    defaultApi.route('/api', createPaymentsRoutes());
    defaultApi.onError(onError);
    const misconfigured = { ...unchecked, PAGE_CACHE_ADAPTER: 'cloudflare', CF_ZONE_ID: '', CF_PURGE_TOKEN: '' };
    for (const prefix of ['trig-cf-1', 'trig-cf-2']) {
      const t = await tenantWith(prefix);
      const started = (await (await defaultApi.request(`${HOST}/api/payments/reserve`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json' }), body: JSON.stringify(reserveBody()) }, misconfigured, createExecutionContext())).json()) as { payment_id: string; redirect_url: string };
      const res = await defaultApi.request(`${HOST}/api/payments/embedded/confirm`, { method: 'POST', headers: tenantHeaders(t, { 'content-type': 'application/json' }), body: JSON.stringify({ payment: started.payment_id, session: new URL(started.redirect_url, HOST).searchParams.get('session') }) }, misconfigured, createExecutionContext());
      expect(await res.json()).toMatchObject({ status: 'paid' });
    }
    expect(error.mock.calls.map((c) => String(c[0])).filter((l) => /payment purge for tenant .* failed.*CF_ZONE_ID is not set/.test(l))).toHaveLength(2);
  });

  it('names the stock tag alone for a car id that cannot be a tag', () => {
    expect(carPageTags('outback-used-cars', ['a:b', null])).toEqual(['stock:outback-used-cars']);
    expect(carPageTags('outback-used-cars', ['c1', 'c1'])).toEqual(['car:outback-used-cars:c1', 'stock:outback-used-cars']);
  });
});
