import { useEffect, useRef, useState } from 'react';
import { localStorageOrNull, readFavourites, writeFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import { browserDeps, changeWatchlist, writeWatchlistCache } from '@forecourt/contracts/watchlist-client';
import { mergeCandidates, MERGE_TEXTS } from '../lib/merge.ts';
import '../styles/account.css';

export type MergeFavouritesProps = {
  /** The signed-in shopper (phone) and their saved car ids, as the page shows them; null: nobody is signed in. */
  account: { phone: string; saved: string[] } | null;
  /** Where to go once merged (the watchlist page, with its done message). */
  done: string;
};

const NONE: string[] = [];

/**
 * The watchlist page's browser side. First, it keeps this browser's cached watchlist (contracts watchlist-client: the
 * header count, the cards' Saved) in step with the account the page shows: after a Remove on this page, a sign-out or a
 * deleted account, the header is right at once. Then, for a signed-in shopper, favourites kept on this device before signing in (spec §3), offered to the signed-in shopper's watchlist (issue 16).
 * Shown only when the device holds cars the account does not; each is saved with the watchlist's own call (sold or
 * unknown cars are refused by edge-api and stay on the device). Merged cars leave the device list, so the offer is made
 * once. Needs JavaScript (the device list lives in the browser); without it, nothing shows.
 */
export default function MergeFavourites({ account, done }: MergeFavouritesProps) {
  const saved = account?.saved ?? NONE;
  const [cars, setCars] = useState<FavouriteEntry[]>([]);
  const [state, setState] = useState<'idle' | 'busy' | 'partly' | 'dismissed'>('idle');
  const [message, setMessage] = useState('');
  const inFlight = useRef(false);

  useEffect(() => {
    writeWatchlistCache(localStorageOrNull(), account ? { phone: account.phone, ids: account.saved } : null);
    emit('watchlist.changed.v1', { ids: saved });
    setCars(account ? mergeCandidates(readFavourites(localStorageOrNull()), saved) : []);
  }, [account, saved]);

  if (!cars.length || state === 'dismissed') return null;

  const merge = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState('busy');
    const refused: string[] = [];
    const deps = { ...browserDeps(() => {}), alert: () => {}, go: () => {} };
    for (const car of cars) {
      const outcome = await changeWatchlist({ id: car.id, name: car.name }, true, deps);
      if (outcome !== 'saved') refused.push(car.id);
    }
    // Moved to the account: off the device list. Refused ones stay where they were.
    const storage = localStorageOrNull();
    const left = readFavourites(storage).filter((f) => !cars.some((c) => c.id === f.id) || refused.includes(f.id));
    writeFavourites(storage, left);
    emit('favourites.changed.v1', { favourites: left });
    inFlight.current = false;
    if (!refused.length) return location.assign(done);
    setCars(cars.filter((c) => refused.includes(c.id)));
    setMessage(MERGE_TEXTS.partly(cars.length - refused.length, refused.length));
    setState('partly');
  };

  return (
    <section className="fa-merge fc-card" aria-labelledby="fa-merge-h">
      <h2 id="fa-merge-h">{MERGE_TEXTS.heading}</h2>
      <p>{MERGE_TEXTS.lede(cars.length)}</p>
      <ul className="fa-merge__list">
        {cars.map((car) => (
          <li key={car.id}>{car.name}</li>
        ))}
      </ul>
      {message ? (
        <p role="status" className="fa-merge__note">
          {message}
        </p>
      ) : null}
      <div className="fa-merge__actions">
        <button type="button" className="fc-btn fc-btn--primary" aria-disabled={state === 'busy' ? 'true' : undefined} onClick={() => void merge()}>
          {state === 'busy' ? MERGE_TEXTS.busy : MERGE_TEXTS.add(cars.length)}
        </button>
        <button type="button" className="fc-btn" onClick={() => setState('dismissed')}>
          {MERGE_TEXTS.notNow}
        </button>
      </div>
    </section>
  );
}
