import { FavouriteEntrySchema, parseStoredList, STORAGE_KEYS, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import type { CardCar } from './card.ts';

export function readFavourites(): FavouriteEntry[] {
  try {
    return parseStoredList(FavouriteEntrySchema, localStorage.getItem(STORAGE_KEYS.favourites));
  } catch {
    return [];
  }
}

/** Toggles a car in the shopper's favourites and tells other remotes (`favourites.changed.v1`). */
export function toggleFavourite(car: CardCar): FavouriteEntry[] {
  const list = readFavourites();
  const exists = list.some((f) => f.id === car.id);
  const next = exists
    ? list.filter((f) => f.id !== car.id)
    : [...list, { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.image }];
  try {
    localStorage.setItem(STORAGE_KEYS.favourites, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the change still applies to this page.
  }
  emit('favourites.changed.v1', { favourites: next, change: { action: exists ? 'remove' : 'add', id: car.id } });
  return next;
}
