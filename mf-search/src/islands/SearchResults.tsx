import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { localStorageOrNull, type SearchHistoryEntry } from '@forecourt/contracts/browser-storage';
import { COMPARE_MAX, PAGE_SIZE, SEARCH_INPUT_DEBOUNCE_MS } from '@forecourt/contracts/constants';
import { formatNumber } from '@forecourt/contracts/display';
import { on } from '@forecourt/contracts/events';
import type { RangeFacet, SortOption } from '@forecourt/contracts/search';
import { track } from '@forecourt/contracts/track';
import { Facets } from '../components/Facets.tsx';
import { PromoCard } from '../components/PromoCard.tsx';
import { RecentSearches } from '../components/RecentSearches.tsx';
import { SearchCard } from '../components/SearchCard.tsx';
import type { CardCar } from '../lib/card.ts';
import { compareMessage, readCompare, toggleCompare } from '../lib/compare.ts';
import { useWatchlist } from '@forecourt/ui/watchlist';
import { SaveSearch } from '../components/SaveSearch.tsx';
import { readFavourites, toggleFavourite } from '../lib/favourites.ts';
import { inertOutside, trapTab } from '../lib/modal.ts';
import { readSearchHistory, recordSearch } from '../lib/search-history.ts';
import type { RangeValue } from '../lib/slider.ts';
import { changeRefinements, hiddenFields, hrefFor, parseRefinements, refinementsToParams, toSearchRequest, type UrlRefinements } from '../lib/url-state.ts';
import type { SearchView } from '../lib/view.ts';
import SimilarCars from './SimilarCars.tsx';
import '../styles/search.css';

type LoadState = 'hasData' | 'loading' | 'hasError';

const countText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'vehicle' : 'vehicles'} found`;

/** Below lg (992px) the filters are a drawer behind the Filters button (search.css uses the same breakpoint). */
const DRAWER_MEDIA = '(max-width: 991.98px)';

/** Loads a view from the search API; the tenant is set server-side by the shell. */
async function fetchView(pathname: string, refinements: UrlRefinements, signal: AbortSignal): Promise<SearchView> {
  const params = refinementsToParams(refinements);
  params.set('path', pathname);
  const res = await fetch(`/api/search/view?${params}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return (await res.json()) as SearchView;
}

/** A new empty search mounts a new carousel (it loads its own suggestions). */
const similarKey = (v: SearchView) => hrefFor(v.pathname, { ...v.refinements, page: 1 });

/** The history key of a view: its path and refinements without the page (spec §3: filters plus path). */
const historyPath = (v: SearchView) => hrefFor(v.pathname, { ...v.refinements, page: 1 });

/**
 * Search page (spec §2 Search results, §3 Search state, §4 Search load): facets, search input, count, sort, cards,
 * paging. Every control is a link or GET form (works without JS); after hydration the island loads results from
 * `/api/search/view`, keeping the previous results on screen while loading or after an error.
 */
export default function SearchResults(props: { view: SearchView }) {
  const [view, setView] = useState(props.view);
  const [state, setState] = useState<LoadState>('hasData');
  // The sort the shopper picked, shown at once while its results load.
  const [pendingSort, setPendingSort] = useState<SortOption | null>(null);
  const [favourites, setFavourites] = useState<Set<string>>(() => new Set());
  const [compared, setCompared] = useState<Set<string>>(() => new Set());
  const [compareNote, setCompareNote] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [hydrated, setHydrated] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [history, setHistory] = useState<SearchHistoryEntry[]>([]);
  const [query, setQuery] = useState(view.refinements.query);
  const abort = useRef<AbortController | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const keepFocus = useRef(false);
  const [failures, setFailures] = useState(0);
  const queryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const countRef = useRef<HTMLParagraphElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Small screens (below lg), where the filters are a drawer; measured after hydration (the server cannot know).
  const [small, setSmall] = useState(false);
  // The drawer is a modal only on small screens (the Filters button is hidden from lg up).
  const drawerOpen = filtersOpen && small;
  // Set when the drawer closes: focus goes back to the Filters button once the page behind is no longer inert.
  const focusFiltersButton = useRef(false);
  const current = useRef(view);
  current.current = view;
  // The refinements of the latest request (loaded or still in flight): every change builds on these, so a sort or a
  // slider change made while a facet click is loading keeps that click.
  const requested = useRef(view.refinements);

  function remember(v: SearchView) {
    if (!v.searchHistory) return;
    const filters = toSearchRequest(v.refinements, v.pathFilters, PAGE_SIZE, []);
    setHistory(recordSearch(localStorageOrNull(), { path: historyPath(v), filters: { ...filters, page: 1 }, at: Date.now() }));
  }

  async function load(refinements: UrlRefinements, history: 'push' | 'none', opts: { focusCount?: boolean; keepQuery?: boolean } = {}) {
    const pathname = current.current.pathname;
    requested.current = refinements;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    // Focus inside the island when the change started (a facet, Clear Filters, a recent search): if the new results
    // remove that element, focus goes to the results count instead of dropping to <body> (WCAG 2.4.3).
    keepFocus.current = rootRef.current?.contains(document.activeElement) ?? false;
    setState('loading');
    try {
      const next = await fetchView(pathname, refinements, controller.signal);
      if (history === 'push') window.history.pushState(null, '', hrefFor(pathname, next.refinements));
      requested.current = next.refinements;
      setView(next);
      setState('hasData');
      setPendingSort(null);
      if (!opts.keepQuery) setQuery(next.refinements.query);
      const label = next.sortOptions.find((o) => o.value === next.refinements.sortBy)?.label;
      setAnnouncement(`${countText(next.displayedCount)}${label ? `, sorted by ${label}` : ''}`);
      remember(next);
      if (opts.focusCount) {
        countRef.current?.focus();
        countRef.current?.scrollIntoView({ block: 'start' });
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      console.error('search failed', error);
      // The failed request never showed: later changes build on what is on screen.
      requested.current = current.current.refinements;
      setState('hasError');
      setPendingSort(null);
      // Sliders and inputs go back to what is on screen (the failed range never applied).
      setFailures((n) => n + 1);
    }
  }

  useEffect(() => {
    // The re-render that makes facets interactive and marks saved cars touches every card: as a transition it is
    // sliced into short tasks instead of one long one right after hydration (Total Blocking Time).
    startTransition(() => {
      setHydrated(true);
      setFavourites(new Set(readFavourites().map((f) => f.id)));
      if (props.view.compare) setCompared(new Set(readCompare().map((c) => c.id)));
      if (props.view.searchHistory) {
        setHistory(readSearchHistory(localStorageOrNull()));
        remember(props.view);
      }
    });
    track({ event_id: ANALYTICS_EVENTS.SEARCH_PAGE_VIEW });
    const offFavourites = on('favourites.changed.v1', (p) => setFavourites(new Set(p.favourites.map((f) => f.id))));
    // Another part of the page (or the saved cars page in this tab) changed the compare list.
    const offCompare = on('compare.changed.v1', (p) => setCompared(new Set(p.cars.map((c) => c.id))));
    // Back/forward: show the results the URL now names (validated like any URL).
    const onPop = () => void load(parseRefinements(new URLSearchParams(window.location.search)), 'none');
    window.addEventListener('popstate', onPop);
    return () => {
      offFavourites();
      offCompare();
      window.removeEventListener('popstate', onPop);
      abort.current?.abort();
      clearTimeout(queryTimer.current);
    };
  }, []);

  useEffect(() => {
    if (!keepFocus.current) return;
    keepFocus.current = false;
    const active = document.activeElement;
    // Inside the open drawer focus stays in it (its close button); elsewhere it goes to the results count.
    if (!active || active === document.body || !active.isConnected) (drawerOpen ? drawerClose : countRef).current?.focus();
  }, [view]);

  // The filter drawer (small screens): a modal while open. Focus moves in and stays in (Tab wraps, the rest of the
  // page is inert), the page behind does not scroll, Escape closes it; closing puts focus back on the Filters button.
  useEffect(() => {
    const panel = drawer.current;
    if (!drawerOpen || !panel) return;
    // The results' status region stays live: a shopper refining in the drawer still hears the new count.
    const restoreInert = inertOutside(panel, [statusRef.current]);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    drawerClose.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeDrawer();
      } else trapTab(e, panel);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      restoreInert();
      root.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      if (focusFiltersButton.current) {
        focusFiltersButton.current = false;
        filtersButton.current?.focus();
      }
    };
  }, [drawerOpen]);

  // Which side of the breakpoint the window is on; growing past it turns the drawer back into the sidebar.
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(DRAWER_MEDIA) : null;
    if (!query) return;
    const update = () => {
      setSmall(query.matches);
      if (!query.matches) setFiltersOpen(false);
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  function closeDrawer() {
    focusFiltersButton.current = true;
    setFiltersOpen(false);
  }

  /** Facet, paging and clear links: same-page links load in place; anything else navigates as usual. */
  const onClick = (e: React.MouseEvent<HTMLDivElement>) => {
    if (!hydrated || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-nav]');
    if (!link) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname !== current.current.pathname) return;
    e.preventDefault();
    void load(parseRefinements(url.searchParams), 'push', { focusCount: link.dataset.nav === 'page' });
  };
  const onSort = (value: string) => {
    const sortBy = value as SortOption;
    setPendingSort(sortBy);
    void load(changeRefinements(requested.current, { sortBy }), 'push');
  };
  const onRange = (facet: RangeFacet, range: RangeValue) => {
    const ranges = { ...requested.current.ranges };
    if (range.min === undefined && range.max === undefined) delete ranges[facet];
    else ranges[facet] = { min: range.min, max: range.max };
    void load(changeRefinements(requested.current, { ranges }), 'push');
  };
  const runQuery = (text: string) => {
    clearTimeout(queryTimer.current);
    if (text.trim() === requested.current.query) return;
    void load(changeRefinements(requested.current, { query: text.trim() }), 'push', { keepQuery: true });
  };
  const onQuery = (text: string) => {
    setQuery(text);
    clearTimeout(queryTimer.current);
    queryTimer.current = setTimeout(() => runQuery(text), SEARCH_INPUT_DEBOUNCE_MS);
  };
  const onFavourite = (car: CardCar) => {
    const next = toggleFavourite(car);
    const added = next.some((f) => f.id === car.id);
    if (added) track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: car.id });
    setFavourites(new Set(next.map((f) => f.id)));
  };
  const watchlist = useWatchlist(view.watchlist);
  const watchlistOf = (car: CardCar) =>
    view.watchlist ? { saved: watchlist.saved.has(car.id), busy: watchlist.busy.has(car.id), onToggle: (c: CardCar) => watchlist.toggle({ id: c.id, name: c.title }) } : undefined;
  const onCompare = (car: CardCar) => {
    const result = toggleCompare(car);
    if (result.action !== 'full') setCompared(new Set(result.list.map((c) => c.id)));
    const message = compareMessage(result, car.a11yName);
    setCompareNote(message);
    // Heard through the page's one status region; the bar shows the same words.
    setAnnouncement(message);
  };
  const pageHref = (page: number) => hrefFor(view.pathname, changeRefinements(view.refinements, { page }));
  const hidden = (omit: string[]) => hiddenFields(view.refinements, omit).map(([n, v], i) => <input key={`${n}-${i}`} type="hidden" name={n} value={v} />);

  const promo = new Set(view.promoPositions);
  const items: ReactNode[] = [];
  view.cards.forEach((car, i) => {
    // `while`: neighbouring promo positions (the random variant) each get their card.
    while (promo.has(items.length + 1)) items.push(<li key={`promo-${items.length + 1}`}><PromoCard /></li>);
    items.push(
      <li key={car.id}>
        <SearchCard
          car={car}
          favourite={favourites.has(car.id)}
          showFavourite={view.favourites && !view.compare}
          onToggleFavourite={onFavourite}
          idBase="fs-grid"
          // The first card is the page's LCP (preloaded from the head too: routes/fragments.tsx); the rest load lazily.
          imageLoading={i === 0 ? 'priority' : 'lazy'}
          compared={compared.has(car.id)}
          onToggleCompare={view.compare ? onCompare : undefined}
          watchlist={watchlistOf(car)}
        />
      </li>,
    );
  });
  while (view.cards.length && promo.has(items.length + 1)) items.push(<li key={`promo-${items.length + 1}`}><PromoCard /></li>);

  const active = view.facets.active;
  return (
    <div className="fs-layout" ref={rootRef} data-js={hydrated ? '' : undefined} onClick={onClick}>
      <button type="button" className="fc-btn fs-filters-btn" ref={filtersButton} aria-expanded={filtersOpen} aria-controls="fs-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
        Filters{active ? ` (${active})` : ''}
      </button>
      {/* The filters sidebar (a complementary region); on small screens, while open, a modal drawer (a dialog). */}
      <section
        id="fs-filters"
        className="fs-filters"
        ref={drawer}
        role={drawerOpen ? 'dialog' : 'complementary'}
        aria-modal={drawerOpen ? true : undefined}
        aria-labelledby="fs-filters-h"
        data-open={filtersOpen ? '' : undefined}
      >
        <div className="fs-filters__head">
          <h2 id="fs-filters-h">Filters</h2>
          {active ? (
            <a href={view.pathname} data-nav="" className="fs-clear">
              Clear Filters
            </a>
          ) : null}
          {hydrated ? (
            // Only the drawer (small screens) shows it; without JavaScript there is no drawer to close.
            <button type="button" className="fs-filters__close" ref={drawerClose} onClick={closeDrawer}>
              <span aria-hidden="true">×</span>
              <span className="fc-visually-hidden">Close filters</span>
            </button>
          ) : null}
        </div>
        <Facets facets={view.facets} pathname={view.pathname} refinements={view.refinements} interactive={hydrated} onRange={onRange} resetKey={failures}>
          <form
            className="fs-facet fs-search"
            role="search"
            method="get"
            action={view.pathname}
            onSubmit={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              runQuery(query);
            }}
          >
            {hidden(['query'])}
            <label htmlFor="fs-query">Search stock</label>
            <div className="fs-search__row">
              <input id="fs-query" type="search" name="query" value={query} maxLength={200} placeholder="Make, model, stock number" onChange={(e) => onQuery(e.target.value)} />
              <button className="fc-btn" type="submit">
                Search
              </button>
            </div>
          </form>
        </Facets>
        {hydrated ? <RecentSearches history={history} current={historyPath(view)} /> : null}
        {hydrated ? (
          // The drawer's foot, always in view while it scrolls: how many cars the filters find, and the way back to them.
          <div className="fs-filters__foot">
            <button type="button" className="fc-btn fc-btn--primary" onClick={closeDrawer} aria-describedby={state === 'loading' ? 'fs-filters-loading' : undefined}>
              {`Show ${formatNumber(view.displayedCount)} ${view.displayedCount === 1 ? 'result' : 'results'}`}
            </button>
            {state === 'loading' ? (
              <span id="fs-filters-loading" className="fc-visually-hidden">
                Updating
              </span>
            ) : null}
          </div>
        ) : null}
      </section>
      {/* Outside the aria-busy section: a busy region's changes may be held back by screen readers. */}
      <p className="fc-visually-hidden" role="status" aria-live="polite" ref={statusRef}>
        {state === 'loading' ? 'Loading results' : announcement}
      </p>
      <section className="fs-results" aria-busy={state === 'loading'} data-state={state} aria-label="Results">
        <div className="fs-results__bar">
          <p className="fs-results__count" ref={countRef} tabIndex={-1}>
            {countText(view.displayedCount)}
          </p>
          {view.watchlist ? <SaveSearch url={hrefFor(view.pathname, changeRefinements(view.refinements, { page: 1 }))} label={view.heading} /> : null}
          <form className="fs-sort" method="get" action={view.pathname}>
            {hidden(['sortBy'])}
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
        {view.compare && hydrated ? (
          // Compare mode (spec §2 card control): how many are picked, and the way to the comparison.
          <div className="fs-compare-bar" data-empty={compared.size ? undefined : ''}>
            <p className="fs-compare-bar__note">
              {compareNote || (compared.size ? `${compared.size} of ${COMPARE_MAX} cars picked to compare.` : '')}
            </p>
            {compared.size ? (
              <a className="fc-btn fc-btn--primary" href="/watchlist#compare">
                Compare cars ({compared.size})
              </a>
            ) : null}
          </div>
        ) : null}
        {state === 'hasError' ? (
          <p className="fs-results__error" role="alert">
            We couldn't update the results just now. The results below are from your previous search.
          </p>
        ) : null}
        {view.cards.length ? (
          <ul className={`fs-grid fs-grid--${view.gridColumns}`}>{items}</ul>
        ) : (
          <div className="fs-empty">
            <h2>No results found for your search at this time.</h2>
            <p>Please try adjusting the filters for more results.</p>
            <a className="fc-btn fc-btn--primary" href={view.pathname} data-nav="">
              Clear Filters
            </a>
          </div>
        )}
        {/* Similar cars (issue 3, spec §8 fallback): suggestions from a relaxed search under the empty-results card only. */}
        {view.cards.length ? null : (
          <SimilarCars key={similarKey(view)} source={{ path: view.pathname, query: refinementsToParams({ ...view.refinements, page: 1 }).toString() }} />
        )}
        {view.pages > 1 ? (
          <nav className="fs-pager" aria-label="Pages">
            {view.page > 1 ? (
              <a className="fc-btn" href={pageHref(view.page - 1)} rel="prev" data-nav="page">
                Previous
              </a>
            ) : null}
            <span>
              Page {view.page} of {view.pages}
            </span>
            {view.page < view.pages ? (
              <a className="fc-btn" href={pageHref(view.page + 1)} rel="next" data-nav="page">
                Next
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
