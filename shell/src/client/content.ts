/**
 * Content blocks' small behaviours (shell/src/lib/content-blocks.ts renders them, working without JavaScript):
 * - the sales counter moves on by itself (spec §9: recomputed every SALES_COUNTER.refreshMs, Brisbane time); the
 *   figure is not a live region, so a screen reader is never interrupted by it;
 * - the price-range slider's shown amount (and its value text) follows the slider as it moves.
 */
import { SALES_COUNTER } from '@forecourt/contracts/constants';
import { salesSoFar } from '@forecourt/contracts/content';
import { formatAud } from '@forecourt/contracts/display';

/** The figure a sales counter shows at `nowMs`. */
export const salesCounterText = (nowMs: number): string => String(salesSoFar(nowMs));

/** The amount a price slider shows for its value (an unreadable value shows nothing rather than "$NaN"). */
export function priceRangeText(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? formatAud(n) : '';
}

type Timers = { setInterval: (fn: () => void, ms: number) => unknown; now: () => number };

/** Keeps every sales counter in `root` current; returns how many it found. */
export function initSalesCounters(root: ParentNode, timers: Timers = { setInterval: (fn, ms) => window.setInterval(fn, ms), now: () => Date.now() }): number {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-sales-count]')];
  if (!figures.length) return 0;
  const refresh = () => {
    const text = salesCounterText(timers.now());
    for (const el of figures) if (el.textContent !== text) el.textContent = text;
  };
  refresh();
  timers.setInterval(refresh, SALES_COUNTER.refreshMs);
  return figures.length;
}

/** Ties each price slider in `root` to its output (`data-price-range` names the output's id). */
export function initPriceRanges(root: ParentNode & { getElementById?: (id: string) => HTMLElement | null }): number {
  const sliders = [...root.querySelectorAll<HTMLInputElement>('input[data-price-range]')];
  for (const slider of sliders) {
    // Called on its root (a detached `getElementById` throws 'Illegal invocation' in browsers).
    const id = slider.dataset.priceRange ?? '';
    const output = root.getElementById ? root.getElementById(id) : document.getElementById(id);
    const update = () => {
      const text = priceRangeText(slider.value);
      if (!text) return;
      if (output) output.textContent = text;
      slider.setAttribute('aria-valuetext', text);
    };
    slider.addEventListener('input', update);
    // A value the browser restored (back button) shows at once.
    update();
  }
  return sliders.length;
}

export function initContentBlocks(): void {
  initSalesCounters(document);
  initPriceRanges(document);
}
