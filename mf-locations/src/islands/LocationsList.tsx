import { useState } from 'react';
import { LocationGrid } from '../components/LocationCardView.tsx';
import { filterLocations, MAX_QUERY_LENGTH, type LocationCard } from '../lib/locations.ts';
import '../styles/locations.css';

export type LocationsListProps = { cards: LocationCard[]; query: string };

/** Query string with locationQuery set (or removed when empty), other parameters kept. */
export function withLocationQuery(search: string, query: string): string {
  const params = new URLSearchParams(search);
  if (query.trim()) params.set('locationQuery', query.trim());
  else params.delete('locationQuery');
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const countText = (shown: number, total: number) => (shown === total ? `${total} ${total === 1 ? 'location' : 'locations'}` : `Showing ${shown} of ${total} locations`);

/**
 * The locations list with its search box (spec §2 Locations list: 'Search locations...' writes locationQuery).
 * Without JavaScript the form submits to the server, which filters the same way; after hydration it filters as
 * the shopper types and keeps the URL in step.
 */
export default function LocationsList({ cards, query: initialQuery }: LocationsListProps) {
  const [query, setQuery] = useState(initialQuery);
  const shown = filterLocations(cards, query);

  function onChange(value: string) {
    setQuery(value);
    history.replaceState(history.state, '', `${location.pathname}${withLocationQuery(location.search, value)}${location.hash}`);
  }

  return (
    <div className="fl-list">
      <form className="fl-search" role="search" method="get" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="fl-search-input">Search locations</label>
        <input
          id="fl-search-input"
          type="search"
          name="locationQuery"
          placeholder="Search locations..."
          autoComplete="off"
          maxLength={MAX_QUERY_LENGTH}
          value={query}
          onChange={(e) => onChange(e.target.value)}
        />
        <button className="fc-btn" type="submit">
          Search
        </button>
      </form>
      <p className="fl-list__count" role="status">
        {countText(shown.length, cards.length)}
      </p>
      {shown.length ? (
        <LocationGrid cards={shown} />
      ) : (
        <div className="fl-empty">
          <p>No locations match your search.</p>
          <a
            className="fc-btn"
            href="?"
            onClick={(e) => {
              e.preventDefault();
              onChange('');
            }}
          >
            Show all locations
          </a>
        </div>
      )}
    </div>
  );
}
