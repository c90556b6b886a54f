import { useEffect, useState } from 'react';
import { localStorageOrNull, readFavourites } from '@forecourt/contracts/browser-storage';
import { on } from '@forecourt/contracts/events';
import { savedCarsLabel, touchesFavourites } from '../lib/favourites.ts';
import '../styles/account.css';

/**
 * The header's saved-cars link with its count. The server cannot see localStorage, so it renders 0 and the count
 * is read after hydration (in an effect, so the first client render matches the server HTML).
 */
export default function HeaderAccount() {
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(readFavourites(localStorageOrNull()).length);
    const off = on('favourites.changed.v1', (payload) => setCount(payload.favourites.length));
    // Another tab changed the list.
    const onStorage = (event: StorageEvent) => {
      if (touchesFavourites(event.key)) setCount(readFavourites(localStorageOrNull()).length);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      off();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return (
    <a href="/watchlist" className="fc-btn fa-count">
      <span aria-hidden="true">♥</span> <span data-favourites-count="">{count}</span>
      <span className="fc-visually-hidden"> {savedCarsLabel(count)}</span>
    </a>
  );
}
