/**
 * The parts search port (spec §7 "Offers/parts search": filters on categories and price): the search over a tenant's
 * parts catalogue (entities/part.ts) that `/parts/search` (mf-search) reads. Like the stock search port (search.ts) it
 * has an embedded adapter and a Meilisearch one; the tenant is always the server's, never the browser's.
 */
import * as v from 'valibot';
import { PART_CATEGORIES, type Part, type PartCategory } from './entities/part.ts';

/** Sort orders: most relevant (words, then in stock, then name), price low to high, price high to low. */
export const PARTS_SORTS = ['relevance', 'price_asc', 'price_desc'] as const;
export type PartsSort = (typeof PARTS_SORTS)[number];

/** Results per page of the parts search. */
export const PARTS_PER_PAGE = 24;

/** A structured parts search (what the page's query parses into). */
export const PartsSearchRequestSchema = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  /** Categories to show (OR); empty: all. */
  categories: v.optional(v.pipe(v.array(v.picklist(PART_CATEGORIES)), v.maxLength(PART_CATEGORIES.length)), []),
  /** Inclusive price bounds in dollars. */
  price: v.optional(v.object({ min: v.optional(v.pipe(v.number(), v.minValue(0))), max: v.optional(v.pipe(v.number(), v.minValue(0))) }), {}),
  sortBy: v.optional(v.picklist(PARTS_SORTS), 'relevance'),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
  hitsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), PARTS_PER_PAGE),
});
export type PartsSearchRequest = v.InferOutput<typeof PartsSearchRequestSchema>;
export type PartsSearchRequestInput = v.InferInput<typeof PartsSearchRequestSchema>;

/** One category of the facet, counted over the parts matching everything but the category refinement. */
export type PartCategoryCount = { value: PartCategory; count: number };

export type PartsSearchResponse = {
  hits: Part[];
  /** Every category with at least one matching part (or refined), in PART_CATEGORIES order (disjunctive counts). */
  categories: PartCategoryCount[];
  count: number;
  page: number;
  pages: number;
  hitsPerPage: number;
};

/** Whose catalogue: built on the server from the request's tenant, never from request input. */
export type PartsScope = { tenant: string };

export interface PartsSearchPort {
  search(scope: PartsScope, request: PartsSearchRequest): Promise<PartsSearchResponse>;
  /** One part of this tenant's catalogue by id (an enquiry link's `enquire=`); another tenant's part is null. */
  getById(scope: PartsScope, id: string): Promise<Part | null>;
}
