import type { Car } from '@forecourt/contracts/entities/car';
import { kvStockChunkKey, kvStockMetaKey, StockMetaSchema, type StockMeta } from '@forecourt/contracts/tenant-data';
import * as v from 'valibot';
import { awaitSharedLoad, startSharedLoad, type SharedLoad } from '@forecourt/contracts/shared-load';
import { kvSnapshotHeadKey, loadSnapshotIndex, StaleSnapshotError } from '../engine/snapshot.ts';
import { indexCore, indexedCars, indexFromCore, type CarStore, type TenantIndex } from '../engine/tenant-index.ts';

/** Heap bytes per character of car JSON once parsed (measured with the bench stock in Node). */
const PARSED_BYTES_PER_JSON_CHAR = 2.5;

const EMPTY_META = (): StockMeta => ({ count: 0, chunks: 0, updated_at: new Date(0).toISOString() });

async function readMeta(kv: Pick<KVNamespace, 'get'>, tenant: string): Promise<StockMeta> {
  return v.parse(StockMetaSchema, (await kv.get(kvStockMetaKey(tenant), 'json')) ?? EMPTY_META());
}

async function readChunks(kv: Pick<KVNamespace, 'get'>, tenant: string, meta: StockMeta): Promise<{ cars: Car[]; chars: number }> {
  const texts = await Promise.all(Array.from({ length: meta.chunks }, (_, i) => kv.get(kvStockChunkKey(tenant, i), 'text')));
  let chars = 0;
  const cars: Car[] = [];
  for (const text of texts) {
    if (text === null) continue;
    chars += text.length;
    cars.push(...(JSON.parse(text) as Car[]));
  }
  return { cars, chars };
}

/**
 * Loads a tenant's stock feed from KV (meta + chunks of STOCK_CHUNK_SIZE cars) for the embedded engine.
 * The feed was validated when imported; here only its envelope is checked.
 */
export async function loadStock(kv: Pick<KVNamespace, 'get'>, tenant: string): Promise<Car[]> {
  return (await readChunks(kv, tenant, await readMeta(kv, tenant))).cars;
}

/**
 * The tenant's index for the embedded engine: its snapshot when the import wrote one for the current stock (a cold
 * start reads the columns and one shard: engine/snapshot.ts), else built from the stock (an older import, or none).
 * The stock meta and the snapshot head are read together; `metaRead` is a read of the stock meta started this very
 * moment for another use (the engine port's stock watch), taken instead of a second read.
 */
export async function loadTenantIndex(kv: Pick<KVNamespace, 'get'>, tenant: string, metaRead?: Promise<unknown>): Promise<TenantIndex> {
  const [metaRaw, head] = await Promise.all([metaRead ?? kv.get(kvStockMetaKey(tenant), 'json'), kv.get(kvSnapshotHeadKey(tenant), 'arrayBuffer').catch(() => null)]);
  const meta = v.parse(StockMetaSchema, metaRaw ?? EMPTY_META());
  const snapshot = head ? await loadSnapshotIndex(kv, tenant, meta, head) : null;
  const index = snapshot ?? (await buildCompactIndex(kv, tenant, meta));
  index.version = meta.updated_at;
  return index;
}

/** Parsed stock chunks a chunk-backed store keeps (least recently used out beyond): 8 x 500 cars. */
export const STOCK_CHUNKS_KEPT = 8;

/**
 * The index of a stock without a (current) snapshot, as compact as a snapshot's: the columns are built from every
 * chunk, then the parsed cars are dropped and the full cars are read back from their KV chunks on demand
 * (chunkCarStore), so an isolate does not hold the whole parsed stock (~16 KB a car) for a tenant whose import wrote no
 * snapshot (an older import, or one that failed to write it).
 */
export async function buildCompactIndex(kv: Pick<KVNamespace, 'get'>, tenant: string, meta: StockMeta): Promise<TenantIndex> {
  const started = performance.now();
  const texts = await Promise.all(Array.from({ length: meta.chunks }, (_, i) => kv.get(kvStockChunkKey(tenant, i), 'text')));
  const where = new Map<Car, number>();
  const all: Car[] = [];
  texts.forEach((text, chunk) => {
    if (text === null) return;
    (JSON.parse(text) as Car[]).forEach((car, position) => {
      where.set(car, chunk * STOCK_CHUNK_SIZE_LIMIT + position);
      all.push(car);
    });
  });
  const cars = indexedCars(all);
  const locations = Int32Array.from(cars, (car) => where.get(car)!);
  const core = indexCore(cars);
  const store = chunkCarStore(kv, tenant, locations, cars.map((car) => car.id));
  return indexFromCore(core, store, performance.now() - started);
}

/** Chunk positions are encoded as chunk * this + position (a chunk holds STOCK_CHUNK_SIZE cars, far fewer). */
const STOCK_CHUNK_SIZE_LIMIT = 1 << 16;

/**
 * Full cars read from the stock chunks in KV: `locations[ordinal]` is the car's chunk and position, `ids[ordinal]` its
 * id. A chunk rewritten by a newer import (another car at that place, or gone) throws StaleSnapshotError: the engine
 * then loads the tenant again (engine/embedded.ts).
 */
export function chunkCarStore(kv: Pick<KVNamespace, 'get'>, tenant: string, locations: Int32Array, ids: readonly string[], kept = STOCK_CHUNKS_KEPT): CarStore {
  type Chunk = { cars: Car[]; chars: number };
  const chunks = new Map<number, SharedLoad<Chunk>>();
  const chunk = (n: number): Promise<Chunk> => {
    const hit = chunks.get(n);
    if (hit) {
      chunks.delete(n);
      chunks.set(n, hit);
      // A read another request started: never awaited past its stall time (contracts shared-load.ts).
      return awaitSharedLoad(hit, () => {
        if (chunks.get(n) === hit) chunks.delete(n);
        return chunk(n);
      });
    }
    const load = startSharedLoad(() =>
      kv.get(kvStockChunkKey(tenant, n), 'text').then((text) => {
        if (text === null) throw new StaleSnapshotError(`stock chunk ${n} of ${tenant} is gone (a newer import?)`);
        return { cars: JSON.parse(text) as Car[], chars: text.length };
      }),
    );
    load.promise.catch(() => {
      if (chunks.get(n) === load) chunks.delete(n);
    });
    chunks.set(n, load);
    while (chunks.size > kept) chunks.delete(chunks.keys().next().value!);
    return load.promise;
  };
  let bytes = 0;
  const measure = async () => {
    let total = 0;
    // Settled reads only: a pending one (perhaps another request's) is counted once it is in.
    for (const entry of chunks.values()) if (entry.settled) total += (await entry.promise.catch(() => ({ chars: 0 }))).chars;
    bytes = Math.round(total * PARSED_BYTES_PER_JSON_CHAR);
  };
  return {
    async get(ordinals) {
      const cars = await Promise.all(
        ordinals.map(async (ordinal) => {
          const location = locations[ordinal]!;
          const car = (await chunk(Math.floor(location / STOCK_CHUNK_SIZE_LIMIT))).cars[location % STOCK_CHUNK_SIZE_LIMIT];
          if (!car || car.id !== ids[ordinal]) throw new StaleSnapshotError(`stock chunks of ${tenant} changed (a newer import?)`);
          return car;
        }),
      );
      await measure();
      return cars;
    },
    bytes: () => bytes,
    trim() {
      chunks.clear();
      bytes = 0;
    },
  };
}
