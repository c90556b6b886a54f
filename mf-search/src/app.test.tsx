import { LinearRouter } from 'hono/router/linear-router';
import { refusingMethods } from '@forecourt/contracts/fixtures/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import pkg from '../package.json';
import { createApp, type AppOptions } from './app.tsx';
import { createEmbeddedSearch } from './engine/embedded.ts';
import { createEnginePort } from './lib/engine-port.ts';
import { kvPendingPurgeKey } from './lib/stock-changes.ts';
import { kvSnapshotHeadKey } from './engine/snapshot.ts';
import { kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { SearchUnavailableError } from './engine/meilisearch/errors.ts';
import type { Env } from './env.ts';
import { parseCars, siteConfigInput, spyPort, testEnv } from './test/tenant.ts';

const styles = ['/_mf/mf-search/0.1.0/assets/style-abc123.css'];
const version = '9.8.7';
const TENANT = 'test-motors';
const mazda = { ...sampleCar, id: '9001', slug: '2019-mazda-cx-5-maxx-9001', path: '/cars/2019-mazda-cx-5-maxx-9001', name: '2019 Mazda CX-5 Maxx', make: 'Mazda', model: 'CX-5', badge: 'Maxx', stocknum: 'U9001', price: 28990 };
/** Another tenant's car: never found on Test Motors. */
const otherCar = { ...sampleCar, id: '7001', slug: '2020-ford-ranger-xlt-7001', path: '/cars/2020-ford-ranger-xlt-7001', name: '2020 Ford Ranger XLT', make: 'Ford', model: 'Ranger', stocknum: 'O7001' };
const config = siteConfigInput(TENANT, { site_url: 'https://www.test-motors.com.au' });
const env = testEnv([config, siteConfigInput('other-motors')], {
  stock: { [TENANT]: [sampleCar, mazda], 'other-motors': [otherCar] },
  data: { [TENANT]: { manufacturers: [{ id: 'm-toyota', name: 'Toyota', slug: 'toyota' }, { id: 'm-mazda', name: 'Mazda', slug: 'mazda' }] } },
});

/** A fresh app (its own engine port and caches) and a GET through it with the shell's tenant header. */
function client(options: Partial<AppOptions> = {}, bindings: Env = env) {
  const app = createApp({ styles, version, ...options });
  return (path: string, tenant: string | null = TENANT) => app.request(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} }, bindings);
}
const get = client();
const head = (res: Response) => decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));

afterEach(() => vi.restoreAllMocks());

describe('mf-search Worker', () => {
  it('answers 404 JSON for a missing or unknown tenant, before any search', async () => {
    const port = spyPort();
    const spied = client({ engine: () => port });
    for (const tenant of [null, 'nobody']) {
      const res = await spied('/fragments/search?_segments=used-cars', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
    expect(port.calls).toEqual([]);
  });

  it("asks for a page's stock index while the tenant config is read (issue 19 cold start), not for other routes", async () => {
    const order: string[] = [];
    const watched = (kv: Env['CONFIG'], name: string) => ({ ...kv, get: (key: string, type?: never) => (order.push(`${name} ${key}`), kv.get(key, type)) }) as unknown as Env['CONFIG'];
    const bindings = { ...env, CONFIG: watched(env.CONFIG, 'CONFIG'), STOCK: watched(env.STOCK, 'STOCK') } as Env;
    const res = await client({}, bindings)('/fragments/search?_segments=new-used-and-demo-cars');
    expect(res.status).toBe(200);
    // The stock (its meta, then the index's snapshot head) before the config read has answered: asked first.
    expect(order.findIndex((r) => r.startsWith('STOCK'))).toBeLessThan(order.findIndex((r) => r.startsWith('CONFIG')));
    order.length = 0;
    await client({}, bindings)('/internal/stock-digest');
    expect(order.filter((r) => r.startsWith('STOCK stock:test-motors:snap'))).toEqual([]);
    // Fragments that never read the stock (parts search, an unknown fragment) ask for no index.
    for (const path of ['/fragments/parts-search', '/fragments/made-up']) {
      order.length = 0;
      await client({}, bindings)(path);
      expect(order.filter((r) => r.startsWith('STOCK stock:test-motors:snap'))).toEqual([]);
    }
  });

  it("checks the tenant's stock version and pending page purge with its index, before the config answers: one meta read (issue 19 cold start)", async () => {
    const order: string[] = [];
    const watched = (kv: Env['CONFIG'], name: string) => ({ ...kv, get: (key: string, type?: never) => (order.push(`${name} ${key}`), kv.get(key, type)) }) as unknown as Env['CONFIG'];
    const bindings = { ...env, CONFIG: watched(env.CONFIG, 'CONFIG'), STOCK: watched(env.STOCK, 'STOCK') } as Env;
    const res = await client({}, bindings)('/fragments/search?_segments=new-used-and-demo-cars');
    expect(res.status).toBe(200);
    const beforeConfig = order.slice(0, order.findIndex((r) => r.startsWith('CONFIG')));
    expect(beforeConfig).toEqual(expect.arrayContaining([`STOCK ${kvStockMetaKey(TENANT)}`, `STOCK ${kvPendingPurgeKey(TENANT)}`, `STOCK ${kvSnapshotHeadKey(TENANT)}`]));
    // The index load and the stock watch share the one read of the stock meta.
    expect(order.filter((r) => r === `STOCK ${kvStockMetaKey(TENANT)}`)).toHaveLength(1);
    expect(order.filter((r) => r === `STOCK ${kvPendingPurgeKey(TENANT)}`)).toHaveLength(1);
  });

  it("asks for the tenant's data (the search page's makes and places) while the engine port checks the stock, not after it", async () => {
    const asked: string[] = [];
    const bindings = { ...env, CONFIG: { ...env.CONFIG, get: (key: string, type?: never) => (asked.push(key), env.CONFIG.get(key, type)) } } as unknown as Env;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inner = createEnginePort();
    const engine = Object.assign(async (e: Env, c: Parameters<typeof inner>[1]) => (await held, inner(e, c)), { prefetch: inner.prefetch });
    const answer = client({ engine }, bindings)('/fragments/search?_segments=new-used-and-demo-cars');
    await vi.waitFor(() => expect(asked).toContain(`tenant-data:${TENANT}`));
    release();
    expect((await answer).status).toBe(200);
    // Not for a slot that names no make or place.
    asked.length = 0;
    const slot = await client({}, bindings)('/fragments/quick-search');
    expect(slot.status).toBe(200);
    expect(asked).not.toContain(`tenant-data:${TENANT}`);
  });

  it('keeps no index for a slug no tenant has (404), nor asks for one for a malformed slug', async () => {
    const engine = createEnginePort();
    const app = createApp({ styles, version, engine });
    const ask = (slug: string) => app.request('/fragments/search?_segments=used-cars', { headers: { [TENANT_HEADER]: slug } }, env);
    for (const slug of ['nobody', 'nobody-else', 'Not A Slug!']) expect((await ask(slug)).status).toBe(404);
    expect((await ask(TENANT)).status).toBe(200);
    await vi.waitFor(() => expect(engine.embedded?.()?.peek(TENANT)).toBeDefined());
    expect(engine.embedded?.()?.stats().indexes.map((i) => i.tenant)).toEqual([TENANT]);
    for (const slug of ['nobody', 'nobody-else', 'Not A Slug!']) expect(engine.embedded?.()?.peek(slug)).toBeUndefined();
  });

  it('keeps a known tenant\'s index when its config cannot be read (a KV hiccup: 500, not 404)', async () => {
    const engine = createEnginePort();
    const app = createApp({ styles, version, engine });
    expect((await app.request('/fragments/search?_segments=used-cars', { headers: { [TENANT_HEADER]: TENANT } }, env)).status).toBe(200);
    await vi.waitFor(() => expect(engine.embedded?.()?.peek(TENANT)).toBeDefined());
    const failing = { ...env, CONFIG: { ...env.CONFIG, get: () => Promise.reject(new Error('KV unavailable')) } } as unknown as Env;
    // A new app (its tenant store empty, as a new isolate's) on the same engine port: the config read fails.
    const res = await createApp({ styles, version, engine }).request('/fragments/search?_segments=used-cars', { headers: { [TENANT_HEADER]: TENANT } }, failing);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(engine.embedded?.()?.peek(TENANT)).toBeDefined();
  });

  it('routes with a router built without compiling the route table on the first request (hono/quick: issue 19 cold start)', async () => {
    const app = createApp({ styles, version });
    const res = await app.request('/fragments/search?_segments=new-used-and-demo-cars', { headers: { [TENANT_HEADER]: TENANT } }, env);
    expect(res.status).toBe(200);
    expect(app.router.name).toContain('LinearRouter');
    expect(app.router.name).not.toContain('RegExpRouter');
  });

  it('has no route LinearRouter refuses (a parameter and a wildcard), whichever method comes first', () => {
    // LinearRouter throws on such a route only when a request of its method reaches it: an isolate whose first request
    // had another method would have settled on LinearRouter, then failed every request of that method.
    const refuses = (routes: readonly { method: string; path: string }[]) => refusingMethods(new LinearRouter<null>(), routes, '/fragments/search');
    expect(refuses([{ method: 'GET', path: '/_mf/:remote/*' }])).toEqual(['GET']);
    expect(refuses(createApp({ styles, version }).routes)).toEqual([]);
  });

  it('serves the client bundle from ASSETS without a tenant', async () => {
    const res = await get('/_mf/mf-search/0.1.0/remoteEntry.js', null);
    expect(await res.text()).toBe('asset /_mf/mf-search/0.1.0/remoteEntry.js');
  });

  it('renders a search page fragment from the tenant stock in STOCK (the default embedded engine)', async () => {
    const res = await get('/fragments/search?_segments=used-cars');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(version);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(head(res)).toMatchObject({
      title: 'Used cars for sale | Test Motors',
      description: '2 used cars for sale at Test Motors.',
      canonical: 'https://www.test-motors.com.au/search/used-cars',
      styles,
    });
    const html = await res.text();
    expect(html).not.toMatch(/<html|<head[\s>]/);
    expect((html.match(/<article class="fs-card"/g) ?? []).length).toBe(2);
    expect(html).toContain(sampleCar.slug);
    expect(html).toContain(mazda.slug);
    // Body drawings come from this build's versioned assets.
    expect(html).toContain(`/_mf/mf-search/${version}/body/`);
  });

  it('preloads the first card photo from the head (the search page LCP), as the card asks for it', async () => {
    const photo = '/demo-img/photo/suv/f2f3f0.a0785a/0.jpg';
    const withPhoto = { ...mazda, primary_image_url: photo, images: [{ image: { url: photo, thumb: { url: photo } } }] };
    const photos = client({}, testEnv([config], { stock: { [TENANT]: [withPhoto] }, data: { [TENANT]: { manufacturers: [] } } }));
    const res = await photos('/fragments/search?_segments=used-cars');
    expect(res.status).toBe(200);
    const preload = head(res)?.preloadImage;
    expect(preload?.href).toBe('/cdn-cgi/image/width=640,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg');
    expect(preload?.srcset).toContain('/cdn-cgi/image/width=320,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg 320w');
    const html = await res.text();
    // The card's <img> names the same files, with high fetch priority.
    expect(html).toContain(`src="${preload!.href}"`);
    expect(html).toMatch(/<img [^>]*srcSet="[^"]*320w[^"]*"[^>]*fetchPriority="high"/);
  });

  it('a make page narrows the stock; an unknown search path is the protocol\'s empty 404 (with the styles)', async () => {
    const make = await get('/fragments/search?_segments=mazda');
    expect(make.status).toBe(200);
    const html = await make.text();
    expect(html).toContain(mazda.slug);
    expect(html).not.toContain(sampleCar.slug);
    for (const path of ['/fragments/search?_segments=no-such-page', '/fragments/nope', '/fragments/offer?_id=missing']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get(VERSION_HEADER)).toBe(version);
      expect(await res.text()).toBe('');
      expect(head(res)).toEqual({ title: 'Page not found | Test Motors', robots: 'noindex', styles });
    }
  });

  it('renders the offers fragment and the parts search (an indexable page, even for a tenant with no catalogue)', async () => {
    const offers = await get('/fragments/offers');
    expect(offers.status).toBe(200);
    expect(offers.headers.get('cache-control')).toBe('private, no-store');
    expect(head(offers)).toMatchObject({ title: 'Special Offers | Test Motors', description: 'Current offers at Test Motors.', styles });
    // The parts search is on (issue 17): this tenant stores no catalogue, so it reads as empty, never a 404.
    const parts = await get('/fragments/parts-search');
    expect(parts.status).toBe(200);
    expect(head(parts)).toMatchObject({ title: 'Parts and accessories search | Test Motors', canonical: 'https://www.test-motors.com.au/parts/search', styles });
    expect(head(parts)?.robots).toBeUndefined();
    const html = await parts.text();
    expect(html).toContain('<h1>Parts and accessories search</h1>');
    expect(html).toContain('No parts match your search.');
  });

  it('/internal/car answers a known slug of this tenant, 404 for an unknown or another tenant\'s, 400 for a malformed one', async () => {
    const found = await get(`/internal/car?slug=${sampleCar.slug}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('public, max-age=30');
    const { car } = (await found.json()) as { car: { id: string; slug: string; name: string } };
    expect(car).toMatchObject({ id: sampleCar.id, slug: sampleCar.slug, name: sampleCar.name });
    for (const slug of ['2020-honda-civic-vti-77', otherCar.slug]) {
      const res = await get(`/internal/car?slug=${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await res.json()).toEqual({ error: 'No such car.' });
    }
    const bad = await get('/internal/car?slug=Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Give a car slug or a car id.' });
    expect((await get(`/internal/car?slug=${otherCar.slug}`, 'other-motors')).status).toBe(200);
  });

  it('/internal/car?id= answers a known id of this tenant (finance links carry the id); 404 unknown or another tenant\'s; 400 both, neither or too long', async () => {
    const port = spyPort(createEmbeddedSearch({ [TENANT]: parseCars([sampleCar, mazda]), 'other-motors': parseCars([otherCar]) }));
    const spied = client({ engine: () => port });
    const found = await spied(`/internal/car?id=${mazda.id}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('public, max-age=30');
    expect(((await found.json()) as { car: { id: string; slug: string } }).car).toMatchObject({ id: mazda.id, slug: mazda.slug });
    expect(port.calls).toEqual([{ method: 'getById', tenant: TENANT }]);
    for (const id of ['404404', otherCar.id, ` ${mazda.id}`]) {
      const res = await spied(`/internal/car?id=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: 'No such car.' });
    }
    expect((await spied(`/internal/car?id=${otherCar.id}`, 'other-motors')).status).toBe(200);
    port.calls.length = 0;
    for (const query of [`id=${mazda.id}&slug=${mazda.slug}`, '', 'id=', `id=${'9'.repeat(101)}`, 'car_id=9001']) {
      const res = await spied(`/internal/car?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: 'Give a car slug or a car id.' });
    }
    expect(port.calls).toEqual([]);
  });

  it('/internal/sitemap lists every in-stock car page of the tenant', async () => {
    const res = await get('/internal/sitemap');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { paths: string[] }).paths.sort()).toEqual([`/cars/${mazda.slug}`, `/cars/${sampleCar.slug}`]);
  });

  it('/api/search/view answers the view model as JSON; an unknown page is a 400', async () => {
    const res = await get('/api/search/view?path=/search/used-cars&sortBy=price_asc');
    expect(res.status).toBe(200);
    const view = (await res.json()) as { heading: string; count: number; cards: Array<{ slug: string }> };
    expect(view.heading).toBe('Used cars');
    expect(view.count).toBe(2);
    expect(view.cards.map((c) => c.slug)).toEqual([mazda.slug, sampleCar.slug]);
    const unknown = await get('/api/search/view?path=/search/no-such-page');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'Unknown search page.' });
  });

  it('/api/search/compare reports the tenant\'s cars and the missing slugs; /api/search/similar answers cards', async () => {
    const compare = await get(`/api/search/compare?slug=${sampleCar.slug}&slug=${otherCar.slug}`);
    expect(compare.status).toBe(200);
    expect(compare.headers.get('cache-control')).toBe('public, max-age=30');
    const body = (await compare.json()) as { cars: Array<{ slug: string }>; missing: string[] };
    expect(body.cars.map((c) => c.slug)).toEqual([sampleCar.slug]);
    expect(body.missing).toEqual([otherCar.slug]);
    expect((await get('/api/search/compare')).status).toBe(400);
    const similar = await get(`/api/search/similar?slug=${sampleCar.slug}`);
    expect(similar.status).toBe(200);
    expect(similar.headers.get('cache-control')).toBe('public, max-age=30');
    expect(await similar.json()).toMatchObject({ cards: expect.any(Array), favourites: expect.any(Boolean) });
    expect((await get('/api/search/similar')).status).toBe(400);
  });

  it('uses the injected engine port, told the request env and the tenant config', async () => {
    const engine = createEmbeddedSearch({ [TENANT]: parseCars([mazda]) });
    const port = spyPort(engine);
    const seen: string[] = [];
    const spied = client({ engine: (bindings, tenant) => (seen.push(`${tenant.slug}:${bindings === env}`), port) });
    const res = await spied(`/internal/car?slug=${mazda.slug}`);
    expect(res.status).toBe(200);
    // The STOCK binding's cars are not this port's: the injected engine answers alone.
    expect((await spied(`/internal/car?slug=${sampleCar.slug}`)).status).toBe(404);
    expect(seen).toEqual([`${TENANT}:true`, `${TENANT}:true`]);
    expect(port.calls).toEqual([{ method: 'getBySlug', tenant: TENANT }, { method: 'getBySlug', tenant: TENANT }]);
    const view = (await (await spied('/api/search/view?path=/search/used-cars')).json()) as { cards: Array<{ slug: string }> };
    expect(view.cards.map((c) => c.slug)).toEqual([mazda.slug]);
  });

  it('keeps its caches per app: a second sitemap read is cached, a new app searches again', async () => {
    const port = spyPort(createEmbeddedSearch({ [TENANT]: parseCars([sampleCar]) }));
    const first = client({ engine: () => port });
    await first('/internal/sitemap');
    await first('/internal/sitemap');
    expect(port.calls.filter((c) => c.method === 'search')).toHaveLength(1);
    await client({ engine: () => port })('/internal/sitemap');
    expect(port.calls.filter((c) => c.method === 'search')).toHaveLength(2);
  });

  it('a search service outage is a 503 never cached: JSON on /api, an empty body on fragments', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = () => Promise.reject(new SearchUnavailableError('down', { status: 503 }));
    const failing = client({ engine: () => spyPort({ search: down, getBySlug: down, similar: down }) });
    const api = await failing('/api/search/view?path=/search/used-cars');
    expect(api.status).toBe(503);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({ error: 'Search is temporarily unavailable.' });
    const page = await failing('/fragments/search?_segments=used-cars');
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toBe('');
    // Any other failure is a logged 500.
    const broken = client({ engine: () => spyPort() });
    const res = await broken(`/internal/car?slug=${sampleCar.slug}`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
  });

  it('the deployed Worker sends its package version', async () => {
    const { default: worker } = await import('./worker.tsx');
    const res = await worker.request('/fragments/offers', { headers: { [TENANT_HEADER]: TENANT } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(pkg.version);
  });
});
