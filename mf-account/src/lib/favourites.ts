/**
 * The shopper's locally saved cars (spec §3 Browser-stored data: favourites). mf-search writes the same key through
 * contracts; here we read it for the header count and the watchlist page, and remove entries from that page.
 */
import { FavouriteEntrySchema, parseStoredList, STORAGE_KEYS, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The stored favourites, keeping only entries that still match the contract; [] when storage is blocked or corrupt. */
export function readFavourites(storage: ReadableStorage | undefined = browserStorage()): FavouriteEntry[] {
  try {
    return storage ? parseStoredList(FavouriteEntrySchema, storage.getItem(STORAGE_KEYS.favourites)) : [];
  } catch {
    return [];
  }
}

/** True when a `storage` event (another tab) may have changed the favourites; a null key means storage was cleared. */
export const touchesFavourites = (key: string | null): boolean => key === null || key === STORAGE_KEYS.favourites;

/**
 * Removes a car from the favourites, stores the list and tells other remotes (`favourites.changed.v1`).
 * @returns the new list
 */
export function removeFavourite(id: string, storage: WritableStorage | undefined = browserStorage(), target?: EventTarget): FavouriteEntry[] {
  const next = readFavourites(storage).filter((f) => f.id !== id);
  try {
    storage?.setItem(STORAGE_KEYS.favourites, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the change still applies to this page.
  }
  emit('favourites.changed.v1', { favourites: next, change: { action: 'remove', id } }, target);
  return next;
}

/** Screen-reader text after the count: '1 saved car', '3 saved cars'. */
export const savedCarsLabel = (count: number): string => (count === 1 ? 'saved car' : 'saved cars');
