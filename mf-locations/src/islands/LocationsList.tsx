import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DealershipCard } from '../components/DealershipCard.tsx';
import { LocatorForm, LOCATOR_IDS } from '../components/LocatorForm.tsx';
import { MAX_QUERY_LENGTH } from '../lib/locations.ts';
import { filterGroups, groupLocationsOf, initialSelection, listKey, reconcileSelection, type DealershipGroup, type ListSelection } from '../lib/list.ts';
import type { LocatorView } from '../lib/list-page.ts';
import { LOCATOR_TEXTS, postcodeError } from '../lib/locator-texts.ts';
import '../styles/locations.css';

export type LocationsListProps = {
  groups: DealershipGroup[];
  /** The search box's query (`locationQuery`). */
  query: string;
  /** `?tab=<location id>`: the tab the server selected. */
  tab: string | null;
  /** The page's parameters a tab link carries. */
  keep: Array<[string, string]>;
  /** The dealer locator's form and result; null on /locations. */
  locator: LocatorView | null;
};

/** Query string with locationQuery set (or removed when empty), other parameters kept. */
export function withLocationQuery(search: string, query: string): string {
  const params = new URLSearchParams(search);
  if (query.trim()) params.set('locationQuery', query.trim());
  else params.delete('locationQuery');
  params.delete('tab');
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const countText = (shown: number, total: number) => (shown === total ? `${total} ${total === 1 ? 'location' : 'locations'}` : `Showing ${shown} of ${total} locations`);

/** The locator form's query without its empty fields ('All types', 'All brands', an empty box). */
export function locatorSearch(data: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Rounded to about 100 m: the URL needs no more of where the shopper stands. */
export const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/** The dealer locator's address for a browser position, the form's filters kept. */
export function positionSearch(lat: number, lng: number, filters: { type?: string; brand?: string }): string {
  const params = new URLSearchParams({ lat: String(roundCoordinate(lat)), lng: String(roundCoordinate(lng)) });
  if (filters.type) params.set('type', filters.type);
  if (filters.brand) params.set('brand', filters.brand);
  return `?${params}`;
}

/**
 * The locations list (spec §2 Locations list) and, on /dealer-locator, the locator's form above it. Server-rendered
 * as it will hydrate: the cards with the server's selected tabs (`?tab=`), the search box ('Search locations...',
 * `locationQuery`, filtered on the server the same way). After hydration tabs switch in place (arrow keys, roving
 * tabindex), the search box filters as the shopper types (every card back on its first tab when the list changes,
 * spec §4), the locator's box is checked before it is sent (spec §5) and 'Use my location' appears.
 */
export default function LocationsList({ groups, query: initialQuery, tab, keep, locator }: LocationsListProps) {
  const [query, setQuery] = useState(initialQuery);
  const [hydrated, setHydrated] = useState(false);
  const [canLocate, setCanLocate] = useState(false);
  const [locating, setLocating] = useState(false);
  const [live, setLive] = useState('');
  const [fieldError, setFieldError] = useState(locator?.fieldError ?? null);
  const nearRef = useRef<HTMLInputElement>(null);
  const shown = filterGroups(groups, query);
  const key = listKey(shown, query);
  const [stored, setStored] = useState<ListSelection>(() => initialSelection(shown, tab, query));
  const selection = reconcileSelection(stored, key);
  const total = groupLocationsOf(groups).length;

  useEffect(() => {
    setHydrated(true);
    setCanLocate(Boolean(locator) && typeof navigator !== 'undefined' && 'geolocation' in navigator);
    // The page came back with the box's error: the shopper lands in the box, its error read with it.
    if (locator?.fieldError) nearRef.current?.focus();
  }, [locator]);

  function update(change: (cards: ListSelection['cards']) => ListSelection['cards']) {
    setStored({ key, cards: change(selection.cards) });
  }

  function onQuery(value: string) {
    setQuery(value);
    history.replaceState(history.state, '', `${location.pathname}${withLocationQuery(location.search, value)}${location.hash}`);
  }

  function onLocatorSubmit(event: FormEvent<HTMLFormElement>) {
    // Digits that are not a postcode are said at once; everything else the server checks (contracts' locatorQuery).
    event.preventDefault();
    const error = postcodeError(nearRef.current?.value ?? '');
    if (error) {
      setFieldError(error);
      nearRef.current?.focus();
      return;
    }
    location.assign(`/dealer-locator${locatorSearch(new FormData(event.currentTarget))}`);
  }

  function onLocate() {
    setLive('');
    const form = document.getElementById(LOCATOR_IDS.form) as HTMLFormElement | null;
    const data = form ? new FormData(form) : null;
    const fail = () => {
      setLocating(false);
      setLive(LOCATOR_TEXTS.geolocationFailed);
      nearRef.current?.focus();
    };
    setLocating(true);
    try {
      navigator.geolocation.getCurrentPosition(
        (pos) => location.assign(`/dealer-locator${positionSearch(pos.coords.latitude, pos.coords.longitude, { type: String(data?.get('type') ?? ''), brand: String(data?.get('brand') ?? '') })}`),
        fail,
        { timeout: 10_000, maximumAge: 600_000 },
      );
    } catch {
      fail();
    }
  }

  return (
    <div className="fl-list">
      {locator ? (
        <>
          <LocatorForm locator={locator} fieldError={fieldError} live={live} canLocate={canLocate} locating={locating} inputRef={nearRef} onSubmit={onLocatorSubmit} onLocate={onLocate} />
          {locator.notice ? (
            <p className="fl-notice" role="status">
              {locator.notice}
            </p>
          ) : null}
          {locator.nearestTo ? <p className="fl-nearest">{locator.nearestTo}</p> : null}
        </>
      ) : null}
      <form className="fl-search" role="search" method="get" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="fl-search-input">Search locations</label>
        {keep
          .filter(([k]) => k !== 'locationQuery')
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <input
          id="fl-search-input"
          type="search"
          name="locationQuery"
          placeholder="Search locations..."
          autoComplete="off"
          maxLength={MAX_QUERY_LENGTH}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
        <button className="fc-btn" type="submit">
          Search
        </button>
      </form>
      <p className="fl-list__count" role="status">
        {countText(groupLocationsOf(shown).length, total)}
      </p>
      {shown.length ? (
        <ul className="fl-dgrid">
          {shown.map((group) => (
            <li key={group.slug}>
              <DealershipCard
                group={group}
                selection={selection.cards[group.slug] ?? { tab: 0, choice: {} }}
                interactive={hydrated}
                keep={keep}
                query={query}
                onSelect={(i) => update((cards) => ({ ...cards, [group.slug]: { tab: i, choice: cards[group.slug]?.choice ?? {} } }))}
                onChoose={(tabId, locationId) =>
                  update((cards) => ({ ...cards, [group.slug]: { tab: cards[group.slug]?.tab ?? 0, choice: { ...cards[group.slug]?.choice, [tabId]: locationId } } }))
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="fl-empty">
          <p>No locations match your search.</p>
          {query ? (
            <a
              className="fc-btn"
              href={`?${new URLSearchParams(keep.filter(([k]) => k !== 'locationQuery'))}`}
              onClick={(e) => {
                e.preventDefault();
                onQuery('');
              }}
            >
              Show all locations
            </a>
          ) : (
            <a className="fc-btn" href={locator ? '/dealer-locator' : '/locations'}>
              Show all locations
            </a>
          )}
        </div>
      )}
    </div>
  );
}
