import { describe, expect, it, vi } from 'vitest';
import { indexFromScroll, initCarousel, initialRotation, isRotating, nextIndex, prevIndex, rotationLabel, scrollBehaviour } from './carousel.ts';

describe('slide arithmetic', () => {
  it('next and previous wrap around', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(prevIndex(0, 3)).toBe(2);
    expect(prevIndex(2, 3)).toBe(1);
    expect(nextIndex(0, 0)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });
  it('the slide a scroll position shows is the nearest snap point, within range', () => {
    expect(indexFromScroll(0, 1200, 3)).toBe(0);
    expect(indexFromScroll(1190, 1200, 3)).toBe(1);
    expect(indexFromScroll(1799, 1200, 3)).toBe(1);
    expect(indexFromScroll(1801, 1200, 3)).toBe(2);
    expect(indexFromScroll(99_999, 1200, 3)).toBe(2);
    expect(indexFromScroll(-50, 1200, 3)).toBe(0);
    expect(indexFromScroll(500, 0, 3)).toBe(0);
  });
});

describe('rotation (WCAG 2.2.2; prefers-reduced-motion)', () => {
  it('plays by default, never under reduced motion', () => {
    expect(isRotating(initialRotation(3, false))).toBe(true);
    expect(isRotating(initialRotation(3, true))).toBe(false);
    expect(rotationLabel(initialRotation(3, true))).toBe('Play slide show');
    expect(rotationLabel(initialRotation(3, false))).toBe('Pause slide show');
    expect(isRotating(initialRotation(1, false))).toBe(false);
  });
  it('holds while hovered or focused, stops when stopped', () => {
    const s = initialRotation(3, false);
    expect(isRotating({ ...s, hovered: true })).toBe(false);
    expect(isRotating({ ...s, focused: true })).toBe(false);
    expect(isRotating({ ...s, stopped: true })).toBe(false);
  });
  it('moves instantly under reduced motion (no transition), smoothly otherwise', () => {
    expect(scrollBehaviour(true)).toBe('instant');
    expect(scrollBehaviour(false)).toBe('smooth');
  });
});

/** A minimal DOM of the server's markup (lib/promotions.ts): enough for initCarousel's wiring. */
function fakeCarousel(slides = 3) {
  class El extends EventTarget {
    attrs = new Map<string, string>();
    hidden = false;
    dataset: Record<string, string> = {};
    children: El[] = [];
    constructor(public offsetLeft = 0) {
      super();
    }
    setAttribute(n: string, v: string) {
      this.attrs.set(n, v);
    }
    getAttribute(n: string) {
      return this.attrs.get(n) ?? null;
    }
    toggleAttribute(n: string, on: boolean) {
      if (on) this.attrs.set(n, '');
      else this.attrs.delete(n);
    }
    removeAttribute(n: string) {
      this.attrs.delete(n);
    }
    contains(node: unknown): boolean {
      return node === this || this.children.some((c) => c.contains(node));
    }
  }
  const width = 1200;
  const scrolls: Array<{ left: number; behavior: string }> = [];
  const track = Object.assign(new El(), {
    scrollLeft: 0,
    clientWidth: width,
    scrollTo(o: { left: number; behavior: string }) {
      scrolls.push(o);
      track.scrollLeft = o.left;
    },
  });
  const slideEls = Array.from({ length: slides }, (_, i) => new El(i * width));
  const controls = new El();
  controls.hidden = true;
  const rotation = new El();
  const prev = new El();
  const next = new El();
  const root = new El();
  root.dataset.interval = '6000';
  controls.children = [rotation, prev, next];
  track.children = slideEls;
  root.children = [controls, track];
  const bySelector: Record<string, El> = { '[data-carousel-track]': track, '[data-carousel-controls]': controls, '[data-carousel-rotation]': rotation, '[data-carousel-prev]': prev, '[data-carousel-next]': next };
  Object.assign(root, {
    querySelector: (s: string) => bySelector[s] ?? null,
    querySelectorAll: (s: string) => (s === '[data-carousel-slide]' ? slideEls : []),
  });
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const timerOpts = {
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      (t as { cleared: boolean }).cleared = true;
    },
  };
  const live = () => timers.filter((t) => !t.cleared);
  const tick = () => live().forEach((t) => t.fn());
  const click = (el: El) => el.dispatchEvent(new Event('click'));
  /** Which slides a keyboard or screen reader can reach (not inert, not aria-hidden). */
  const reachable = () => slideEls.map((el, i) => (el.attrs.has('inert') || el.attrs.get('aria-hidden') === 'true' ? null : i)).filter((i) => i !== null);
  return { root: root as unknown as HTMLElement, track, controls, rotation, prev, next, scrolls, timers, live, tick, click, timerOpts, El, reachable };
}

describe('initCarousel', () => {
  it('shows the controls and moves on every interval to the next slide, wrapping', () => {
    const c = fakeCarousel();
    initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
    expect(c.controls.hidden).toBe(false);
    expect(c.live().map((t) => t.ms)).toEqual([6000]);
    expect(c.track.getAttribute('aria-live')).toBe('off');
    // Only the slide shown is reachable by keyboard and screen reader; the others are inert.
    expect(c.reachable()).toEqual([0]);
    c.tick();
    expect(c.reachable()).toEqual([1]);
    c.tick();
    expect(c.scrolls.map((s) => s.left)).toEqual([1200, 2400]);
    c.tick();
    expect(c.scrolls.at(-1)).toEqual({ left: 0, behavior: 'smooth' });
    expect(c.reachable()).toEqual([0]);
  });

  it('holds while hovered or focused and resumes after', () => {
    const c = fakeCarousel();
    initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
    c.root.dispatchEvent(new Event('mouseenter'));
    expect(c.live()).toHaveLength(0);
    c.root.dispatchEvent(new Event('mouseleave'));
    expect(c.live()).toHaveLength(1);
    c.root.dispatchEvent(new Event('focusin'));
    expect(c.live()).toHaveLength(0);
    // Focus moving within the carousel keeps the hold.
    c.root.dispatchEvent(Object.assign(new Event('focusout'), { relatedTarget: c.next }));
    expect(c.live()).toHaveLength(0);
    c.root.dispatchEvent(Object.assign(new Event('focusout'), { relatedTarget: null }));
    expect(c.live()).toHaveLength(1);
  });

  it('Pause stops it for good (until Play); Play starts it even with focus on the button', () => {
    const c = fakeCarousel();
    initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
    c.root.dispatchEvent(new Event('focusin'));
    c.click(c.rotation);
    expect(c.rotation.getAttribute('aria-label')).toBe('Play slide show');
    expect(c.rotation.getAttribute('data-stopped')).toBe('');
    c.root.dispatchEvent(Object.assign(new Event('focusout'), { relatedTarget: null }));
    expect(c.live()).toHaveLength(0);
    expect(c.track.getAttribute('aria-live')).toBe('polite');
    c.root.dispatchEvent(new Event('focusin'));
    c.click(c.rotation);
    expect(c.rotation.getAttribute('aria-label')).toBe('Pause slide show');
    expect(c.live()).toHaveLength(1);
  });

  it('Next and Previous move one slide and stop the rotation for good', () => {
    const c = fakeCarousel();
    initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
    c.click(c.next);
    expect(c.scrolls.map((s) => s.left)).toEqual([1200]);
    expect(c.live()).toHaveLength(0);
    expect(c.rotation.getAttribute('aria-label')).toBe('Play slide show');
    c.root.dispatchEvent(new Event('mouseleave'));
    expect(c.live()).toHaveLength(0);
    // A second press during the smooth scroll goes on from its target.
    c.click(c.next);
    c.click(c.prev);
    c.click(c.prev);
    c.click(c.prev);
    expect(c.scrolls.map((s) => s.left)).toEqual([1200, 2400, 1200, 0, 2400]);
  });

  it('a pause in the scroll events of a move under way (a busy machine) does not move it back: Next goes on from the target', () => {
    vi.useFakeTimers();
    try {
      const c = fakeCarousel();
      // A smooth scroll that has not arrived yet: the track stays where the first frame left it.
      c.track.scrollTo = (o) => void c.scrolls.push(o);
      initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
      c.tick();
      c.track.scrollLeft = 400;
      c.track.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(200);
      expect(c.reachable()).toEqual([1]);
      c.click(c.next);
      expect(c.scrolls.map((s) => s.left)).toEqual([1200, 2400]);
      // It arrives: the settled position is the slide shown.
      c.track.scrollLeft = 2400;
      c.track.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(200);
      expect(c.reachable()).toEqual([2]);
      // The shopper swipes back by hand: where they leave it is the current slide.
      c.track.dispatchEvent(new Event('pointerdown'));
      c.track.scrollLeft = 0;
      c.track.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(200);
      expect(c.reachable()).toEqual([0]);
      c.click(c.next);
      expect(c.scrolls.at(-1)!.left).toBe(1200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('under reduced motion: no rotation until Play, and instant moves', () => {
    const c = fakeCarousel();
    initCarousel(c.root, { reducedMotion: true, ...c.timerOpts });
    expect(c.timers).toHaveLength(0);
    expect(c.rotation.getAttribute('aria-label')).toBe('Play slide show');
    c.click(c.next);
    expect(c.scrolls).toEqual([{ left: 1200, behavior: 'instant' }]);
    c.click(c.rotation);
    expect(c.live()).toHaveLength(1);
  });

  it('one slide: nothing to wire, the controls stay hidden', () => {
    const c = fakeCarousel(1);
    initCarousel(c.root, { reducedMotion: false, ...c.timerOpts });
    expect(c.controls.hidden).toBe(true);
    expect(c.timers).toHaveLength(0);
  });
});
