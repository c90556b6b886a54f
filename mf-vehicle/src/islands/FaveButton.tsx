import { useEffect, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { localStorageOrNull, readFavourites, writeFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit, on } from '@forecourt/contracts/events';
import { track } from '@forecourt/contracts/track';

export type FaveButtonProps = { car: FavouriteEntry };

/**
 * Fave (spec §2 sidebar; §3 browser-stored favourites): toggles the car in the shopper's local favourites, tells the
 * other remotes (`favourites.changed.v1`: header count, saved cars page) and records analytics 39 when added.
 */
export default function FaveButton({ car }: FaveButtonProps) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setSaved(readFavourites(localStorageOrNull()).some((f) => f.id === car.id));
    return on('favourites.changed.v1', ({ favourites }) => setSaved(favourites.some((f) => f.id === car.id)));
  }, [car.id]);
  function toggle() {
    const list = readFavourites(localStorageOrNull());
    const exists = list.some((f) => f.id === car.id);
    const next = exists ? list.filter((f) => f.id !== car.id) : [...list, car];
    writeFavourites(localStorageOrNull(), next);
    setSaved(!exists);
    emit('favourites.changed.v1', { favourites: next, change: { action: exists ? 'remove' : 'add', id: car.id } });
    if (!exists) track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: car.id });
  }
  return (
    <button type="button" className="fv-tool" aria-pressed={saved} onClick={toggle}>
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span> {saved ? 'Saved' : 'Fave'}
    </button>
  );
}
