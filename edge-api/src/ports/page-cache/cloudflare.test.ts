import { beforeEach, describe, expect, it } from 'vitest';
import { closedPort, serveOnLocalhost } from '../../test/serve.ts';
import { CLOUDFLARE_TAGS_PER_PURGE, CloudflarePageCache } from './cloudflare.ts';
import { EmbeddedPageCache } from './embedded.ts';
import { selectPageCache } from './select.ts';
import { createFakeCloudflarePurge } from './testing.ts';

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const TOKEN = 'cf_purge_local_only';
const fake = createFakeCloudflarePurge({ zoneId: ZONE, token: TOKEN });
const api = serveOnLocalhost(fake.handle);
beforeEach(() => fake.reset());

const adapter = (opts: Partial<ConstructorParameters<typeof CloudflarePageCache>[0]> = {}) => new CloudflarePageCache({ apiUrl: api.url, zoneId: ZONE, token: TOKEN, timeoutMs: 2_000, ...opts });
const T = 'harbourside-toyota';
const carTags = (n: number) => Array.from({ length: n }, (_, i) => `car:${T}:car-${i}`);

describe('CloudflarePageCache against a local Cloudflare API on 127.0.0.1', () => {
  it("POSTs the tags to the zone's purge_cache with the Bearer token, and answers shared", async () => {
    const outcome = await adapter({ apiUrl: `${api.url}/` }).purge({ tenant: T, tags: [`car:${T}:abc-1`, `stock:${T}`], reason: 'reservation' });
    expect(outcome).toEqual({ ok: true, answer: { dropped: 0, shared: true } });
    expect(fake.requests).toHaveLength(1);
    const [call] = fake.requests;
    expect(call).toMatchObject({ method: 'POST', path: `/client/v4/zones/${ZONE}/purge_cache`, body: { tags: [`car:${T}:abc-1`, `stock:${T}`] } });
    expect(call!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call!.headers['content-type']).toBe('application/json');
  });

  it('batches at most 30 tags a call (Cloudflare refuses more), every tag purged once', async () => {
    const tags = carTags(65);
    const outcome = await adapter().purge({ tenant: T, tags, reason: 'stock-import' });
    expect(outcome.ok).toBe(true);
    expect(fake.requests.map((r) => (r.body as { tags: string[] }).tags.length)).toEqual([CLOUDFLARE_TAGS_PER_PURGE, CLOUDFLARE_TAGS_PER_PURGE, 5]);
    expect(fake.purgedTags).toEqual(tags);
  });

  it('answers a failure, never throws: a refused token, an unknown zone, a 5xx, a body that is not the envelope, a timeout, no server', async () => {
    const purge = (a: CloudflarePageCache) => a.purge({ tenant: T, tags: [`stock:${T}`], reason: 'payment' });
    expect(await purge(adapter({ token: 'wrong' }))).toEqual({ ok: false, error: expect.stringContaining('answered 403: 10000 Authentication error') });
    expect(await purge(adapter({ zoneId: 'abc123' }))).toEqual({ ok: false, error: expect.stringContaining('answered 404: 7003') });
    fake.overrideNext(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await purge(adapter())).toEqual({ ok: false, error: expect.stringContaining('answered 502 without its JSON envelope') });
    fake.overrideNext(() => Response.json({ success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] }, { status: 429 }));
    expect(await purge(adapter())).toEqual({ ok: false, error: expect.stringContaining('answered 429: 971') });
    fake.delay(500);
    expect(await purge(adapter({ timeoutMs: 100 }))).toEqual({ ok: false, error: expect.stringMatching(/unreachable \((TimeoutError|AbortError)/) });
    fake.reset();
    expect(await purge(adapter({ apiUrl: `http://127.0.0.1:${await closedPort()}` }))).toEqual({ ok: false, error: expect.stringContaining('unreachable') });
  });

  it('tries every batch when one fails, and says how many failed', async () => {
    fake.overrideNext(() => Response.json({ success: false, errors: [{ code: 1015, message: 'x' }] }, { status: 400 }));
    const outcome = await adapter().purge({ tenant: T, tags: carTags(40), reason: 'stock-import' });
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('failed for 1 of 2 batches') });
    expect(fake.purgedTags).toEqual(carTags(40).slice(30));
  });

  it('never sends a purge the contract refuses (a tag of another tenant), and needs its zone and token', async () => {
    expect(await adapter().purge({ tenant: T, tags: ['stock:outback-used-cars'], reason: 'operator' })).toEqual({ ok: false, error: expect.stringContaining('Every tag must belong to the tenant') });
    expect(fake.requests).toHaveLength(0);
    expect(() => new CloudflarePageCache({ zoneId: '', token: TOKEN })).toThrow(/CF_ZONE_ID/);
    expect(() => new CloudflarePageCache({ zoneId: ZONE, token: '' })).toThrow(/CF_PURGE_TOKEN/);
    expect(() => new CloudflarePageCache({ apiUrl: 'not a url', zoneId: ZONE, token: TOKEN })).toThrow(/CF_API_URL/);
    expect(() => new CloudflarePageCache({ apiUrl: 'http://api.cloudflare.com', zoneId: ZONE, token: TOKEN })).toThrow(/CF_API_URL must use https/);
    expect(new CloudflarePageCache({ zoneId: ZONE, token: TOKEN }).adapter).toBe('cloudflare');
  });
});

describe('selectPageCache', () => {
  it("picks the adapter PAGE_CACHE_ADAPTER names: 'embedded' by default (local runs), 'cloudflare' with its zone and token", async () => {
    expect(selectPageCache({})).toBeInstanceOf(EmbeddedPageCache);
    expect(selectPageCache({ PAGE_CACHE_ADAPTER: 'embedded' }).adapter).toBe('embedded');
    const cf = selectPageCache({ PAGE_CACHE_ADAPTER: 'cloudflare', CF_API_URL: api.url, CF_ZONE_ID: ZONE, CF_PURGE_TOKEN: TOKEN });
    expect(cf.adapter).toBe('cloudflare');
    expect((await cf.purge({ tenant: T, tags: [`t:${T}`], reason: 'config' })).ok).toBe(true);
    expect(fake.purgedTags).toEqual([`t:${T}`]);
    expect(() => selectPageCache({ PAGE_CACHE_ADAPTER: 'cloudflare' })).toThrow(/CF_ZONE_ID/);
    expect(() => selectPageCache({ PAGE_CACHE_ADAPTER: 'varnish' })).toThrow(/PAGE_CACHE_ADAPTER="varnish" is not an available adapter/);
  });

  it("'embedded' without the SHELL_CACHE binding purges nothing and says so (no shell in this run)", async () => {
    expect(await selectPageCache({}).purge({ tenant: T, tags: [`stock:${T}`], reason: 'payment' })).toMatchObject({ ok: false, unbound: true });
  });
});
