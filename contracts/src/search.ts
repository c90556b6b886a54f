/**
 * Search port: spec §3 Search state, §7 "Search service query", ARCHITECTURE.md "Data".
 * The tenant scope is never taken from the browser: adapters receive it from the server.
 */
import * as v from 'valibot';
import type { Car } from './entities/car.ts';

export const SORT_OPTIONS = ['relevance', 'latest', 'price_desc', 'price_asc', 'subscription_price', 'km_asc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Facets whose values are listed with counts (checkbox lists, make cards, body tiles). */
export const TERM_FACETS = ['car_type', 'make', 'model', 'make_model', 'simple_body', 'badge', 'status', 'categories', 'city', 'colour', 'simple_fuel', 'simple_transmission', 'simple_drive', 'dealership_slug', 'location_id', 'certified'] as const;
export type TermFacet = (typeof TERM_FACETS)[number];
export const RANGE_FACETS = ['price', 'km', 'year'] as const;
export type RangeFacet = (typeof RANGE_FACETS)[number];

export const RangeSchema = v.object({ min: v.optional(v.number()), max: v.optional(v.number()) });

/** A structured search request (what the URL's refinements parse into). */
export const SearchRequestSchema = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
  sortBy: v.optional(v.picklist(SORT_OPTIONS), 'relevance'),
  hitsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 21),
  filters: v.optional(v.record(v.picklist(TERM_FACETS), v.array(v.pipe(v.string(), v.maxLength(100)))), {}),
  ranges: v.optional(v.record(v.picklist(RANGE_FACETS), RangeSchema), {}),
  /** Which facets to count; empty means none. */
  facets: v.optional(v.array(v.picklist(TERM_FACETS)), []),
  /** Only cars shown at a reduced price (an offer price, or a was-price above the price): the specials (issue 13). */
  reduced: v.optional(v.boolean()),
});
export type SearchRequest = v.InferOutput<typeof SearchRequestSchema>;
export type SearchRequestInput = v.InferInput<typeof SearchRequestSchema>;

export const FacetItemSchema = v.object({ label: v.string(), value: v.string(), count: v.number() });
export type FacetItem = v.InferOutput<typeof FacetItemSchema>;

export type SearchResponse = {
  hits: Car[];
  /** Facet name -> items with counts (spec §3 Facet item). */
  facets: Partial<Record<TermFacet, FacetItem[]>>;
  /** Min/max over the matching stock, for range sliders. */
  facetStats: Partial<Record<RangeFacet, { min: number; max: number }>>;
  count: number;
  page: number;
  pages: number;
  hitsPerPage: number;
  /** Engine processing time in milliseconds. */
  ms: number;
};

/**
 * Server-side scope of every query for a tenant: the tenant's base filters (spec §4 Stock visibility, §9).
 * Built from SiteConfig on the server; never from request input.
 */
export type SearchScope = {
  tenant: string;
  include_sold_cars_days: number;
  used_only: boolean;
  in_stock_only: boolean;
  demo_max_km?: number;
  excluded_stocknums: string[];
  older_than_days: number;
  /** Evaluation time (ms since epoch); injected so rules are testable. */
  now: number;
};

export interface SearchPort {
  search(scope: SearchScope, request: SearchRequest): Promise<SearchResponse>;
  /** Car by slug for the vehicle page (the search engine is the read model). Sold cars are returned regardless of visibility windows. */
  getBySlug(scope: SearchScope, slug: string): Promise<Car | null>;
  /**
   * Car by id, with getBySlug's visibility (sold cars too): finance links carry the car's id, not its slug (spec §2
   * `/finance?car_id=`). Exact match only; another tenant's car is null.
   */
  getById(scope: SearchScope, id: string): Promise<Car | null>;
  /** Similar cars, spec §7/§9: same model first, de-duplicated, in stock, price window, excluding the car, max 6. */
  similar(scope: SearchScope, car: Car, limit?: number): Promise<Car[]>;
}

/**
 * One car of the comparison (`GET /api/search/compare?slug=…`, answered by mf-search, drawn by mf-account's
 * compare table): display texts only, in the order the table shows them.
 */
export const CompareCarSchema = v.object({
  id: v.string(),
  slug: v.string(),
  path: v.string(),
  title: v.string(),
  image: v.nullable(v.string()),
  price: v.string(),
  priceType: v.nullable(v.string()),
  available: v.boolean(),
  /** [label, value] rows; a missing value is '—' so every column has every row. */
  rows: v.array(v.tuple([v.string(), v.string()])),
});
export type CompareCar = v.InferOutput<typeof CompareCarSchema>;
export const CompareResponseSchema = v.object({ cars: v.array(CompareCarSchema), missing: v.array(v.string()) });
export type CompareResponse = v.InferOutput<typeof CompareResponseSchema>;
