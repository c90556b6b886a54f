import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { carouselEdges, carouselStep, type CarouselEdges } from '../lib/similar-carousel.ts';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A horizontally scrolling list's Previous/Next state: whether it is at its start or end (measured on scroll and
 * resize), and `move` to scroll it by one card (instantly when the shopper prefers reduced motion).
 */
export function useCarousel(list: RefObject<HTMLUListElement | null>, itemsKey: string | number) {
  // Before measuring (SSR, first paint) the list is at its start; Next stays usable until measured otherwise.
  const [edges, setEdges] = useState<CarouselEdges>({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const next = carouselEdges(el.scrollLeft, el.scrollWidth, el.clientWidth);
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, [list]);

  useEffect(() => {
    measure();
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [itemsKey, measure, list]);

  const move = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const first = el.firstElementChild as HTMLElement | null;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = carouselStep(first?.getBoundingClientRect().width ?? 0, gap, el.clientWidth);
    el.scrollBy({ left: direction * step, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  return { edges, measure, move };
}

type ButtonsProps = {
  /** Id of the scrolling list, named by the buttons' aria-controls. */
  controls: string;
  /** What the list is (e.g. 'Similar cars'), for the buttons' names. */
  label: string;
  edges: CarouselEdges;
  move: (direction: 1 | -1) => void;
  className?: string;
};

/** Previous / Next, each named with the list, disabled at its end of the list. */
export function CarouselButtons({ controls, label, edges, move, className = '' }: ButtonsProps) {
  return (
    <>
      <button type="button" className={`fc-btn fsim-carousel__prev ${className}`.trim()} aria-controls={controls} disabled={edges.atStart} onClick={() => move(-1)}>
        <span aria-hidden="true">‹</span> Previous<span className="fc-visually-hidden"> {label.toLowerCase()}</span>
      </button>
      <button type="button" className={`fc-btn fsim-carousel__next ${className}`.trim()} aria-controls={controls} disabled={edges.atEnd} onClick={() => move(1)}>
        Next<span className="fc-visually-hidden"> {label.toLowerCase()}</span> <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

type Props = {
  /** Id of the scrolling list, named by the buttons' aria-controls. */
  id: string;
  /** Accessible name of the list (e.g. 'Similar cars'). */
  label: string;
  /** The list items (`<li>`). */
  children: ReactNode;
  /** Changes when the items change, so the button state is measured again. */
  itemsKey: string | number;
};

/**
 * A horizontally scrolling list with Previous/Next buttons above it (spec §2 similar-cars carousel). The list scrolls
 * natively (touch, trackpad, Tab into a card) and snaps to cards; the buttons move it by one card, are disabled at
 * the ends, and scroll instantly when the shopper prefers reduced motion.
 */
export function Carousel({ id, label, children, itemsKey }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const { edges, measure, move } = useCarousel(list, itemsKey);
  return (
    <div className="fsim-carousel">
      <div className="fsim-carousel__controls">
        <CarouselButtons controls={id} label={label} edges={edges} move={move} />
      </div>
      <ul id={id} className="fsim-list" aria-label={label} ref={list} onScroll={measure}>
        {children}
      </ul>
    </div>
  );
}
