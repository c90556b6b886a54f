import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { on } from '@forecourt/contracts/events';
import { removeFavourite, savedCarsLabel, touchesFavourites } from './favourites.ts';

const corolla: FavouriteEntry = { id: '148223', name: '2021 Toyota Corolla Ascent Sport', slug: '2021-toyota-corolla-ascent-sport-148223', make: 'Toyota', model: 'Corolla', primary_image_url: '/demo-img/hatch.svg' };
const ranger: FavouriteEntry = { id: '99001', name: '2019 Ford Ranger XLT', slug: '2019-ford-ranger-xlt-99001', make: 'Ford', model: 'Ranger', primary_image_url: null };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('removeFavourite', () => {
  it('stores the list without the car and emits favourites.changed.v1 with the change', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.favourites]: JSON.stringify([corolla, ranger]) });
    const target = new EventTarget();
    const seen: unknown[] = [];
    on('favourites.changed.v1', (p) => seen.push(p), target);
    const next = removeFavourite('148223', storage, target);
    expect(next).toEqual([ranger]);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.favourites)!)).toEqual([ranger]);
    expect(seen).toEqual([{ favourites: [ranger], change: { action: 'remove', id: '148223' } }]);
  });
  it('leaves other cars and a missing id alone', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.favourites]: JSON.stringify([corolla, ranger]) });
    expect(removeFavourite('nope', storage, new EventTarget())).toEqual([corolla, ranger]);
  });
  it('still emits without storage (blocked) and when storage refuses the write', () => {
    const none = new EventTarget();
    const seenNone: number[] = [];
    on('favourites.changed.v1', (p) => seenNone.push(p.favourites.length), none);
    expect(removeFavourite('148223', null, none)).toEqual([]);
    expect(seenNone).toEqual([0]);
    const target = new EventTarget();
    let count = -1;
    on('favourites.changed.v1', (p) => (count = p.favourites.length), target);
    const storage = { getItem: () => JSON.stringify([corolla]), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(removeFavourite('148223', storage, target)).toEqual([]);
    expect(count).toBe(0);
  });
});

describe('helpers', () => {
  it('knows which storage events concern favourites', () => {
    expect(touchesFavourites(STORAGE_KEYS.favourites)).toBe(true);
    expect(touchesFavourites(null)).toBe(true);
    expect(touchesFavourites(STORAGE_KEYS.compare)).toBe(false);
  });
  it('pluralises the count label', () => {
    expect(savedCarsLabel(0)).toBe('saved cars');
    expect(savedCarsLabel(1)).toBe('saved car');
    expect(savedCarsLabel(2)).toBe('saved cars');
  });
});
