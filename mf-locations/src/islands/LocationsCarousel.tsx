import { useCallback, useEffect, useRef, useState } from 'react';
import { SummaryCard } from '../components/SummaryCard.tsx';
import { AllLocationsLink } from '../components/LocationBlock.tsx';
import { showSwipeHint, type BlockCard } from '../lib/block.ts';
import { Icon } from '@forecourt/ui/icons';

export type LocationsCarouselProps = {
  /** The island's id: the heading's and the list's ids start with it. */
  id: string;
  cards: BlockCard[];
  /** How many locations match in all ('All N locations' when the carousel shows fewer). */
  total: number;
};

/** The carousel's heading (spec §2 "Carousel 'Our Locations'"). */
export const CAROUSEL_HEADING = 'Our Locations';

/** Sub-pixel scroll positions (zoom, fractional widths) count as the end within this many pixels. */
const EDGE = 2;

/**
 * Whether a horizontally scrolling list is at its start and at its end (a list that fits is at both).
 * @example listEdges(0, 1200, 600) // { atStart: true, atEnd: false }
 */
export function listEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): { atStart: boolean; atEnd: boolean } {
  const at = Math.abs(scrollLeft);
  return { atStart: at <= EDGE, atEnd: at >= Math.max(0, scrollWidth - clientWidth) - EDGE };
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The 'Our Locations' carousel (spec §2 Location block; contracts SLOTS.locationsSummary `layout=carousel`): a
 * horizontal list that scrolls and snaps natively (touch, trackpad, and Tab into a card scrolls it into view), so it
 * works without JavaScript; a 'Swipe' hint when it has more than 3 cards (spec §9). Once hydrated, Previous and Next
 * move it by one card (instantly under reduced motion) and are disabled at its ends; before that they are invisible
 * but hold their space (nothing moves). It never moves by itself: no autoplay, so nothing to pause.
 */
export default function LocationsCarousel({ id, cards, total }: LocationsCarouselProps) {
  const list = useRef<HTMLUListElement>(null);
  const [ready, setReady] = useState(false);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const next = listEdges(el.scrollLeft, el.scrollWidth, el.clientWidth);
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);
  useEffect(() => {
    setReady(true);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const move = (direction: 1 | -1) => {
    const el = list.current;
    const first = el?.firstElementChild as HTMLElement | null | undefined;
    if (!el || !first) return;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = Math.max(1, Math.min(first.getBoundingClientRect().width + gap, el.clientWidth || Infinity));
    el.scrollBy({ left: direction * step, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const headingId = `${id}-title`;
  const listId = `${id}-list`;
  return (
    <section className="fl-carousel" aria-labelledby={headingId}>
      <div className="fl-carousel__head">
        <h2 id={headingId}>{CAROUSEL_HEADING}</h2>
        <AllLocationsLink shown={cards.length} total={total} />
      </div>
      <div className="fl-carousel__bar">
        {showSwipeHint(cards.length) ? (
          <p className="fl-carousel__hint">
            <Icon name="arrow-left" /> Swipe <Icon name="arrow-right" />
          </p>
        ) : null}
        <div className="fl-carousel__controls" data-ready={ready ? '' : undefined}>
          <button type="button" className="fc-btn fc-btn--sm fl-carousel__prev" aria-controls={listId} disabled={!ready || edges.atStart} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span> Previous<span className="fc-visually-hidden"> locations</span>
          </button>
          <button type="button" className="fc-btn fc-btn--sm fl-carousel__next" aria-controls={listId} disabled={!ready || edges.atEnd} onClick={() => move(1)}>
            Next<span className="fc-visually-hidden"> locations</span> <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul id={listId} className="fl-carousel__list" aria-label={CAROUSEL_HEADING} ref={list} onScroll={measure}>
        {cards.map((card) => (
          <li key={card.id} className="fl-carousel__item">
            <SummaryCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
