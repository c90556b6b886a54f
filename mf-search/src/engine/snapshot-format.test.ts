/**
 * The snapshot head's format 3 (issue 19 cold start): the columns packed for a cold isolate (a few KB of JSON that
 * describe them, their bytes in a binary body: narrow typed columns, strings as one UTF-8 text each, stubs made one at
 * a time) decode to exactly the columns a build makes, on the real demo stock; a head of an older format (JSON text)
 * is ignored (the index is built from the stock); a query's pass reads visibility from the state columns, which agree
 * with visibility.ts car by car.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { demoStock } from '@forecourt/demo';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { kvStockChunkKey, kvStockMetaKey, type StockMeta } from '@forecourt/contracts/tenant-data';
import { createEmbeddedSearch } from './embedded.ts';
import { BodyWriter, bodyReader, decodeHead, deserialiseCore, kvSnapshotHeadKey, loadSnapshotIndex, serialiseCore, snapshotWrites, SNAPSHOT_FORMAT } from './snapshot.ts';
import { buildTenantIndex, indexCore, indexedCars, visibilityOf, type CarStub, type IndexCore } from './tenant-index.ts';
import { isVisible } from './visibility.ts';
import { loadTenantIndex } from '../lib/stock.ts';
import { asKv, fakeKv } from '../test/fake-kv.ts';
import { generateCars, scopeOf } from '../test/engine-fixtures.ts';

const NOW = Date.UTC(2026, 10, 21);
const STOCK = demoStock({ now: NOW });
const metaOf = (cars: readonly Car[], updated_at = '2026-11-21T00:00:00.000Z'): StockMeta => ({ count: cars.length, chunks: Math.ceil(cars.length / 500), updated_at, source: 'import' });
const req = (input: SearchRequestInput) => v.parse(SearchRequestSchema, input);

/** A KV holding `cars` (all on the website) as an import writes them: the stock meta and the snapshot. */
function snapshotKv(tenant: string, generated: readonly Car[], options: { corePartBytes?: number } = {}) {
  const cars = generated.map((car) => ({ ...car, show_on_dealer_website: true }));
  const meta = metaOf(cars);
  const kv = fakeKv();
  kv.data.set(kvStockMetaKey(tenant), JSON.stringify(meta));
  const puts = snapshotWrites(tenant, cars, meta, options);
  for (const put of puts) kv.data.set(put.key, put.value);
  return { cars, meta, kv, puts };
}

/** Every stub of a core, made (a snapshot's are made on first use). */
const stubsOf = (core: IndexCore) => Array.from({ length: core.stubs.length }, (_, i) => core.stubs.at(i));
/** The head's columns through JSON and bytes, as KV stores them. */
function roundTrip(core: IndexCore): IndexCore {
  const body = new BodyWriter();
  const described = JSON.parse(JSON.stringify(serialiseCore(core, body)));
  return deserialiseCore(described, bodyReader(body.bytes().slice()));
}

function expectSameColumns(back: IndexCore, built: IndexCore): void {
  // The build's stubs as the head stores them: ids and stock numbers as text ('' for none), absent values null.
  const stored = (stub: CarStub) => ({
    ...stub,
    id: String(stub.id),
    stocknum: String(stub.stocknum ?? ''),
    sold: stub.sold ?? null,
    sold_date_timestamp: stub.sold_date_timestamp ?? null,
    offer_price: stub.offer_price ?? null,
    before_price: stub.before_price ?? null,
    subscription_price: stub.subscription_price ?? null,
  });
  expect(stubsOf(back)).toEqual(stubsOf(built).map((stub) => stored(stub!)));
  expect(back.state).toEqual(built.state);
  expect(back.numbers).toEqual(built.numbers);
  expect(back.reduced).toEqual(built.reduced);
  expect(back.columns).toEqual(built.columns);
  expect(back.facetInfo).toEqual(built.facetInfo);
  expect(back.orders).toEqual(built.orders);
}

describe('snapshot head format 3', () => {
  for (const [tenant, cars] of Object.entries(STOCK)) {
    it(`decodes to the columns a build makes of ${tenant}'s demo stock`, () => {
      const built = indexCore(indexedCars(cars));
      const back = roundTrip(built);
      expectSameColumns(back, built);
      const n = built.stubs.length;
      expect(back.stubs.length).toBe(n);
      expect(back.stubs.at(-1)).toBeUndefined();
      expect(back.stubs.at(n)).toBeUndefined();
      expect(back.stubs.idAt?.(n - 1)).toBe(String(built.stubs.at(n - 1)!.id));
      expect(back.stubs.slugAt?.(0)).toBe(built.stubs.at(0)!.slug);
    }, 30_000);
  }

  it('keeps every number exactly: fractions, nulls, zeros, negatives and values past 32 bits', () => {
    const cars = generateCars(300, { seed: 23 }).map((car, i): Car => ({
      ...car,
      show_on_dealer_website: true,
      price: i % 7 === 0 ? 0 : i % 5 === 0 ? 12_345.67 : car.price,
      offer_price: i % 3 === 0 ? null : i % 4 === 0 ? 99.5 : car.offer_price,
      before_price: i % 11 === 0 ? 5_000_000_000 : (car.before_price ?? null),
      subscription_price: i % 2 === 0 ? null : 149.99,
      km: i % 9 === 0 ? 0 : car.km + i * 100_000,
      sold_date_timestamp: i % 6 === 0 ? NOW - i * 3_600_000 : null,
      stocknum: i % 8 === 0 ? null : car.stocknum,
    }));
    const built = indexCore(indexedCars(cars));
    expectSameColumns(roundTrip(built), built);
    // And a stock with no car on the website.
    const empty = indexCore([]);
    expectSameColumns(roundTrip(empty), empty);
  }, 30_000);

  it('is smaller than half a KB a car, its JSON a few KB with no per-car value, its columns bytes', () => {
    const cars = generateCars(3_000, { seed: 19 }).map((car) => ({ ...car, show_on_dealer_website: true }));
    const head = snapshotWrites('acme', cars, metaOf(cars)).find((p) => p.key === kvSnapshotHeadKey('acme'))!;
    expect(head.value).toBeInstanceOf(Uint8Array);
    expect(head.value.length).toBeLessThan(3_000 * 500);
    const decoded = decodeHead((head.value as Uint8Array).slice().buffer)!;
    // What a cold isolate parses as JSON: the dictionaries (facet keys and labels, car types, statuses) and where each
    // column's bytes are, not the cars.
    const json = JSON.stringify(decoded.header);
    expect(json.length).toBeLessThan(40_000);
    expect(decoded.body.byteLength).toBeGreaterThan(json.length);
    const core = (decoded.header as { core: { facets: Record<string, { keys: string[]; codes?: { bits: number } }> } }).core;
    for (const facet of Object.values(core.facets)) if (facet.codes && facet.keys.length < 255) expect(facet.codes.bits).toBe(8);
  }, 30_000);

  it('keeps strings beyond ASCII: ids, slugs and stock numbers of any script, read one at a time', () => {
    const names = ['Ü-ß', '東京-7', 'plain', '', 'é'.repeat(40), '🚗-1'];
    const cars = generateCars(names.length, { seed: 5 }).map((car, i): Car => ({ ...car, show_on_dealer_website: true, stocknum: names[i]!, id: `${car.id}-${names[i]}` }));
    const built = indexCore(indexedCars(cars));
    const back = roundTrip(built);
    expectSameColumns(back, built);
    for (let i = 0; i < cars.length; i++) expect(back.stubs.idAt?.(i)).toBe(String(built.stubs.at(i)!.id));
  });

  it('reads nothing from a head that is not one: another magic, a cut header, JSON text', () => {
    const cars = generateCars(10, { seed: 3 }).map((car) => ({ ...car, show_on_dealer_website: true }));
    const bytes = snapshotWrites('acme', cars, metaOf(cars)).find((p) => p.key === kvSnapshotHeadKey('acme'))!.value as Uint8Array;
    expect(decodeHead(bytes.slice().buffer)).not.toBeNull();
    const other = bytes.slice();
    other[0] = 0x7b;
    expect(decodeHead(other.buffer)).toBeNull();
    expect(decodeHead(bytes.slice(0, 12).buffer)).toBeNull();
    expect(decodeHead(new TextEncoder().encode('{"format":2}').buffer)).toBeNull();
    expect(decodeHead('{"format":2}')).toBeNull();
    expect(decodeHead(null)).toBeNull();
  });

  it('builds from the stock when a head\'s bytes do not fit its description (a cut body)', async () => {
    const tenant = 'acme';
    const { meta, kv } = snapshotKv(tenant, generateCars(60, { seed: 13 }));
    const whole = kv.data.get(kvSnapshotHeadKey(tenant)) as Uint8Array;
    expect(await loadSnapshotIndex(asKv(kv), tenant, meta)).not.toBeNull();
    kv.data.set(kvSnapshotHeadKey(tenant), whole.slice(0, whole.byteLength - 301));
    expect(await loadSnapshotIndex(asKv(kv), tenant, meta)).toBeNull();
  });

  it('a loaded snapshot answers as a fresh build (counts, facets, stats, hits) and makes no lookup for a search page', async () => {
    const tenant = 'southern-cross-motor-group';
    const cars = STOCK[tenant]!;
    const kv = fakeKv();
    kv.data.set(kvStockMetaKey(tenant), JSON.stringify(metaOf(cars)));
    for (const put of snapshotWrites(tenant, cars, metaOf(cars))) kv.data.set(put.key, put.value);
    const index = (await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars)))!;
    const loaded = createEmbeddedSearch(async () => index);
    const fresh = createEmbeddedSearch({ [tenant]: cars });
    const first = cars.find((c) => c.show_on_dealer_website)!;
    const scopes: SearchScope[] = [
      { ...scopeOf(tenant), now: NOW },
      { ...scopeOf(tenant), now: NOW, in_stock_only: true, excluded_stocknums: [String(first.stocknum ?? '')] },
      { ...scopeOf(tenant), now: NOW, used_only: true, demo_max_km: 5_000, older_than_days: 60, include_sold_cars_days: 10 },
    ];
    const requests: SearchRequestInput[] = [
      { facets: ['make', 'simple_body', 'car_type', 'categories', 'location_id'] },
      { filters: { categories: first.categories ?? [], make: [first.make] }, sortBy: 'price_asc', facets: ['categories', 'make'] },
      { sortBy: 'subscription_price', hitsPerPage: 50, page: 2 },
      { sortBy: 'price_desc', reduced: true, facets: ['model'] },
    ];
    for (const scope of scopes) {
      for (const input of requests) {
        const a = await fresh.search(scope, req(input));
        const b = await loaded.search(scope, req(input));
        expect({ ...b, hits: b.hits.map((h) => h.id), ms: 0 }, JSON.stringify(input)).toEqual({ ...a, hits: a.hits.map((h) => h.id), ms: 0 });
      }
    }
    // No search made the slug or id maps (a car page does).
    expect(index.lookups).toEqual({});
    expect((await loaded.getBySlug(scopes[0]!, first.slug))?.id).toBe(first.id);
    expect(index.lookups.bySlug?.get(first.slug)).toBeTypeOf('number');
  }, 30_000);

  it('reads the columns from parts when they are too large for the head, and nothing from a head whose part is gone', async () => {
    const tenant = 'acme';
    const { cars, meta, kv, puts } = snapshotKv(tenant, generateCars(200, { seed: 11 }), { corePartBytes: 4_096 });
    const parts = puts.filter((p) => p.key.includes(':core:'));
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((p) => p.value instanceof Uint8Array && p.value.byteLength <= 4_096)).toBe(true);
    const index = (await loadSnapshotIndex(asKv(kv), tenant, meta))!;
    const request = req({ sortBy: 'price_asc', facets: ['make', 'categories'], hitsPerPage: 40 });
    const a = await createEmbeddedSearch(async () => index).search(scopeOf(tenant), request);
    const b = await createEmbeddedSearch({ [tenant]: cars }).search(scopeOf(tenant), request);
    expect({ ...a, hits: a.hits.map((h) => h.id), ms: 0 }).toEqual({ ...b, hits: b.hits.map((h) => h.id), ms: 0 });
    expect(a.hits).toHaveLength(40);
    kv.data.delete(parts[1]!.key);
    expect(await loadSnapshotIndex(asKv(kv), tenant, meta)).toBeNull();
  });

  it('ignores a head of an older format (JSON text) and builds the index from the stock', async () => {
    const tenant = 'acme';
    const cars = generateCars(120, { seed: 7 });
    const meta = metaOf(cars);
    const kv = fakeKv();
    kv.data.set(kvStockMetaKey(tenant), JSON.stringify(meta));
    for (let i = 0; i < meta.chunks; i++) kv.data.set(kvStockChunkKey(tenant, i), JSON.stringify(cars.slice(i * 500, (i + 1) * 500)));
    // The head an import of format 2 wrote for this very stock (JSON text, the columns in base64).
    const format2 = { format: 2, tenant, updated_at: meta.updated_at, count: meta.count, cars: cars.length, shards: 8, shardSize: 16, core: { cars: cars.length, strings: { id: { text: '', ends: { bits: 8, base: 0, data: '' } } } } };
    expect(SNAPSHOT_FORMAT).toBe(3);
    kv.data.set(kvSnapshotHeadKey(tenant), JSON.stringify(format2));
    expect(await loadSnapshotIndex(asKv(kv), tenant, meta)).toBeNull();
    const engine = createEmbeddedSearch((t) => loadTenantIndex(asKv(kv), t));
    const page = await engine.search(scopeOf(tenant), req({ hitsPerPage: 30, facets: ['make'] }));
    const built = await createEmbeddedSearch({ [tenant]: cars }).search(scopeOf(tenant), req({ hitsPerPage: 30, facets: ['make'] }));
    expect({ ...page, ms: 0 }).toEqual({ ...built, ms: 0 });
    // Built from the stock chunks: no snapshot part was read beyond the head.
    expect(kv.reads.filter((k) => k.startsWith(`${kvSnapshotHeadKey(tenant)}:`))).toEqual([]);
  });
});

describe('visibility from the state columns', () => {
  const cars = Object.values(STOCK).flat();
  const stocknums = cars.slice(0, 40).map((c) => ` ${String(c.stocknum ?? '').toUpperCase()} `);
  const scopes: SearchScope[] = [];
  for (const in_stock_only of [false, true]) {
    for (const used_only of [false, true]) {
      for (const [include_sold_cars_days, older_than_days] of [[3, 0], [0, 30], [30, 365]] as const) {
        scopes.push({ ...scopeOf('t'), now: NOW, in_stock_only, used_only, include_sold_cars_days, older_than_days, ...(used_only ? {} : { demo_max_km: 3_000 }), excluded_stocknums: in_stock_only ? stocknums : [] });
      }
    }
  }
  it('agrees with isVisible for every demo car, built and loaded from a snapshot', () => {
    // Sold cars inside and outside every window: sale dates spread over the last 40 days, some without a date.
    const spread = cars.map((car, i): Car => (car.status === 'sold' || car.sold ? { ...car, sold_date_timestamp: i % 13 === 0 ? null : NOW - (i % 40) * 86_400_000 } : car));
    const built = buildTenantIndex(spread);
    const loaded = { ...built, ...roundTrip(built) };
    for (const scope of scopes) {
      const expected = Array.from({ length: built.stubs.length }, (_, i) => isVisible(built.stubs.at(i)!, scope));
      expect(expected.filter(Boolean).length).toBeGreaterThan(0);
      for (const index of [built, loaded]) {
        const visible = visibilityOf(index, scope);
        expect(Array.from({ length: index.stubs.length }, (_, i) => visible(i)), JSON.stringify({ ...scope, excluded_stocknums: scope.excluded_stocknums.length })).toEqual(expected);
      }
    }
  }, 30_000);
});
