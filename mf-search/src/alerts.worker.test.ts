/**
 * mf-search's two reads for edge-api's alerts inside workerd (contracts INTERNAL.stockDigest and INTERNAL.searchMatches),
 * through the deployed Worker's fetch handler with stock in KV as an import writes it.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { SearchMatchesSchema, StockDigestSchema } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { kvStockChunkKey, kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { FAKE_TENANT, FINANCE_CARS, FINANCE_TENANT, RESERVED_CAR } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';

const digest = async (tenant: string, since?: string) => {
  const res = await fetchWorker(`/internal/stock-digest${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`, { headers: { [TENANT_HEADER]: tenant } });
  return { status: res.status, body: (await res.json()) as unknown };
};
const matches = (tenant: string, body: unknown) =>
  fetchWorker('/internal/search-matches', { method: 'POST', headers: { [TENANT_HEADER]: tenant, 'content-type': 'application/json' }, body: JSON.stringify(body) });

const V1 = '2026-11-20T00:00:00.000Z';
const V2 = '2026-11-21T00:00:00.000Z';
const car = (id: string, fields: Record<string, unknown>) => ({ ...sampleCar, id, stocknum: `S${id}`, slug: `car-${id}`, ...fields });

/** A tenant of its own whose stock the test imports (meta and one chunk, as `npm run stock:import` writes them). */
async function tenantWith(cars: object[], version: string) {
  const tenant = `alerts-${crypto.randomUUID().slice(0, 8)}`;
  await seedKv(env.CONFIG, tenantEntries([siteConfigInput(tenant)]));
  await importStock(tenant, cars, version);
  return tenant;
}
async function importStock(tenant: string, cars: object[], version: string) {
  await seedKv(env.STOCK, { [kvStockChunkKey(tenant, 0)]: cars, [kvStockMetaKey(tenant)]: { count: cars.length, chunks: 1, updated_at: version, source: 'import' } });
}

describe('GET /internal/stock-digest (what alerts compare between imports)', () => {
  it('answers the stock version and each car: id, shopper-facing price, status, name and slug', async () => {
    const { status, body } = await digest(FAKE_TENANT);
    expect(status).toBe(200);
    const answer = v.parse(StockDigestSchema, body);
    expect(answer.version).toBe('2025-06-01T00:00:00.000Z');
    expect(answer.cars).toEqual([
      { id: sampleCar.id, price: sampleCar.price, status: 'available', name: '2021 Toyota Corolla Ascent Sport Hybrid', slug: sampleCar.slug },
      { id: RESERVED_CAR.id, price: RESERVED_CAR.price, status: 'available', name: '2020 Toyota Corolla Ascent Sport Hybrid', slug: RESERVED_CAR.slug },
    ]);
    // Another tenant's digest holds its own cars only.
    const finance = v.parse(StockDigestSchema, (await digest(FINANCE_TENANT)).body);
    expect(finance.cars?.map((c) => c.id).sort()).toEqual(FINANCE_CARS.map((c) => c.id).sort());
  });

  it('leaves the cars out when nothing changed since the caller’s version (and for a stock never imported)', async () => {
    expect((await digest(FAKE_TENANT, '2025-06-01T00:00:00.000Z')).body).toEqual({ version: '2025-06-01T00:00:00.000Z' });
    expect(((await digest(FAKE_TENANT, 'older')).body as { cars?: unknown[] }).cars).toHaveLength(2);
    expect((await digest('no-stock')).body).toEqual({ version: null });
    expect((await digest('no-stock', 'v1')).body).toEqual({ version: null, cars: [] });
    expect((await digest('no-such-tenant')).status).toBe(404);
    expect((await digest(FAKE_TENANT, 'x'.repeat(101))).status).toBe(400);
  });

  it('reads a new import at once (not a search index built before it): prices as shown, sold and reserved, hidden cars left out', async () => {
    const tenant = await tenantWith([car('1', { price: 25_990 })], V1);
    // Warm this isolate's search index on the first import.
    expect((await fetchWorker(`/internal/car?id=1`, { headers: { [TENANT_HEADER]: tenant } })).status).toBe(200);
    await importStock(tenant, [
      car('1', { price: 24_990 }),
      car('2', { price: 30_000, offer_price: 28_500 }),
      car('3', { price: 5, before_price: null }),
      car('4', { status: 'sold', sold: true }),
      car('5', { reserved: true }),
      car('6', { show_on_dealer_website: false }),
      car('1', { price: 1 }),
    ], V2);
    const answer = v.parse(StockDigestSchema, (await digest(tenant, V1)).body);
    expect(answer.version).toBe(V2);
    expect(answer.cars?.map(({ id, price, status }) => [id, price, status])).toEqual([
      ['1', 24_990, 'available'],
      ['2', 28_500, 'available'],
      ['3', 0, 'available'],
      ['4', sampleCar.price, 'sold'],
      ['5', sampleCar.price, 'reserved'],
    ]);
  });
});

describe('GET /internal/stock-digest: a stock read that is not whole', () => {
  it('answers 503 (never a partial digest that would text shoppers their cars are gone) when a chunk is missing or the count is off', async () => {
    const tenant = await tenantWith([car('1', {}), car('2', {})], V1);
    // The meta names two chunks; the second is not there (yet).
    await seedKv(env.STOCK, { [kvStockMetaKey(tenant)]: { count: 3, chunks: 2, updated_at: V2, source: 'import' } });
    const missing = await digest(tenant, V1);
    expect(missing.status).toBe(503);
    expect((await matches(tenant, { searches: [{ id: 's1', url: '/search' }], car_ids: ['1'] })).status).toBe(503);
    // One chunk, but not the count the import wrote.
    await seedKv(env.STOCK, { [kvStockMetaKey(tenant)]: { count: 3, chunks: 1, updated_at: V2, source: 'import' } });
    expect((await digest(tenant, V1)).status).toBe(503);
  });
});

describe('POST /internal/search-matches (which new cars each saved search lists)', () => {
  const stock = [
    car('c1', { make: 'Toyota', model: 'Corolla', make_model: 'Toyota Corolla', price: 25_000 }),
    car('c2', { make: 'Toyota', model: 'RAV4', make_model: 'Toyota RAV4', price: 45_000, slug: 'car-rav4' }),
    car('c3', { make: 'Mazda', model: 'CX-5', make_model: 'Mazda CX-5', price: 32_000, name: '2021 Mazda CX-5 Maxx' }),
    car('c4', { make: 'Toyota', model: 'Corolla', make_model: 'Toyota Corolla', status: 'sold', sold: true }),
    car('c5', { make: 'Toyota', model: 'Corolla', make_model: 'Toyota Corolla', show_on_dealer_website: false }),
    car('c6', { make: 'Toyota', model: 'HiLux', make_model: 'Toyota HiLux', car_type: 'new' }),
  ];

  it('lists, per search, the given cars its search page would show (path, refinements, words; sold and hidden cars never)', async () => {
    const tenant = await tenantWith(stock, V1);
    const searches = [
      { id: 'make', url: '/search/toyota' },
      { id: 'model', url: '/search/toyota/corolla' },
      { id: 'price', url: '/search/new-used-and-demo-cars?price_max=30000' },
      { id: 'used', url: '/search/used-cars?make=Toyota&page=3' },
      { id: 'words', url: '/search/new-used-and-demo-cars?query=mazda' },
      { id: 'unknown-page', url: '/search/no-such-page-at-all' },
    ];
    const res = await matches(tenant, { searches, car_ids: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'not-in-stock'] });
    expect(res.status).toBe(200);
    const answer = v.parse(SearchMatchesSchema, await res.json());
    const byId = Object.fromEntries(answer.matches.map((m) => [m.id, [...m.car_ids].sort()]));
    expect(byId).toEqual({
      make: ['c1', 'c2', 'c6'],
      model: ['c1'],
      price: ['c1'],
      used: ['c1', 'c2'],
      words: ['c3'],
      'unknown-page': [],
    });
    // Only the ids asked about: the same searches over one new car.
    const one = v.parse(SearchMatchesSchema, await (await matches(tenant, { searches, car_ids: ['c2'] })).json());
    expect(one.matches.find((m) => m.id === 'make')?.car_ids).toEqual(['c2']);
    expect(one.matches.find((m) => m.id === 'model')?.car_ids).toEqual([]);
  });

  it('is tenant-scoped and refuses a body outside the contract', async () => {
    const tenant = await tenantWith(stock, V1);
    const other = await matches(FAKE_TENANT, { searches: [{ id: 's', url: '/search/toyota' }], car_ids: ['c1', 'c2'] });
    expect(await other.json()).toEqual({ matches: [{ id: 's', car_ids: [] }] });
    for (const body of [{}, { searches: [{ id: 's', url: 'https://evil.example/search' }], car_ids: [] }, { searches: [], car_ids: 'c1' }]) {
      expect((await matches(tenant, body)).status).toBe(400);
    }
  });
});
