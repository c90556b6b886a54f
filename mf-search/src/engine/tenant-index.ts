/**
 * One tenant's index and the queries over it.
 *
 * The index is columnar: per car a small stub (the fields visibility and sorting read), its searchable text, its range
 * numbers and its term-facet values as small integer codes, plus every sort order precomputed. Filters are bitmaps
 * computed from those columns (cached per filter); free text goes to Orama (a radix tree over the text: prefix and
 * typo-tolerant matching, BM25 scores), built on the first text query only, so a search page without words never
 * pays for it. One linear pass over the candidates in the requested order applies visibility, counts facets and
 * slices the page; it also yields disjunctive facet counts for free (a car failing exactly one filter counts for that
 * filter's facet only). Full cars live in a CarStore: in memory when the index was built from stock, or in the
 * snapshot's shards loaded on demand (snapshot.ts), so a cold isolate reads a few hundred KB instead of the stock.
 * Pure ESM, no Node APIs: runs in workerd.
 */
import { count, create, insertMultiple } from '@orama/orama';
import type { Orama } from '@orama/orama';
import type { Car } from '@forecourt/contracts/entities/car';
import {
  RANGE_FACETS,
  SORT_OPTIONS,
  TERM_FACETS,
  type FacetItem,
  type RangeFacet,
  type SearchRequest,
  type SearchResponse,
  type SearchScope,
  type SortOption,
  type TermFacet,
} from '@forecourt/contracts/search';
import { collapseSoldRuns } from './collapse.ts';
import { facetItems, facetKey, facetLabel, facetRawValues, type FacetValueInfo } from './facets.ts';
import { pageWindow } from './paging.ts';
import { byPriceCloseness, mergeSimilar, similarPriceWindow, SIMILAR_MAX, SIMILAR_QUERY_LIMIT } from './similar.ts';
import { isReduced, sortPrice } from './pricing.ts';
import { sortPositions } from './sorting.ts';
import { cleanQueryTokens, searchableText, typoTolerance } from './text.ts';
import { DAY_MS, DEFAULT_INCLUDE_SOLD_CARS_DAYS, hasVehiclePage, isExcludedStocknum } from './visibility.ts';

/** What the engine keeps of every car in memory: the fields visibility, sort filters, sale rank and lookups read. */
export const STUB_FIELDS = [
  'id',
  'slug',
  'show_on_dealer_website',
  'car_type',
  'km',
  'stocknum',
  'status',
  'sold',
  'sold_date_timestamp',
  'created_at_timestamp',
  'price',
  'offer_price',
  'before_price',
  'subscription_price',
] as const satisfies readonly (keyof Car)[];
export type CarStub = Pick<Car, (typeof STUB_FIELDS)[number]>;

/** The numbers range filters and facet stats read (subscription_price 0 when the car has none). */
export const NUMBER_FIELDS = ['price', 'km', 'year', 'subscription_price'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/**
 * One facet's values per car: `keys[code]`; `codes[i]` for one-value facets (-1: none); for categories (several values
 * a car) `multi.codes` from `multi.starts[i]` to `multi.starts[i + 1]` (two typed arrays, not an array a car: a snapshot
 * loads them as they are).
 */
export type FacetColumn = { keys: string[]; codes?: Int32Array; multi?: MultiCodes };
export type MultiCodes = { starts: Int32Array; codes: Int32Array };

/**
 * The stubs by ordinal: an array (a build from stock) or made one at a time on first use from the snapshot's columns
 * (snapshot.ts), so a cold isolate builds the few a page shows instead of thousands of objects. Queries' passes read
 * `state` instead.
 */
export type StubList = {
  readonly length: number;
  at(i: number): CarStub | undefined;
  /** A car's id and slug without making its stub (the lookups read every car's). */
  idAt?(i: number): string;
  slugAt?(i: number): string;
};

/**
 * The fields the visibility rules, sort filters and sale rank read, as columns (a query's pass over every car reads
 * these, never a stub): `carType[i]` and `status[i]` index `carTypes` and `statuses` (the feed's spellings);
 * `sold[i]` 0 false, 1 true, 2 absent; NaN for an absent sale date; `sortPrice` as pricing.ts sortPrice.
 */
export type StateColumns = {
  carTypes: string[];
  carType: Uint8Array;
  statuses: string[];
  status: Uint8Array;
  sold: Uint8Array;
  soldAt: Float64Array;
  createdAt: Float64Array;
  sortPrice: Float64Array;
};

/** The part of an index a snapshot stores (snapshot.ts): everything a query needs except the full cars and Orama. */
export type IndexCore = {
  /** Cars shown on the dealer website (show_on_dealer_website true), first of each id; a car's position is its ordinal. */
  stubs: StubList;
  state: StateColumns;
  /**
   * Each car's searchable text (text.ts searchableText); absent until the first text query when the index came from a
   * snapshot (`loadTexts` reads them then).
   */
  texts?: string[] | undefined;
  numbers: Record<NumberField, Float64Array>;
  /** 1 for a car shown at a reduced price (pricing.ts isReduced). */
  reduced: Uint8Array;
  facetInfo: Record<TermFacet, Map<string, FacetValueInfo>>;
  /** Facet values per car as small integers, for filtering and counting. */
  columns: Record<TermFacet, FacetColumn>;
  /** Ordinals in each sort order. */
  orders: Record<SortOption, Int32Array>;
};

/**
 * Where an index's full cars are: in memory (built from stock) or in snapshot shards read on demand. `get` answers
 * the cars at these ordinals in order; `bytes` estimates what the store holds now (for the isolate's memory budget).
 */
export type CarStore = {
  get(ordinals: readonly number[]): Promise<Car[]>;
  /**
   * The cars at these ordinals for a list of cards (search hits, similar cars): their card projections
   * (card-projection.ts, a valid Car without the vehicle page's detail) where the store keeps them apart (a snapshot);
   * without it, `get`.
   */
  cards?(ordinals: readonly number[]): Promise<Car[]>;
  bytes(): number;
  /** Its caches emptied (a memory-pressure hook; the next read loads again). */
  trim?(): void;
};

/** Cars for a list of cards: the store's card projections when it has them, else its full cars. */
const cardsOf = (store: CarStore, ordinals: readonly number[]): Promise<Car[]> => (store.cards ? store.cards(ordinals) : store.get(ordinals));

/** The Orama index over the cars' text, built on the first text query. */
type TextIndex = { db: Orama<typeof TEXT_SCHEMA>; ordinalOf: Int32Array; buildMs: number };
const TEXT_SCHEMA = { text: 'string' } as const;

export type TenantIndex = IndexCore & {
  /** Each ordinal's position in each sort order. */
  positions: Record<SortOption, Int32Array>;
  /**
   * Ordinal of each slug (the first car of a slug) and of each car id (ids are unique in `stubs`; finance links name a
   * car by id): built on the first lookup (a search page needs neither).
   */
  lookups: { bySlug?: Map<string, number>; byId?: Map<string, number> };
  store: CarStore;
  /** Built on the first text query (textIndexOf). */
  text: TextIndex | undefined;
  /** Reads the texts when the core came without them (a snapshot). */
  loadTexts?: (() => Promise<string[]>) | undefined;
  /** Query word -> ordinal -> BM25 score of the cars matching it (at most TOKEN_CACHE_MAX words). */
  tokenCache: Map<string, Map<number, number>>;
  /** Filter -> bitmap by ordinal of the cars matching it (at most CLAUSE_CACHE_MAX; filters depend on the stock only). */
  clauseCache: Map<string, Uint8Array>;
  /** How long building (or loading) the index took, ms. */
  buildMs: number;
  /** Estimated bytes of the columns (fixed once built). */
  coreBytes: number;
  /** The stock version it holds (StockMeta updated_at) when its loader knows it: the over-budget error names it once. */
  version?: string;
};

/** Orama rebalances its trees once per insert batch; small batches keep them shallow. */
const INSERT_BATCH = 32;
/** Orama's BM25 defaults. */
const BM25 = { k: 1.2, b: 0.75, d: 0.5 };
/** Cached per-word matches per tenant (shoppers refine facets while keeping their words): 256 words. */
export const TOKEN_CACHE_MAX = 256;
/** Cached filter bitmaps per tenant (one byte per car each: 256 x 10,000 cars = 2.5 MB at most). */
export const CLAUSE_CACHE_MAX = 256;
/** Orama memoises normalised tokens forever; cap it so arbitrary shopper queries cannot grow an isolate's memory. */
export const NORMALISATION_CACHE_MAX = 50_000;

/**
 * Estimated heap bytes per car of the columns (stubs, text, codes, numbers, orders, lookups), and of the Orama text
 * index once built; measured with the bench stock in Node (bench.ts prints the heap actually used).
 */
export const CORE_BYTES_PER_CAR = 1_200;
export const TEXT_INDEX_BYTES_PER_CAR = 2_500;

// --- building -------------------------------------------------------------------------------------------------

function facetColumn(keysOf: readonly (readonly string[])[], multi: boolean): FacetColumn {
  const keys: string[] = [];
  const codeOf = new Map<string, number>();
  const code = (key: string): number => {
    let c = codeOf.get(key);
    if (c === undefined) {
      c = keys.push(key) - 1;
      codeOf.set(key, c);
    }
    return c;
  };
  if (multi) {
    const starts = new Int32Array(keysOf.length + 1);
    const codes: number[] = [];
    keysOf.forEach((ks, i) => {
      for (const k of ks) codes.push(code(k));
      starts[i + 1] = codes.length;
    });
    return { keys, multi: { starts, codes: Int32Array.from(codes) } };
  }
  const codes = new Int32Array(keysOf.length);
  keysOf.forEach((ks, i) => {
    codes[i] = ks.length === 0 ? -1 : code(ks[0]!);
  });
  return { keys, codes };
}

function stubOf(car: Car): CarStub {
  const stub = {} as Record<string, unknown>;
  for (const field of STUB_FIELDS) stub[field] = car[field];
  return stub as CarStub;
}

/** The columns of `cars` (already filtered and deduplicated). Facet keys are memoised per raw value. */
export function indexCore(cars: readonly Car[]): IndexCore {
  const keyMemo = new Map<string, string>();
  const keyOf = (raw: string): string => {
    let key = keyMemo.get(raw);
    if (key === undefined) {
      key = facetKey(raw);
      keyMemo.set(raw, key);
    }
    return key;
  };
  const facetInfo = Object.fromEntries(TERM_FACETS.map((f) => [f, new Map<string, FacetValueInfo>()])) as Record<TermFacet, Map<string, FacetValueInfo>>;
  const facetKeys = Object.fromEntries(TERM_FACETS.map((f) => [f, [] as string[][]])) as Record<TermFacet, string[][]>;
  const n = cars.length;
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, new Float64Array(n)])) as Record<NumberField, Float64Array>;
  const reduced = new Uint8Array(n);
  cars.forEach((car, i) => {
    numbers.price[i] = car.price;
    numbers.km[i] = car.km;
    numbers.year[i] = car.year;
    numbers.subscription_price[i] = car.subscription_price ?? 0;
    reduced[i] = isReduced(car) ? 1 : 0;
    for (const facet of TERM_FACETS) {
      const info = facetInfo[facet];
      const keys: string[] = [];
      for (const raw of facetRawValues(car, facet)) {
        const key = keyOf(raw);
        if (key === '') continue;
        if (!info.has(key)) info.set(key, { value: raw, label: facetLabel(facet, raw, car) });
        if (facet === 'categories') {
          if (!keys.includes(key)) keys.push(key);
        } else {
          keys[0] = key;
        }
      }
      facetKeys[facet].push(keys);
    }
  });
  const columns = Object.fromEntries(TERM_FACETS.map((f) => [f, facetColumn(facetKeys[f], f === 'categories')])) as Record<TermFacet, FacetColumn>;
  const positions = sortPositions(cars);
  const orders = {} as Record<SortOption, Int32Array>;
  for (const sort of SORT_OPTIONS) orders[sort] = orderOf(positions[sort]);
  const stubs = cars.map(stubOf);
  return { stubs, state: stateColumns(stubs), texts: cars.map(searchableText), numbers, reduced, facetInfo, columns, orders };
}

/** The state columns of stubs (StateColumns). */
export function stateColumns(stubs: readonly CarStub[]): StateColumns {
  const n = stubs.length;
  const dictionary = () => {
    const keys: string[] = [];
    const codes = new Map<string, number>();
    return {
      keys,
      code(value: string): number {
        let c = codes.get(value);
        if (c === undefined) {
          c = keys.push(value) - 1;
          if (c > 255) throw new Error(`more than 256 distinct values: ${value}`);
          codes.set(value, c);
        }
        return c;
      },
    };
  };
  const types = dictionary();
  const statuses = dictionary();
  const state: StateColumns = {
    carTypes: types.keys,
    carType: new Uint8Array(n),
    statuses: statuses.keys,
    status: new Uint8Array(n),
    sold: new Uint8Array(n),
    soldAt: new Float64Array(n),
    createdAt: new Float64Array(n),
    sortPrice: new Float64Array(n),
  };
  stubs.forEach((stub, i) => {
    state.carType[i] = types.code(stub.car_type);
    state.status[i] = statuses.code(stub.status);
    state.sold[i] = stub.sold === true ? 1 : stub.sold === false ? 0 : 2;
    state.soldAt[i] = stub.sold_date_timestamp ?? NaN;
    state.createdAt[i] = stub.created_at_timestamp;
    state.sortPrice[i] = sortPrice(stub);
  });
  return state;
}

function orderOf(positions: Int32Array): Int32Array {
  const order = new Int32Array(positions.length);
  positions.forEach((position, i) => {
    order[position] = i;
  });
  return order;
}

function positionsOf(order: Int32Array): Int32Array {
  const positions = new Int32Array(order.length);
  order.forEach((ordinal, position) => {
    positions[ordinal] = position;
  });
  return positions;
}

/** The stock an index holds: shown on the dealer website, first of each id. */
export function indexedCars(stock: readonly Car[]): Car[] {
  const cars: Car[] = [];
  const seen = new Set<string>();
  for (const car of stock) {
    if (car.show_on_dealer_website !== true || seen.has(car.id)) continue;
    seen.add(car.id);
    cars.push(car);
  }
  return cars;
}

/** An index over columns and a store of the full cars (a build from stock, or a snapshot loaded). */
export function indexFromCore(core: IndexCore, store: CarStore, buildMs: number, loadTexts?: () => Promise<string[]>): TenantIndex {
  // Each sort's positions on first use (text queries and similar cars read them; a tenant's first search page,
  // without words, reads none: issue 19, cold start).
  const positions = {} as Record<SortOption, Int32Array>;
  for (const sort of SORT_OPTIONS) {
    let made: Int32Array | undefined;
    Object.defineProperty(positions, sort, { enumerable: true, get: () => (made ??= positionsOf(core.orders[sort])) });
  }
  const coreBytes = core.stubs.length * CORE_BYTES_PER_CAR;
  return { ...core, positions, lookups: {}, store, text: undefined, loadTexts, tokenCache: new Map(), clauseCache: new Map(), buildMs, coreBytes };
}

/** The ordinal of a car by slug (the first car of that slug) or by id, the maps built on first use. */
export function ordinalOf(index: TenantIndex, by: 'slug' | 'id', value: string): number | undefined {
  const { lookups, stubs } = index;
  if (by === 'slug') {
    if (!lookups.bySlug) {
      const bySlug = new Map<string, number>();
      for (let i = 0; i < stubs.length; i++) {
        const slug = stubs.slugAt ? stubs.slugAt(i) : stubs.at(i)!.slug;
        if (!bySlug.has(slug)) bySlug.set(slug, i);
      }
      lookups.bySlug = bySlug;
    }
    return lookups.bySlug.get(value);
  }
  if (!lookups.byId) {
    const byId = new Map<string, number>();
    for (let i = 0; i < stubs.length; i++) byId.set(stubs.idAt ? stubs.idAt(i) : stubs.at(i)!.id, i);
    lookups.byId = byId;
  }
  return lookups.byId.get(value);
}

/** A store over cars held in memory; `carBytes` estimates their heap size (default 16 KB a car). */
export function memoryCarStore(cars: readonly Car[], carBytes: number = cars.length * 16_384): CarStore {
  return { get: async (ordinals) => ordinals.map((i) => cars[i]!), bytes: () => carBytes };
}

/**
 * Builds a tenant's index from its stock, its cars kept in memory. Cars not shown on the dealer website are left out
 * entirely. `carBytes`: the stock's estimated heap size, when the loader knows it (e.g. from the KV text length).
 */
export function buildTenantIndex(stock: readonly Car[], carBytes?: number): TenantIndex {
  const started = performance.now();
  const cars = indexedCars(stock);
  const core = indexCore(cars);
  return indexFromCore(core, memoryCarStore(cars, carBytes), performance.now() - started);
}

/** Estimated heap bytes the index holds now: columns, caches, the text index once built and the cars loaded. */
export function indexBytes(index: TenantIndex): number {
  const n = index.stubs.length;
  let bytes = index.coreBytes + index.clauseCache.size * n;
  for (const matches of index.tokenCache.values()) bytes += matches.size * 40;
  if (index.text) bytes += n * TEXT_INDEX_BYTES_PER_CAR;
  if (index.texts) for (const text of index.texts) bytes += text.length * 2;
  return bytes + index.store.bytes();
}

// --- filters --------------------------------------------------------------------------------------------------

/** A filter of the request; `key` names the facet it refines. */
type Clause =
  | { key: TermFacet; kind: 'term'; keys: string[] }
  | { key: RangeFacet; kind: 'range'; min: number; max: number }
  | { key: 'reduced'; kind: 'reduced' };

function termClause(facet: TermFacet, values: readonly string[]): Clause | undefined {
  const keys = [...new Set(values.map(facetKey))].filter(Boolean).sort();
  // OR within a facet: any of the chosen values.
  return keys.length === 0 ? undefined : { key: facet, kind: 'term', keys };
}

function rangeClause(facet: RangeFacet, range: { min?: number | undefined; max?: number | undefined } | undefined): Clause | undefined {
  if (!range) return undefined;
  const { min, max } = range;
  const hasMin = typeof min === 'number' && Number.isFinite(min);
  const hasMax = typeof max === 'number' && Number.isFinite(max);
  if (!hasMin && !hasMax) return undefined;
  // Inclusive bounds.
  return { key: facet, kind: 'range', min: hasMin ? min : -Infinity, max: hasMax ? max : Infinity };
}

/** Least-recently-used lookup: a hit moves to the end of the map's insertion order; beyond `max` the oldest goes. */
export function cached<V>(cache: Map<string, V>, key: string, max: number, compute: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = compute();
  cache.set(key, value);
  while (cache.size > max) cache.delete(cache.keys().next().value!);
  return value;
}

/** Which cars match one filter, as a bitmap by ordinal, from the columns; cached per index. */
function clauseBitmap(index: TenantIndex, clause: Clause): Uint8Array {
  return cached(index.clauseCache, JSON.stringify(clause), CLAUSE_CACHE_MAX, () => {
    const n = index.stubs.length;
    const bitmap = new Uint8Array(n);
    if (clause.kind === 'reduced') {
      bitmap.set(index.reduced);
    } else if (clause.kind === 'range') {
      const values = index.numbers[clause.key];
      for (let i = 0; i < n; i++) if (values[i]! >= clause.min && values[i]! <= clause.max) bitmap[i] = 1;
    } else {
      const { keys, codes, multi } = index.columns[clause.key];
      const wanted = new Uint8Array(keys.length);
      const chosen = new Set(clause.keys);
      keys.forEach((key, c) => {
        if (chosen.has(key)) wanted[c] = 1;
      });
      if (codes) {
        for (let i = 0; i < n; i++) if (codes[i]! >= 0 && wanted[codes[i]!]) bitmap[i] = 1;
      } else {
        const { starts, codes: values } = multi!;
        for (let i = 0; i < n; i++) {
          for (let k = starts[i]!; k < starts[i + 1]!; k++) {
            if (wanted[values[k]!]) {
              bitmap[i] = 1;
              break;
            }
          }
        }
      }
    }
    return bitmap;
  });
}

// --- text -----------------------------------------------------------------------------------------------------

/** The texts and Orama text index of a text query, read and built on its first use (only text queries pay it). */
async function prepareText(index: TenantIndex): Promise<void> {
  if (index.text) return;
  if (!index.texts) {
    if (!index.loadTexts) throw new Error('index has no texts');
    index.texts = await index.loadTexts();
  }
  textIndexOf(index);
}

/** The Orama text index, built on first use (a few hundred ms at 6,000 cars: only text queries pay it). */
function textIndexOf(index: TenantIndex): TextIndex {
  if (index.text) return index.text;
  const started = performance.now();
  const db = create({ schema: TEXT_SCHEMA, sort: { enabled: false } });
  const docs = (index.texts ?? []).map((text, i) => ({ id: String(i), text }));
  const inserted = insertMultiple(db, docs, INSERT_BATCH);
  if (inserted instanceof Promise) throw new Error('Orama insert unexpectedly asynchronous');
  const ordinalOf = new Int32Array(docs.length + 1).fill(-1);
  docs.forEach((doc, i) => {
    const internal = db.internalDocumentIDStore.idToInternalId.get(doc.id);
    if (internal === undefined || internal >= ordinalOf.length) throw new Error(`Orama did not index car ${i}`);
    ordinalOf[internal] = i;
  });
  index.text = { db, ordinalOf, buildMs: performance.now() - started };
  return index.text;
}

function trimTokenizerCache(text: TextIndex): void {
  const cache = text.db.tokenizer.normalizationCache;
  if (cache.size > NORMALISATION_CACHE_MAX) cache.clear();
}

/** Normalised words of a query, as Orama tokenises the text field. */
function queryTokens(index: TenantIndex, query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  const text = textIndexOf(index);
  const tokens = cleanQueryTokens(text.db.tokenizer.tokenize(trimmed, undefined, undefined, false));
  trimTokenizerCache(text);
  return tokens;
}

/** Cars matching one word (as a prefix or within its typo tolerance) with their BM25 score; cached per index. */
function tokenMatches(index: TenantIndex, token: string): Map<number, number> {
  return cached(index.tokenCache, token, TOKEN_CACHE_MAX, () => {
    const text = textIndexOf(index);
    const { db } = text;
    const scored = db.index.search(db.data.index, token, db.tokenizer, undefined, ['text'], false, typoTolerance(token), {}, BM25, count(db), undefined, 0);
    trimTokenizerCache(text);
    const matches = new Map<number, number>();
    for (const [internal, score] of scored) {
      const i = text.ordinalOf[internal as number] ?? -1;
      if (i >= 0) matches.set(i, score);
    }
    return matches;
  });
}

/** Cars matching every word of the query, with the sum of their words' scores (all words, any field). */
function textMatches(index: TenantIndex, tokens: readonly string[]): Map<number, number> {
  const perToken = tokens.map((t) => tokenMatches(index, t)).sort((a, b) => a.size - b.size);
  const [smallest, ...rest] = perToken;
  const out = new Map<number, number>();
  if (!smallest) return out;
  for (const [i, score] of smallest) {
    let total = score;
    let all = true;
    for (const other of rest) {
      const s = other.get(i);
      if (s === undefined) {
        all = false;
        break;
      }
      total += s;
    }
    if (all) out.set(i, total);
  }
  return out;
}

// --- the pass -------------------------------------------------------------------------------------------------

/**
 * visibility.ts `isVisible` for one query (scope and `now` are fixed during a query) read from the state columns, so a
 * pass over every car makes no stub: the same rules (show_on_dealer_website is true for every indexed car), per
 * dictionary code where a rule reads a string; stock numbers are read (from the stubs) only when the tenant excludes
 * some. `tenant-index.test.ts` checks it against `isVisible` car by car.
 */
export function visibilityOf(index: TenantIndex, scope: SearchScope): (i: number) => boolean {
  const { carTypes, carType, statuses, status, sold, soldAt, createdAt } = index.state;
  const km = index.numbers.km;
  // belongsToSite: used-only, the demo-km rule, excluded stock numbers.
  const typeAllowed = Uint8Array.from(carTypes, (t) => (scope.used_only && t !== 'used' ? 0 : 1));
  const typeDemo = Uint8Array.from(carTypes, (t) => (t === 'demo' ? 1 : 0));
  const demoMaxKm = scope.demo_max_km;
  const excluded = scope.excluded_stocknums ?? [];
  const statusListed = Uint8Array.from(statuses, (s) => (s === 'in_stock' || s === 'coming_soon' || s === 'sold' ? 1 : 0));
  const statusSold = Uint8Array.from(statuses, (s) => (s === 'sold' ? 1 : 0));
  const statusInStock = Uint8Array.from(statuses, (s) => (s === 'in_stock' ? 1 : 0));
  const days = scope.include_sold_cars_days;
  const soldWindowMs = (typeof days === 'number' && Number.isFinite(days) ? Math.max(0, days) : DEFAULT_INCLUDE_SOLD_CARS_DAYS) * DAY_MS;
  const ageDays = scope.older_than_days;
  const ageLimitMs = ageDays && ageDays > 0 ? ageDays * DAY_MS : Infinity;
  const now = scope.now;
  return (i) => {
    const t = carType[i]!;
    if (typeAllowed[t] === 0) return false;
    if (typeDemo[t] === 1 && demoMaxKm != null && km[i]! > demoMaxKm) return false;
    if (excluded.length > 0 && isExcludedStocknum(index.stubs.at(i)!.stocknum, excluded)) return false;
    const s = status[i]!;
    if (statusListed[s] === 0) return false;
    const isSold = statusSold[s] === 1 || sold[i] === 1;
    if (scope.in_stock_only && (isSold || statusInStock[s] === 0)) return false;
    // A sold car without a sale date (NaN) cannot prove it is recent: the comparison is false, so it is hidden.
    if (isSold && !(now - soldAt[i]! <= soldWindowMs)) return false;
    return ageLimitMs === Infinity || now - createdAt[i]! <= ageLimitMs;
  };
}

/** sorting.ts `saleRank` from the state columns: 0 for a car still for sale, 1 for a sold one. */
function saleRankAt(index: TenantIndex, i: number): 0 | 1 {
  const { statuses, status, sold } = index.state;
  return statuses[status[i]!] === 'sold' || sold[i] === 1 ? 1 : 0;
}

/** sorting.ts `passesSortFilter` from the columns (price sorts: a shown price; subscription: one). */
function sortFilterOf(index: TenantIndex, sort: SortOption): ((i: number) => boolean) | undefined {
  if (sort === 'price_asc' || sort === 'price_desc') {
    const price = index.state.sortPrice;
    return (i) => price[i]! > 0;
  }
  if (sort === 'subscription_price') {
    const subscription = index.numbers.subscription_price;
    return (i) => subscription[i]! > 0;
  }
  return undefined;
}

type PassResult = {
  /** Ordinals passing every filter, in order. */
  matches: number[];
  /** Per filter: ordinals failing that filter only (for disjunctive facet counts). */
  nearMisses: number[][];
};

/**
 * Walks the candidate cars in order and sorts them into full matches and near misses (failing one filter).
 * Candidates are the text matches (ordered by `order` or by score) or, without text, every car in `order`.
 */
function runPass(index: TenantIndex, candidates: ArrayLike<number>, clauses: readonly Clause[], accept: (i: number) => boolean, wantNearMisses: boolean): PassResult {
  const bitmaps = clauses.map((c) => clauseBitmap(index, c));
  const matches: number[] = [];
  const nearMisses: number[][] = clauses.map(() => []);
  // An indexed loop, not an iterator: cheaper before V8 has optimised it (a tenant's first page: issue 19, cold start).
  for (let k = 0, n = candidates.length; k < n; k++) {
    const i = candidates[k]!;
    if (!accept(i)) continue;
    let failed = -1;
    let fails = 0;
    for (let c = 0; c < bitmaps.length; c++) {
      if (bitmaps[c]![i] === 0) {
        failed = c;
        if (++fails > 1 || !wantNearMisses) break;
      }
    }
    if (fails === 0) matches.push(i);
    else if (fails === 1 && wantNearMisses) nearMisses[failed]!.push(i);
  }
  return { matches, nearMisses };
}

function orderedCandidates(index: TenantIndex, sort: SortOption, text: Map<number, number> | undefined): ArrayLike<number> {
  if (!text) return index.orders[sort];
  const pos = index.positions[sort];
  const ids = [...text.keys()];
  if (sort === 'relevance') {
    // With a text query, "most relevant" is cars for sale first, then the text score; ties use the no-query order.
    const rel = index.positions.relevance;
    const sold = (i: number) => saleRankAt(index, i);
    return ids.sort((a, b) => sold(a) - sold(b) || text.get(b)! - text.get(a)! || rel[a]! - rel[b]!);
  }
  return ids.sort((a, b) => pos[a]! - pos[b]!);
}

function countTerm(index: TenantIndex, lists: readonly (readonly number[])[], facet: TermFacet): FacetItem[] {
  const { keys, codes, multi } = index.columns[facet];
  const buckets = new Int32Array(keys.length);
  // Indexed loops over locals: a tenant's first page runs this before V8 has optimised it (issue 19, cold start), and
  // the interpreter pays for every iterator step and property load.
  for (const list of lists) {
    const n = list.length;
    if (codes) {
      for (let j = 0; j < n; j++) {
        const c = codes[list[j]!]!;
        if (c >= 0) buckets[c]!++;
      }
    } else {
      const { starts, codes: values } = multi!;
      for (let j = 0; j < n; j++) {
        const i = list[j]!;
        const end = starts[i + 1]!;
        for (let k = starts[i]!; k < end; k++) buckets[values[k]!]!++;
      }
    }
  }
  const counts = new Map<string, number>();
  buckets.forEach((n, c) => {
    if (n > 0) counts.set(keys[c]!, n);
  });
  return facetItems(counts, index.facetInfo[facet]);
}

function statsOf(index: TenantIndex, lists: readonly (readonly number[])[], field: RangeFacet): { min: number; max: number } | undefined {
  const values = index.numbers[field];
  let min = Infinity;
  let max = -Infinity;
  for (const list of lists) {
    for (let j = 0, n = list.length; j < n; j++) {
      const value = values[list[j]!]!;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return min === Infinity ? undefined : { min, max };
}

/** Consecutive sold hits collapsed (collapse.ts), on ordinals. */
function collapseOrdinals(index: TenantIndex, ordinals: readonly number[]): number[] {
  const kept = collapseSoldRuns(ordinals.map((i) => ({ i, status: index.stubs.at(i)!.status, sold: index.stubs.at(i)!.sold })));
  return kept.map((k) => k.i);
}

/**
 * One search request over a tenant index. Facet counts and range min/max are disjunctive: each facet ignores its
 * own refinement (ticking Toyota still shows Mazda's count; a price slider keeps its full span).
 */
export async function searchIndex(index: TenantIndex, scope: SearchScope, request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  if (request.query.trim() !== '') await prepareText(index);
  const visible = visibilityOf(index, scope);
  const tokens = queryTokens(index, request.query);
  const text = tokens.length > 0 ? textMatches(index, tokens) : undefined;

  const clauses: Clause[] = [];
  for (const facet of TERM_FACETS) {
    const clause = termClause(facet, request.filters[facet] ?? []);
    if (clause) clauses.push(clause);
  }
  for (const facet of RANGE_FACETS) {
    const clause = rangeClause(facet, request.ranges[facet]);
    if (clause) clauses.push(clause);
  }
  // The specials: cars shown at a reduced price.
  if (request.reduced) clauses.push({ key: 'reduced', kind: 'reduced' });
  // Spec §9: price sorts list only cars that show a price (and the subscription sort only cars with one).
  const sortFilter = sortFilterOf(index, request.sortBy);
  const accept = sortFilter ? (i: number) => sortFilter(i) && visible(i) : visible;

  const { matches, nearMisses } = runPass(index, orderedCandidates(index, request.sortBy, text), clauses, accept, clauses.length > 0);
  const listsFor = (key: string): number[][] => {
    const c = clauses.findIndex((clause) => clause.key === key);
    return c < 0 ? [matches] : [matches, nearMisses[c]!];
  };

  const facets: SearchResponse['facets'] = {};
  for (const facet of new Set(request.facets)) facets[facet] = countTerm(index, listsFor(facet), facet);
  const facetStats: SearchResponse['facetStats'] = {};
  for (const field of RANGE_FACETS) {
    const stats = statsOf(index, listsFor(field), field);
    if (stats) facetStats[field] = stats;
  }

  const { pages, offset, end } = pageWindow(matches.length, request.page, request.hitsPerPage);
  const hits = await cardsOf(index.store, collapseOrdinals(index, matches.slice(offset, end)));
  return {
    hits,
    facets,
    facetStats,
    count: matches.length,
    page: request.page,
    pages,
    hitsPerPage: request.hitsPerPage,
    ms: Math.round((performance.now() - started) * 100) / 100,
  };
}

async function carAt(index: TenantIndex, scope: SearchScope, i: number | undefined): Promise<Car | null> {
  if (i === undefined || !hasVehiclePage(index.stubs.at(i)!, scope)) return null;
  return (await index.store.get([i]))[0] ?? null;
}

/** The car with this slug if it has a vehicle page on the tenant's site (sold cars included, see hasVehiclePage). */
export function carBySlug(index: TenantIndex, scope: SearchScope, slug: string): Promise<Car | null> {
  return carAt(index, scope, ordinalOf(index, 'slug', slug));
}

/** The car with this id under carBySlug's rule (a vehicle page on the tenant's site, sold cars included). */
export function carById(index: TenantIndex, scope: SearchScope, id: string): Promise<Car | null> {
  return carAt(index, scope, ordinalOf(index, 'id', id));
}

/**
 * Similar cars (spec §7/§9): three queries in priority order (same make and model, same make, same body type),
 * each in stock, visible, within the price window, closest price first and at most 10 hits; then merged.
 */
export async function similarCars(index: TenantIndex, scope: SearchScope, car: Car, limit: number = SIMILAR_MAX): Promise<Car[]> {
  const visible = visibilityOf(index, scope);
  // isInStock from the columns; the car itself (ids are unique in the index) left out by its ordinal.
  const { statuses, status, sold } = index.state;
  const self = ordinalOf(index, 'id', car.id);
  const eligible = (i: number) => i !== self && statuses[status[i]!] === 'in_stock' && sold[i] !== 1 && visible(i);
  const window = similarPriceWindow(car.price);
  const base: Clause[] = [{ key: 'status', kind: 'term', keys: [facetKey('in_stock')] }];
  if (window) base.push({ key: 'price', kind: 'range', min: window.min, max: window.max });

  const make: Clause = { key: 'make', kind: 'term', keys: [facetKey(car.make)] };
  const queries: Clause[][] = [[make, { key: 'model', kind: 'term', keys: [facetKey(car.model)] }], [make]];
  if (car.simple_body) queries.push([{ key: 'simple_body', kind: 'term', keys: [facetKey(car.simple_body)] }]);

  const relevance = index.positions.relevance;
  const closest = byPriceCloseness<{ i: number; price: number }>(car.price, (a, b) => relevance[a.i]! - relevance[b.i]!);
  const groups = queries.map((query) => {
    const { matches } = runPass(index, index.orders.relevance, [...base, ...query], eligible, false);
    return matches
      .map((i) => ({ i, price: index.numbers.price[i]! }))
      .sort(closest)
      .slice(0, SIMILAR_QUERY_LIMIT)
      .map(({ i }) => i);
  });
  // Every group's cars loaded at once (a snapshot: from its card blocks, each read once), then merged as cars.
  const wanted = [...new Set(groups.flat())];
  const loaded = await cardsOf(index.store, wanted);
  const byOrdinal = new Map(wanted.map((i, k) => [i, loaded[k]!]));
  return mergeSimilar(
    groups.map((g) => g.map((i) => byOrdinal.get(i)!)),
    car.id,
    limit,
  );
}
