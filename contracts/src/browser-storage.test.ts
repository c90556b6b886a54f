import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FavouriteEntrySchema, STORAGE_KEYS, SearchHistoryEntrySchema, TradeInValuationSchema, ContactDetailsSchema, parseStored, parseStoredList, pushSearchHistory, type SearchHistoryEntry } from './browser-storage.ts';

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
