/**
 * A stock import on a running mf-search (issue 19), inside workerd: the import writes KV (stock, index snapshot, pending
 * purge) and calls `POST /internal/stock/refresh`; the new stock is served at once and edge-api's purge port (faked at
 * the binding: src/test/fake-services.ts) gets the changed cars' tags and the stock tag. Search and stock-strip
 * fragments name the stock tag.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import type { Car } from '@forecourt/contracts/entities/car';
import { CACHE_TAGS_HEADER } from '@forecourt/contracts/page-cache';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { kvStockMetaKey, type StockMeta } from '@forecourt/contracts/tenant-data';
import { stockWrites } from './import/write.ts';
import { loadStock } from './lib/stock.ts';
import { STOCK_REFRESH_PATH } from './lib/stock-changes.ts';
import { FAKE_PURGES_PATH, IMPORT_TENANT, PURGE_FAILS_TENANT } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';

const car = (n: number, extra: Partial<Car> = {}): Car => {
  const slug = `2021-toyota-corolla-ascent-${7000 + n}`;
  return { ...(sampleCar as Car), id: String(7000 + n), stocknum: `I${7000 + n}`, slug, path: `/cars/${slug}`, price: 20_000 + n * 1_000, ...extra };
};
const V1 = [car(1), car(2), car(3)];

/** What `npm run stock:import` does: the writes in order (puts, meta last, deletes), then the refresh route. */
async function importStock(tenant: string, cars: readonly Car[], now: Date): Promise<Response> {
  const previous = await env.STOCK.get<StockMeta>(kvStockMetaKey(tenant), 'json');
  const existingKeys = (await env.STOCK.list({ prefix: `stock:${tenant}:` })).keys.map((k) => k.name);
  const previousCars = previous ? await loadStock(env.STOCK as unknown as Pick<KVNamespace, 'get'>, tenant) : null;
  const writes = stockWrites(tenant, cars, { now, previous, existingKeys, previousCars });
  for (const put of writes.puts) await env.STOCK.put(put.key, put.value);
  for (const key of writes.deletes) await env.STOCK.delete(key);
  return fetchWorker(STOCK_REFRESH_PATH, { method: 'POST', headers: { [TENANT_HEADER]: tenant } });
}

const get = (path: string, tenant: string) => fetchWorker(path, { headers: { [TENANT_HEADER]: tenant } });
const purges = async () => (await (await env.EDGE_API.fetch(`https://edge-api.internal${FAKE_PURGES_PATH}`)).json()) as Array<{ tenant: string; tags: string[]; reason: string }>;
const priceOf = async (tenant: string, id: string) => ((await (await get(`/internal/car?id=${id}`, tenant)).json()) as { car: Car }).car.price;

describe('stock refresh and page purge (workerd)', () => {
  it('serves an import at once and purges exactly the changed cars and the stock pages', async () => {
    expect((await importStock(IMPORT_TENANT, V1, new Date('2026-11-20T00:00:00Z'))).status).toBe(200);
    expect(await priceOf(IMPORT_TENANT, '7001')).toBe(21_000);
    const before = (await purges()).filter((p) => p.tenant === IMPORT_TENANT).length;

    // A price drop for 7001, 7003 removed, 7004 added, 7002 unchanged.
    const res = await importStock(IMPORT_TENANT, [car(1, { price: 19_500 }), car(2), car(4)], new Date('2026-11-21T00:00:00Z'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: '2026-11-21T00:00:00.000Z', changed: true, purge: { tags: 4, purged: true } });
    const mine = (await purges()).filter((p) => p.tenant === IMPORT_TENANT);
    expect(mine).toHaveLength(before + 1);
    expect(mine.at(-1)).toEqual({ tenant: IMPORT_TENANT, tags: [`car:${IMPORT_TENANT}:7001`, `car:${IMPORT_TENANT}:7004`, `car:${IMPORT_TENANT}:7003`, `stock:${IMPORT_TENANT}`], reason: 'stock-import' });
    // The new price at once (no STOCK_WATCH_SECONDS wait); the removed car is gone.
    expect(await priceOf(IMPORT_TENANT, '7001')).toBe(19_500);
    expect((await get('/internal/car?id=7003', IMPORT_TENANT)).status).toBe(404);
    // The pending purge is settled: the marker is gone, and a second refresh neither reloads nor purges again.
    expect(await env.STOCK.get(`stock:${IMPORT_TENANT}:purge`)).toBeNull();
    const again = await fetchWorker(STOCK_REFRESH_PATH, { method: 'POST', headers: { [TENANT_HEADER]: IMPORT_TENANT } });
    expect(await again.json()).toMatchObject({ changed: false, purge: { tags: 0, purged: false } });
    expect((await purges()).filter((p) => p.tenant === IMPORT_TENANT)).toHaveLength(before + 1);
  });

  it("drops the tenant's cached searches and search-path catalogue: a purged page is rebuilt from the new stock", async () => {
    const tenant = IMPORT_TENANT;
    await importStock(tenant, [car(11, { price: 31_000 })], new Date('2026-11-22T00:00:00Z'));
    // A manufacturer page (query cache) and the catalogue the search paths resolve against (no Mazda in stock yet).
    const toyota = async () => (await get('/fragments/search?_segments=toyota', tenant)).text();
    expect(await toyota()).toMatch(/31,000/);
    expect((await get('/fragments/search?_segments=mazda', tenant)).status).toBe(404);
    const mazda = car(12, { make: 'Mazda', model: 'CX-5', make_model: 'Mazda CX-5', price: 27_000 } as Partial<Car>);
    const res = await importStock(tenant, [car(11, { price: 29_500 }), mazda], new Date('2026-11-23T00:00:00Z'));
    expect(await res.json()).toMatchObject({ changed: true });
    const page = await toyota();
    expect(page).toMatch(/29,500/);
    expect(page).not.toMatch(/31,000/);
    expect((await get('/fragments/search?_segments=mazda', tenant)).status).toBe(200);
  });

  it('a failed purge is answered and logged; the import is still served and search goes on', async () => {
    await importStock(PURGE_FAILS_TENANT, V1, new Date('2026-11-20T00:00:00Z'));
    const res = await importStock(PURGE_FAILS_TENANT, [car(1, { price: 18_000 }), car(2), car(3)], new Date('2026-11-21T00:00:00Z'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: true, purge: { purged: false, error: 'status 503' } });
    expect(await priceOf(PURGE_FAILS_TENANT, '7001')).toBe(18_000);
    expect((await get('/fragments/search?_segments=new-used-and-demo-cars', PURGE_FAILS_TENANT)).status).toBe(200);
    // Kept for the next check (the stock watch tries again).
    expect(await env.STOCK.get(`stock:${PURGE_FAILS_TENANT}:purge`)).not.toBeNull();
  });

  it('search fragments and stock strips name the stock tag', async () => {
    const search = await get('/fragments/search?_segments=new-used-and-demo-cars', IMPORT_TENANT);
    expect(search.status).toBe(200);
    expect(search.headers.get(CACHE_TAGS_HEADER)).toBe(`stock:${IMPORT_TENANT}`);
    const strip = await get('/fragments/stock-strip?strip=new-arrivals', IMPORT_TENANT);
    expect(strip.status).toBe(200);
    expect(strip.headers.get(CACHE_TAGS_HEADER)).toBe(`stock:${IMPORT_TENANT}`);
  });

  it('refuses a tenant it does not know (the tenant header is the shell\'s)', async () => {
    expect((await fetchWorker(STOCK_REFRESH_PATH, { method: 'POST', headers: { [TENANT_HEADER]: 'nobody' } })).status).toBe(404);
  });
});
