/**
 * Shareable pages and their purge through the shell Worker inside workerd (issue 19): the isolate layer, the Workers
 * Cache API (`caches.default`, miniflare's), the `PageCache` entrypoint. The fake mf-vehicle answers car pages whose slug
 * starts with SHARED_CAR_PREFIX as shareable and tagged `car:<tenant>:<slug>` (src/test/fake-remotes.ts).
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { PAGE_CACHE_ISOLATE_SECONDS, pageCacheTags } from '@forecourt/contracts/page-cache';
import { kvHostKey, kvTenantKey } from '@forecourt/contracts/tenant';
import { clearDocumentCache } from './lib/compose.ts';
import { clearFragmentCache } from './lib/fragments.ts';
import { pageCacheStats, sharedKeysTagged } from './lib/page-cache.ts';
import { FAKE_TENANT, SHARED_CAR_PREFIX } from './test/fake-remotes.ts';
import { fetchPageCache, fetchWorker } from './test/worker.ts';

let n = 0;
/** A car slug of its own per test (the caches live as long as the isolate). */
const carSlug = (variant = 'car') => `${SHARED_CAR_PREFIX}${variant}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

/** What the fake car page shows, and how often the shell fetched it. */
async function car(slug: string, text?: string): Promise<{ text: string; fetches: number }> {
  const url = `https://fake/_test/car?slug=${slug}`;
  const res = await (env as unknown as { VEHICLE: Fetcher }).VEHICLE.fetch(text === undefined ? url : new Request(url, { method: 'POST', body: text }));
  return res.json();
}

/** A page through the shell, its body read whole, with the layer that answered. */
async function page(path: string, init: RequestInit = {}) {
  const res = await fetchWorker(path, init);
  const text = init.method === 'HEAD' ? '' : await res.text();
  return { status: res.status, text, layer: res.headers.get('x-forecourt-cache'), cacheControl: res.headers.get('cache-control') };
}

/** Waits until the shared layer has been written (it is written after the answer, under waitUntil). */
const sharedPuts = (count: number) => vi.waitFor(() => expect(pageCacheStats().shared.puts).toBeGreaterThanOrEqual(count), { timeout: 5_000 });

/** A tenant of its own (so a config change or a tenant purge touches nothing else), its origin returned. */
async function ownTenant(slug: string, name: string): Promise<string> {
  const host = `${slug}.example.com.au`;
  await env.CONFIG.put(kvTenantKey(slug), JSON.stringify(siteConfigInput(slug, { hosts: [host], name })));
  await env.CONFIG.put(kvHostKey(host), slug);
  return `https://${host}`;
}

afterEach(() => vi.restoreAllMocks());

describe('shareable pages (shell Worker, workerd)', () => {
  it('writes the shared layer after the shopper has the whole page, not before its last bytes', async () => {
    const slug = carSlug('order');
    const puts = pageCacheStats().shared.puts;
    const put = vi.spyOn(caches.default, 'put');
    const first = await page(`/cars/${slug}`);
    expect(first.layer).toBe('miss');
    // The body has been read to its end, and the Response the shared layer keeps is not made yet.
    expect(put).not.toHaveBeenCalled();
    await sharedPuts(puts + 1);
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('a shareable car page: composed once, then the isolate, then the Cache API once the isolate copy is too old', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    const first = await page(`/cars/${slug}`);
    expect(first).toMatchObject({ status: 200, layer: 'miss', cacheControl: 'public, max-age=0, must-revalidate' });
    expect(first.text).toContain('<p data-car-text>Available</p>');
    await sharedPuts(puts + 1);
    const second = await page(`/cars/${slug}`);
    expect(second.layer).toBe('isolate');
    expect(second.text).toBe(first.text);
    // The isolate's copy is older than PAGE_CACHE_ISOLATE_SECONDS: caches.default answers (and refills the isolate).
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const third = await page(`/cars/${slug}`);
    expect(third.layer).toBe('shared');
    expect(third.text).toBe(first.text);
    expect((await page(`/cars/${slug}`)).layer).toBe('isolate');
    expect((await car(slug)).fetches).toBe(1);
  });

  it('a purge of the car’s tag through the PageCache entrypoint: the very next request fetches the car again', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    await page(`/cars/${slug}`);
    await sharedPuts(puts + 1);
    expect((await page(`/cars/${slug}`)).layer).toBe('isolate');
    await car(slug, 'Reserved');
    const purge = await fetchPageCache({ tenant: FAKE_TENANT, tags: [pageCacheTags.car(FAKE_TENANT, slug)], reason: 'reservation' });
    expect(purge.status).toBe(200);
    expect(await purge.json()).toEqual({ dropped: 1, shared: true });
    const after = await page(`/cars/${slug}`);
    expect(after.layer).toBe('miss');
    expect(after.text).toContain('<p data-car-text>Reserved</p>');
    expect((await car(slug)).fetches).toBe(2);
    // Not even an older isolate (past PAGE_CACHE_ISOLATE_SECONDS) finds the purged document in caches.default.
    await sharedPuts(puts + 2);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    expect((await page(`/cars/${slug}`)).text).toContain('Reserved');
  });

  it('a purge by tag that reached only caches.default (production): the recheck after PAGE_CACHE_ISOLATE_SECONDS composes from a fresh car', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    expect((await page(`/cars/${slug}`)).text).toContain('<p data-car-text>Available</p>');
    await sharedPuts(puts + 1);
    await car(slug, 'Reserved');
    // Cloudflare's purge by tag: the shared entry goes, nothing in this isolate is told (no PageCache call).
    const keys = sharedKeysTagged([pageCacheTags.car(FAKE_TENANT, slug)]);
    expect(keys).toHaveLength(1);
    expect(await caches.default.delete(keys[0]!)).toBe(true);
    expect((await page(`/cars/${slug}`)).layer).toBe('isolate');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const fresh = await page(`/cars/${slug}`);
    expect(fresh.layer).toBe('miss');
    expect(fresh.text).toContain('<p data-car-text>Reserved</p>');
    expect((await car(slug)).fetches).toBe(2);
  });

  it('a tenant-tag purge after a config change in KV shows the new config at once; another tenant’s pages stay', async () => {
    const origin = await ownTenant('purge-motors', 'Purge Motors');
    const slug = carSlug();
    const other = carSlug();
    expect((await page(`${origin}/cars/${slug}`)).text).toContain('Purge Motors');
    await page(`/cars/${other}`);
    await env.CONFIG.put(kvTenantKey('purge-motors'), JSON.stringify(siteConfigInput('purge-motors', { hosts: ['purge-motors.example.com.au'], name: 'Purge Motors Renamed' })));
    // Without a purge the kept document (and the cached config) still answer.
    const before = await page(`${origin}/cars/${slug}`);
    expect(before.layer).toBe('isolate');
    expect(before.text).not.toContain('Purge Motors Renamed');
    const purge = await fetchPageCache({ tenant: 'purge-motors', tags: [pageCacheTags.tenant('purge-motors')], reason: 'config' });
    expect(await purge.json()).toMatchObject({ dropped: 1 });
    const after = await page(`${origin}/cars/${slug}`);
    expect(after.layer).toBe('miss');
    expect(after.text).toContain('Purge Motors Renamed');
    // The test tenant's page is untouched, and purging its tags from purge-motors' name is refused.
    expect((await page(`/cars/${other}`)).layer).toBe('isolate');
    const foreign = await fetchPageCache({ tenant: 'purge-motors', tags: [pageCacheTags.car(FAKE_TENANT, other)], reason: 'operator' });
    expect(foreign.status).toBe(400);
    expect((await page(`/cars/${other}`)).layer).toBe('isolate');
  });

  it('never keeps a page with a private slot or the per-render lead token', async () => {
    const leadIds: string[] = [];
    const kept = pageCacheStats().isolate.entries;
    for (const slug of [carSlug('private'), carSlug('token')]) {
      for (let i = 0; i < 2; i++) {
        const res = await page(`/cars/${slug}`);
        expect(res).toMatchObject({ status: 200, layer: 'miss', cacheControl: 'private, no-store' });
        const leadId = /name="lead_id" value="([^"]+)"/.exec(res.text)?.[1];
        if (leadId) leadIds.push(leadId);
      }
    }
    // An older mf-account's per-render token: a fresh lead id in each render.
    expect(leadIds).toHaveLength(2);
    expect(leadIds[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(leadIds[0]).not.toBe(leadIds[1]);
    expect(pageCacheStats().isolate.entries).toBe(kept);
  });

  it('never keeps HEAD, a 404 or a 503', async () => {
    for (const [slug, status] of [
      [carSlug('gone'), 404],
      [carSlug('down'), 503],
    ] as const) {
      for (let i = 0; i < 2; i++) expect(await page(`/cars/${slug}`)).toMatchObject({ status, layer: 'miss' });
      expect((await car(slug)).fetches).toBe(2);
    }
    // HEAD keeps no document: the GET after it is composed (from the fragment the HEAD fetched, which is shareable).
    const slug = carSlug();
    for (let i = 0; i < 2; i++) expect(await page(`/cars/${slug}`, { method: 'HEAD' })).toMatchObject({ status: 200, layer: 'miss' });
    const entries = pageCacheStats().isolate.entries;
    expect((await page(`/cars/${slug}`)).layer).toBe('miss');
    expect(pageCacheStats().isolate.entries).toBe(entries + 1);
  });

  it('early hit check: a URL whose last answer was the isolate is answered before routing, the same bytes and headers', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    expect((await page(`/cars/${slug}`)).layer).toBe('miss');
    await sharedPuts(puts + 1);
    const full = await fetchWorker(`/cars/${slug}`);
    const early = pageCacheStats().isolate.earlyHits;
    const fast = await fetchWorker(`/cars/${slug}`);
    expect(pageCacheStats().isolate.earlyHits).toBe(early + 1);
    expect(fast.status).toBe(200);
    expect(Object.fromEntries(fast.headers)).toEqual(Object.fromEntries(full.headers));
    expect(fast.headers.get('x-forecourt-cache')).toBe('isolate');
    expect(await fast.text()).toBe(await full.text());
    // HEAD is never answered early (no document is kept for it: its body is not sent).
    expect(await page(`/cars/${slug}`, { method: 'HEAD' })).toMatchObject({ status: 200, layer: 'miss', text: '' });
    expect(pageCacheStats().isolate.earlyHits).toBe(early + 1);
    // A purge of the car is seen on the very next request.
    await car(slug, 'Reserved');
    await fetchPageCache({ tenant: FAKE_TENANT, tags: [pageCacheTags.car(FAKE_TENANT, slug)], reason: 'reservation' });
    const after = await page(`/cars/${slug}`);
    expect(after.layer).toBe('miss');
    expect(after.text).toContain('<p data-car-text>Reserved</p>');
    expect(pageCacheStats().isolate.earlyHits).toBe(early + 1);
  });

  it('early hit check: a config change in KV with its tenant-tag purge shows on the very next request', async () => {
    const origin = await ownTenant('early-motors', 'Early Motors');
    const slug = carSlug();
    await page(`${origin}/cars/${slug}`);
    await page(`${origin}/cars/${slug}`);
    const early = pageCacheStats().isolate.earlyHits;
    expect((await page(`${origin}/cars/${slug}`)).layer).toBe('isolate');
    expect(pageCacheStats().isolate.earlyHits).toBe(early + 1);
    await env.CONFIG.put(kvTenantKey('early-motors'), JSON.stringify(siteConfigInput('early-motors', { hosts: ['early-motors.example.com.au'], name: 'Early Motors Renamed' })));
    // Without a purge the cached config stands (CONFIG_CACHE_SECONDS), early hits included.
    expect((await page(`${origin}/cars/${slug}`)).text).not.toContain('Early Motors Renamed');
    await fetchPageCache({ tenant: 'early-motors', tags: [pageCacheTags.tenant('early-motors')], reason: 'config' });
    const after = await page(`${origin}/cars/${slug}`);
    expect(after.layer).toBe('miss');
    expect(after.text).toContain('Early Motors Renamed');
  });

  /**
   * Makes caches.default answer `match` only after `ms`, running `during` first (what happened while it was pending).
   * The lookup's answer is the real one.
   */
  function slowLookup(ms: number, during: () => Promise<void>) {
    const cache = caches.default;
    const match = cache.match.bind(cache);
    return vi.spyOn(cache, 'match').mockImplementation(async (...args: Parameters<Cache['match']>) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await during();
      return match(...args);
    });
  }

  it('the shared layer holding a page this isolate never kept (a fresh isolate): no fragment request', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    const first = await page(`/cars/${slug}`);
    await sharedPuts(puts + 1);
    // As a fresh isolate: nothing of this page kept here (document nor fragments), only in caches.default.
    clearDocumentCache();
    clearFragmentCache();
    const again = await page(`/cars/${slug}`);
    expect(again.layer).toBe('shared');
    expect(again.text).toBe(first.text);
    expect((await car(slug)).fetches).toBe(1);
  });

  it('a recheck (this isolate kept the page a moment ago) waits for the shared layer however slow: no fragment request when it answers', async () => {
    const slug = carSlug();
    const puts = pageCacheStats().shared.puts;
    const first = await page(`/cars/${slug}`);
    await sharedPuts(puts + 1);
    clearFragmentCache();
    let fetchedDuringLookup = -1;
    slowLookup(50, async () => void (fetchedDuringLookup = (await car(slug)).fetches));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (PAGE_CACHE_ISOLATE_SECONDS + 1) * 1000);
    const recheck = await page(`/cars/${slug}`);
    expect(recheck.layer).toBe('shared');
    expect(recheck.text).toBe(first.text);
    expect(fetchedDuringLookup).toBe(1);
    expect((await car(slug)).fetches).toBe(1);
  });

  it('the PageCache entrypoint: 405 for another method, 400 { error } for a body the schema refuses', async () => {
    expect((await fetchPageCache(null, { method: 'GET', body: null })).status).toBe(405);
    const bad = await fetchPageCache({ tenant: FAKE_TENANT, tags: [], reason: 'config' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.any(String) });
  });
});
