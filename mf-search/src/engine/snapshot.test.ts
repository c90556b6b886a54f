/**
 * Index snapshots (issue 19 cold start): a snapshot loaded answers exactly as a fresh build of the same stock, on the
 * real demo stock; a stale one (older import, another tenant, another format) is ignored; cars are read shard by shard,
 * under their bounds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { demoStock } from '@forecourt/demo';
import type { Car } from '@forecourt/contracts/entities/car';
import { SearchRequestSchema, type SearchRequestInput, type SearchScope } from '@forecourt/contracts/search';
import { kvStockChunkKey, kvStockMetaKey, type StockMeta } from '@forecourt/contracts/tenant-data';
import { createEmbeddedSearch } from './embedded.ts';
import { decodeHead, encodeHead, kvSnapshotHeadKey, loadSnapshotIndex, shardCarStore, snapshotToken, snapshotWrites, kvSnapshotShardKey, kvSnapshotCardsKey, StaleSnapshotError, SNAPSHOT_FORMAT } from './snapshot.ts';
import { loadTenantIndex, STOCK_CHUNKS_KEPT } from '../lib/stock.ts';
import { buildTenantIndex } from './tenant-index.ts';
import { asKv, fakeKv } from '../test/fake-kv.ts';
import { cardProjection } from './card-projection.ts';
import { generateCars, scopeOf } from '../test/engine-fixtures.ts';

const NOW = Date.UTC(2026, 10, 21);
const STOCK = demoStock({ now: NOW });
const metaOf = (cars: readonly Car[], updated_at = '2026-11-21T00:00:00.000Z'): StockMeta => ({ count: cars.length, chunks: Math.ceil(cars.length / 500), updated_at, source: 'import' });

/** A KV holding a tenant's stock chunks, meta and (unless `snapshot: false`) its snapshot. */
function kvWith(tenant: string, cars: readonly Car[], meta: StockMeta = metaOf(cars), options: { snapshot?: boolean; shardSize?: number } = {}) {
  const kv = fakeKv();
  for (let i = 0; i < meta.chunks; i++) kv.data.set(kvStockChunkKey(tenant, i), JSON.stringify(cars.slice(i * 500, (i + 1) * 500)));
  kv.data.set(kvStockMetaKey(tenant), JSON.stringify(meta));
  if (options.snapshot !== false) for (const put of snapshotWrites(tenant, cars, meta, { shardSize: options.shardSize ?? 16 })) kv.data.set(put.key, put.value);
  return kv;
}

/** A car as a snapshot answers it in a list: its card projection, null fields absent. */
const asCard = (car: Car) => Object.fromEntries(Object.entries(cardProjection(car)).filter(([, value]) => value !== null));

const scope = (tenant: string, overrides: Partial<SearchScope> = {}): SearchScope => ({ ...scopeOf(tenant), now: NOW, ...overrides });
const req = (input: SearchRequestInput) => v.parse(SearchRequestSchema, input);

describe('snapshot round trip', () => {
  for (const [tenant, cars] of Object.entries(STOCK)) {
    it(`answers as a fresh build of ${tenant}'s demo stock (${cars.length} cars)`, async () => {
      const fresh = createEmbeddedSearch({ [tenant]: cars });
      const kv = kvWith(tenant, cars);
      const loaded = createEmbeddedSearch(async (t) => (await loadSnapshotIndex(asKv(kv), t, metaOf(cars)))!);
      const first = cars.find((c) => c.show_on_dealer_website)!;
      const sold = cars.find((c) => c.status === 'sold' && c.show_on_dealer_website);
      const requests: SearchRequestInput[] = [
        {},
        { facets: ['make', 'simple_body', 'car_type', 'categories', 'location_id', 'dealership_slug'], hitsPerPage: 50 },
        { query: first.make, sortBy: 'price_asc', facets: ['model'] },
        { query: `${first.model} ${first.badge ?? ''}`.trim() },
        { query: first.make.slice(0, 2) + first.make.slice(3) },
        { filters: { make: [first.make], car_type: ['used', 'demo'] }, ranges: { price: { min: 10_000, max: 60_000 } }, sortBy: 'price_desc', facets: ['make', 'car_type'] },
        { filters: { categories: first.categories ?? [] }, ranges: { km: { max: 50_000 }, year: { min: 2018 } }, sortBy: 'km_asc', page: 2 },
        { reduced: true, sortBy: 'latest', facets: ['make'] },
        { sortBy: 'subscription_price' },
      ];
      for (const [k, input] of requests.entries()) {
        for (const s of [scope(tenant), scope(tenant, { in_stock_only: true, used_only: k % 2 === 0 })]) {
          const a = await fresh.search(s, req(input));
          const b = await loaded.search(s, req(input));
          // A snapshot's hits are the cars' card projections (card-projection.ts); all else is the same.
          expect({ ...b, ms: 0 }, JSON.stringify(input)).toEqual({ ...a, hits: a.hits.map(asCard), ms: 0 });
        }
      }
      for (const car of [first, sold].filter((c): c is Car => c !== undefined)) {
        expect(await loaded.getBySlug(scope(tenant), car.slug)).toEqual(await fresh.getBySlug(scope(tenant), car.slug));
        expect(await loaded.getById(scope(tenant), car.id)).toEqual(await fresh.getById(scope(tenant), car.id));
        expect(await loaded.similar(scope(tenant), car)).toEqual((await fresh.similar(scope(tenant), car)).map(asCard));
      }
      // Seconds on a loaded machine (a bound, not a speed target).
    }, 60_000);
  }
});

describe('loadTenantIndex', () => {
  const cars = generateCars(120, { seed: 7 });
  const tenant = 'acme';

  it('loads the snapshot of the current stock, reading its head and one card block for the first page', async () => {
    const kv = kvWith(tenant, cars);
    const index = await loadTenantIndex(asKv(kv), tenant);
    const engine = createEmbeddedSearch(async () => index);
    await engine.search(scopeOf(tenant), req({ hitsPerPage: 10 }));
    // Never a stock chunk: the head (with the columns) and the first shard of the relevance order only.
    expect(kv.reads.filter((k) => /^stock:acme:\d+$/.test(k))).toEqual([]);
    expect(kv.reads.filter((k) => k.includes(':cards:'))).toEqual([kvSnapshotCardsKey(tenant, snapshotToken(metaOf(cars).updated_at), 0)]);
    // Search hits never read a full car.
    expect(kv.reads.filter((k) => k.includes(':cars:'))).toEqual([]);
  });

  it('asks for the first card block before it decodes the columns, and the first page reads it once (issue 19 cold start)', async () => {
    const kv = kvWith(tenant, cars);
    const block0 = kvSnapshotCardsKey(tenant, snapshotToken(metaOf(cars).updated_at), 0);
    const head = (kv.data.get(kvSnapshotHeadKey(tenant)) as Uint8Array).slice().buffer;
    // The KV answers the block only when told: the load finishes without waiting for it (the columns need no card).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const asked: string[] = [];
    const gated = {
      ...kv,
      get: async (key: string, type?: 'text' | 'json') => {
        asked.push(key);
        return key === block0 ? gate.then(() => kv.get(key, type)) : kv.get(key, type);
      },
    };
    const index = (await loadSnapshotIndex(asKv(gated as typeof kv), tenant, metaOf(cars), head))!;
    // Asked for by the load itself, before any search; still in flight.
    expect(asked).toEqual([block0]);
    expect(kv.reads).toEqual([]);
    release();
    const engine = createEmbeddedSearch(async () => index);
    const page = await engine.search(scopeOf(tenant), req({ hitsPerPage: 10 }));
    expect(page.hits).toHaveLength(10);
    // The block read once, by the load (the search took it over), and nothing else.
    expect(kv.reads).toEqual([block0]);
    expect(index.store.bytes()).toBeGreaterThan(0);
  });

  it('ignores a stale snapshot (an older import) and builds from the stock', async () => {
    const older = cars.slice(0, 50);
    const kv = kvWith(tenant, older, metaOf(older, '2026-11-01T00:00:00.000Z'));
    // A newer import wrote the stock but (another tool) no snapshot: the head still names the older import.
    const newer = cars.map((c) => ({ ...c, price: c.price + 1 }));
    for (const [key, value] of kvWith(tenant, newer, metaOf(newer), { snapshot: false }).data) kv.data.set(key, value);
    const engine = createEmbeddedSearch((t) => loadTenantIndex(asKv(kv), t));
    const page = await engine.search(scopeOf(tenant), req({ hitsPerPage: 100 }));
    const fresh = await createEmbeddedSearch({ [tenant]: newer }).search(scopeOf(tenant), req({ hitsPerPage: 100 }));
    expect({ ...page, ms: 0 }).toEqual({ ...fresh, ms: 0 });
    expect(kv.reads.some((k) => k.includes(':cars:'))).toBe(false);
  });

  it('without a snapshot builds the compact index: columns in memory, full cars read back from their chunks (bounded)', async () => {
    const many = generateCars(1_600, { seed: 11 });
    const kv = kvWith(tenant, many, metaOf(many), { snapshot: false });
    const index = await loadTenantIndex(asKv(kv), tenant);
    expect(index.version).toBe(metaOf(many).updated_at);
    // Nothing of the parsed stock kept once built.
    expect(index.store.bytes()).toBe(0);
    const engine = createEmbeddedSearch(async () => index);
    const fresh = createEmbeddedSearch({ [tenant]: many });
    for (const input of [{ hitsPerPage: 50 }, { sortBy: 'price_asc' as const, page: 20 }, { query: many[900]!.make }]) {
      expect({ ...(await engine.search(scopeOf(tenant), req(input))), ms: 0 }).toEqual({ ...(await fresh.search(scopeOf(tenant), req(input))), ms: 0 });
    }
    expect(await engine.getById(scopeOf(tenant), many[1_555]!.id)).toEqual(await fresh.getById(scopeOf(tenant), many[1_555]!.id));
    // Far below the whole stock held in memory (16 KB a car), and the chunks kept are bounded.
    expect(index.store.bytes()).toBeLessThanOrEqual(STOCK_CHUNKS_KEPT * 500 * JSON.stringify(many[0]).length * 3);
    expect(index.coreBytes + index.store.bytes()).toBeLessThan(buildTenantIndex(many).store.bytes());
  });

  it('a compact index whose chunks a newer import rewrote reloads (never serves another car at that place)', async () => {
    const kv = kvWith(tenant, cars, metaOf(cars), { snapshot: false });
    const engine = createEmbeddedSearch((t) => loadTenantIndex(asKv(kv), t));
    await engine.warm(tenant);
    const newer = [...cars].reverse().map((c) => ({ ...c, price: c.price + 700 }));
    for (const [key, value] of kvWith(tenant, newer, metaOf(newer, '2026-11-23T00:00:00.000Z'), { snapshot: false }).data) kv.data.set(key, value);
    const page = await engine.search(scopeOf(tenant), req({ sortBy: 'price_asc', hitsPerPage: 5 }));
    const fresh = await createEmbeddedSearch({ [tenant]: newer }).search(scopeOf(tenant), req({ sortBy: 'price_asc', hitsPerPage: 5 }));
    expect(page.hits).toEqual(fresh.hits);
  });

  it('never serves another tenant\'s snapshot or another format', async () => {
    const kv = kvWith(tenant, cars);
    const head = (kv.data.get(kvSnapshotHeadKey(tenant)) as Uint8Array).slice().buffer;
    expect(await loadSnapshotIndex(asKv(kv), 'other', metaOf(cars), head)).toBeNull();
    // The same head re-encoded loads; with another format in its header it does not.
    const { header, body } = decodeHead(head)!;
    expect(await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars), encodeHead(header as object, body).slice().buffer)).not.toBeNull();
    expect(await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars), encodeHead({ ...(header as object), format: SNAPSHOT_FORMAT + 1 }, body).slice().buffer)).toBeNull();
    expect(await loadSnapshotIndex(asKv(kv), tenant, { ...metaOf(cars), count: cars.length + 1 })).toBeNull();
    expect(await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars))).not.toBeNull();
  });

  it('reloads when a shard is gone mid-life (a newer import deleted it)', async () => {
    const kv = kvWith(tenant, cars);
    const engine = createEmbeddedSearch((t) => loadTenantIndex(asKv(kv), t));
    await engine.warm(tenant);
    // The next import: new stock and snapshot, the old shards deleted.
    const newer = cars.map((c) => ({ ...c, price: c.price + 500 }));
    for (const key of [...kv.data.keys()]) if (key.includes(':snap:')) kv.data.delete(key);
    for (const [key, value] of kvWith(tenant, newer, metaOf(newer, '2026-11-22T00:00:00.000Z')).data) kv.data.set(key, value);
    // A car's page reads its shard: gone, so the index is loaded again, from the newer import. (Search hits come from
    // card blocks; the first one is read with the columns, so like any block once read it answers until the stock
    // watch notices the import: lib/stock-watch.ts.)
    const car = cars.find((c) => c.show_on_dealer_website && c.status === 'in_stock')!;
    expect((await engine.getById(scopeOf(tenant), car.id))?.price).toBe(car.price + 500);
    const page = await engine.search(scopeOf(tenant), req({ sortBy: 'price_asc', hitsPerPage: 5 }));
    const fresh = await createEmbeddedSearch({ [tenant]: newer }).search(scopeOf(tenant), req({ sortBy: 'price_asc', hitsPerPage: 5 }));
    expect(page.hits).toEqual(fresh.hits.map(asCard));
  });
});

describe('column decoding without Buffer (atob), as a runtime without nodejs_compat', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('answers as with Buffer', async () => {
    const cars = generateCars(150, { seed: 5 });
    const kv = kvWith('acme', cars);
    const withBuffer = (await loadSnapshotIndex(asKv(kv), 'acme', metaOf(cars)))!;
    vi.stubGlobal('Buffer', undefined);
    const withAtob = (await loadSnapshotIndex(asKv(kv), 'acme', metaOf(cars)))!;
    expect(withAtob.orders).toEqual(withBuffer.orders);
    expect(withAtob.numbers).toEqual(withBuffer.numbers);
    expect(withAtob.columns).toEqual(withBuffer.columns);
    const stubs = (index: typeof withBuffer) => Array.from({ length: index.stubs.length }, (_, i) => index.stubs.at(i));
    expect(stubs(withAtob)).toEqual(stubs(withBuffer));
    expect(withAtob.state).toEqual(withBuffer.state);
  });
});

describe('shardCarStore bounds', () => {
  const cars = generateCars(100, { seed: 3 }).map((c) => ({ ...c, show_on_dealer_website: true }));
  const tenant = 'acme';

  it('keeps at most `shards` shards and `cars` parsed cars, least recently used out', async () => {
    const kv = kvWith(tenant, cars, metaOf(cars), { shardSize: 10 });
    const index = (await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars)))!;
    const positions = index.positions.relevance;
    const store = shardCarStore(asKv(kv), tenant, { updated_at: metaOf(cars).updated_at, shards: 10, shardSize: 10 }, positions, { shards: 3, cars: 5 });
    const ordinalAt = (position: number) => index.orders.relevance[position]!;
    // One car from each of shards 0..4, then shard 1 again (it becomes the most recent).
    for (const s of [0, 1, 2, 3, 4]) await store.get([ordinalAt(s * 10)]);
    expect(store.loadedShards()).toEqual([2, 3, 4]);
    await store.get([ordinalAt(20 + 1)]);
    expect(store.loadedShards()).toEqual([3, 4, 2]);
    // Cars parsed: at most 5, and they are the cars asked for, in order.
    const asked = [0, 1, 2, 3, 4, 5, 6].map((p) => ordinalAt(40 + p));
    const got = await store.get(asked);
    expect(got.map((c) => c.id)).toEqual(asked.map((i) => index.stubs.at(i)!.id));
    // Parsed cars at their estimate, shards at their characters plus a line's overhead each.
    expect(store.bytes()).toBeLessThanOrEqual(5 * 20_000 + 3 * (Math.max(...[...kv.data.entries()].filter(([k]) => k.includes(':cars:')).map(([, v]) => v.length)) + 10 * 40));
  });

  it('a read never answers a hole when another read evicts its parsed car while it waits (issue 19 bench: 500s)', async () => {
    const kv = kvWith(tenant, cars, metaOf(cars), { shardSize: 10 });
    const index = (await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars)))!;
    const ordinalAt = (position: number) => index.orders.relevance[position]!;
    const token = snapshotToken(metaOf(cars).updated_at);
    // Shard 1's read waits until released; every other read answers at once.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { get: async (key: string, type?: 'text' | 'json') => (key === kvSnapshotShardKey(tenant, token, 1) && (await gate), kv.get(key, type)) };
    const store = shardCarStore(asKv(slow as never), tenant, { updated_at: metaOf(cars).updated_at, shards: 10, shardSize: 10 }, index.positions.relevance, { shards: 1, cars: 1 });
    const [a, b, c] = [ordinalAt(0), ordinalAt(10), ordinalAt(20)];
    await store.get([a]);
    // `a` is parsed and kept; this read needs `b` too and waits for shard 1...
    const waiting = store.get([a, b]);
    // ...while another read parses `c`, evicting `a` (one parsed car kept).
    await store.get([c]);
    release();
    expect((await waiting).map((car) => car?.id)).toEqual([a, b].map((i) => index.stubs.at(i)!.id));
  });

  it('answers every hit of concurrent search pages of every sort (the bench: 20 at a time)', async () => {
    const group = STOCK['southern-cross-motor-group']!;
    const kv = kvWith('scmg', group, metaOf(group), { shardSize: 64 });
    const engine = createEmbeddedSearch(async (t) => (await loadSnapshotIndex(asKv(kv), t, metaOf(group)))!);
    const requests = (['relevance', 'latest', 'price_desc', 'price_asc', 'subscription_price', 'km_asc'] as const).flatMap((sortBy) => Array.from({ length: 12 }, (_, p) => req({ sortBy, page: p + 1 })));
    const pages = await Promise.all(requests.map((r) => engine.search(scope('scmg'), r)));
    for (const page of pages) {
      if (page.page <= page.pages) expect(page.hits.length).toBeGreaterThan(0);
      expect(page.hits.every((car) => typeof car?.id === 'string')).toBe(true);
    }
  });

  it('search hits come from card blocks: each read once and kept (counted in bytes), full cars from shards only for a car page', async () => {
    const kv = kvWith(tenant, cars, metaOf(cars), { shardSize: 2 });
    const index = (await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars)))!;
    const store = index.store as ReturnType<typeof shardCarStore>;
    const all = Array.from(index.orders.relevance);
    // Blocks of 2 x SNAPSHOT_CARD_BLOCK_SHARDS (16) cars: 100 cars in 4 blocks, all read once, whatever the order.
    const cards = await store.cards!([...all].reverse());
    expect(cards.map((car) => car.id)).toEqual([...all].reverse().map((i) => index.stubs.at(i)!.id));
    await store.cards!(all);
    expect(kv.reads.filter((k) => k.includes(':cards:')).length).toBe(4);
    expect(store.loadedCardBlocks().sort()).toEqual([0, 1, 2, 3]);
    expect(store.loadedShards()).toEqual([]);
    const blockChars = [...kv.data.entries()].filter(([k]) => k.includes(':cards:')).reduce((sum, [, value]) => sum + value.length, 0);
    expect(store.bytes()).toBeGreaterThanOrEqual(blockChars);
    expect(store.bytes()).toBeLessThanOrEqual(2 * blockChars + 100 * 40);
    // A car page: one shard of 2 cars.
    expect((await store.get([all[50]!]))[0]!.id).toBe(index.stubs.at(all[50]!)!.id);
    expect(kv.reads.filter((k) => k.includes(':cars:'))).toEqual([kvSnapshotShardKey(tenant, snapshotToken(metaOf(cars).updated_at), 25)]);
    store.trim!();
    expect(store.bytes()).toBe(0);
  });

  it('fails with StaleSnapshotError when its shard is gone', async () => {
    const kv = kvWith(tenant, cars, metaOf(cars), { shardSize: 10 });
    const index = (await loadSnapshotIndex(asKv(kv), tenant, metaOf(cars)))!;
    for (const key of [...kv.data.keys()]) if (key.includes(':cars:')) kv.data.delete(key);
    await expect(index.store.get([0])).rejects.toBeInstanceOf(StaleSnapshotError);
  });
});
