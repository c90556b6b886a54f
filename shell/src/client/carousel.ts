/**
 * The home page's promotions slider (lib/promotions.ts markup; APG carousel, WCAG 2.2.2 Pause, Stop, Hide).
 * The server renders a horizontally scrolling row with snap points, which works without JavaScript; this adds the
 * rotation control and Previous / Next, and moves on by itself every `data-interval` ms, but never under
 * prefers-reduced-motion, never while the pointer or keyboard focus is in it, and never again once the shopper has
 * used a control (they chose what to look at).
 */

/** The slide after `index`, wrapping to the first. */
export const nextIndex = (index: number, count: number) => (count ? (index + 1) % count : 0);
/** The slide before `index`, wrapping to the last. */
export const prevIndex = (index: number, count: number) => (count ? (index - 1 + count) % count : 0);

/** The slide a scroll position shows: the nearest snap point, within range. */
export function indexFromScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (!count || slideWidth <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}

/** What decides whether the slider moves on by itself. */
export type RotationState = {
  /** More than one slide. */
  slides: number;
  /** The shopper prefers reduced motion: no automatic movement at all (they may still press Play). */
  reducedMotion: boolean;
  /** Pressed Pause, or used Previous / Next: stopped until they press Play. */
  stopped: boolean;
  /** The pointer is over the slider or keyboard focus is in it: held while it is. */
  hovered: boolean;
  focused: boolean;
};

/** The rotation's start state: playing unless the shopper prefers reduced motion. */
export const initialRotation = (slides: number, reducedMotion: boolean): RotationState => ({ slides, reducedMotion, stopped: reducedMotion, hovered: false, focused: false });

/** True when the slider should move on by itself now. */
export const isRotating = (s: RotationState) => s.slides > 1 && !s.stopped && !s.hovered && !s.focused;

/** The rotation control's accessible name: what pressing it does. */
export const rotationLabel = (s: Pick<RotationState, 'stopped'>) => (s.stopped ? 'Play slide show' : 'Pause slide show');

/** Scroll behaviour of a move: instant under reduced motion (no transition), else smooth. */
export const scrollBehaviour = (reducedMotion: boolean): ScrollBehavior => (reducedMotion ? 'instant' : 'smooth');

type Timers = { setTimer: (fn: () => void, ms: number) => unknown; clearTimer: (id: unknown) => void };

/** Wires one carousel element; returns a function that stops its timer (tests, page teardown). */
export function initCarousel(root: HTMLElement, opts: { reducedMotion: boolean } & Partial<Timers>): () => void {
  const setTimer = opts.setTimer ?? ((fn, ms) => window.setInterval(fn, ms));
  const clearTimer = opts.clearTimer ?? ((id) => window.clearInterval(id as number));
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-carousel-slide]')];
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const rotation = root.querySelector<HTMLButtonElement>('[data-carousel-rotation]');
  if (!track || slides.length < 2 || !controls || !rotation) return () => {};
  const interval = Number(root.dataset.interval) || 6000;
  const state = initialRotation(slides.length, opts.reducedMotion);
  let timer: unknown = null;
  // The slide shown, or being scrolled to: a second press during a smooth scroll goes on from the target.
  let index = 0;
  // The slide a programmatic move is scrolling to: until the track gets there, a pause in its scroll events (a busy
  // main thread or compositor) says nothing about where the shopper is, so it must not move `index` back.
  let target: number | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  track.addEventListener('scroll', () => {
    // A swipe or a scrollbar drag: the slide it settles on is the current one.
    clearTimeout(settle);
    settle = setTimeout(() => {
      const at = indexFromScroll(track.scrollLeft, track.clientWidth, slides.length);
      if (target !== null) {
        if (at !== target || Math.abs(track.scrollLeft - (slides[target]!.offsetLeft - slides[0]!.offsetLeft)) > 2) return;
        target = null;
      }
      index = at;
      mark(index);
    }, 150);
  }, { passive: true });
  // The shopper taking the track in hand ends a programmatic move: where they leave it is where it is.
  for (const type of ['pointerdown', 'wheel', 'touchstart'] as const) track.addEventListener(type, () => (target = null), { passive: true });

  const current = () => index;
  // Only the slide shown is in the accessibility tree and the Tab order (the others are inert): a keyboard or screen
  // reader user meets what is on screen, and revealing the next slide is what the polite live region announces.
  const mark = (to: number) => {
    slides.forEach((slide, i) => {
      slide.toggleAttribute('inert', i !== to);
      if (i === to) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
  };
  const show = (to: number) => {
    index = to;
    target = to;
    mark(to);
    track.scrollTo({ left: slides[to]!.offsetLeft - slides[0]!.offsetLeft, behavior: scrollBehaviour(opts.reducedMotion) });
  };
  const sync = () => {
    const on = isRotating(state);
    if (on && timer === null) timer = setTimer(() => show(nextIndex(current(), slides.length)), interval);
    if (!on && timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    rotation.setAttribute('aria-label', rotationLabel(state));
    rotation.toggleAttribute('data-stopped', state.stopped);
    // Screen readers hear each slide the shopper moves to, but not the ones that come by themselves (APG).
    track.setAttribute('aria-live', on ? 'off' : 'polite');
  };

  controls.hidden = false;
  root.setAttribute('data-carousel-ready', '');
  mark(index);
  rotation.addEventListener('click', () => {
    state.stopped = !state.stopped;
    // Play means play: the hover and focus that pressed it do not hold the slide show (APG rotation control).
    if (!state.stopped) state.hovered = state.focused = false;
    sync();
  });
  const move = (to: (i: number, n: number) => number) => () => {
    state.stopped = true;
    sync();
    show(to(current(), slides.length));
  };
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', move(prevIndex));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', move(nextIndex));
  root.addEventListener('mouseenter', () => {
    state.hovered = true;
    sync();
  });
  root.addEventListener('mouseleave', () => {
    state.hovered = false;
    sync();
  });
  root.addEventListener('focusin', () => {
    state.focused = true;
    sync();
  });
  root.addEventListener('focusout', (e) => {
    if (root.contains(e.relatedTarget as Node | null)) return;
    state.focused = false;
    sync();
  });
  sync();
  return () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}

export function initCarousels(doc: Document = document) {
  const reducedMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  for (const root of doc.querySelectorAll<HTMLElement>('[data-carousel]')) initCarousel(root, { reducedMotion });
}
