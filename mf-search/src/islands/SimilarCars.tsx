import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { on } from '@forecourt/contracts/events';
import type { SimilarCarsIslandProps } from '@forecourt/contracts/islands';
import { track } from '@forecourt/contracts/track';
import { Carousel } from '../components/Carousel.tsx';
import { SearchCard } from '../components/SearchCard.tsx';
import type { CardCar } from '../lib/card.ts';
import { useWatchlist } from '@forecourt/ui/watchlist';
import { readFavourites, toggleFavourite } from '../lib/favourites.ts';
import { SIMILAR_CARDS, SIMILAR_ROOT_MARGIN, similarUrl, type SimilarSource } from '../lib/similar.ts';
import { TYPE_PAGES } from '../lib/url-state.ts';
import '../styles/similar.css';

/** Its props are a contract: mf-vehicle mounts this island (contracts' SimilarCarsIslandPropsSchema). */
export type SimilarCarsProps = SimilarCarsIslandProps;

type State = 'waiting' | 'loading' | 'ready' | 'empty' | 'failed';

/**
 * The carousel's element ids, from what it is similar to (never useId: the server renders it inside a page, the client
 * hydrates it as the island's root, and React's ids differ between the two).
 */
export const similarIdBase = (source: SimilarSource): string => ('slug' in source ? `fsim-${source.slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}` : 'fsim-search');

/** The stock-type search pages, with the current search page first when there is one. */
function defaultLinks(source: SimilarSource): Array<{ label: string; href: string }> {
  const pages = Object.entries(TYPE_PAGES).map(([slug, page]) => ({ label: page.label, href: `/search/${slug}` }));
  if (!('path' in source) || pages.some((p) => p.href === source.path)) return pages;
  return [{ label: 'This search without filters', href: source.path }, ...pages];
}

/**
 * Similar-cars carousel (spec §2, §7 multi-search for similar cars, §8, §9 Similar cars). Server-side it renders
 * its heading and 6 fixed-size placeholders; in the browser it loads `/api/search/similar` once it comes within
 * 500px of the viewport, then shows up to 6 cards. An empty answer hides the section; a failure is logged as a
 * warning and shows links to the search pages instead.
 */
export default function SimilarCars({ source, heading, fallbackLinks }: SimilarCarsProps) {
  const [state, setState] = useState<State>('waiting');
  const [cards, setCards] = useState<CardCar[]>([]);
  // The API says whether this tenant's cards carry the favourite control (spec §4 favourite visibility).
  const [showFavourite, setShowFavourite] = useState(false);
  const [favourites, setFavourites] = useState<Set<string>>(() => new Set());
  // And whether that control is the server watchlist's Save / Saved.
  const [watchlistOn, setWatchlistOn] = useState(false);
  const watchlist = useWatchlist(watchlistOn);
  const section = useRef<HTMLElement>(null);
  const id = similarIdBase(source);
  const url = similarUrl(source);
  const title = heading ?? ('slug' in source ? 'Similar cars' : 'You might also like');

  useEffect(() => {
    const el = section.current;
    if (!el) return;
    const controller = new AbortController();
    let started = false;
    setState('waiting');
    const load = async () => {
      if (started) return;
      started = true;
      setState('loading');
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`similar cars answered ${res.status}`);
        const body = (await res.json()) as { cards?: unknown; favourites?: unknown; watchlist?: unknown };
        if (!Array.isArray(body.cards)) throw new Error('similar cars answered without cards');
        const found = (body.cards as CardCar[]).slice(0, SIMILAR_CARDS);
        setShowFavourite(body.favourites === true);
        setWatchlistOn(body.watchlist === true);
        setFavourites(new Set(readFavourites().map((f) => f.id)));
        setCards(found);
        setState(found.length ? 'ready' : 'empty');
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // A warning, not an error: the page still works and the fallback links are shown (spec §8).
        console.warn('similar cars failed', error);
        setState('failed');
      }
    };
    if (typeof IntersectionObserver === 'undefined') {
      void load();
      return () => controller.abort();
    }
    // Spec §9: load 500px before the carousel scrolls into view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: SIMILAR_ROOT_MARGIN },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [url]);

  // Favourites changed elsewhere on the page (the results grid, the header, another tab's saved cars page).
  useEffect(() => on('favourites.changed.v1', (p) => setFavourites(new Set(p.favourites.map((f) => f.id)))), []);
  const onFavourite = (car: CardCar) => {
    const next = toggleFavourite(car);
    if (next.some((f) => f.id === car.id)) track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: car.id });
    setFavourites(new Set(next.map((f) => f.id)));
  };

  if (state === 'empty') return null;
  const headingId = `${id}-h`;
  return (
    <section className="fsim" ref={section} aria-labelledby={headingId} aria-busy={state === 'waiting' || state === 'loading'} data-state={state}>
      <h2 className="fsim__heading" id={headingId}>
        {title}
      </h2>
      {state === 'ready' ? (
        <Carousel id={`${id}-list`} label={title} itemsKey={cards.map((c) => c.id).join(',')}>
          {cards.map((car) => (
            <li key={car.id} className="fsim-list__item">
              <SearchCard car={car} idBase={id} favourite={favourites.has(car.id)} showFavourite={showFavourite} onToggleFavourite={onFavourite} headingLevel={3}
                watchlist={watchlistOn ? { saved: watchlist.saved.has(car.id), busy: watchlist.busy.has(car.id), onToggle: (c) => watchlist.toggle({ id: c.id, name: c.title }) } : undefined} />
            </li>
          ))}
        </Carousel>
      ) : state === 'failed' ? (
        <>
          <p>We couldn't load suggestions just now. Browse our stock instead:</p>
          <ul className="fsim-links">
            {(fallbackLinks ?? defaultLinks(source)).map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="fsim-carousel">
          <p className="fc-visually-hidden">Loading {title.toLowerCase()}</p>
          <ul className="fsim-list" aria-hidden="true">
            {Array.from({ length: SIMILAR_CARDS }, (_, i) => (
              <li key={i} className="fsim-list__item fsim-ph">
                <span className="fsim-ph__media" />
                <span className="fsim-ph__line" />
                <span className="fsim-ph__line fsim-ph__line--short" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
