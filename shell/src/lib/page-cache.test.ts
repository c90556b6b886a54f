/**
 * The shell's page cache (page-cache.ts) with fakes: tags from fragments to documents, the two layers (a fake
 * `caches.default`), purge (purge.ts) and the bound of every per-isolate cache.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TAGS_HEADER, PAGE_CACHE_ISOLATE_SECONDS, pageCacheTags, SHELL_PURGE_PATH } from '@forecourt/contracts/page-cache';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { encodeFragmentHead } from '@forecourt/contracts/fragments';
import { demoTenantData, demoTenants } from '@forecourt/demo';
import { CHROME_CACHE_MAX, chromeCacheSlugs, composeDocument, tenantChrome, type ComposeOptions } from './compose.ts';
import { clearFragmentCache, dropFragmentsTagged, fetchFragment, FRAGMENT_CACHE_BYTES, FRAGMENT_CACHE_MAX, fragmentCacheStats } from './fragments.ts';
import {
  clearPageCache,
  DOCUMENT_CACHE_BYTES,
  DOCUMENT_CACHE_MAX_ENTRIES,
  FAST_HITS_MAX,
  fastDocument,
  indexSharedKey,
  isolateDocument,
  isolateDocumentTags,
  noteFastHit,
  notePrivatePage,
  pageCacheStats,
  PRIVATE_PAGE_SECONDS,
  purgeEpoch,
  purgePages,
  PURGE_EPOCH_TENANTS_MAX,
  tenantDigest,
  PRIVATE_PAGES_MAX,
  recentlyPrivate,
  rememberIsolateDocument,
  sharedKeysTagged,
  TAG_INDEX_MAX_KEYS,
} from './page-cache.ts';
import { handlePurge } from './purge.ts';
import { BASE_HEADERS, withHeaderPolicyRecord } from './security.ts';
import { forgetTenant, LIVE_STORES_MAX, liveStoreCount, resolveTenant, type ConfigKv } from './tenant.ts';
import { testEnv } from '../test/env.ts';
import { demoTenant, manifestPins } from '../test/tenants.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const assets = { entry: null, css: [] };

/** A fake `caches.default`: entries by URL, with the headers they were put with. */
function fakeCaches() {
  const entries = new Map<string, { body: Uint8Array; headers: Headers; status: number }>();
  const calls = { match: 0, put: 0, delete: 0 };
  const cache = {
    match: async (key: string) => {
      calls.match++;
      const hit = entries.get(key);
      return hit ? new Response(hit.body.slice(), { status: hit.status, headers: hit.headers }) : undefined;
    },
    put: async (key: string, res: Response) => {
      calls.put++;
      entries.set(key, { body: new Uint8Array(await res.arrayBuffer()), headers: new Headers(res.headers), status: res.status });
    },
    delete: async (key: string) => {
      calls.delete++;
      return entries.delete(key);
    },
  };
  return { entries, calls, install: () => vi.stubGlobal('caches', { default: cache }) };
}

type Part = { body: string; cache?: string; tags?: string; status?: number };
const answer = (p: Part) => new Response(p.body, { status: p.status ?? 200, headers: { ...HTML, 'cache-control': p.cache ?? 'public, max-age=60', ...(p.tags ? { [CACHE_TAGS_HEADER]: p.tags } : {}) } });

/**
 * A car page of harbourside-toyota at `path`: mf-vehicle answers `car()` (with a finance slot when `slot` is given),
 * mf-account's header slot is shareable unless `account` says otherwise. Counts each remote call.
 */
function carPage(path: string, parts: { car: () => Part; slot?: () => Part; account?: () => Part; method?: string; tenant?: ReturnType<typeof demoTenant> }) {
  const calls = { car: 0, slot: 0, account: 0 };
  const tenant = parts.tenant ?? demoTenant('harbourside-toyota');
  const env = testEnv({
    VEHICLE: {
      fetch: async () => {
        calls.car++;
        const p = parts.car();
        if (!parts.slot) return answer(p);
        const res = answer({ ...p, body: `${p.body}<fc-slot id="finance-calculator"></fc-slot>` });
        res.headers.set('x-forecourt-head', encodeFragmentHead({ title: 'A car', slots: [{ id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator', params: { car_id: '7' } }] }));
        return res;
      },
    },
    FINANCE: { fetch: async () => (calls.slot++, answer(parts.slot!())) },
    ACCOUNT: { fetch: async () => (calls.account++, answer(parts.account?.() ?? { body: '<a href="/sign-in">Sign in</a>', cache: 'public, max-age=300' })) },
  });
  const pending: Array<Promise<unknown>> = [];
  const options: ComposeOptions = {
    env,
    request: new Request(`https://harbourside.test${path}`, { method: parts.method ?? 'GET' }),
    tenant,
    pins: manifestPins(tenant),
    assets,
    page: { kind: 'remote', remote: 'mf-vehicle', page: 'vehicle', params: { slug: path.split('/').pop()! } },
    waitUntil: (p) => pending.push(p),
  };
  return { options, calls, run: async () => {
    const res = await composeDocument(options);
    const text = await res.text();
    await Promise.all(pending);
    return { res, text, layer: res.headers.get('x-forecourt-cache') };
  } };
}

let n = 0;
const uniquePath = () => `/cars/pc-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const carTag = (id: string) => pageCacheTags.car('harbourside-toyota', id);
const purge = (body: unknown, method = 'POST') => handlePurge(new Request(`https://shell.internal${SHELL_PURGE_PATH}`, { method, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) }));

beforeEach(() => {
  clearPageCache();
  clearFragmentCache();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('cache tags', () => {
  it('a fragment keeps the valid tags it names and its tenant’s; a malformed tag is dropped', async () => {
    const env = testEnv({ VEHICLE: { fetch: async () => answer({ body: '<p>car</p>', tags: `${carTag('7')}, stock:harbourside-toyota, car:other tenant:1, <script>` }) } });
    const tenant = demoTenant('harbourside-toyota');
    const get = () => fetchFragment({ env, remote: 'mf-vehicle', page: 'vehicle', params: { slug: 'x-7' }, tenant: tenant.config, pin: manifestPins(tenant)['mf-vehicle'], request: new Request('https://harbourside.test/cars/x-7') });
    const first = await get();
    expect(first.ok && first.tags).toEqual([carTag('7'), 'stock:harbourside-toyota', 't:harbourside-toyota']);
    // The kept copy answers with the same tags.
    const again = await get();
    expect(again.ok && again.tags).toEqual([carTag('7'), 'stock:harbourside-toyota', 't:harbourside-toyota']);
    expect(fragmentCacheStats().hits).toBe(1);
  });

  it("a document's tags are its page fragment's, its slots', its header slot's and always the tenant's", async () => {
    const path = uniquePath();
    const page = carPage(path, {
      car: () => ({ body: '<p>car</p>', tags: carTag('7') }),
      slot: () => ({ body: '<div>calc</div>', tags: 'stock:harbourside-toyota' }),
    });
    const { layer } = await page.run();
    expect(layer).toBe('miss');
    const [tags] = [...isolateDocumentTags().values()];
    expect(new Set(tags)).toEqual(new Set([carTag('7'), 'stock:harbourside-toyota', 't:harbourside-toyota']));
  });
});

describe('two layers', () => {
  it('isolate, then the shared layer once the isolate copy is older than PAGE_CACHE_ISOLATE_SECONDS (refilling the isolate)', async () => {
    const caches = fakeCaches();
    caches.install();
    const path = uniquePath();
    let price = '$30,000';
    const page = carPage(path, { car: () => ({ body: `<p>${price}</p>`, cache: 'public, max-age=300', tags: carTag('7') }) });
    const first = await page.run();
    expect(first.layer).toBe('miss');
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // Written to the shared layer off the response path, with the seconds left and the tags Cloudflare purges by.
    expect(caches.entries.size).toBe(1);
    const [key, stored] = [...caches.entries][0]!;
    expect(new URL(key).host).toBe('harbourside.test');
    expect(key).toContain(path);
    expect(stored.headers.get('cache-control')).toMatch(/^public, max-age=(29\d|300)$/);
    expect(stored.headers.get('cache-tag')!.split(',')).toEqual(expect.arrayContaining([carTag('7'), 't:harbourside-toyota']));
    price = '$25,000';
    const second = await page.run();
    expect(second.layer).toBe('isolate');
    expect(second.text).toBe(first.text);
    expect(page.calls.car).toBe(1);
    const matchesBefore = caches.calls.match;
    // The isolate's copy is too old to trust alone: the shared layer answers (no remote asked) and refills it.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const third = await page.run();
    expect(third.layer).toBe('shared');
    expect(third.text).toBe(first.text);
    expect(third.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(caches.calls.match).toBe(matchesBefore + 1);
    expect((await page.run()).layer).toBe('isolate');
    expect(page.calls.car).toBe(1);
    expect(pageCacheStats()).toMatchObject({ isolate: { entries: 1, hits: 2 }, shared: { hits: 1, puts: 1 } });
  });

  it('an isolate copy whose shared entry is gone (purged elsewhere) is composed again after PAGE_CACHE_ISOLATE_SECONDS', async () => {
    const caches = fakeCaches();
    caches.install();
    const path = uniquePath();
    let price = '$30,000';
    const page = carPage(path, { car: () => ({ body: `<p>${price}</p>`, cache: 'public, max-age=1', tags: carTag('8') }) });
    await page.run();
    caches.entries.clear(); // Cloudflare's purge by tag reached the data centre, not this isolate.
    price = '$25,000';
    expect((await page.run()).layer).toBe('isolate');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const later = await page.run();
    expect(later.layer).toBe('miss');
    expect(later.text).toContain('$25,000');
  });

  it('a new tenant config or another shell build never gets an older shared document', async () => {
    const caches = fakeCaches();
    caches.install();
    const path = uniquePath();
    await carPage(path, { car: () => ({ body: '<p>car</p>', tags: carTag('9') }) }).run();
    clearPageCache();
    const renamed = await carPage(path, { car: () => ({ body: '<p>car</p>', tags: carTag('9') }), tenant: demoTenant('harbourside-toyota', (c) => ({ ...c, name: 'Harbourside Renamed' })) }).run();
    expect(renamed.layer).toBe('miss');
    expect(renamed.text).toContain('Harbourside Renamed');
    clearPageCache();
    const other = carPage(path, { car: () => ({ body: '<p>car</p>', tags: carTag('9') }) });
    other.options.env.CF_VERSION_METADATA = { id: 'another-build', tag: 'x', timestamp: '' };
    expect((await other.run()).layer).toBe('miss');
    expect(caches.entries.size).toBe(3);
    clearPageCache();
    expect((await carPage(path, { car: () => ({ body: '<p>car</p>', tags: carTag('9') }) }).run()).layer).toBe('shared');
  });

  it('never keeps HEAD, a 404, a failed page, a private slot, a private header slot or the per-render lead token', async () => {
    const caches = fakeCaches();
    caches.install();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const cases = [
      carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }), method: 'HEAD' }),
      carPage(uniquePath(), { car: () => ({ body: '<p>gone</p>', status: 404 }) }),
      carPage(uniquePath(), { car: () => ({ body: 'down', status: 503 }) }),
      carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }), slot: () => ({ body: '<div>mine</div>', cache: 'private, no-store' }) }),
      // Another tenant: this isolate's fragment cache holds harbourside's shareable header slot.
      carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }), account: () => ({ body: '<a>Hi Sam</a>', cache: 'private, no-store' }), tenant: demoTenant('southern-cross-motor-group') }),
      carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }), slot: () => ({ body: `<input name="lead_id" value="${LEAD_ID_RENDER_TOKEN}">` }) }),
    ];
    for (const page of cases) {
      const matches = caches.calls.match;
      const first = await page.run();
      // HEAD answers the headers its GET would have (this page is shareable); it is only never kept.
      if (page.options.request.method !== 'HEAD') expect(first.res.headers.get('cache-control')).toBe('private, no-store');
      expect((await page.run()).layer).toBe('miss');
      // Composed private once: the shared layer is not asked again for it (HEAD never asks).
      expect(caches.calls.match).toBe(page.options.request.method === 'HEAD' ? matches : matches + 1);
    }
    expect(pageCacheStats().isolate.entries).toBe(0);
    expect(caches.calls.put).toBe(0);
    // The lead token became a fresh id each time.
    expect((await cases[5]!.run()).text).not.toContain(LEAD_ID_RENDER_TOKEN);
  });
});

describe('purge (PageCache entrypoint, purge.ts)', () => {
  it('answers 404 off its path, 405 for other methods, 400 { error } for a body the schema refuses', async () => {
    expect((await handlePurge(new Request('https://shell.internal/other', { method: 'POST', body: '{}' }))).status).toBe(404);
    const get = await purge(null, 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    for (const body of [{}, { tenant: 'harbourside-toyota', tags: [], reason: 'config' }, { tenant: 'harbourside-toyota', tags: ['car:outback-used-cars:1'], reason: 'payment' }, { tenant: 'harbourside-toyota', tags: ['t:harbourside-toyota'], reason: 'whim' }]) {
      const res = await purge(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    const notJson = await handlePurge(new Request(`https://shell.internal${SHELL_PURGE_PATH}`, { method: 'POST', body: 'nope' }));
    expect(notJson.status).toBe(400);
  });

  it("drops the documents and fragments carrying a car's tag and its shared entries: the next request fetches the car again", async () => {
    const caches = fakeCaches();
    caches.install();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let status = 'Available';
    const car = carPage(uniquePath(), { car: () => ({ body: `<p>${status}</p>`, tags: carTag('11') }) });
    const otherCar = carPage(uniquePath(), { car: () => ({ body: '<p>Other</p>', tags: carTag('12') }) });
    await car.run();
    await otherCar.run();
    expect(caches.entries.size).toBe(2);
    status = 'Reserved';
    const res = await purge({ tenant: 'harbourside-toyota', tags: [carTag('11')], reason: 'reservation' });
    expect(await res.json()).toEqual({ dropped: 1, shared: true });
    expect(caches.entries.size).toBe(1);
    const after = await car.run();
    expect(after.layer).toBe('miss');
    expect(after.text).toContain('Reserved');
    expect(car.calls.car).toBe(2);
    // The other car's page is untouched.
    expect((await otherCar.run()).layer).toBe('isolate');
  });

  it('a purge while a page is being composed keeps that page out of both layers', async () => {
    const caches = fakeCaches();
    caches.install();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const path = uniquePath();
    const page = carPage(path, { car: () => ({ body: '<p>Available</p>', tags: carTag('13') }) });
    const slow = page.options.env.VEHICLE;
    page.options.env.VEHICLE = { fetch: async (...args: Parameters<Fetcher['fetch']>) => (await gate, slow.fetch(...args)) };
    const running = page.run();
    await purge({ tenant: 'harbourside-toyota', tags: [carTag('13')], reason: 'reservation' });
    release();
    await running;
    expect(pageCacheStats().isolate.entries).toBe(0);
    expect(fragmentCacheStats().entries).toBe(0);
    expect(caches.entries.size).toBe(0);
  });

  it("the tenant's tag drops every page of that tenant only, and its config is read again at once", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const config = demoTenants().find((t) => t.slug === 'harbourside-toyota')!;
    let stored = config;
    const kv: ConfigKv = { get: (async (key: string) => (key === 'tenant:harbourside-toyota' ? stored : key === 'tenant-data:harbourside-toyota' ? demoTenantData('harbourside-toyota') : null)) as ConfigKv['get'] };
    const resolve = () => resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, cacheSeconds: 60 });
    expect((await resolve())?.config.name).toBe(config.name);
    stored = { ...config, name: 'Harbourside Renamed' };
    expect((await resolve())?.config.name).toBe(config.name); // still the cached config
    const mine = carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }) });
    const theirs = carPage(uniquePath(), { car: () => ({ body: '<p>car</p>' }), tenant: demoTenant('outback-used-cars') });
    await mine.run();
    await theirs.run();
    const res = await purge({ tenant: 'harbourside-toyota', tags: ['t:harbourside-toyota'], reason: 'config' });
    expect(await res.json()).toMatchObject({ dropped: 1 });
    expect((await resolve())?.config.name).toBe('Harbourside Renamed');
    expect((await theirs.run()).layer).toBe('isolate');
    expect((await mine.run()).layer).toBe('miss');
  });
});

describe('bounds of the per-isolate caches', () => {
  const tenant = demoTenant('harbourside-toyota');
  const doc = (bytes: number) => ({ expires: Date.now() + 60_000, tenant, assets, status: 200, headers: HTML, bytes: new Uint8Array(bytes), tags: ['t:harbourside-toyota'], sharedKey: null });

  it(`documents: at most ${DOCUMENT_CACHE_BYTES} bytes, the least recently used evicted first; none larger than an eighth`, () => {
    const size = DOCUMENT_CACHE_BYTES / 10;
    rememberIsolateDocument('d0', doc(size));
    rememberIsolateDocument('d1', doc(size));
    for (let i = 2; i < 10; i++) rememberIsolateDocument(`d${i}`, doc(size));
    expect(isolateDocument('d0', tenant, assets, Date.now())).toBeInstanceOf(Response); // d0 is now the most recent
    for (let i = 10; i < 15; i++) rememberIsolateDocument(`d${i}`, doc(size));
    const stats = pageCacheStats().isolate;
    expect(stats.bytes).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
    expect(stats.entries).toBe(10);
    expect(isolateDocument('d0', tenant, assets, Date.now())).toBeInstanceOf(Response);
    expect(isolateDocument('d1', tenant, assets, Date.now())).toBeNull();
    rememberIsolateDocument('huge', doc(DOCUMENT_CACHE_BYTES / 8 + 1));
    expect(isolateDocument('huge', tenant, assets, Date.now())).toBeNull();
  });

  it(`documents: at most ${DOCUMENT_CACHE_MAX_ENTRIES} entries however small`, () => {
    for (let i = 0; i < DOCUMENT_CACHE_MAX_ENTRIES + 20; i++) rememberIsolateDocument(`s${i}`, doc(10));
    expect(pageCacheStats().isolate.entries).toBe(DOCUMENT_CACHE_MAX_ENTRIES);
    expect(isolateDocument('s0', tenant, assets, Date.now())).toBeNull();
    expect(isolateDocument(`s${DOCUMENT_CACHE_MAX_ENTRIES + 19}`, tenant, assets, Date.now())).toBeInstanceOf(Response);
  });

  it(`fragments: at most ${FRAGMENT_CACHE_MAX}, the least recently used evicted first`, async () => {
    const calls: string[] = [];
    const env = testEnv({ SEARCH: { fetch: async (url: string) => (calls.push(new URL(url).searchParams.get('n')!), answer({ body: '<p>strip</p>' })) } });
    const get = (i: number) => fetchFragment({ env, remote: 'mf-search', page: 'strip', search: new URLSearchParams({ n: String(i) }), tenant: tenant.config, pin: manifestPins(tenant)['mf-search'], request: new Request('https://harbourside.test/') });
    await get(0);
    for (let i = 1; i < FRAGMENT_CACHE_MAX; i++) await get(i);
    await get(0); // a hit: now the most recent
    await get(FRAGMENT_CACHE_MAX); // evicts 1
    expect(fragmentCacheStats().entries).toBe(FRAGMENT_CACHE_MAX);
    calls.length = 0;
    await get(0);
    await get(1);
    expect(calls).toEqual(['1']);
  });

  it(`fragments: at most ${FRAGMENT_CACHE_BYTES} bytes of text at two bytes a character, the least recently used evicted first; none larger than an eighth`, async () => {
    clearFragmentCache();
    const calls: string[] = [];
    // A search block's worth of text with a typographic apostrophe (V8 keeps it two bytes a character).
    const chars = Math.floor(FRAGMENT_CACHE_BYTES / 2 / 10);
    const body = (n: string) => (n === 'huge' ? 'x'.repeat(FRAGMENT_CACHE_BYTES / 16 + 1) : `<p>Dealer’s pick ${n}</p>`.padEnd(chars, '.'));
    const env = testEnv({ SEARCH: { fetch: async (url: string) => { const n = new URL(url).searchParams.get('n')!; calls.push(n); return answer({ body: body(n) }); } } });
    const get = (n: string | number) => fetchFragment({ env, remote: 'mf-search', page: 'results', search: new URLSearchParams({ n: String(n) }), tenant: tenant.config, pin: manifestPins(tenant)['mf-search'], request: new Request('https://harbourside.test/') });
    for (let i = 0; i < 10; i++) await get(i);
    expect(fragmentCacheStats()).toMatchObject({ entries: 10, bytes: 10 * chars * 2 });
    await get(0); // a hit: now the most recent
    await get(10); // over the budget: evicts 1, the least recently used
    expect(fragmentCacheStats().entries).toBe(10);
    expect(fragmentCacheStats().bytes).toBeLessThanOrEqual(FRAGMENT_CACHE_BYTES);
    calls.length = 0;
    await get(0);
    await get(1);
    expect(calls).toEqual(['1']);
    // Larger than an eighth of the budget: answered, never kept.
    const before = fragmentCacheStats().bytes;
    expect((await get('huge')).ok).toBe(true);
    await get('huge');
    expect(calls.filter((c) => c === 'huge')).toHaveLength(2);
    expect(fragmentCacheStats().bytes).toBe(before);
    // A purge gives its bytes back.
    expect(dropFragmentsTagged(new Set([pageCacheTags.tenant('harbourside-toyota')]))).toBe(10);
    expect(fragmentCacheStats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it(`pages composed private: at most ${PRIVATE_PAGES_MAX} noted, the least recently noted forgotten first`, () => {
    notePrivatePage('p0', 0);
    for (let i = 1; i <= PRIVATE_PAGES_MAX; i++) notePrivatePage(`p${i}`, 0);
    expect(pageCacheStats().privatePages).toBe(PRIVATE_PAGES_MAX);
    expect(recentlyPrivate('p0', 0)).toBe(false);
    expect(recentlyPrivate('p1', 0)).toBe(true);
    expect(recentlyPrivate('p1', PRIVATE_PAGE_SECONDS * 1000)).toBe(false);
  });

  it(`the tag index: at most ${TAG_INDEX_MAX_KEYS} shared keys, the oldest forgotten with their tags`, () => {
    for (let i = 0; i <= TAG_INDEX_MAX_KEYS; i++) indexSharedKey(`https://h.test/k${i}`, [`car:harbourside-toyota:${i}`, 't:harbourside-toyota']);
    expect(pageCacheStats().shared.indexedKeys).toBe(TAG_INDEX_MAX_KEYS);
    expect(pageCacheStats().shared.indexedTags).toBe(TAG_INDEX_MAX_KEYS + 1);
    expect(sharedKeysTagged(['car:harbourside-toyota:0'])).toEqual([]);
    expect(sharedKeysTagged(['t:harbourside-toyota'])).toHaveLength(TAG_INDEX_MAX_KEYS);
  });

  it(`the chrome: at most ${CHROME_CACHE_MAX} tenants, the least recently used evicted first`, async () => {
    const pins = manifestPins(tenant);
    const tenants = Array.from({ length: CHROME_CACHE_MAX + 5 }, (_, i) => demoTenant('harbourside-toyota', (c) => ({ ...c, slug: `chrome-${i}` })));
    await tenantChrome(tenants[0]!, '', assets, pins);
    for (const t of tenants.slice(1, CHROME_CACHE_MAX)) await tenantChrome(t, '', assets, pins);
    await tenantChrome(tenants[0]!, '', assets, pins);
    for (const t of tenants.slice(CHROME_CACHE_MAX)) await tenantChrome(t, '', assets, pins);
    const slugs = chromeCacheSlugs();
    expect(slugs.length).toBeLessThanOrEqual(CHROME_CACHE_MAX);
    expect(slugs).toContain('chrome-0');
    expect(slugs).not.toContain('chrome-1');
  });

  it(`the tenant stores a purge reaches: at most ${LIVE_STORES_MAX}`, async () => {
    for (let i = 0; i < LIVE_STORES_MAX + 3; i++) await resolveTenant({ get: (async () => null) as ConfigKv['get'] }, 'nobody.localhost', { localHosts: true });
    expect(liveStoreCount()).toBe(LIVE_STORES_MAX);
    forgetTenant('nobody');
  });
});

describe('review fixes (issue 19)', () => {
  it('a fragment showing cars is answered from the isolate at most PAGE_CACHE_ISOLATE_SECONDS; an untagged one for its max-age', async () => {
    const calls = { car: 0, strip: 0 };
    const tenant = demoTenant('harbourside-toyota');
    const env = testEnv({
      VEHICLE: { fetch: async () => (calls.car++, answer({ body: '<p>car</p>', cache: 'public, max-age=300', tags: carTag('21') })) },
      SEARCH: { fetch: async () => (calls.strip++, answer({ body: '<p>links</p>', cache: 'public, max-age=300' })) },
    });
    const request = new Request('https://harbourside.test/');
    const getCar = () => fetchFragment({ env, remote: 'mf-vehicle', page: 'vehicle', params: { slug: 'x-21' }, tenant: tenant.config, pin: manifestPins(tenant)['mf-vehicle'], request });
    const getLinks = () => fetchFragment({ env, remote: 'mf-search', page: 'links', tenant: tenant.config, pin: manifestPins(tenant)['mf-search'], request });
    await getCar();
    await getLinks();
    await getCar();
    await getLinks();
    expect(calls).toEqual({ car: 1, strip: 1 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    await getCar();
    await getLinks();
    expect(calls).toEqual({ car: 2, strip: 1 });
  });

  it('a recheck that misses the shared layer (purged by tag elsewhere) composes from a fresh car fragment', async () => {
    const caches = fakeCaches();
    caches.install();
    let status = 'Available';
    const page = carPage(uniquePath(), { car: () => ({ body: `<p>${status}</p>`, cache: 'public, max-age=300', tags: carTag('22') }) });
    await page.run();
    status = 'Reserved';
    caches.entries.clear();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const later = await page.run();
    expect(later.layer).toBe('miss');
    expect(later.text).toContain('Reserved');
  });

  it("the purge epoch is per tenant: another tenant's purge during a compose still keeps the page", async () => {
    const caches = fakeCaches();
    caches.install();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const page = carPage(uniquePath(), { car: () => ({ body: '<p>Available</p>', tags: carTag('23') }) });
    const slow = page.options.env.VEHICLE;
    page.options.env.VEHICLE = { fetch: async (...args: Parameters<Fetcher['fetch']>) => (await gate, slow.fetch(...args)) };
    const running = page.run();
    const before = purgeEpoch('harbourside-toyota');
    await purge({ tenant: 'outback-used-cars', tags: ['t:outback-used-cars'], reason: 'config' });
    expect(purgeEpoch('harbourside-toyota')).toBe(before);
    expect(purgeEpoch('outback-used-cars')).not.toBe(before);
    release();
    await running;
    expect(pageCacheStats().isolate.entries).toBe(1);
    expect(caches.entries.size).toBe(1);
  });

  it(`purge epochs: at most ${PURGE_EPOCH_TENANTS_MAX} tenants remembered; a forgotten tenant's epoch only moves up`, async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const hooks = { dropFragments: () => 0, forgetTenant: () => {} };
    // A request of epoch-0 starts (noting its epoch), then epoch-0 is purged, then forgotten behind newer purges.
    const started = purgeEpoch('epoch-0');
    const unknown = purgeEpoch('never-purged');
    await purgePages({ tenant: 'epoch-0', tags: ['t:epoch-0'], reason: 'config' }, hooks);
    const purged = purgeEpoch('epoch-0');
    expect(purged).not.toBe(started);
    for (let i = 1; i <= PURGE_EPOCH_TENANTS_MAX; i++) await purgePages({ tenant: `epoch-${i}`, tags: [`t:epoch-${i}`], reason: 'config' }, hooks);
    // epoch-0 was let go: its epoch is the floor now, never back to what the request noted (nothing stale is kept).
    expect(purgeEpoch('epoch-0')).toBeGreaterThanOrEqual(purged);
    expect(purgeEpoch('never-purged')).toBeGreaterThanOrEqual(unknown);
    expect(purgeEpoch('epoch-1')).not.toBe(purgeEpoch(`epoch-${PURGE_EPOCH_TENANTS_MAX}`));
    expect(pageCacheStats().purgeEpochTenants).toBe(PURGE_EPOCH_TENANTS_MAX);
  });

  it('a fragment kept under one tenant config is never used for another config of the same tenant', async () => {
    let calls = 0;
    const env = testEnv({ VEHICLE: { fetch: async () => (calls++, answer({ body: '<p>car</p>', cache: 'public, max-age=300' })) } });
    const old = demoTenant('harbourside-toyota');
    const renamed = demoTenant('harbourside-toyota', (c) => ({ ...c, name: 'Harbourside Renamed' }));
    const get = (tenant: typeof old, digest?: string) =>
      fetchFragment({ env, remote: 'mf-vehicle', page: 'vehicle', params: { slug: 'x-24' }, tenant: tenant.config, ...(digest ? { tenantDigest: digest } : {}), pin: manifestPins(old)['mf-vehicle'], request: new Request('https://harbourside.test/') });
    await get(old);
    await get(old);
    expect(calls).toBe(1);
    await get(renamed);
    expect(calls).toBe(2);
    // The digest compose passes (config and data, as the shared key): a new one asks again, the same one hits.
    await get(old, tenantDigest(old));
    await get(old, tenantDigest(old));
    expect(calls).toBe(3);
    await get(renamed, tenantDigest(renamed));
    expect(calls).toBe(4);
  });

  it("the tenant digest is the runtime's SHA-1 of the config and data (a group's ~100 KB, not a JavaScript loop: issue 19 cold start), per loaded object", async () => {
    const { createHash } = await import('node:crypto');
    const group = demoTenant('southern-cross-motor-group');
    const json = `${JSON.stringify(group.config)}\n${JSON.stringify(group.data)}`;
    expect(json.length).toBeGreaterThan(50_000);
    expect(tenantDigest(group)).toBe(createHash('sha1').update(json).digest('base64url'));
    // Another data object of the same config (a reread) is digested again; a change shows.
    const moved = { ...group, data: { ...group.data, locations: group.data.locations.slice(1) } };
    expect(tenantDigest(moved)).not.toBe(tenantDigest(group));
    expect(tenantDigest({ ...group, data: structuredClone(group.data) })).toBe(tenantDigest(group));
  });

  it('tracking parameters are left out of the document, shared and fragment keys, and the rest are sorted', async () => {
    const caches = fakeCaches();
    caches.install();
    const path = uniquePath();
    const seen: string[] = [];
    const at = (query: string) => {
      const page = carPage(path, { car: () => ({ body: '<p>car</p>', tags: carTag('25') }) });
      const vehicle = page.options.env.VEHICLE;
      page.options.env.VEHICLE = { fetch: async (...args: Parameters<Fetcher['fetch']>) => (seen.push(String(args[0])), vehicle.fetch(...args)) };
      page.options.request = new Request(`https://harbourside.test${path}?${query}`);
      return page;
    };
    const first = at('utm_source=google&b=2&a=1&gclid=xyz');
    expect((await first.run()).layer).toBe('miss');
    const [key] = [...caches.entries.keys()];
    expect(key).toMatch(/\?a=1&b=2$/);
    // Another ad click, the parameters in another order: the isolate answers.
    expect((await at('a=1&fbclid=abc&b=2&utm_campaign=spring').run()).layer).toBe('isolate');
    // Another isolate (nothing kept but the shared layer): the same shared entry.
    clearPageCache();
    clearFragmentCache();
    expect((await at('b=2&a=1&msclkid=q').run()).layer).toBe('shared');
    // The remote was asked once, without the trackers.
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!).search).not.toMatch(/utm_|gclid/);
    // A different real parameter is another page.
    expect((await at('a=1&b=3').run()).layer).toBe('miss');
  });
});

describe('early hit check (fastDocument: a kept document answered before routing)', () => {
  const url = (path: string) => `https://harbourside.test${path}`;

  it('an isolate hit composed with earlyHitUntil is noted for its URL: the same bytes and headers, the header policy applied', async () => {
    const path = uniquePath();
    const page = carPage(path, { car: () => ({ body: '<h1>Car</h1>', tags: carTag('7') }) });
    page.options.earlyHitUntil = Date.now() + 60_000;
    expect((await page.run()).layer).toBe('miss');
    expect(fastDocument(url(path), Date.now())).toBeNull();
    const hit = await page.run();
    expect(hit.layer).toBe('isolate');
    const early = fastDocument(url(path), Date.now())!;
    expect(early).toBeInstanceOf(Response);
    expect(await early.text()).toBe(hit.text);
    expect(Object.fromEntries(early.headers)).toEqual(Object.fromEntries(hit.res.headers));
    for (const [name, value] of Object.entries(BASE_HEADERS)) expect(early.headers.get(name)).toBe(value);
    expect(pageCacheStats().isolate).toMatchObject({ hits: 2, earlyHits: 1, earlyUrls: 1 });
    // Another spelling of the URL (tracking parameters) is its own entry: the full path answers it first.
    expect(fastDocument(url(`${path}?utm_source=x`), Date.now())).toBeNull();
  });

  it('never noted without earlyHitUntil (a gated route, a canary, a tenant whose reads are not cached), nor past it', async () => {
    const path = uniquePath();
    const page = carPage(path, { car: () => ({ body: '<h1>Car</h1>' }) });
    await page.run();
    expect((await page.run()).layer).toBe('isolate');
    expect(fastDocument(url(path), Date.now())).toBeNull();
    const until = Date.now() + 1_000;
    page.options.earlyHitUntil = until;
    await page.run();
    expect(fastDocument(url(path), until - 1)).toBeInstanceOf(Response);
    // The tenant's reads are made again from `until` on: the full path runs (and the entry is let go).
    expect(fastDocument(url(path), until)).toBeNull();
    expect(fastDocument(url(path), Date.now())).toBeNull();
  });

  it('stops at once on a purge of its tags or its tenant, at the recheck time, and when the document is dropped', async () => {
    const path = uniquePath();
    const page = carPage(path, { car: () => ({ body: '<h1>Car</h1>', tags: carTag('8') }) });
    page.options.earlyHitUntil = Date.now() + 60_000;
    // This tenant's epoch is remembered on its own (not the floor of forgotten tenants that another purge can raise).
    await purge({ tenant: 'harbourside-toyota', tags: [carTag('warm')], reason: 'reservation' });
    await page.run();
    await page.run();
    // Another tenant's purge changes nothing here; this car's purge drops it before the next request.
    expect((await purge({ tenant: 'outback-used-cars', tags: ['t:outback-used-cars'], reason: 'config' })).status).toBe(200);
    expect(fastDocument(url(path), Date.now())).toBeInstanceOf(Response);
    expect((await purge({ tenant: 'harbourside-toyota', tags: [carTag('8')], reason: 'reservation' })).status).toBe(200);
    expect(fastDocument(url(path), Date.now())).toBeNull();
    expect((await page.run()).layer).toBe('miss');
    expect((await page.run()).layer).toBe('isolate');
    expect(fastDocument(url(path), Date.now())).toBeInstanceOf(Response);
    // A purge of any other tag of the tenant bumps its epoch: answered by the full path again (which finds it kept).
    await purge({ tenant: 'harbourside-toyota', tags: [carTag('other')], reason: 'reservation' });
    expect(fastDocument(url(path), Date.now())).toBeNull();
    expect((await page.run()).layer).toBe('isolate');
    // Past PAGE_CACHE_ISOLATE_SECONDS the shared layer must be asked: the full path runs.
    expect(fastDocument(url(path), Date.now() + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000)).toBeNull();
    await page.run();
    clearPageCache();
    expect(fastDocument(url(path), Date.now())).toBeNull();
  });

  it(`bounded: at most ${FAST_HITS_MAX} URLs, the oldest noted let go first`, () => {
    const tenant = demoTenant('harbourside-toyota');
    rememberIsolateDocument('k', { expires: Date.now() + 60_000, tenant, assets, status: 200, headers: HTML, bytes: new Uint8Array(10), tags: ['t:harbourside-toyota'], sharedKey: null });
    const epoch = purgeEpoch('harbourside-toyota');
    for (let i = 0; i < FAST_HITS_MAX + 10; i++) noteFastHit(`https://h.test/${i}`, 'k', 'harbourside-toyota', epoch, Date.now() + 60_000, withHeaderPolicyRecord);
    expect(pageCacheStats().isolate.earlyUrls).toBe(FAST_HITS_MAX);
    expect(fastDocument('https://h.test/0', Date.now())).toBeNull();
    expect(fastDocument(`https://h.test/${FAST_HITS_MAX + 9}`, Date.now())).toBeInstanceOf(Response);
    // Not noted for a document that is not kept, or once its tenant was purged since the epoch the caller read.
    noteFastHit('https://h.test/none', 'missing', 'harbourside-toyota', epoch, Date.now() + 60_000, withHeaderPolicyRecord);
    expect(fastDocument('https://h.test/none', Date.now())).toBeNull();
  });
});
