/**
 * Data kept in the shopper's browser (localStorage): spec §3 "Browser-stored data".
 * Several remotes read and write the same keys, so keys and shapes live here; readers validate and drop bad entries.
 */
import * as v from 'valibot';
import { IdSchema, SlugSchema } from './entities/common.ts';
import { COMPARE_MAX } from './constants.ts';
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
  // A search page of this site only: never `//host` (protocol-relative) or another path, since it becomes a link.
  path: v.pipe(v.string(), v.regex(/^\/search\/[^/]/, 'Must be a /search/ path of this site'), v.maxLength(2048)),
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

/**
 * The browser's localStorage, or null outside a browser or where reading the property itself throws
 * (storage blocked by privacy settings raises SecurityError on access).
 */
export function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The shopper's favourites (spec §3 browser-stored favourites), keeping only entries that still match the contract;
 * [] without storage, when storage throws (blocked, private mode) or holds corrupt JSON.
 * Shared by mf-search (toggle on cards) and mf-account (header count, saved cars page).
 */
export function readFavourites(storage: Pick<Storage, 'getItem'> | null): FavouriteEntry[] {
  if (!storage) return [];
  try {
    return parseStoredList(FavouriteEntrySchema, storage.getItem(STORAGE_KEYS.favourites));
  } catch {
    return [];
  }
}

/**
 * The shopper's compare list (spec §1 "compare"; at most COMPARE_MAX cars), same shape and rules as readFavourites.
 * Shared by mf-search (the card's compare control) and mf-account (the comparison on the saved cars page).
 */
export function readCompare(storage: Pick<Storage, 'getItem'> | null): FavouriteEntry[] {
  if (!storage) return [];
  try {
    return parseStoredList(FavouriteEntrySchema, storage.getItem(STORAGE_KEYS.compare)).slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

/** Stores the compare list; callers still emit `compare.changed.v1` when this fails. @returns false when refused */
export function writeCompare(storage: Pick<Storage, 'setItem'> | null, list: readonly FavouriteEntry[]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEYS.compare, JSON.stringify(list.slice(0, COMPARE_MAX)));
    return true;
  } catch {
    return false;
  }
}

/** Pages kept for lead_attributes.visited_pages (spec §3): the latest 20, each a path of this site. */
export const VISITED_PAGES_LIMIT = 20;
const isPagePath = (p: unknown): p is string => typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') && p.length <= 2048;

/**
 * The pages visited (path and query), oldest first. Plain code, no schema library: the shell records every page
 * with it, and its client stays small.
 */
export function readVisitedPages(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.visitedPages) ?? '[]');
    return Array.isArray(list) ? list.filter(isPagePath) : [];
  } catch {
    return [];
  }
}

/** Records a page in the visited list (the same page twice in a row counts once); anything but a path is refused. */
export function recordVisitedPage(storage: Pick<Storage, 'getItem' | 'setItem'> | null, page: string, limit = VISITED_PAGES_LIMIT): string[] {
  const list = readVisitedPages(storage);
  if (!isPagePath(page)) return list;
  const next = list.at(-1) === page ? list : [...list, page].slice(-limit);
  try {
    storage?.setItem(STORAGE_KEYS.visitedPages, JSON.stringify(next));
  } catch {
    // Full or blocked storage: the list is simply not kept.
  }
  return next;
}

/**
 * Stores the favourites list. Callers still emit `favourites.changed.v1` when this fails: the change applies to the page.
 * @returns false when there is no storage or it refused the write (full, blocked)
 */
export function writeFavourites(storage: Pick<Storage, 'setItem'> | null, list: readonly FavouriteEntry[]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEYS.favourites, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}
