import { localStorageOrNull, readFavourites as readStored, writeFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import type { CardCar } from './card.ts';

export const readFavourites = (): FavouriteEntry[] => readStored(localStorageOrNull());

/** Toggles a car in the shopper's favourites and tells other remotes (`favourites.changed.v1`). */
export function toggleFavourite(car: CardCar): FavouriteEntry[] {
  const list = readFavourites();
  const exists = list.some((f) => f.id === car.id);
  const next = exists
    ? list.filter((f) => f.id !== car.id)
    : [...list, { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.image }];
  // A full or blocked storage still applies the change to this page and tells the header.
  writeFavourites(localStorageOrNull(), next);
  emit('favourites.changed.v1', { favourites: next, change: { action: exists ? 'remove' : 'add', id: car.id } });
  return next;
}
