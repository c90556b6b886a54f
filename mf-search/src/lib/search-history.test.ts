import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type SearchHistoryEntry } from '@forecourt/contracts/browser-storage';
import { historyLabel, readSearchHistory, recordSearch } from './search-history.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};
const entry = (path: string, at: number, over: Partial<SearchHistoryEntry['filters']> = {}): SearchHistoryEntry => ({
  path,
  at,
  filters: { query: '', page: 1, sortBy: 'relevance', hitsPerPage: 21, filters: {}, ranges: {}, facets: [], ...over },
});

describe('search history (spec §9: 5)', () => {
  it('keeps the last 5, newest first, one per path', () => {
    const s = memory();
    for (let i = 1; i <= 7; i++) recordSearch(s, entry(`/search/used-cars?make=M${i}`, i));
    recordSearch(s, entry('/search/used-cars?make=M5', 8));
    const h = readSearchHistory(s);
    expect(h.map((e) => e.at)).toEqual([8, 7, 6, 4, 3]);
  });
  it('survives corrupt or blocked storage', () => {
    const s = memory();
    s.data.set(STORAGE_KEYS.searchHistory, '{nope');
    expect(readSearchHistory(s)).toEqual([]);
    expect(readSearchHistory(null)).toEqual([]);
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
    expect(recordSearch(throwing, entry('/search/used-cars', 1))).toHaveLength(1);
  });
  it('labels a search by page and refinements', () => {
    expect(historyLabel(entry('/search/used-cars', 1))).toBe('Used cars');
    expect(historyLabel(entry('/search/toyota/rav4?price_min=5000', 1, { query: 'red', filters: { simple_body: ['suv'] }, ranges: { price: { min: 5000, max: 20000 }, km: { max: 80000 } } }))).toBe('Toyota rav4: "red", suv, $5,000-$20,000, up to 80,000 kms');
  });
});
