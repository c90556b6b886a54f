import { useEffect, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { localStorageOrNull, readFavourites, writeFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit, on } from '@forecourt/contracts/events';
import { track } from '@forecourt/contracts/track';
import { showWatchlistToggle, WATCHLIST_TEXTS } from '@forecourt/contracts/watchlist-client';
import { useWatchlist, WatchlistForm } from '@forecourt/ui/watchlist';
import { Icon } from '@forecourt/ui/icons';

export type FaveButtonProps = {
  car: FavouriteEntry;
  /** The tenant's `watchlist` switch: Save / Saved in the signed-in shopper's server watchlist instead of Fave. */
  watchlist?: boolean;
  /** The car can be newly saved (for sale); a sold car shows the toggle only when already saved (spec §4). */
  available?: boolean;
};

/**
 * The car page's save control. With the tenant's `watchlist` switch: the server watchlist's Save / Saved (spec §4
 * Watchlist toggle; contracts/src/watchlist-client.ts: optimistic, disabled while sending, toast with View List, sign-in
 * first when signed out), a plain form to edge-api without JavaScript. Otherwise Fave (spec §2 sidebar; §3
 * browser-stored favourites): the car in the shopper's local favourites, `favourites.changed.v1` and analytics 39.
 */
export default function FaveButton(props: FaveButtonProps) {
  return props.watchlist ? <WatchlistSave {...props} /> : <LocalFave car={props.car} />;
}

function WatchlistSave({ car, available = true }: FaveButtonProps) {
  const { saved: savedIds, busy: busyIds, toggle } = useWatchlist(true);
  const saved = savedIds.has(car.id);
  const busy = busyIds.has(car.id);
  if (!showWatchlistToggle(available, saved)) return null;
  return (
    <WatchlistForm className="fv-save-form" carId={car.id} onToggle={() => toggle({ id: car.id, name: car.name })}>
      {/* aria-disabled (not disabled): focus stays on the button while the change is sent. */}
      <button type="submit" className="fv-tool" aria-pressed={saved} aria-disabled={busy ? 'true' : undefined}>
        <Icon name={saved ? 'heart' : 'heart-outline'} /> {saved ? WATCHLIST_TEXTS.saved : WATCHLIST_TEXTS.save}
      </button>
    </WatchlistForm>
  );
}

function LocalFave({ car }: { car: FavouriteEntry }) {
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
      <Icon name={saved ? 'heart' : 'heart-outline'} /> {saved ? 'Saved' : 'Fave'}
    </button>
  );
}
