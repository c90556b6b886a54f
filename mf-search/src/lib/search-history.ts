/** Search history (spec §3 browser-stored data, §9 "Search history 5"): last searches, filters plus path. */
import { parseStoredList, pushSearchHistory, SearchHistoryEntrySchema, STORAGE_KEYS, type SearchHistoryEntry } from '@forecourt/contracts/browser-storage';
import { SEARCH_HISTORY_LIMIT } from '@forecourt/contracts/constants';
import { formatNumber } from '@forecourt/contracts/display';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function readSearchHistory(storage: Pick<Storage, 'getItem'> | null): SearchHistoryEntry[] {
  if (!storage) return [];
  try {
    return parseStoredList(SearchHistoryEntrySchema, storage.getItem(STORAGE_KEYS.searchHistory));
  } catch {
    return [];
  }
}

/** Records a search (newest first, one per path+query, 5 kept); storage failures leave history as it was. */
export function recordSearch(storage: Store | null, entry: SearchHistoryEntry): SearchHistoryEntry[] {
  const next = pushSearchHistory(readSearchHistory(storage), entry, SEARCH_HISTORY_LIMIT);
  try {
    storage?.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(next));
  } catch {
    /* storage full or blocked: history is a convenience */
  }
  return next;
}

const words = (slug: string) => slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A readable label: the page, then the refinements ('Used cars: Toyota, SUV, $5,000-$20,000, "red"'). */
export function historyLabel(entry: SearchHistoryEntry): string {
  const pathname = entry.path.split('?')[0] ?? entry.path;
  const page = words(pathname.replace(/^\/search\/?/, '').split('/').join(' ')) || 'All stock';
  const f = entry.filters;
  const parts: string[] = [];
  if (f.query) parts.push(`"${f.query}"`);
  for (const values of Object.values(f.filters ?? {})) for (const v of values ?? []) parts.push(v);
  const fmt = { price: (n: number) => `$${formatNumber(n)}`, km: (n: number) => `${formatNumber(n)} kms`, year: String } as const;
  for (const [facet, r] of Object.entries(f.ranges ?? {}) as Array<[keyof typeof fmt, { min?: number; max?: number }]>) {
    if (r.min !== undefined && r.max !== undefined) parts.push(`${fmt[facet](r.min)}-${fmt[facet](r.max)}`);
    else if (r.min !== undefined) parts.push(`from ${fmt[facet](r.min)}`);
    else if (r.max !== undefined) parts.push(`up to ${fmt[facet](r.max)}`);
  }
  return parts.length ? `${page}: ${parts.join(', ')}` : page;
}
