/**
 * The parts search page's URL (`/parts/search`, contracts routes.ts lists these params): what the shopper asked for,
 * read with a valibot schema where every bad value is dropped on its own (a hand-edited or stale link still shows a
 * page, never an error), and written back for the page's links (paging, Enquire about this part).
 *
 * Params: `query` (words: what this page's form, its links and mf-locations' parts page form send; `q` is read as the
 * same when `query` is absent, only for a typed or hand-edited URL such as `/parts/search?q=tow+bar`, the usual
 * short name of a search box's words elsewhere; nothing here writes it),
 * `category` (repeated; PART_CATEGORIES), `price_min` / `price_max` (whole or cents dollars),
 * `sortBy` (relevance | price_asc | price_desc), `page` (1-1000), `enquire` (a part id: the enquiry shown above the results).
 */
import * as v from 'valibot';
import { PART_CATEGORIES, type PartCategory } from '@forecourt/contracts/entities/part';
import { LEAD_FORM_QUERY_ID_PATTERN } from '@forecourt/contracts/lead-forms';
import { PARTS_PER_PAGE, PARTS_SORTS, type PartsSearchRequest, type PartsSort } from '@forecourt/contracts/parts-search';

/** The page's own path (contracts ROUTES `/parts/search`). */
export const PARTS_SEARCH_PATH = '/parts/search';
/** Query params the page reads, in the order its links write them. */
export const PARTS_QUERY_PARAMS = ['query', 'q', 'category', 'price_min', 'price_max', 'sortBy', 'page', 'enquire'] as const;

const Amount = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,7}(\.\d{1,2})?$/), v.transform(Number));

/** One schema per param, each with its own fallback: a bad value falls back alone. */
export const PartsQuerySchema = v.object({
  query: v.fallback(v.pipe(v.string(), v.trim(), v.transform((s) => s.slice(0, 200))), ''),
  category: v.fallback(
    v.pipe(v.array(v.string()), v.transform((values) => [...new Set(values.filter((c): c is PartCategory => (PART_CATEGORIES as readonly string[]).includes(c)))])),
    [],
  ),
  price_min: v.fallback(v.optional(Amount), undefined),
  price_max: v.fallback(v.optional(Amount), undefined),
  sortBy: v.fallback(v.picklist(PARTS_SORTS), 'relevance'),
  page: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
  enquire: v.fallback(v.optional(v.pipe(v.string(), v.regex(LEAD_FORM_QUERY_ID_PATTERN))), undefined),
});

export type PartsQuery = {
  query: string;
  categories: PartCategory[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  sortBy: PartsSort;
  page: number;
  enquire?: string | undefined;
};

/**
 * Reads the page's query. Price bounds given the wrong way round are swapped (the shopper's intent is clear).
 * @example parsePartsQuery(new URLSearchParams('category=towing&price_max=500')) // { categories: ['towing'], priceMax: 500, ... }
 */
export function parsePartsQuery(params: URLSearchParams): PartsQuery {
  const raw: Record<string, unknown> = { category: params.getAll('category') };
  for (const key of ['query', 'price_min', 'price_max', 'sortBy', 'page', 'enquire'] as const) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  // `q`: the usual short name of a search's words, for a typed URL (`/parts/search?q=tow+bar`); no form or link sends it.
  if (raw.query === undefined && params.get('q')) raw.query = params.get('q');
  const q = v.parse(PartsQuerySchema, raw);
  let [min, max] = [q.price_min, q.price_max];
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return { query: q.query, categories: q.category, priceMin: min, priceMax: max, sortBy: q.sortBy, page: q.page, enquire: q.enquire };
}

/** The search request of a query (the port's contract: PARTS_PER_PAGE a page). */
export function partsRequest(q: PartsQuery): PartsSearchRequest {
  return {
    query: q.query,
    categories: q.categories,
    price: { ...(q.priceMin !== undefined ? { min: q.priceMin } : {}), ...(q.priceMax !== undefined ? { max: q.priceMax } : {}) },
    sortBy: q.sortBy,
    page: q.page,
    hitsPerPage: PARTS_PER_PAGE,
  };
}

/**
 * A link to the page with this query and some changes: the default sort and page 1 are left out, so equal searches
 * have one URL. `enquire` travels only when given.
 * @example partsSearchHref(q, { enquire: 'ht-p5' }) // '/parts/search?category=towing&enquire=ht-p5'
 */
export function partsSearchHref(q: PartsQuery, changes: Partial<PartsQuery> = {}): string {
  const next = { ...q, enquire: undefined, ...changes };
  const params = new URLSearchParams();
  if (next.query) params.set('query', next.query);
  for (const c of next.categories) params.append('category', c);
  if (next.priceMin !== undefined) params.set('price_min', String(next.priceMin));
  if (next.priceMax !== undefined) params.set('price_max', String(next.priceMax));
  if (next.sortBy !== 'relevance') params.set('sortBy', next.sortBy);
  if (next.page > 1) params.set('page', String(next.page));
  if (next.enquire) params.set('enquire', next.enquire);
  const query = params.toString();
  return query ? `${PARTS_SEARCH_PATH}?${query}` : PARTS_SEARCH_PATH;
}
