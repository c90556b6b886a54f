import { COMPARE_MAX } from '@forecourt/contracts/constants';
import { localStorageOrNull, readCompare as readStored, writeCompare, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import type { CardCar } from './card.ts';

export const readCompare = (): FavouriteEntry[] => readStored(localStorageOrNull());

/** What a compare toggle did: the new list, or `full` when the car could not be added (COMPARE_MAX already). */
export type CompareToggle = { list: FavouriteEntry[]; action: 'add' | 'remove' | 'full' };

/** Pure: the list after toggling `car` (added at the end, unless the list already holds COMPARE_MAX cars). */
export function toggledCompare(list: readonly FavouriteEntry[], car: CardCar): CompareToggle {
  if (list.some((c) => c.id === car.id)) return { list: list.filter((c) => c.id !== car.id), action: 'remove' };
  if (list.length >= COMPARE_MAX) return { list: [...list], action: 'full' };
  return { list: [...list, { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.image }], action: 'add' };
}

/** Toggles a car in the shopper's compare list and tells other remotes (`compare.changed.v1`); a full list is unchanged. */
export function toggleCompare(car: CardCar): CompareToggle {
  const result = toggledCompare(readCompare(), car);
  if (result.action === 'full') return result;
  // A full or blocked storage still applies the change to this page.
  writeCompare(localStorageOrNull(), result.list);
  emit('compare.changed.v1', { cars: result.list, change: { action: result.action, id: car.id } });
  return result;
}

/** The message a shopper hears after a compare toggle (a polite live region). */
export function compareMessage(result: CompareToggle, carName: string): string {
  if (result.action === 'full') return `You can compare up to ${COMPARE_MAX} cars. Remove one to add ${carName}.`;
  const n = result.list.length;
  return result.action === 'add' ? `${carName} added to compare (${n} of ${COMPARE_MAX}).` : `${carName} removed from compare (${n} of ${COMPARE_MAX}).`;
}
