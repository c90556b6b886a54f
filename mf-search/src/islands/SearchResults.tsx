import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { formatNumber } from '@forecourt/contracts/display';
import { on } from '@forecourt/contracts/events';
import { track } from '@forecourt/contracts/track';
import { SearchCard } from '../components/SearchCard.tsx';
import type { CardCar } from '../lib/card.ts';
import { readFavourites, toggleFavourite } from '../lib/favourites.ts';
import { changeRefinements, hrefFor, parseRefinements, refinementsToParams, type UrlRefinements } from '../lib/url-state.ts';
import type { SearchView } from '../lib/view.ts';
import type { SortOption } from '@forecourt/contracts/search';
import '../styles/search.css';

type LoadState = 'hasData' | 'loading' | 'hasError';

const countText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'vehicle' : 'vehicles'} found`;

/** Loads a view from the search API; the tenant is set server-side by the shell. */
async function fetchView(pathname: string, refinements: UrlRefinements, signal: AbortSignal): Promise<SearchView> {
  const params = refinementsToParams(refinements);
  params.set('path', pathname);
  const res = await fetch(`/api/search/view?${params}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return (await res.json()) as SearchView;
}

/**
 * Search results (spec §2 Search results, §4 Search load): count, sort selector, cards, paging.
 * During loading or after an error, the previous results stay on screen; the URL changes only with the results.
 */
export default function SearchResults(props: { view: SearchView }) {
  const [view, setView] = useState(props.view);
  const [state, setState] = useState<LoadState>('hasData');
  // The sort the shopper picked, shown at once while its results load.
  const [pendingSort, setPendingSort] = useState<SortOption | null>(null);
  const [favourites, setFavourites] = useState<Set<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<AbortController | null>(null);
  const current = useRef(view);
  current.current = view;

  async function load(refinements: UrlRefinements, history: 'push' | 'none') {
    const pathname = current.current.pathname;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState('loading');
    try {
      const next = await fetchView(pathname, refinements, controller.signal);
      if (history === 'push') window.history.pushState(null, '', hrefFor(pathname, next.refinements));
      setView(next);
      setState('hasData');
      setPendingSort(null);
      const label = next.sortOptions.find((o) => o.value === next.refinements.sortBy)?.label;
      setAnnouncement(`${countText(next.count)}${label ? `, sorted by ${label}` : ''}`);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      console.error('search failed', error);
      setState('hasError');
      setPendingSort(null);
    }
  }

  useEffect(() => {
    setFavourites(new Set(readFavourites().map((f) => f.id)));
    track({ event_id: ANALYTICS_EVENTS.SEARCH_PAGE_VIEW });
    const off = on('favourites.changed.v1', (p) => setFavourites(new Set(p.favourites.map((f) => f.id))));
    // Back/forward: show the results the URL now names (validated like any URL).
    const onPop = () => void load(parseRefinements(new URLSearchParams(window.location.search)), 'none');
    window.addEventListener('popstate', onPop);
    return () => {
      off();
      window.removeEventListener('popstate', onPop);
      abort.current?.abort();
    };
  }, []);

  const onSort = (value: string) => {
    const sortBy = value as SortOption;
    setPendingSort(sortBy);
    void load(changeRefinements(view.refinements, { sortBy }), 'push');
  };
  const onFavourite = (car: CardCar) => {
    const next = toggleFavourite(car);
    const added = next.some((f) => f.id === car.id);
    if (added) track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: car.id });
    setFavourites(new Set(next.map((f) => f.id)));
  };
  const pageHref = (page: number) => hrefFor(view.pathname, changeRefinements(view.refinements, { page }));

  return (
    <section className="fs-results" aria-busy={state === 'loading'} data-state={state}>
      <div className="fs-results__bar">
        <p className="fs-results__count">{countText(view.count)}</p>
        <form className="fs-sort" method="get" action={view.pathname}>
          <label htmlFor="fs-sort-select">Sort by</label>
          <select id="fs-sort-select" name="sortBy" value={pendingSort ?? view.refinements.sortBy} onChange={(e) => onSort(e.target.value)}>
            {view.sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <noscript>
            <button className="fc-btn" type="submit">
              Apply
            </button>
          </noscript>
        </form>
      </div>
      <p className="fc-visually-hidden" role="status" aria-live="polite">
        {state === 'loading' ? 'Loading results' : announcement}
      </p>
      {state === 'hasError' ? (
        <p className="fs-results__error" role="alert">
          We couldn't update the results just now. The results below are from your previous search.
        </p>
      ) : null}
      {view.cards.length ? (
        <ul className={`fs-grid fs-grid--${view.gridColumns}`}>
          {view.cards.map((car, i) => (
            <li key={car.id}>
              <SearchCard car={car} favourite={favourites.has(car.id)} showFavourite={view.favourites} onToggleFavourite={onFavourite} priority={i < 2} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="fs-empty">
          <h2>No results found for your search at this time.</h2>
          <p>Please try adjusting the filters for more results.</p>
          <a className="fc-btn fc-btn--primary" href={view.pathname}>
            Clear Filters
          </a>
        </div>
      )}
      {view.pages > 1 ? (
        <nav className="fs-pager" aria-label="Pages">
          {view.page > 1 ? (
            <a className="fc-btn" href={pageHref(view.page - 1)} rel="prev">
              Previous
            </a>
          ) : null}
          <span>
            Page {view.page} of {view.pages}
          </span>
          {view.page < view.pages ? (
            <a className="fc-btn" href={pageHref(view.page + 1)} rel="next">
              Next
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
