/**
 * Data kept in the shopper's browser (localStorage): spec §3 "Browser-stored data".
 * Several remotes read and write the same keys, so keys and shapes live here; readers validate and drop bad entries.
 */
import * as v from 'valibot';
import { IdSchema, SlugSchema } from './entities/common.ts';
import { SearchRequestSchema } from './search.ts';

export const STORAGE_KEYS = {
  favourites: 'forecourt:favourites',
  compare: 'forecourt:compare',
  watchlist: 'forecourt:watchlist',
  viewed: 'forecourt:viewed',
  tradeInValuation: 'forecourt:trade-in-valuation',
  contactDetails: 'forecourt:contact-details',
  searchHistory: 'forecourt:search-history',
  /** Car recorded for the /success page after a lead (spec §4 Multi-step lead form). */
  leadCar: 'forecourt:lead-car',
  /** Pages visited this session (lead_attributes.visited_pages). */
  visitedPages: 'forecourt:visited-pages',
  promoDismissed: 'forecourt:promo-dismissed',
  announcementDismissed: 'forecourt:announcement-dismissed',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** A favourited (or compared) car: enough to draw it without fetching. */
export const FavouriteEntrySchema = v.object({
  id: IdSchema,
  name: v.string(),
  slug: SlugSchema,
  make: v.string(),
  model: v.string(),
  primary_image_url: v.nullish(v.string()),
});
export type FavouriteEntry = v.InferOutput<typeof FavouriteEntrySchema>;

export const ViewedCarSchema = v.object({
  id: IdSchema,
  stocknum: v.nullish(v.string()),
  make: v.string(),
  model: v.string(),
  body: v.nullish(v.string()),
  simple_body: v.nullish(v.string()),
});
export type ViewedCar = v.InferOutput<typeof ViewedCarSchema>;

export const TradeInValuationSchema = v.object({
  offer_price: v.nullish(v.number()),
  adjustment_answers: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])), {}),
  rego: v.nullish(v.string()),
  regoState: v.nullish(v.string()),
});
export type TradeInValuation = v.InferOutput<typeof TradeInValuationSchema>;

/** Contact details remembered to prefill lead forms. */
export const ContactDetailsSchema = v.object({
  name: v.optional(v.string(), ''),
  last_name: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
  phone: v.optional(v.string(), ''),
  postcode: v.optional(v.string(), ''),
});
export type ContactDetails = v.InferOutput<typeof ContactDetailsSchema>;

/** One past search: its refinements and the path it ran on (most recent first, SEARCH_HISTORY_LIMIT kept). */
export const SearchHistoryEntrySchema = v.object({
  path: v.pipe(v.string(), v.startsWith('/')),
  filters: SearchRequestSchema,
  /** When it ran, ms since epoch. */
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type SearchHistoryEntry = v.InferOutput<typeof SearchHistoryEntrySchema>;

export const FavouritesStoreSchema = v.array(FavouriteEntrySchema);
export const ViewedStoreSchema = v.array(ViewedCarSchema);
export const SearchHistoryStoreSchema = v.array(SearchHistoryEntrySchema);

/**
 * Parses stored JSON with a schema; corrupt or stale data gives `fallback` instead of throwing.
 * For arrays, pass the item schema via `parseStoredList` to keep the good entries.
 */
export function parseStored<T extends v.GenericSchema>(schema: T, raw: string | null, fallback: v.InferOutput<T>): v.InferOutput<T> {
  if (raw == null) return fallback;
  try {
    const result = v.safeParse(schema, JSON.parse(raw));
    return result.success ? result.output : fallback;
  } catch {
    return fallback;
  }
}

/** Parses a stored list keeping only the entries that still match `item`. */
export function parseStoredList<T extends v.GenericSchema>(item: T, raw: string | null): v.InferOutput<T>[] {
  const list = parseStored(v.array(v.unknown()), raw, []);
  return list.flatMap((x) => {
    const r = v.safeParse(item, x);
    return r.success ? [r.output as v.InferOutput<T>] : [];
  });
}

/** Adds a search to the history: newest first, same path de-duplicated, at most `limit` kept (spec §9 Search history 5). */
export function pushSearchHistory(history: readonly SearchHistoryEntry[], entry: SearchHistoryEntry, limit = 5): SearchHistoryEntry[] {
  return [entry, ...history.filter((h) => h.path !== entry.path)].slice(0, limit);
}
