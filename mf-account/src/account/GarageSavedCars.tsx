import { BROWSE_HREF } from '../islands/SavedCars.tsx';
import { CarStatus } from './CarStatus.tsx';
import { lookupOf, type CarLookup } from './data.ts';
import { ACCOUNT_TEXTS, carHref, carStatus, priceText, WATCHLIST_PATH } from './model.ts';

/** How many saved cars My Garage shows (the watchlist has them all). */
export const GARAGE_SAVED_CARS = 4;

/** My Garage's saved cars: the count, the newest GARAGE_SAVED_CARS with links, price and status, and 'View all saved cars'. */
export function GarageSavedCars({ ids, cars }: { ids: readonly string[]; cars: ReadonlyMap<string, CarLookup> }) {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-cars-h">
      <h2 id="fa-garage-cars-h">Saved cars</h2>
      {ids.length === 0 ? (
        <p>
          {ACCOUNT_TEXTS.emptyWatchlist} <a href={BROWSE_HREF}>Browse our stock</a>
        </p>
      ) : (
        <>
          <p>{ids.length === 1 ? 'You have 1 saved car.' : `You have ${ids.length} saved cars.`}</p>
          <ul className="fa-list">
            {ids.slice(0, GARAGE_SAVED_CARS).map((id) => {
              const lookup = lookupOf(cars, id);
              if (lookup.kind !== 'car') {
                return (
                  <li key={id}>
                    {lookup.kind === 'gone' ? 'A car no longer listed' : 'Saved car'}
                    {lookup.kind === 'gone' ? <> <CarStatus status={ACCOUNT_TEXTS.gone} /></> : <span className="fa-saved__meta"> {ACCOUNT_TEXTS.carUnknown}</span>}
                  </li>
                );
              }
              return (
                <li key={id}>
                  <a href={carHref(lookup.car)}>{lookup.car.name}</a> <span>{priceText(lookup.car).text}</span> <CarStatus status={carStatus(lookup.car, lookup.reserved)} />
                </li>
              );
            })}
          </ul>
          <p>
            <a href={WATCHLIST_PATH}>View all saved cars</a>
          </p>
        </>
      )}
    </section>
  );
}
