import { describe, expect, it } from 'vitest';
import { carouselEdges, carouselStep } from './similar-carousel.ts';

describe('carouselEdges', () => {
  it('at the start: Previous disabled, Next enabled', () => {
    expect(carouselEdges(0, 1800, 900)).toEqual({ atStart: true, atEnd: false });
  });
  it('in the middle: both enabled', () => {
    expect(carouselEdges(300, 1800, 900)).toEqual({ atStart: false, atEnd: false });
  });
  it('at the end (within a sub-pixel tolerance): Next disabled', () => {
    expect(carouselEdges(900, 1800, 900)).toEqual({ atStart: false, atEnd: true });
    expect(carouselEdges(898.5, 1800, 900)).toEqual({ atStart: false, atEnd: true });
    expect(carouselEdges(897, 1800, 900).atEnd).toBe(false);
  });
  it('a list that fits has nothing to scroll: both disabled', () => {
    expect(carouselEdges(0, 600, 900)).toEqual({ atStart: true, atEnd: true });
  });
  it('RTL negative scrollLeft counts from the start', () => {
    expect(carouselEdges(-900, 1800, 900)).toEqual({ atStart: false, atEnd: true });
  });
});

describe('carouselStep', () => {
  it('one card plus the gap', () => {
    expect(carouselStep(280, 16, 900)).toBe(296);
  });
  it('never more than the visible width', () => {
    expect(carouselStep(400, 16, 320)).toBe(320);
  });
  it('unmeasured (0) widths still move by at least a pixel', () => {
    expect(carouselStep(0, 0, 0)).toBe(1);
  });
});
