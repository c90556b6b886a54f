import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { on } from '@forecourt/contracts/events';
import { track } from '@forecourt/contracts/track';
import { useCarousel } from '../components/Carousel.tsx';
import { SearchCard } from '../components/SearchCard.tsx';
import type { CardCar } from '../lib/card.ts';
import { readFavourites, toggleFavourite } from '../lib/favourites.ts';
import type { StockStripProps } from '../lib/stock-strip.ts';
import { useWatchlist } from '@forecourt/ui/watchlist';
import '../styles/similar.css';

/**
 * A home page's featured-stock strip (contracts SLOTS.stockStrip): heading, 'View all' to the matching search page,
 * and the cars as a horizontal list that scrolls and snaps natively (touch, trackpad, Tab into a card) without
 * JavaScript. Once hydrated, Previous/Next arrows over the list's edges move it by one card (disabled at its ends;
 * absolutely placed, so they shift nothing) and the cards' Save control works.
 */
export default function StockStrip({ id, heading, viewAll, cards, favourites: showFavourite, watchlist: watchlistOn = false }: StockStripProps) {
  const list = useRef<HTMLUListElement>(null);
  const { edges, measure, move } = useCarousel(list, cards.length);
  const [hydrated, setHydrated] = useState(false);
  const [favourites, setFavourites] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    setHydrated(true);
    setFavourites(new Set(readFavourites().map((f) => f.id)));
    // Favourites changed elsewhere on the page (another strip, the header, another tab's saved cars page).
    return on('favourites.changed.v1', (p) => setFavourites(new Set(p.favourites.map((f) => f.id))));
  }, []);

  const onFavourite = (car: CardCar) => {
    const next = toggleFavourite(car);
    if (next.some((f) => f.id === car.id)) track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: car.id });
    setFavourites(new Set(next.map((f) => f.id)));
  };

  const watchlist = useWatchlist(watchlistOn);
  const headingId = `${id}-h`;
  const listId = `${id}-list`;
  return (
    <section className="fc-section fs-strip" aria-labelledby={headingId}>
      <div className="fc-section__head">
        <h2 id={headingId}>{heading}</h2>
        <a className="fc-section__more fs-strip__all" href={viewAll}>
          View all<span className="fc-visually-hidden"> {heading.toLowerCase()}</span>
        </a>
      </div>
      <div className="fs-strip__viewport">
        <ul id={listId} className="fs-strip__list" aria-label={heading} ref={list} onScroll={measure}>
          {cards.map((car) => (
            <li key={car.id} className="fs-strip__item">
              <SearchCard
                car={car}
                idBase={id}
                headingLevel={3}
                favourite={favourites.has(car.id)}
                showFavourite={showFavourite}
                onToggleFavourite={onFavourite}
                // Every photo lazy (issue 19: only the LCP picture loads at once): a strip sits below a page's first
                // screen (home, finance, the car page), and an eager photo there took bandwidth from the LCP picture
                // and the font, with a preload of its own that React writes before each eager image.
                imageLoading="lazy"
                watchlist={watchlistOn ? { saved: watchlist.saved.has(car.id), busy: watchlist.busy.has(car.id), onToggle: (c) => watchlist.toggle({ id: c.id, name: c.title }) } : undefined}
              />
            </li>
          ))}
        </ul>
        {hydrated ? (
          <>
            <button type="button" className="fs-strip__arrow fs-strip__arrow--prev" aria-controls={listId} disabled={edges.atStart} onClick={() => move(-1)}>
              <span aria-hidden="true">‹</span>
              <span className="fc-visually-hidden">Previous {heading.toLowerCase()}</span>
            </button>
            <button type="button" className="fs-strip__arrow fs-strip__arrow--next" aria-controls={listId} disabled={edges.atEnd} onClick={() => move(1)}>
              <span aria-hidden="true">›</span>
              <span className="fc-visually-hidden">Next {heading.toLowerCase()}</span>
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
