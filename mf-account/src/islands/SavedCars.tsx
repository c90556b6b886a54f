import { useEffect, useState } from 'react';
import { localStorageOrNull, readFavourites, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { on } from '@forecourt/contracts/events';
import { savedCarImage } from '../lib/car-images.ts';
import { removeFavourite, touchesFavourites } from '../lib/favourites.ts';
import '../styles/account.css';

export const EMPTY_TEXT = 'You have no saved cars yet.';
export const BROWSE_HREF = '/search/new-used-and-demo-cars';

/**
 * The cars saved on this device (spec §3 browser-stored favourites). The server renders the empty state; the list
 * is read from localStorage after hydration and follows changes from other remotes and tabs.
 */
export default function SavedCars() {
  const [cars, setCars] = useState<FavouriteEntry[]>([]);

  useEffect(() => {
    setCars(readFavourites(localStorageOrNull()));
    const off = on('favourites.changed.v1', (payload) => setCars(payload.favourites));
    const onStorage = (event: StorageEvent) => {
      if (touchesFavourites(event.key)) setCars(readFavourites(localStorageOrNull()));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      off();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  if (!cars.length) {
    return (
      <div className="fa-empty">
        <p>{EMPTY_TEXT}</p>
        <a className="fc-btn fc-btn--primary" href={BROWSE_HREF}>
          Browse our stock
        </a>
      </div>
    );
  }

  return (
    <ul className="fa-saved" aria-label="Saved cars">
      {cars.map((car) => (
        <li key={car.id} className="fc-card fa-saved__item">
          {car.primary_image_url ? <img {...savedCarImage(car.primary_image_url)} alt="" width={160} height={107} loading="lazy" decoding="async" /> : <span className="fa-saved__noimg" />}
          <div className="fa-saved__text">
            <a className="fa-saved__name" href={`/cars/${car.slug}`}>
              {car.name}
            </a>
            <span className="fa-saved__meta">
              {car.make} {car.model}
            </span>
          </div>
          <button type="button" className="fc-btn" onClick={() => setCars(removeFavourite(car.id, localStorageOrNull()))}>
            Remove<span className="fc-visually-hidden"> {car.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
