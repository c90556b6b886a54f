/**
 * Index snapshots (issue 19 "Cold start"): what the stock import writes beside the stock so a fresh isolate loads a
 * tenant's index instead of building it. Building costs ~1 s and reading the stock ~50 MB at 6,000 cars; a snapshot
 * is the index's columns (tenant-index.ts IndexCore, a few hundred bytes a car), the cars' card projections
 * (card-projection.ts) in blocks of SNAPSHOT_SHARD_SIZE x SNAPSHOT_CARD_BLOCK_SHARDS in "most relevant" order (search
 * hits: the default search page reads the first block only, and blocks once read are kept) and the full cars in shards
 * of SNAPSHOT_SHARD_SIZE in the same order, each read only for a car's own page. Cars inside a shard or a block are
 * one JSON text per line, parsed one at a time.
 *
 * KV layout (namespace STOCK, beside `stock:<slug>:meta` and its chunks):
 * - `stock:<slug>:snap`: the head, bytes (format 3, `encodeHead`): a few KB of JSON (format, the stock version it was
 *   made from, shard count, the columns' description: SerialisedCore) and the columns' bytes, ~140 bytes a car, copied
 *   into typed columns without parsing anything per car (a stub is made when a page shows its car);
 * - `stock:<slug>:snap:<token>:core:<i>`: the columns' bytes in parts, only when too large to sit in the head;
 * - `stock:<slug>:snap:<token>:cars:<i>`: full-car shard i;
 * - `stock:<slug>:snap:<token>:cards:<i>`: card block i;
 * - `stock:<slug>:snap:<token>:texts`: the cars' searchable texts, read on the first text query (the text index is
 *   built then: a search page without words never pays for either).
 * `<token>` names the stock version (its `updated_at`), so a reader never mixes two imports' parts, and a head whose
 * stock version is not the stock meta's (an older import, another tool's write) is ignored: the index is then built
 * from the stock as before. A shard gone missing (a newer import deleted it) makes the read fail with
 * StaleSnapshotError, and the engine loads the tenant again.
 * Pure ESM, no Node APIs: runs in workerd and in Node (the import).
 */
import * as v from 'valibot';
import { awaitSharedLoad, startSharedLoad, type SharedLoad } from '@forecourt/contracts/shared-load';
import type { Car } from '@forecourt/contracts/entities/car';
import { SORT_OPTIONS, TERM_FACETS, type SortOption, type TermFacet } from '@forecourt/contracts/search';
import type { StockMeta } from '@forecourt/contracts/tenant-data';
import { decodeCard, encodeCards, splitCards, type CardBlock } from './card-projection.ts';
import type { FacetValueInfo } from './facets.ts';
import { indexCore, indexedCars, indexFromCore, NUMBER_FIELDS, type CarStore, type CarStub, type FacetColumn, type IndexCore, type NumberField, type StateColumns, type StubList, type TenantIndex } from './tenant-index.ts';

/** Bumped whenever the snapshot's shape changes: a head of another format is ignored (the index is built instead). */
export const SNAPSHOT_FORMAT = 3;
/**
 * Full cars per shard: a shard is read for a car's own page (or a compare), ~130 KB at 8 KB a car; a KV read
 * costs about the same up to a few hundred KB, so one page's read stays one small read.
 */
export const SNAPSHOT_SHARD_SIZE = 16;
/**
 * Shards' worth of cars per card block: a block holds the card projections (card-projection.ts, ~1 KB a
 * car) of SNAPSHOT_SHARD_SIZE x this many cars in "most relevant" order: 256 cars, ~250 KB. Search pages read hits
 * from the blocks only; every block read is kept (a tenant's blocks are ~1 KB a car in all), so once its blocks are
 * in, a search page of any sort, page or filter reads no KV.
 */
export const SNAPSHOT_CARD_BLOCK_SHARDS = 16;
/** The largest columns' body kept inline in the head (KV values may hold 25 MiB); larger goes in parts of this size. */
export const SNAPSHOT_CORE_PART_BYTES = 8_000_000;
/** Full-car shards kept per tenant index (least recently used beyond): 16 x ~130 KB. */
export const SNAPSHOT_SHARDS_KEPT = 16;
/** Parsed full cars kept per tenant index (least recently used beyond): the car pages of the moment (page, slots, compare). */
export const SNAPSHOT_CARS_KEPT = 64;
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
/** Card block i: the card projections of its cars, in "most relevant" order (card-projection.ts encodeCards). */
export const kvSnapshotCardsKey = (slug: string, token: string, i: number) => `stock:${slug}:snap:${token}:cards:${i}`;
/** The cars' searchable texts (a JSON array by ordinal), read on the first text query only. */
export const kvSnapshotTextsKey = (slug: string, token: string) => `stock:${slug}:snap:${token}:texts`;
/** True for any snapshot key of this tenant (head, core parts, shards of any version). */
export const isSnapshotKey = (slug: string, key: string) => key === kvSnapshotHeadKey(slug) || key.startsWith(`${kvSnapshotHeadKey(slug)}:`);

/**
 * The columns' description (format 3): JSON, a few KB, naming where each column's bytes are in the head's body
 * (Blob). Typed columns in the narrowest integer width their values fit (PackedInts); the cars' ids, slugs and stock
 * numbers each one UTF-8 text with its end offsets (a stub is made from the columns only when a page shows its car:
 * tenant-index.ts StubList); car type and status as dictionary codes; categories as offsets and codes.
 */
type PackedInts = { bits: 8 | 16 | 32; base: number; data: Blob };
/** Numbers: whole numbers packed as ints, others Float64; `nulls` marks absent values (NaN in memory). */
type PackedNumbers = { ints: PackedInts; nulls?: Blob } | { floats: Blob };
/** Strings: their UTF-8 bytes in one blob and each one's end there (a string is decoded when it is read). */
type PackedStrings = { text: Blob; ends: PackedInts };
type SerialisedFacet = { keys: string[]; info: Array<[string, string]>; codes?: PackedInts; starts?: PackedInts; multi?: PackedInts };
type SerialisedCore = {
  cars: number;
  strings: Record<StringStubField, PackedStrings>;
  state: { carTypes: string[]; carType: Blob; statuses: string[]; status: Blob; sold: Blob; soldAt: PackedNumbers; createdAt: PackedNumbers; sortPrice: PackedNumbers };
  /** The nullable prices of the stubs (numbers.subscription_price is 0 for none). */
  prices: Record<NullablePriceField, PackedNumbers>;
  numbers: Record<NumberField, PackedNumbers>;
  reduced: Blob;
  facets: Record<TermFacet, SerialisedFacet>;
  orders: Record<SortOption, PackedInts>;
};
const STRING_STUB_FIELDS = ['id', 'slug', 'stocknum'] as const;
const NULLABLE_PRICE_FIELDS = ['offer_price', 'before_price', 'subscription_price'] as const;
type StringStubField = (typeof STRING_STUB_FIELDS)[number];
type NullablePriceField = (typeof NULLABLE_PRICE_FIELDS)[number];

/**
 * Where a column's bytes are in the head's binary body: [byte offset, byte length]. Every offset is a multiple of 8,
 * so any typed array of the body's bytes is aligned.
 */
type Blob = [number, number];

/** The head's binary body as it is written: each column's bytes appended at the next multiple of 8. */
export class BodyWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  add(view: ArrayBufferView): Blob {
    const pad = (8 - (this.size % 8)) % 8;
    if (pad > 0) this.parts.push(new Uint8Array(pad));
    const at = this.size + pad;
    this.parts.push(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    this.size = at + view.byteLength;
    return [at, view.byteLength];
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}

/**
 * A column's bytes out of the body: a copy with its own aligned buffer (a memory copy; nothing is decoded). A blob
 * beyond the body (a cut value) throws: the loader then builds the index instead.
 */
type BodyReader = (blob: Blob) => ArrayBuffer;
export const bodyReader =
  (body: Uint8Array): BodyReader =>
  ([at, length]) => {
    if (!(at >= 0 && length >= 0 && at + length <= body.byteLength)) throw new RangeError(`snapshot column [${at}, ${length}] is outside the head's ${body.byteLength} bytes`);
    return body.slice(at, at + length).buffer;
  };
const bytesOf = (blob: Blob, take: BodyReader) => new Uint8Array(take(blob));

const HeadSchema = v.object({
  format: v.literal(SNAPSHOT_FORMAT),
  tenant: v.string(),
  /** The stock meta this snapshot was made from. */
  updated_at: v.string(),
  count: v.number(),
  cars: v.number(),
  shards: v.number(),
  shardSize: v.number(),
  /** The columns' description (SerialisedCore); their bytes are the head's body, or in `coreParts` parts. */
  core: v.unknown(),
  coreParts: v.optional(v.number()),
});

/** A binary head's first bytes ("FCSN"); a JSON head of an older format starts with `{`. */
const HEAD_MAGIC = [0x46, 0x43, 0x53, 0x4e] as const;

/**
 * A head as KV stores it (format 3): "FCSN", the header's length in bytes (u32, little-endian), the header (JSON:
 * format, stock version, shards, the columns' description), zeros to a multiple of 8, then the body (the columns'
 * bytes), unless the body is in parts. A cold isolate parses only the header's few KB of JSON; the columns are
 * copied out of the body as they are, where format 2's base64 in one JSON text cost a fresh isolate ~10 ms to parse.
 */
export function encodeHead(header: object, body: Uint8Array | null): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((8 + json.byteLength) / 8) * 8;
  const out = new Uint8Array(start + (body?.byteLength ?? 0));
  out.set(HEAD_MAGIC, 0);
  new DataView(out.buffer).setUint32(4, json.byteLength, true);
  out.set(json, 8);
  if (body) out.set(body, start);
  return out;
}

/** A head's header (not yet checked) and body; null for anything that is not a binary head. */
export function decodeHead(value: unknown): { header: unknown; body: Uint8Array } | null {
  if (Object.prototype.toString.call(value) !== '[object ArrayBuffer]') return null;
  const bytes = new Uint8Array(value as ArrayBuffer);
  if (bytes.byteLength < 8 || HEAD_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const length = new DataView(bytes.buffer).getUint32(4, true);
  if (8 + length > bytes.byteLength) return null;
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  } catch {
    return null;
  }
  return { header, body: bytes.subarray(Math.ceil((8 + length) / 8) * 8) };
}
export type SnapshotHead = v.InferOutput<typeof HeadSchema>;

/** Ints in the narrowest width their range fits (as offsets from their minimum). */
function packInts(values: ArrayLike<number>, body: BodyWriter): PackedInts {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (values.length === 0) min = max = 0;
  const span = max - min;
  if (span <= 0xff) return { bits: 8, base: min, data: body.add(Uint8Array.from(values, (x) => x - min)) };
  if (span <= 0xffff) return { bits: 16, base: min, data: body.add(Uint16Array.from(values, (x) => x - min)) };
  return { bits: 32, base: 0, data: body.add(Int32Array.from(values)) };
}
function unpackInts(packed: PackedInts, take: BodyReader): Int32Array {
  const buffer = take(packed.data);
  if (packed.bits === 32) return new Int32Array(buffer);
  return widen(packed, buffer, Int32Array);
}
/**
 * Narrow ints (8 or 16 bits) widened into a new array of `Out` plus their base. `set` copies natively: a cold isolate
 * runs this before any of it is optimised, so the loop runs only for a base other than 0.
 */
function widen<A extends Int32Array | Float64Array>(packed: PackedInts, buffer: ArrayBuffer, Out: { new (length: number): A }): A {
  const narrow = packed.bits === 8 ? new Uint8Array(buffer) : new Uint16Array(buffer);
  const out = new Out(narrow.length);
  out.set(narrow);
  const base = packed.base;
  if (base !== 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! + base;
  return out;
}
function packNumbers(values: Float64Array, body: BodyWriter): PackedNumbers {
  let nulls = false;
  for (const x of values) {
    if (Number.isNaN(x)) nulls = true;
    else if (!Number.isInteger(x) || x < -0x80000000 || x > 0x7fffffff || Object.is(x, -0)) return { floats: body.add(values) };
  }
  const ints = packInts(values.map((x) => (Number.isNaN(x) ? 0 : x)), body);
  return nulls ? { ints, nulls: body.add(Uint8Array.from(values, (x) => (Number.isNaN(x) ? 1 : 0))) } : { ints };
}
function unpackNumbers(packed: PackedNumbers, take: BodyReader): Float64Array {
  if ('floats' in packed) return new Float64Array(take(packed.floats));
  const { ints } = packed;
  // Straight into Float64 (no Int32 copy between, no iterator: Float64Array.from walks one in cold code).
  const buffer = take(ints.data);
  let out: Float64Array;
  if (ints.bits === 32) {
    const wide = new Int32Array(buffer);
    out = new Float64Array(wide.length);
    out.set(wide);
  } else out = widen(ints, buffer, Float64Array);
  if (packed.nulls !== undefined) {
    const nulls = bytesOf(packed.nulls, take);
    for (let i = 0; i < nulls.length; i++) if (nulls[i] === 1) out[i] = NaN;
  }
  return out;
}
function packStrings(values: readonly string[], body: BodyWriter): PackedStrings {
  const encoder = new TextEncoder();
  const parts = values.map((value) => encoder.encode(value));
  const text = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let end = 0;
  const ends = parts.map((part) => {
    text.set(part, end);
    return (end += part.byteLength);
  });
  return { text: body.add(text), ends: packInts(ends, body) };
}

/** The columns: their description (JSON) and their bytes, appended to `body`. */
export function serialiseCore(core: IndexCore, body: BodyWriter): SerialisedCore {
  const n = core.stubs.length;
  const stubs = Array.from({ length: n }, (_, i) => core.stubs.at(i)!);
  const facets = {} as Record<TermFacet, SerialisedFacet>;
  for (const facet of TERM_FACETS) {
    const { keys, codes, multi } = core.columns[facet];
    const info = keys.map((key): [string, string] => {
      const known = core.facetInfo[facet].get(key);
      return [known?.value ?? key, known?.label ?? key];
    });
    const out: SerialisedFacet = { keys, info };
    if (codes) out.codes = packInts(codes, body);
    if (multi) {
      out.starts = packInts(multi.starts, body);
      out.multi = packInts(multi.codes, body);
    }
    facets[facet] = out;
  }
  const { state } = core;
  const orNaN = (x: number | null | undefined) => x ?? NaN;
  return {
    cars: n,
    strings: Object.fromEntries(STRING_STUB_FIELDS.map((f) => [f, packStrings(stubs.map((stub) => String(stub[f] ?? '')), body)])) as Record<StringStubField, PackedStrings>,
    state: {
      carTypes: state.carTypes,
      carType: body.add(state.carType),
      statuses: state.statuses,
      status: body.add(state.status),
      sold: body.add(state.sold),
      soldAt: packNumbers(state.soldAt, body),
      createdAt: packNumbers(state.createdAt, body),
      sortPrice: packNumbers(state.sortPrice, body),
    },
    prices: Object.fromEntries(NULLABLE_PRICE_FIELDS.map((f) => [f, packNumbers(Float64Array.from(stubs, (stub) => orNaN(stub[f])), body)])) as Record<NullablePriceField, PackedNumbers>,
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, packNumbers(core.numbers[f], body)])) as Record<NumberField, PackedNumbers>,
    reduced: body.add(core.reduced),
    facets,
    orders: Object.fromEntries(SORT_OPTIONS.map((s) => [s, packInts(core.orders[s], body)])) as Record<SortOption, PackedInts>,
  };
}

/**
 * The strings of a PackedStrings, one at a time: each decoded from its own bytes when it is read, so a search page's
 * stubs decode a few dozen short strings, not the column.
 */
function stringsOf(packed: PackedStrings, take: BodyReader): (i: number) => string {
  const ends = unpackInts(packed.ends, take);
  const bytes = new Uint8Array(take(packed.text));
  const decoder = new TextDecoder();
  return (i) => decoder.decode(bytes.subarray(i === 0 ? 0 : ends[i - 1]!, ends[i]!));
}

/** The columns from their description and their bytes (`take`: the head's body). */
export function deserialiseCore(data: SerialisedCore, take: BodyReader): IndexCore {
  const n = data.cars;
  const id = stringsOf(data.strings.id, take);
  const slug = stringsOf(data.strings.slug, take);
  const stocknum = stringsOf(data.strings.stocknum, take);
  const state: StateColumns = {
    carTypes: data.state.carTypes,
    carType: bytesOf(data.state.carType, take),
    statuses: data.state.statuses,
    status: bytesOf(data.state.status, take),
    sold: bytesOf(data.state.sold, take),
    soldAt: unpackNumbers(data.state.soldAt, take),
    createdAt: unpackNumbers(data.state.createdAt, take),
    sortPrice: unpackNumbers(data.state.sortPrice, take),
  };
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, unpackNumbers(data.numbers[f], take)])) as Record<NumberField, Float64Array>;
  // The nullable prices are read only when a stub is made.
  let prices: Record<NullablePriceField, Float64Array> | undefined;
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  const made: Array<CarStub | undefined> = [];
  const stubAt = (i: number): CarStub => {
    prices ??= Object.fromEntries(NULLABLE_PRICE_FIELDS.map((f) => [f, unpackNumbers(data.prices[f], take)])) as Record<NullablePriceField, Float64Array>;
    const sold = state.sold[i];
    // Every car is on the dealer website (the index holds no other).
    return {
      id: id(i),
      slug: slug(i),
      show_on_dealer_website: true,
      car_type: state.carTypes[state.carType[i]!] as CarStub['car_type'],
      km: numbers.km[i]!,
      stocknum: stocknum(i),
      status: state.statuses[state.status[i]!] as CarStub['status'],
      sold: sold === 1 ? true : sold === 0 ? false : null,
      sold_date_timestamp: orNull(state.soldAt[i]!),
      created_at_timestamp: state.createdAt[i]!,
      price: numbers.price[i]!,
      offer_price: orNull(prices.offer_price[i]!),
      before_price: orNull(prices.before_price[i]!),
      subscription_price: orNull(prices.subscription_price[i]!),
    };
  };
  const stubs: StubList = {
    length: n,
    at: (i) => (Number.isInteger(i) && i >= 0 && i < n ? (made[i] ??= stubAt(i)) : undefined),
    idAt: id,
    slugAt: slug,
  };
  const facetInfo = {} as Record<TermFacet, Map<string, FacetValueInfo>>;
  const columns = {} as IndexCore['columns'];
  for (const facet of TERM_FACETS) {
    const f = data.facets[facet];
    facetInfo[facet] = new Map(f.keys.map((key, c) => [key, { value: f.info[c]![0], label: f.info[c]![1] }]));
    const column: FacetColumn = { keys: f.keys };
    if (f.codes) column.codes = unpackInts(f.codes, take);
    if (f.starts && f.multi) column.multi = { starts: unpackInts(f.starts, take), codes: unpackInts(f.multi, take) };
    columns[facet] = column;
  }
  return {
    stubs,
    state,
    numbers,
    reduced: bytesOf(data.reduced, take),
    facetInfo,
    columns,
    orders: Object.fromEntries(SORT_OPTIONS.map((s) => [s, unpackInts(data.orders[s], take)])) as Record<SortOption, Int32Array>,
  };
}

/** A KV write: text, or bytes (a snapshot head and its parts). */
export type KvPut = { key: string; value: string | Uint8Array };

/**
 * The KV puts of a tenant's snapshot for `stock` as the stock meta `meta` describes it: the core parts and shards
 * first, the head last (a reader that finds the head finds its parts). Pure; the import applies them before the
 * stock meta.
 */
export function snapshotWrites(slug: string, stock: readonly Car[], meta: Pick<StockMeta, 'updated_at' | 'count'>, options: { shardSize?: number; corePartBytes?: number } = {}): KvPut[] {
  const shardSize = options.shardSize ?? SNAPSHOT_SHARD_SIZE;
  const partBytes = options.corePartBytes ?? SNAPSHOT_CORE_PART_BYTES;
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
  // The card blocks: SNAPSHOT_CARD_BLOCK_SHARDS shards' worth of card projections each, in the same order.
  const blockSize = shardSize * SNAPSHOT_CARD_BLOCK_SHARDS;
  for (let b = 0; b * blockSize < cars.length; b++) {
    const block: Car[] = [];
    for (let p = b * blockSize; p < Math.min(cars.length, (b + 1) * blockSize); p++) block.push(cars[relevance[p]!]!);
    puts.push({ key: kvSnapshotCardsKey(slug, token, b), value: encodeCards(block) });
  }
  puts.push({ key: kvSnapshotTextsKey(slug, token), value: JSON.stringify(core.texts ?? []) });
  const body = new BodyWriter();
  const header = { format: SNAPSHOT_FORMAT, tenant: slug, updated_at: meta.updated_at, count: meta.count, cars: cars.length, shards, shardSize, core: serialiseCore(core, body) };
  const bytes = body.bytes();
  if (bytes.byteLength <= partBytes) puts.push({ key: kvSnapshotHeadKey(slug), value: encodeHead(header, bytes) });
  else {
    const parts = Math.ceil(bytes.byteLength / partBytes);
    for (let i = 0; i < parts; i++) puts.push({ key: kvSnapshotCoreKey(slug, token, i), value: bytes.slice(i * partBytes, (i + 1) * partBytes) });
    puts.push({ key: kvSnapshotHeadKey(slug), value: encodeHead({ ...header, coreParts: parts }, null) });
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

/** Heap bytes of a text read from KV: one byte a character, two when it holds any beyond Latin-1 (V8's strings). */
const textBytes = (text: string) => (/[^\u0000-\u00ff]/.test(text) ? 2 : 1) * text.length;
/** Heap bytes a kept line costs beyond its characters (a sliced string and its array slot). */
const LINE_BYTES = 40;

/** A KV text being read or read: its estimated heap bytes once in (counted only while its entry is kept). */
type Loaded<T> = { load: SharedLoad<T>; bytes: number };

/**
 * The store of a snapshot's cars. Search hits (`cards`) come from the card blocks: read on demand and all
 * kept (the tenant's whole card projection is ~1 KB a car, in CardBlock lines parsed one card at a time), so a warm
 * isolate answers any search page without reading KV. Full cars (`get`, a car's own page) come from shards of
 * `head.shardSize` read on demand (at most SNAPSHOT_SHARDS_KEPT kept), parsed one at a time (at most
 * SNAPSHOT_CARS_KEPT kept), both least recently used.
 *
 * Concurrent reads: a read resolves every car from what it awaited itself (never from a cache after an await), so
 * another read evicting a shard or a parsed car meanwhile cannot leave it a hole; `bytes()` counts only the entries
 * kept now.
 */
export function shardCarStore(
  kv: KvRead,
  slug: string,
  head: Pick<SnapshotHead, 'updated_at' | 'shards' | 'shardSize'>,
  positions: Int32Array,
  limits: { shards?: number; cars?: number } = {},
): CarStore & { loadedShards(): number[]; loadedCardBlocks(): number[]; seedCardBlock(b: number, text: SharedLoad<string | null>): void } {
  const token = snapshotToken(head.updated_at);
  const maxShards = limits.shards ?? SNAPSHOT_SHARDS_KEPT;
  const maxCars = limits.cars ?? SNAPSHOT_CARS_KEPT;
  const blockSize = head.shardSize * SNAPSHOT_CARD_BLOCK_SHARDS;
  const shards = new Map<number, Loaded<string[]>>();
  const blocks = new Map<number, Loaded<CardBlock>>();
  const parsed = new Map<number, Car>();

  function read<T>(map: Map<number, Loaded<T>>, n: number, max: number, key: string, what: string, parse: (text: string) => T, bytesOf: (value: T, text: string) => number, started?: SharedLoad<string | null>): Promise<T> {
    const hit = map.get(n);
    if (hit) {
      keep(map, n, hit, max);
      // A read another request started: never awaited past its stall time (that request may have been cancelled).
      return awaitSharedLoad(hit.load, () => {
        if (map.get(n) === hit) map.delete(n);
        return read(map, n, max, key, what, parse, bytesOf);
      });
    }
    const entry = { bytes: 0 } as Loaded<T>;
    // A read started before the store was made (seedCardBlock) is taken over as is; its start time stays its own.
    entry.load = startSharedLoad(() =>
      (started ? started.promise : kv.get(key, 'text')).then((text) => {
        if (text === null) throw new StaleSnapshotError(`snapshot ${what} ${n} of ${slug} is gone (a newer import?)`);
        const value = parse(text);
        entry.bytes = bytesOf(value, text);
        return value;
      }),
      started?.started,
    );
    entry.load.promise.catch(() => {
      if (map.get(n) === entry) map.delete(n);
    });
    keep(map, n, entry, max);
    return entry.load.promise;
  }
  const shard = (s: number) => read(shards, s, maxShards, kvSnapshotShardKey(slug, token, s), 'shard', (text) => text.split('\n'), (lines, text) => textBytes(text) + lines.length * LINE_BYTES);
  const cardBlock = (b: number) => read(blocks, b, Infinity, kvSnapshotCardsKey(slug, token, b), 'card block', splitCards, (block, text) => textBytes(text) + block.lines.length * LINE_BYTES);

  /** Groups the requested cars (their places in `ordinals`) by the part holding them, `size` cars a part. */
  function byPart(ordinals: readonly number[], size: number, skip?: (k: number) => boolean): Map<number, number[]> {
    const parts = new Map<number, number[]>();
    ordinals.forEach((i, k) => {
      if (skip?.(k)) return;
      const position = positions[i];
      if (position === undefined) throw new RangeError(`no car at ordinal ${i} in the snapshot of ${slug}`);
      const part = Math.floor(position / size);
      const list = parts.get(part);
      if (list) list.push(k);
      else parts.set(part, [k]);
    });
    return parts;
  }

  return {
    async get(ordinals) {
      // Cars parsed already are taken now: another read may evict them while this one waits for its shards.
      const out: Array<Car | undefined> = ordinals.map((i) => parsed.get(i));
      await Promise.all(
        [...byPart(ordinals, head.shardSize, (k) => out[k] !== undefined)].map(async ([s, ks]) => {
          const lines = await shard(s);
          for (const k of ks) {
            const i = ordinals[k]!;
            const line = lines[positions[i]! % head.shardSize];
            if (line === undefined) throw new StaleSnapshotError(`snapshot shard ${s} of ${slug} is short`);
            out[k] = JSON.parse(line) as Car;
          }
        }),
      );
      ordinals.forEach((i, k) => keep(parsed, i, out[k]!, maxCars));
      return out as Car[];
    },
    async cards(ordinals) {
      const out = new Array<Car>(ordinals.length);
      await Promise.all(
        [...byPart(ordinals, blockSize)].map(async ([b, ks]) => {
          const block = await cardBlock(b);
          for (const k of ks) {
            const card = decodeCard(block, positions[ordinals[k]!]! % blockSize);
            if (!card) throw new StaleSnapshotError(`snapshot card block ${b} of ${slug} is short`);
            out[k] = card;
          }
        }),
      );
      return out;
    },
    bytes() {
      let bytes = parsed.size * PARSED_CAR_BYTES;
      for (const entry of shards.values()) bytes += entry.bytes;
      for (const entry of blocks.values()) bytes += entry.bytes;
      return bytes;
    },
    trim() {
      shards.clear();
      blocks.clear();
      parsed.clear();
    },
    loadedShards: () => [...shards.keys()],
    loadedCardBlocks: () => [...blocks.keys()],
    /**
     * Card block `b` from a read already started (the loader asks for the first block beside the head: the default
     * search page's cards). Kept like any block once in; a block already held is not replaced.
     */
    seedCardBlock(b, text) {
      if (blocks.has(b)) return;
      void read(blocks, b, Infinity, kvSnapshotCardsKey(slug, token, b), 'card block', splitCards, (block, t) => textBytes(t) + block.lines.length * LINE_BYTES, text).catch(() => {});
    },
  };
}

/** The stock version a head must name: the tenant's stock meta's `updated_at` and `count`. */
export type StockVersion = Pick<StockMeta, 'updated_at' | 'count'>;

/**
 * The tenant's index from its snapshot, or null when there is none or it was not made from `stock` (stale, another
 * format, another tenant's): the caller then builds from the stock. `headValue` is the head as read (an ArrayBuffer:
 * saves a read).
 */
export async function loadSnapshotIndex(kv: KvRead, slug: string, stock: StockVersion, headValue?: unknown): Promise<TenantIndex | null> {
  const started = performance.now();
  const decoded = decodeHead(headValue === undefined ? await kv.get(kvSnapshotHeadKey(slug), 'arrayBuffer') : headValue);
  const parsed = v.safeParse(HeadSchema, decoded?.header);
  if (!decoded || !parsed.success) return null;
  const head = parsed.output;
  if (head.tenant !== slug || head.updated_at !== stock.updated_at || head.count !== stock.count) return null;
  const token = snapshotToken(head.updated_at);
  // The first card block (the most relevant cars: the default search page's cards, and the one card a tenant's first
  // catalogue query shows) is read now, while the columns are decoded, instead of after them (issue 19, cold start).
  const firstBlock = head.cars > 0 ? startSharedLoad(() => kv.get(kvSnapshotCardsKey(slug, token, 0), 'text')) : null;
  firstBlock?.promise.catch(() => {});
  let body = decoded.body;
  if (head.coreParts !== undefined) {
    const parts = await Promise.all(Array.from({ length: head.coreParts }, (_, i) => kv.get(kvSnapshotCoreKey(slug, token, i), 'arrayBuffer')));
    if (parts.some((p) => p === null)) return null;
    body = new Uint8Array(parts.reduce((sum, p) => sum + p!.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      body.set(new Uint8Array(part!), at);
      at += part!.byteLength;
    }
  }
  // A description that does not fit its bytes (a cut or foreign value) is no snapshot: the index is built instead.
  let columns: IndexCore;
  try {
    columns = deserialiseCore(head.core as SerialisedCore, bodyReader(body));
  } catch {
    return null;
  }
  if (columns.stubs.length !== head.cars || columns.orders.relevance?.length !== head.cars) return null;
  const relevance = new Int32Array(columns.stubs.length);
  columns.orders.relevance.forEach((ordinal, position) => {
    relevance[ordinal] = position;
  });
  const store = shardCarStore(kv, slug, head, relevance);
  if (firstBlock) store.seedCardBlock(0, firstBlock);
  const loadTexts = async () => {
    const texts = await kv.get(kvSnapshotTextsKey(slug, token), 'json');
    if (!Array.isArray(texts) || texts.length !== columns.stubs.length) throw new StaleSnapshotError(`snapshot texts of ${slug} are gone (a newer import?)`);
    return texts as string[];
  };
  return indexFromCore(columns, store, performance.now() - started, loadTexts);
}
