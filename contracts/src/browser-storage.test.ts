import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FavouriteEntrySchema, STORAGE_KEYS, SearchHistoryEntrySchema, TradeInValuationSchema, ContactDetailsSchema, localStorageOrNull, parseStored, parseStoredList,
  pushSearchHistory, readCompare, readFavourites, writeCompare, writeFavourites, type SearchHistoryEntry,
} from './browser-storage.ts';

const fav = { id: '1', name: '2021 Toyota Corolla', slug: '2021-toyota-corolla-1', make: 'Toyota', model: 'Corolla', primary_image_url: '/a.svg' };

describe('browser storage', () => {
  it('keys are namespaced and unique', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^forecourt:[a-z-]+$/);
    expect(STORAGE_KEYS.favourites).toBe('forecourt:favourites');
  });

  it('parseStored falls back on missing, corrupt or invalid data', () => {
    expect(parseStored(ContactDetailsSchema, null, { name: '', last_name: '', email: '', phone: '', postcode: '' }).name).toBe('');
    expect(parseStored(v.array(FavouriteEntrySchema), '{not json', [])).toEqual([]);
    expect(parseStored(v.array(FavouriteEntrySchema), '[{"id":1}]', [])).toEqual([]);
    expect(parseStored(v.array(FavouriteEntrySchema), JSON.stringify([fav]), [])).toEqual([fav]);
  });

  it('parseStoredList keeps the good entries', () => {
    expect(parseStoredList(FavouriteEntrySchema, JSON.stringify([fav, { id: 2 }, 'x']))).toEqual([fav]);
    expect(parseStoredList(FavouriteEntrySchema, '"nope"')).toEqual([]);
  });

  it('trade-in valuation and search history entries', () => {
    expect(v.parse(TradeInValuationSchema, { offer_price: 18000, rego: '123ABC', regoState: 'QLD' }).adjustment_answers).toEqual({});
    const e = v.parse(SearchHistoryEntrySchema, { path: '/search/toyota', filters: { filters: { make: ['Toyota'] } }, at: 1 });
    expect(e.filters.page).toBe(1);
    expect(v.safeParse(SearchHistoryEntrySchema, { path: 'search', filters: {}, at: 1 }).success).toBe(false);
  });

  it('pushSearchHistory keeps the last 5, newest first, one per path (spec §9)', () => {
    const entry = (i: number, path = `/search/p${i}`): SearchHistoryEntry => v.parse(SearchHistoryEntrySchema, { path, filters: {}, at: i });
    let h: SearchHistoryEntry[] = [];
    for (let i = 1; i <= 7; i++) h = pushSearchHistory(h, entry(i));
    expect(h.map((x) => x.at)).toEqual([7, 6, 5, 4, 3]);
    h = pushSearchHistory(h, entry(8, '/search/p5'));
    expect(h.map((x) => x.path)).toEqual(['/search/p5', '/search/p7', '/search/p6', '/search/p4', '/search/p3']);
  });
});

describe('favourites in storage (spec §3 browser-stored favourites)', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, val: string) => void data.set(k, val), data };
  }
  const other = { ...fav, id: '2', slug: '2019-ford-ranger-2', make: 'Ford', model: 'Ranger', primary_image_url: null };

  it('reads the stored list, dropping entries that no longer match', () => {
    expect(readFavourites(memoryStorage({ [STORAGE_KEYS.favourites]: JSON.stringify([fav, { id: 7 }, 'junk', other]) }))).toEqual([fav, other]);
    expect(readFavourites(memoryStorage())).toEqual([]);
  });

  it('is empty on corrupt JSON, without storage, or when storage throws', () => {
    expect(readFavourites(memoryStorage({ [STORAGE_KEYS.favourites]: '{not json' }))).toEqual([]);
    expect(readFavourites(memoryStorage({ [STORAGE_KEYS.favourites]: '{"id":"1"}' }))).toEqual([]);
    expect(readFavourites(null)).toEqual([]);
    expect(readFavourites({ getItem: () => { throw new Error('SecurityError'); } })).toEqual([]);
  });

  it('writes the list under the favourites key and reads it back', () => {
    const storage = memoryStorage();
    expect(writeFavourites(storage, [fav, other])).toBe(true);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.favourites)!)).toEqual([fav, other]);
    expect(readFavourites(storage)).toEqual([fav, other]);
    expect(writeFavourites(storage, [])).toBe(true);
    expect(readFavourites(storage)).toEqual([]);
  });

  it('the compare list: its own key, the same validation, at most COMPARE_MAX (4) cars', () => {
    const storage = memoryStorage();
    const cars = [1, 2, 3, 4, 5].map((n) => ({ ...fav, id: String(n), slug: `car-${n}` }));
    expect(writeCompare(storage, cars)).toBe(true);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.compare)!)).toHaveLength(4);
    expect(readCompare(storage).map((c) => c.id)).toEqual(['1', '2', '3', '4']);
    expect(readFavourites(storage)).toEqual([]);
    expect(readCompare(memoryStorage({ [STORAGE_KEYS.compare]: JSON.stringify([...cars, { id: 9 }]) })).map((c) => c.id)).toEqual(['1', '2', '3', '4']);
    expect(readCompare(memoryStorage({ [STORAGE_KEYS.compare]: 'nope' }))).toEqual([]);
    expect(writeCompare(null, cars)).toBe(false);
  });

  it('reports false when storage is missing or refuses the write', () => {
    expect(writeFavourites(null, [fav])).toBe(false);
    expect(writeFavourites({ setItem: () => { throw new Error('QuotaExceededError'); } }, [fav])).toBe(false);
  });

  it('localStorageOrNull gives the storage, or null when it is missing or its access throws', () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    const storage = memoryStorage();
    try {
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => storage });
      expect(localStorageOrNull()).toBe(storage);
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new Error('SecurityError'); } });
      expect(localStorageOrNull()).toBeNull();
      Reflect.deleteProperty(globalThis, 'localStorage');
      expect(localStorageOrNull()).toBeNull();
    } finally {
      if (had) Object.defineProperty(globalThis, 'localStorage', had);
    }
  });
});

describe('SearchHistoryEntrySchema path', () => {
  const entry = (path: string) => ({ path, filters: {}, at: 1 });
  it('accepts this site’s search pages only (the path becomes a link)', () => {
    expect(v.safeParse(SearchHistoryEntrySchema, entry('/search/used-cars')).success).toBe(true);
    for (const bad of ['//evil.example/search/x', '/cars/x', 'https://evil.example/', '/search/']) expect(v.safeParse(SearchHistoryEntrySchema, entry(bad)).success).toBe(false);
  });
});

describe('visited pages (lead_attributes.visited_pages)', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, val: string) => void data.set(k, val), data };
  };
  it('keeps paths of this site, the latest 20, a repeat in a row once; refuses anything else', async () => {
    const { readVisitedPages, recordVisitedPage } = await import('./browser-storage.ts');
    const s = memory();
    recordVisitedPage(s, '/search/used-cars');
    recordVisitedPage(s, '/search/used-cars');
    recordVisitedPage(s, '/contact?utm_source=x');
    expect(readVisitedPages(s)).toEqual(['/search/used-cars', '/contact?utm_source=x']);
    for (const bad of ['https://evil.example/', '//evil.example/x', 'relative', `/${'a'.repeat(2048)}`]) recordVisitedPage(s, bad);
    expect(readVisitedPages(s)).toHaveLength(2);
    for (let i = 0; i < 30; i++) recordVisitedPage(s, `/p${i}`);
    expect(readVisitedPages(s)).toHaveLength(20);
    expect(readVisitedPages(s).at(-1)).toBe('/p29');
    s.setItem('forecourt:visited-pages', JSON.stringify(['/ok', 7, '//x', null]));
    expect(readVisitedPages(s)).toEqual(['/ok']);
    s.setItem('forecourt:visited-pages', '{oops');
    expect(readVisitedPages(s)).toEqual([]);
    expect(recordVisitedPage({ getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } }, '/a')).toEqual(['/a']);
  });
});
