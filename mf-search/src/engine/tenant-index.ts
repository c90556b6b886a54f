/**
 * One tenant's Orama index and the queries over it.
 *
 * Orama holds the index: a radix tree over the searchable text (prefix and typo-tolerant matching, BM25 scores)
 * and trees over facet keys and numbers (filters). A query asks Orama's index for the cars matching each word
 * and each filter (sets of ids, nothing materialised), then one linear pass over the tenant's cars in the
 * requested order applies visibility, counts facets and slices the page. That pass also yields disjunctive facet
 * counts for free: a car failing exactly one filter counts for that filter's facet only.
 * Pure ESM, no Node APIs: runs in workerd.
 */
import { count, create, insertMultiple } from '@orama/orama';
import type { Orama, WhereCondition } from '@orama/orama';
import type { Car } from '@forecourt/contracts/entities/car';
import {
  RANGE_FACETS,
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
import { isReduced } from './pricing.ts';
import { passesSortFilter, saleRank, sortPositions } from './sorting.ts';
import { cleanQueryTokens, searchableText, typoTolerance } from './text.ts';
import { hasVehiclePage, isInStock, isVisible } from './visibility.ts';

/**
 * Orama schema: one text field for the query, term facets as enums of normalised keys (exact match, no
 * tokenising), range facets as numbers. Cars themselves stay outside Orama, addressed by position.
 */
const SCHEMA = {
  text: 'string',
  car_type: 'enum',
  make: 'enum',
  model: 'enum',
  make_model: 'enum',
  simple_body: 'enum',
  badge: 'enum',
  status: 'enum',
  categories: 'enum[]',
  city: 'enum',
  colour: 'enum',
  simple_fuel: 'enum',
  simple_transmission: 'enum',
  simple_drive: 'enum',
  dealership_slug: 'enum',
  location_id: 'enum',
  certified: 'enum',
  price: 'number',
  km: 'number',
  year: 'number',
  subscription_price: 'number',
  reduced: 'enum',
} as const satisfies Record<TermFacet | RangeFacet | 'text' | 'subscription_price' | 'reduced', string>;

type Schema = typeof SCHEMA;
type Where = WhereCondition<Schema>;

/** The document given to Orama: facet fields hold normalised keys (see facetKey). */
type IndexedDoc = {
  id: string;
  text: string;
  categories: string[];
  price: number;
  km: number;
  year: number;
  subscription_price: number;
  /** 'true' for a car shown at a reduced price (pricing.ts isReduced), else 'false'. */
  reduced: 'true' | 'false';
} & Partial<Record<Exclude<TermFacet, 'categories'>, string>>;

/** Orama rebalances its number trees once per insert batch; small batches keep them shallow even for sorted feeds. */
const INSERT_BATCH = 32;
/** Orama's BM25 defaults. */
const BM25 = { k: 1.2, b: 0.75, d: 0.5 };
/** Cached per-word matches per tenant (shoppers refine facets while keeping their words). */
const TOKEN_CACHE_MAX = 256;
/** Cached filter bitmaps per tenant (one byte per car each: 256 x 10,000 cars = 2.5 MB at most). */
const CLAUSE_CACHE_MAX = 256;
/** Orama memoises normalised tokens forever; cap it so arbitrary shopper queries cannot grow an isolate's memory. */
const NORMALISATION_CACHE_MAX = 50_000;

export type TenantIndex = {
  db: Orama<Schema>;
  /** Cars shown on the dealer website (show_on_dealer_website true), first of each id; a car's position is its ordinal. */
  cars: Car[];
  docs: IndexedDoc[];
  bySlug: Map<string, number>;
  /** Ordinal of each car id (ids are unique in `cars`): finance links name a car by id. */
  byId: Map<string, number>;
  /** Ordinal of each Orama internal id (-1 when unknown). */
  ordinalOf: Int32Array;
  /** Ordinals in each sort order, and each ordinal's position in it. */
  orders: Record<SortOption, Int32Array>;
  positions: Record<SortOption, Int32Array>;
  facetInfo: Record<TermFacet, Map<string, FacetValueInfo>>;
  /** Facet values per car as small integers, for fast counting. */
  columns: Record<TermFacet, FacetColumn>;
  /** Query word -> ordinal -> BM25 score of the cars matching it. */
  tokenCache: Map<string, Map<number, number>>;
  /** Filter -> bitmap by ordinal of the cars matching it (filters depend on the stock only, not on scope or time). */
  clauseCache: Map<string, Uint8Array>;
  buildMs: number;
};

/** One facet's values per car: `keys[code]`; `codes[i]` for one-value facets (-1: none), `multi[i]` for categories. */
type FacetColumn = { keys: string[]; codes?: Int32Array; multi?: number[][] };

function facetColumn(docs: readonly IndexedDoc[], facet: TermFacet): FacetColumn {
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
  if (facet === 'categories') return { keys, multi: docs.map((doc) => doc.categories.map(code)) };
  const codes = new Int32Array(docs.length);
  docs.forEach((doc, i) => {
    const key = doc[facet];
    codes[i] = key === undefined ? -1 : code(key);
  });
  return { keys, codes };
}

/**
 * Orama documents, slug lookup and facet value info in one walk over the cars. Facet keys are memoised per raw
 * value (a tenant has a few hundred distinct values across thousands of cars).
 */
function describe(cars: readonly Car[]): { docs: IndexedDoc[]; bySlug: Map<string, number>; facetInfo: Record<TermFacet, Map<string, FacetValueInfo>> } {
  const keyMemo = new Map<string, string>();
  const keyOf = (raw: string): string => {
    let key = keyMemo.get(raw);
    if (key === undefined) {
      key = facetKey(raw);
      keyMemo.set(raw, key);
    }
    return key;
  };
  const bySlug = new Map<string, number>();
  const facetInfo = Object.fromEntries(TERM_FACETS.map((f) => [f, new Map<string, FacetValueInfo>()])) as Record<TermFacet, Map<string, FacetValueInfo>>;
  const docs = cars.map((car, i): IndexedDoc => {
    if (!bySlug.has(car.slug)) bySlug.set(car.slug, i);
    const doc: IndexedDoc = {
      id: car.id,
      text: searchableText(car),
      categories: [],
      price: car.price,
      km: car.km,
      year: car.year,
      subscription_price: car.subscription_price ?? 0,
      reduced: isReduced(car) ? 'true' : 'false',
    };
    for (const facet of TERM_FACETS) {
      const info = facetInfo[facet];
      for (const raw of facetRawValues(car, facet)) {
        const key = keyOf(raw);
        if (key === '') continue;
        if (!info.has(key)) info.set(key, { value: raw, label: facetLabel(facet, raw, car) });
        if (facet === 'categories') {
          if (!doc.categories.includes(key)) doc.categories.push(key);
        } else {
          doc[facet] = key;
        }
      }
    }
    return doc;
  });
  return { docs, bySlug, facetInfo };
}

/** Builds a tenant's index from its stock. Cars not shown on the dealer website are left out entirely. */
export function buildTenantIndex(stock: readonly Car[]): TenantIndex {
  const started = performance.now();
  const cars: Car[] = [];
  const seen = new Set<string>();
  for (const car of stock) {
    if (car.show_on_dealer_website !== true || seen.has(car.id)) continue;
    seen.add(car.id);
    cars.push(car);
  }
  const { docs, bySlug, facetInfo } = describe(cars);
  const byId = new Map(cars.map((car, i) => [car.id, i]));

  // Sorting uses precomputed total orders (with tie-breaks), so Orama's sorter is off.
  const db = create({ schema: SCHEMA, sort: { enabled: false } });
  const inserted = insertMultiple(db, docs, INSERT_BATCH);
  if (inserted instanceof Promise) throw new Error('Orama insert unexpectedly asynchronous');

  const ordinalOf = new Int32Array(cars.length + 1).fill(-1);
  docs.forEach((doc, i) => {
    const internal = db.internalDocumentIDStore.idToInternalId.get(doc.id);
    if (internal === undefined) throw new Error(`Orama did not index car ${doc.id}`);
    if (internal >= ordinalOf.length) throw new Error(`Unexpected Orama internal id ${internal}`);
    ordinalOf[internal] = i;
  });

  const positions = sortPositions(cars);
  const orders = {} as Record<SortOption, Int32Array>;
  for (const sort of Object.keys(positions) as SortOption[]) {
    const order = new Int32Array(cars.length);
    positions[sort].forEach((position, i) => {
      order[position] = i;
    });
    orders[sort] = order;
  }
  const columns = Object.fromEntries(TERM_FACETS.map((f) => [f, facetColumn(docs, f)])) as Record<TermFacet, FacetColumn>;
  return { db, cars, docs, bySlug, byId, ordinalOf, orders, positions, facetInfo, columns, tokenCache: new Map(), clauseCache: new Map(), buildMs: performance.now() - started };
}

// --- filters --------------------------------------------------------------------------------------------------

/** A filter of the request; `key` names the facet it refines. */
type Clause = { key: string; where: Where };

function termClause(facet: TermFacet, values: readonly string[]): Clause | undefined {
  const keys = [...new Set(values.map(facetKey))].filter(Boolean).sort();
  if (keys.length === 0) return undefined;
  // OR within a facet: any of the chosen values.
  const where = (facet === 'categories' ? { categories: { containsAny: keys } } : { [facet]: { in: keys } }) as Where;
  return { key: facet, where };
}

function rangeClause(facet: RangeFacet, range: { min?: number | undefined; max?: number | undefined } | undefined): Clause | undefined {
  if (!range) return undefined;
  const { min, max } = range;
  const hasMin = typeof min === 'number' && Number.isFinite(min);
  const hasMax = typeof max === 'number' && Number.isFinite(max);
  if (!hasMin && !hasMax) return undefined;
  // Inclusive bounds (AVL between/gte/lte are inclusive).
  const op = hasMin && hasMax ? { between: [min, max] as [number, number] } : hasMin ? { gte: min } : { lte: max! };
  return { key: facet, where: { [facet]: op } as Where };
}

/** Least-recently-used lookup: a hit moves to the end of the map's insertion order. */
function cached<V>(cache: Map<string, V>, key: string, max: number, compute: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = compute();
  cache.set(key, value);
  if (cache.size > max) cache.delete(cache.keys().next().value!);
  return value;
}

/** Which cars match one filter, as a bitmap by ordinal; Orama evaluates the filter, the result is cached. */
function clauseBitmap(index: TenantIndex, clause: Clause): Uint8Array {
  return cached(index.clauseCache, JSON.stringify(clause.where), CLAUSE_CACHE_MAX, () => {
    const ids = index.db.index.searchByWhereClause(index.db.data.index, index.db.tokenizer, clause.where, undefined);
    const bitmap = new Uint8Array(index.cars.length);
    for (const internal of ids) {
      const i = index.ordinalOf[internal as number] ?? -1;
      if (i >= 0) bitmap[i] = 1;
    }
    return bitmap;
  });
}

// --- text -----------------------------------------------------------------------------------------------------

function trimTokenizerCache(index: TenantIndex): void {
  const cache = index.db.tokenizer.normalizationCache;
  if (cache.size > NORMALISATION_CACHE_MAX) cache.clear();
}

/** Normalised words of a query, as Orama tokenises the text field. */
function queryTokens(index: TenantIndex, query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  return cleanQueryTokens(index.db.tokenizer.tokenize(trimmed, undefined, undefined, false));
}

/** Cars matching one word (as a prefix or within its typo tolerance) with their BM25 score; cached per index. */
function tokenMatches(index: TenantIndex, token: string): Map<number, number> {
  return cached(index.tokenCache, token, TOKEN_CACHE_MAX, () => {
    const { db } = index;
    const scored = db.index.search(db.data.index, token, db.tokenizer, undefined, ['text'], false, typoTolerance(token), {}, BM25, count(db), undefined, 0);
    trimTokenizerCache(index);
    const matches = new Map<number, number>();
    for (const [internal, score] of scored) {
      const i = index.ordinalOf[internal as number] ?? -1;
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

/** Memoised `isVisible` for one query (scope and `now` are fixed during a query). */
function visibilityOf(index: TenantIndex, scope: SearchScope): (i: number) => boolean {
  const memo = new Uint8Array(index.cars.length);
  return (i) => {
    if (memo[i] === 0) memo[i] = isVisible(index.cars[i]!, scope) ? 1 : 2;
    return memo[i] === 1;
  };
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
function runPass(
  index: TenantIndex,
  candidates: Iterable<number>,
  clauses: readonly Clause[],
  accept: (i: number) => boolean,
  wantNearMisses: boolean,
): PassResult {
  const bitmaps = clauses.map((c) => clauseBitmap(index, c));
  const matches: number[] = [];
  const nearMisses: number[][] = clauses.map(() => []);
  for (const i of candidates) {
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

function orderedCandidates(index: TenantIndex, sort: SortOption, text: Map<number, number> | undefined): Iterable<number> {
  if (!text) return index.orders[sort];
  const pos = index.positions[sort];
  const ids = [...text.keys()];
  if (sort === 'relevance') {
    // With a text query, "most relevant" is cars for sale first, then the text score; ties use the no-query order.
    const rel = index.positions.relevance;
    const sold = (i: number) => saleRank(index.cars[i]!);
    return ids.sort((a, b) => sold(a) - sold(b) || text.get(b)! - text.get(a)! || rel[a]! - rel[b]!);
  }
  return ids.sort((a, b) => pos[a]! - pos[b]!);
}

function countTerm(index: TenantIndex, lists: readonly (readonly number[])[], facet: TermFacet): FacetItem[] {
  const { keys, codes, multi } = index.columns[facet];
  const buckets = new Int32Array(keys.length);
  for (const list of lists) {
    for (const i of list) {
      if (codes) {
        const c = codes[i]!;
        if (c >= 0) buckets[c]!++;
      } else {
        for (const c of multi![i]!) buckets[c]!++;
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
  let min = Infinity;
  let max = -Infinity;
  for (const list of lists) {
    for (const i of list) {
      const value = index.docs[i]![field];
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return min === Infinity ? undefined : { min, max };
}

/**
 * One search request over a tenant index. Facet counts and range min/max are disjunctive: each facet ignores its
 * own refinement (ticking Toyota still shows Mazda's count; a price slider keeps its full span).
 */
export function searchIndex(index: TenantIndex, scope: SearchScope, request: SearchRequest): SearchResponse {
  const started = performance.now();
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
  if (request.reduced) clauses.push({ key: 'reduced', where: { reduced: { eq: 'true' } } as Where });
  // Spec §9: price sorts list only cars that show a price (and the subscription sort only cars with one).
  const accept = (i: number) => passesSortFilter(index.cars[i]!, request.sortBy) && visible(i);

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
  const hits = collapseSoldRuns(matches.slice(offset, end).map((i) => index.cars[i]!));
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

/** The car with this slug if it has a vehicle page on the tenant's site (sold cars included, see hasVehiclePage). */
export function carBySlug(index: TenantIndex, scope: SearchScope, slug: string): Car | null {
  const i = index.bySlug.get(slug);
  if (i === undefined) return null;
  const car = index.cars[i]!;
  return hasVehiclePage(car, scope) ? car : null;
}

/** The car with this id under carBySlug's rule (a vehicle page on the tenant's site, sold cars included). */
export function carById(index: TenantIndex, scope: SearchScope, id: string): Car | null {
  const i = index.byId.get(id);
  if (i === undefined) return null;
  const car = index.cars[i]!;
  return hasVehiclePage(car, scope) ? car : null;
}

/**
 * Similar cars (spec §7/§9): three queries in priority order (same make and model, same make, same body type),
 * each in stock, visible, within the price window, closest price first and at most 10 hits; then merged.
 */
export function similarCars(index: TenantIndex, scope: SearchScope, car: Car, limit: number = SIMILAR_MAX): Car[] {
  const visible = visibilityOf(index, scope);
  const eligible = (i: number) => visible(i) && isInStock(index.cars[i]!) && index.cars[i]!.id !== car.id;
  const window = similarPriceWindow(car.price);
  const base: Clause[] = [{ key: 'status', where: { status: { eq: facetKey('in_stock') } } }];
  if (window) base.push({ key: 'price', where: { price: { between: [window.min, window.max] } } });

  const make: Clause = { key: 'make', where: { make: { eq: facetKey(car.make) } } };
  const queries: Clause[][] = [[make, { key: 'model', where: { model: { eq: facetKey(car.model) } } }], [make]];
  if (car.simple_body) queries.push([{ key: 'simple_body', where: { simple_body: { eq: facetKey(car.simple_body) } } }]);

  const relevance = index.positions.relevance;
  const closest = byPriceCloseness<{ i: number; price: number }>(car.price, (a, b) => relevance[a.i]! - relevance[b.i]!);
  const groups = queries.map((query) => {
    const { matches } = runPass(index, index.orders.relevance, [...base, ...query], eligible, false);
    return matches
      .map((i) => ({ i, price: index.cars[i]!.price }))
      .sort(closest)
      .slice(0, SIMILAR_QUERY_LIMIT)
      .map(({ i }) => index.cars[i]!);
  });
  return mergeSimilar(groups, car.id, limit);
}
