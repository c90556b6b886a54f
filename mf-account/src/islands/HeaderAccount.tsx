import { useEffect, useState } from 'react';
import { localStorageOrNull, readFavourites, STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { on } from '@forecourt/contracts/events';
import { readWatchlistCache } from '@forecourt/contracts/watchlist-client';
import { savedCarsLabel, touchesFavourites } from '../lib/favourites.ts';
import '../styles/account.css';
import { Icon } from '@forecourt/ui/icons';

export type HeaderAccountProps = {
  /** The tenant's `watchlist` switch: count the signed-in shopper's server watchlist (cached in this browser). */
  watchlist?: boolean;
};

/** The count shown: the cached watchlist's (watchlist sites; 0 until signed in) or the device favourites'. */
const countOf = (watchlist: boolean) => {
  const storage = localStorageOrNull();
  return watchlist ? (readWatchlistCache(storage)?.ids.length ?? 0) : readFavourites(storage).length;
};

/**
 * The header's saved-cars link with its count. The server cannot see the browser's storage, so it renders 0 and the
 * count is read after hydration (in an effect, so the first client render matches the server HTML).
 */
export default function HeaderAccount({ watchlist = false }: HeaderAccountProps) {
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(countOf(watchlist));
    const off = watchlist
      ? on('watchlist.changed.v1', (payload) => setCount(payload.ids.length))
      : on('favourites.changed.v1', (payload) => setCount(payload.favourites.length));
    // Another tab changed the list.
    const onStorage = (event: StorageEvent) => {
      if (watchlist ? event.key === null || event.key === STORAGE_KEYS.watchlist : touchesFavourites(event.key)) setCount(countOf(watchlist));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      off();
      window.removeEventListener('storage', onStorage);
    };
  }, [watchlist]);

  return (
    <a href="/watchlist" className="fc-btn fa-count">
      <Icon name="heart" /> <span data-favourites-count="">{count}</span>
      <span className="fc-visually-hidden"> {savedCarsLabel(count)}</span>
    </a>
  );
}
