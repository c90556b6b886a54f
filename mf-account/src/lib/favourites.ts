/**
 * The shopper's locally saved cars (spec §3 Browser-stored data: favourites). mf-search writes the same key; both read
 * and write it through contracts (`readFavourites` / `writeFavourites`). Here: the header count and the saved cars page.
 */
import { readFavourites, STORAGE_KEYS, writeFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';

/** True when a `storage` event (another tab) may have changed the favourites; a null key means storage was cleared. */
export const touchesFavourites = (key: string | null): boolean => key === null || key === STORAGE_KEYS.favourites;

/**
 * Removes a car from the favourites, stores the list and tells other remotes (`favourites.changed.v1`).
 * A refused write (storage full or blocked) still emits: the change applies to the page.
 * @returns the new list
 */
export function removeFavourite(id: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null, target?: EventTarget): FavouriteEntry[] {
  const next = readFavourites(storage).filter((f) => f.id !== id);
  writeFavourites(storage, next);
  emit('favourites.changed.v1', { favourites: next, change: { action: 'remove', id } }, target);
  return next;
}

/** Screen-reader text after the count: '1 saved car', '3 saved cars'. */
export const savedCarsLabel = (count: number): string => (count === 1 ? 'saved car' : 'saved cars');
