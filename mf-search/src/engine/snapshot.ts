/**
 * Index snapshots (issue 19 "Cold start"): what the stock import writes beside the stock so a fresh isolate loads a
 * tenant's index instead of building it. Building costs ~1 s and reading the stock ~50 MB at 6,000 cars; a snapshot
 * is the index's columns (tenant-index.ts IndexCore, a few hundred bytes a car) plus the full cars in shards of
 * SNAPSHOT_SHARD_SIZE in "most relevant" order, each read only when a page shows one of its cars (the default
 * search page reads the first shard only). Cars inside a shard are one JSON text per line, parsed one at a time.
 *
 * KV layout (namespace STOCK, beside `stock:<slug>:meta` and its chunks):
 * - `stock:<slug>:snap`: the head (format, the stock version it was made from, shard count, the columns inline);
 * - `stock:<slug>:snap:<token>:core:<i>`: the columns' JSON in parts, only when too long to sit in the head;
 * - `stock:<slug>:snap:<token>:cars:<i>`: shard i;
 * - `stock:<slug>:snap:<token>:texts`: the cars' searchable texts, read on the first text query (the text index is
 *   built then: a search page without words never pays for either).
 * `<token>` names the stock version (its `updated_at`), so a reader never mixes two imports' parts, and a head whose
 * stock version is not the stock meta's (an older import, another tool's write) is ignored: the index is then built
 * from the stock as before. A shard gone missing (a newer import deleted it) makes the read fail with
 * StaleSnapshotError, and the engine loads the tenant again.
 * Pure ESM, no Node APIs: runs in workerd and in Node (the import).
 */
import * as v from 'valibot';
import type { Car } from '@forecourt/contracts/entities/car';
import { SORT_OPTIONS, TERM_FACETS, type SortOption, type TermFacet } from '@forecourt/contracts/search';
import type { StockMeta } from '@forecourt/contracts/tenant-data';
import type { FacetValueInfo } from './facets.ts';
import { indexCore, indexedCars, indexFromCore, NUMBER_FIELDS, type CarStore, type CarStub, type IndexCore, type NumberField, type TenantIndex } from './tenant-index.ts';

/** Bumped whenever the snapshot's shape changes: a head of another format is ignored (the index is built instead). */
export const SNAPSHOT_FORMAT = 1;
/** Cars per shard: a page of 21 hits in relevance order reads one shard; a shard is ~0.5 MB at 8 KB a car. */
export const SNAPSHOT_SHARD_SIZE = 64;
/** The longest columns' JSON kept inline in the head (KV values may hold 25 MiB); longer goes in parts of this size. */
export const SNAPSHOT_CORE_PART_CHARS = 8_000_000;
/** Shards kept per tenant index (least recently used beyond): 16 x ~0.5 MB. */
export const SNAPSHOT_SHARDS_KEPT = 16;
/** Parsed cars kept per tenant index (least recently used beyond): a few pages of hits. */
export const SNAPSHOT_CARS_KEPT = 256;
/** Estimated heap bytes of one parsed full car (its JSON is ~8 KB in the bench stock). */
const PARSED_CAR_BYTES = 20_000;

export class StaleSnapshotError extends Error {
  override name = 'StaleSnapshotError';
}

/** The head's key. */
export const kvSnapshotHeadKey = (slug: string) => `stock:${slug}:snap`;
/** A key-safe token of a stock version. */
export const snapshotToken = (updatedAt: string) => updatedAt.replace(/[^A-Za-z0-9]+/g, '-');
export const kvSnapshotCoreKey = (slug: string, token: string, i: number) => `stock:${slug}:snap:${token}:core:${i}`;
export const kvSnapshotShardKey = (slug: string, token: string, i: number) => `stock:${slug}:snap:${token}:cars:${i}`;
/** The cars' searchable texts (a JSON array by ordinal), read on the first text query only. */
export const kvSnapshotTextsKey = (slug: string, token: string) => `stock:${slug}:snap:${token}:texts`;
/** True for any snapshot key of this tenant (head, core parts, shards of any version). */
export const isSnapshotKey = (slug: string, key: string) => key === kvSnapshotHeadKey(slug) || key.startsWith(`${kvSnapshotHeadKey(slug)}:`);

/** The columns as JSON: typed arrays as plain arrays, maps as arrays aligned with the facet keys. */
type SerialisedFacet = { keys: string[]; info: Array<[string, string]>; codes?: string; multi?: number[][] };
type SerialisedCore = {
  /**
   * The stubs by field: strings as arrays, numbers as base64 Float64 (NaN for null), `sold` as base64 bytes. Typed
   * columns in base64 decode several times faster than JSON numbers (the head is what a cold isolate parses).
   */
  stubs: { strings: Record<StringStubField, string[]>; numbers: Record<NumberStubField, string>; sold: string };
  numbers: Record<NumberField, string>;
  reduced: string;
  facets: Record<TermFacet, SerialisedFacet>;
  orders: Record<SortOption, string>;
};
const STRING_STUB_FIELDS = ['id', 'slug', 'stocknum', 'car_type', 'status'] as const;
const NUMBER_STUB_FIELDS = ['km', 'sold_date_timestamp', 'created_at_timestamp', 'price', 'offer_price', 'before_price', 'subscription_price'] as const;
type StringStubField = (typeof STRING_STUB_FIELDS)[number];
type NumberStubField = (typeof NUMBER_STUB_FIELDS)[number];

/** Bytes as base64 (btoa/atob: both in workerd and Node). */
function toBase64(view: ArrayBufferView): string {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
/**
 * Base64 to bytes, natively where the runtime can (`Uint8Array.fromBase64` in recent V8, Node's and workerd's
 * nodejs_compat `Buffer`): a cold isolate decodes ~1 MB of columns, too slow for a JavaScript loop that is not yet
 * optimised. The loop is the fallback.
 */
type NativeBase64 = { fromBase64?: (text: string) => Uint8Array };
type BufferLike = { from(text: string, encoding: 'base64'): Uint8Array };
function fromBase64(text: string): ArrayBuffer {
  const native = (Uint8Array as unknown as NativeBase64).fromBase64;
  const buffer = (globalThis as { Buffer?: BufferLike }).Buffer;
  let bytes: Uint8Array;
  if (native) bytes = native(text);
  else if (buffer) bytes = buffer.from(text, 'base64');
  else {
    const binary = atob(text);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  // A copy with its own aligned buffer (a Buffer may view a shared pool at any offset; Buffer#slice does not copy).
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
}
const int32s = (text: string) => new Int32Array(fromBase64(text));
const float64s = (text: string) => new Float64Array(fromBase64(text));
const bytesOf = (text: string) => new Uint8Array(fromBase64(text));

const HeadSchema = v.object({
  format: v.literal(SNAPSHOT_FORMAT),
  tenant: v.string(),
  /** The stock meta this snapshot was made from. */
  updated_at: v.string(),
  count: v.number(),
  cars: v.number(),
  shards: v.number(),
  shardSize: v.number(),
  /** The columns, inline; absent when in `coreParts` parts. */
  core: v.optional(v.unknown()),
  coreParts: v.optional(v.number()),
});
export type SnapshotHead = v.InferOutput<typeof HeadSchema>;

export function serialiseCore(core: IndexCore): SerialisedCore {
  const facets = {} as Record<TermFacet, SerialisedFacet>;
  for (const facet of TERM_FACETS) {
    const { keys, codes, multi } = core.columns[facet];
    const info = keys.map((key): [string, string] => {
      const known = core.facetInfo[facet].get(key);
      return [known?.value ?? key, known?.label ?? key];
    });
    facets[facet] = { keys, info, ...(codes ? { codes: toBase64(codes) } : {}), ...(multi ? { multi } : {}) };
  }
  const stubs = core.stubs;
  return {
    stubs: {
      strings: Object.fromEntries(STRING_STUB_FIELDS.map((f) => [f, stubs.map((stub) => String(stub[f] ?? ''))])) as Record<StringStubField, string[]>,
      numbers: Object.fromEntries(NUMBER_STUB_FIELDS.map((f) => [f, toBase64(Float64Array.from(stubs, (stub) => stub[f] ?? NaN))])) as Record<NumberStubField, string>,
      sold: toBase64(Uint8Array.from(stubs, (stub) => (stub.sold === true ? 1 : stub.sold === false ? 0 : 2))),
    },
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, toBase64(core.numbers[f])])) as Record<NumberField, string>,
    reduced: toBase64(core.reduced),
    facets,
    orders: Object.fromEntries(SORT_OPTIONS.map((s) => [s, toBase64(core.orders[s])])) as Record<SortOption, string>,
  };
}

export function deserialiseCore(data: SerialisedCore): IndexCore {
  const { strings } = data.stubs;
  const numbers = Object.fromEntries(NUMBER_STUB_FIELDS.map((f) => [f, float64s(data.stubs.numbers[f])])) as Record<NumberStubField, Float64Array>;
  const sold = bytesOf(data.stubs.sold);
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  // Every car is on the dealer website (the index holds no other).
  const stubs = strings.id.map((id, i): CarStub => ({
    id,
    slug: strings.slug[i]!,
    show_on_dealer_website: true,
    car_type: strings.car_type[i] as CarStub['car_type'],
    km: numbers.km[i]!,
    stocknum: strings.stocknum[i]!,
    status: strings.status[i] as CarStub['status'],
    sold: sold[i] === 1 ? true : sold[i] === 0 ? false : null,
    sold_date_timestamp: orNull(numbers.sold_date_timestamp[i]!),
    created_at_timestamp: numbers.created_at_timestamp[i]!,
    price: numbers.price[i]!,
    offer_price: orNull(numbers.offer_price[i]!),
    before_price: orNull(numbers.before_price[i]!),
    subscription_price: orNull(numbers.subscription_price[i]!),
  }));
  const facetInfo = {} as Record<TermFacet, Map<string, FacetValueInfo>>;
  const columns = {} as IndexCore['columns'];
  for (const facet of TERM_FACETS) {
    const f = data.facets[facet];
    facetInfo[facet] = new Map(f.keys.map((key, c) => [key, { value: f.info[c]![0], label: f.info[c]![1] }]));
    columns[facet] = { keys: f.keys, ...(f.codes ? { codes: int32s(f.codes) } : {}), ...(f.multi ? { multi: f.multi } : {}) };
  }
  return {
    stubs,
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, float64s(data.numbers[f])])) as Record<NumberField, Float64Array>,
    reduced: bytesOf(data.reduced),
    facetInfo,
    columns,
    orders: Object.fromEntries(SORT_OPTIONS.map((s) => [s, int32s(data.orders[s])])) as Record<SortOption, Int32Array>,
  };
}

export type KvPut = { key: string; value: string };

/**
 * The KV puts of a tenant's snapshot for `stock` as the stock meta `meta` describes it: the core parts and shards
 * first, the head last (a reader that finds the head finds its parts). Pure; the import applies them before the
 * stock meta.
 */
export function snapshotWrites(slug: string, stock: readonly Car[], meta: Pick<StockMeta, 'updated_at' | 'count'>, options: { shardSize?: number } = {}): KvPut[] {
  const shardSize = options.shardSize ?? SNAPSHOT_SHARD_SIZE;
  const cars = indexedCars(stock);
  const core = indexCore(cars);
  const token = snapshotToken(meta.updated_at);
  const puts: KvPut[] = [];
  const relevance = core.orders.relevance;
  const shards = Math.ceil(cars.length / shardSize);
  for (let s = 0; s < shards; s++) {
    const lines: string[] = [];
    for (let p = s * shardSize; p < Math.min(cars.length, (s + 1) * shardSize); p++) lines.push(JSON.stringify(cars[relevance[p]!]));
    puts.push({ key: kvSnapshotShardKey(slug, token, s), value: lines.join('\n') });
  }
  puts.push({ key: kvSnapshotTextsKey(slug, token), value: JSON.stringify(core.texts ?? []) });
  const coreJson = JSON.stringify(serialiseCore(core));
  const head: Omit<SnapshotHead, 'core'> = { format: SNAPSHOT_FORMAT, tenant: slug, updated_at: meta.updated_at, count: meta.count, cars: cars.length, shards, shardSize };
  if (coreJson.length <= SNAPSHOT_CORE_PART_CHARS) {
    // The columns inline: `"core":` + their JSON spliced in, so they are serialised once.
    puts.push({ key: kvSnapshotHeadKey(slug), value: `${JSON.stringify(head).slice(0, -1)},"core":${coreJson}}` });
  } else {
    const parts = Math.ceil(coreJson.length / SNAPSHOT_CORE_PART_CHARS);
    for (let i = 0; i < parts; i++) puts.push({ key: kvSnapshotCoreKey(slug, token, i), value: coreJson.slice(i * SNAPSHOT_CORE_PART_CHARS, (i + 1) * SNAPSHOT_CORE_PART_CHARS) });
    puts.push({ key: kvSnapshotHeadKey(slug), value: JSON.stringify({ ...head, coreParts: parts }) });
  }
  return puts;
}

type KvRead = Pick<KVNamespace, 'get'>;

/** Least-recently-used touch: moves `key` to the end; beyond `max`, the oldest go. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The store of a snapshot's cars: shard texts read on demand (at most SNAPSHOT_SHARDS_KEPT kept), cars parsed one at a
 * time (at most SNAPSHOT_CARS_KEPT kept), both least recently used.
 */
export function shardCarStore(kv: KvRead, slug: string, head: Pick<SnapshotHead, 'updated_at' | 'shards' | 'shardSize'>, positions: Int32Array, limits: { shards?: number; cars?: number } = {}): CarStore & { loadedShards(): number[] } {
  const token = snapshotToken(head.updated_at);
  const maxShards = limits.shards ?? SNAPSHOT_SHARDS_KEPT;
  const maxCars = limits.cars ?? SNAPSHOT_CARS_KEPT;
  const shards = new Map<number, Promise<string[]>>();
  const sizes = new Map<number, number>();
  const parsed = new Map<number, Car>();

  function shard(s: number): Promise<string[]> {
    const hit = shards.get(s);
    if (hit) {
      keep(shards, s, hit, maxShards);
      return hit;
    }
    const loading = kv.get(kvSnapshotShardKey(slug, token, s), 'text').then((text) => {
      if (text === null) throw new StaleSnapshotError(`snapshot shard ${s} of ${slug} is gone (a newer import?)`);
      sizes.set(s, text.length);
      return text.split('\n');
    });
    loading.catch(() => {
      if (shards.get(s) === loading) shards.delete(s);
    });
    keep(shards, s, loading, maxShards);
    for (const k of sizes.keys()) if (!shards.has(k)) sizes.delete(k);
    return loading;
  }

  return {
    async get(ordinals) {
      const missing = [...new Set(ordinals.filter((i) => !parsed.has(i)))];
      const bySh = new Map<number, number[]>();
      for (const i of missing) {
        const position = positions[i]!;
        const s = Math.floor(position / head.shardSize);
        bySh.set(s, [...(bySh.get(s) ?? []), i]);
      }
      const fresh = new Map<number, Car>();
      await Promise.all(
        [...bySh].map(async ([s, list]) => {
          const lines = await shard(s);
          for (const i of list) {
            const line = lines[positions[i]! % head.shardSize];
            if (line === undefined) throw new StaleSnapshotError(`snapshot shard ${s} of ${slug} is short`);
            fresh.set(i, JSON.parse(line) as Car);
          }
        }),
      );
      const out = ordinals.map((i) => fresh.get(i) ?? parsed.get(i)!);
      ordinals.forEach((i, k) => keep(parsed, i, out[k]!, maxCars));
      return out;
    },
    bytes() {
      let bytes = parsed.size * PARSED_CAR_BYTES;
      for (const size of sizes.values()) bytes += size;
      return bytes;
    },
    trim() {
      shards.clear();
      sizes.clear();
      parsed.clear();
    },
    loadedShards: () => [...shards.keys()],
  };
}

/** The stock version a head must name: the tenant's stock meta's `updated_at` and `count`. */
export type StockVersion = Pick<StockMeta, 'updated_at' | 'count'>;

/**
 * The tenant's index from its snapshot, or null when there is none or it was not made from `stock` (stale, another
 * format, another tenant's): the caller then builds from the stock. `headValue` is the head as read (saves a read).
 */
export async function loadSnapshotIndex(kv: KvRead, slug: string, stock: StockVersion, headValue?: unknown): Promise<TenantIndex | null> {
  const started = performance.now();
  const raw = headValue === undefined ? await kv.get(kvSnapshotHeadKey(slug), 'json') : headValue;
  const parsed = v.safeParse(HeadSchema, raw);
  if (!parsed.success) return null;
  const head = parsed.output;
  if (head.tenant !== slug || head.updated_at !== stock.updated_at || head.count !== stock.count) return null;
  let core: SerialisedCore;
  if (head.core !== undefined) core = head.core as SerialisedCore;
  else {
    const token = snapshotToken(head.updated_at);
    const parts = await Promise.all(Array.from({ length: head.coreParts ?? 0 }, (_, i) => kv.get(kvSnapshotCoreKey(slug, token, i), 'text')));
    if (parts.some((p) => p === null)) return null;
    core = JSON.parse(parts.join('')) as SerialisedCore;
  }
  const columns = deserialiseCore(core);
  if (columns.stubs.length !== head.cars) return null;
  const relevance = new Int32Array(columns.stubs.length);
  columns.orders.relevance.forEach((ordinal, position) => {
    relevance[ordinal] = position;
  });
  const store = shardCarStore(kv, slug, head, relevance);
  const token = snapshotToken(head.updated_at);
  const loadTexts = async () => {
    const texts = await kv.get(kvSnapshotTextsKey(slug, token), 'json');
    if (!Array.isArray(texts) || texts.length !== columns.stubs.length) throw new StaleSnapshotError(`snapshot texts of ${slug} are gone (a newer import?)`);
    return texts as string[];
  };
  return indexFromCore(columns, store, performance.now() - started, loadTexts);
}
