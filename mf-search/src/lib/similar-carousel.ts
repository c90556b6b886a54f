/** Pure state of the similar-cars carousel's Previous/Next buttons (spec §2 similar-cars carousel). */

/** Sub-pixel scroll positions (zoom, fractional widths) count as the end within this many pixels. */
export const EDGE_TOLERANCE = 2;

export type CarouselEdges = { atStart: boolean; atEnd: boolean };

/** Whether the list is scrolled to its start or its end; a list that fits shows both buttons disabled. */
export function carouselEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): CarouselEdges {
  const max = Math.max(0, scrollWidth - clientWidth);
  // RTL layouts report negative scrollLeft; the distance from the start is what matters.
  const at = Math.abs(scrollLeft);
  return { atStart: at <= EDGE_TOLERANCE, atEnd: at >= max - EDGE_TOLERANCE };
}

/**
 * How far one press of Previous/Next scrolls: one card and the gap after it, but never more than the visible
 * width (a card wider than the list still moves by the list's width).
 */
export function carouselStep(cardWidth: number, gap: number, clientWidth: number): number {
  const step = Math.max(0, cardWidth) + Math.max(0, gap);
  return Math.max(1, Math.min(step, clientWidth > 0 ? clientWidth : step));
}
