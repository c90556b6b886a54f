import { describe, expect, it } from 'vitest';
import { DEFAULT_HITS_PER_PAGE, pageWindow } from './paging.ts';

describe('pageWindow', () => {
  it('uses 21 hits per page by default (spec §9)', () => {
    expect(DEFAULT_HITS_PER_PAGE).toBe(21);
    expect(pageWindow(21, 1)).toEqual({ pages: 1, offset: 0, end: 21 });
    expect(pageWindow(22, 2)).toEqual({ pages: 2, offset: 21, end: 22 });
  });
  it('computes pages and the slice of a page', () => {
    expect(pageWindow(43, 1, 21)).toEqual({ pages: 3, offset: 0, end: 21 });
    expect(pageWindow(43, 2, 21)).toEqual({ pages: 3, offset: 21, end: 42 });
    expect(pageWindow(43, 3, 21)).toEqual({ pages: 3, offset: 42, end: 43 });
    expect(pageWindow(100, 4, 25)).toEqual({ pages: 4, offset: 75, end: 100 });
  });
  it('has no pages for no hits, and an empty slice past the last page', () => {
    expect(pageWindow(0, 1, 21)).toEqual({ pages: 0, offset: 0, end: 0 });
    expect(pageWindow(43, 4, 21)).toEqual({ pages: 3, offset: 43, end: 43 });
    expect(pageWindow(43, 1000, 21)).toEqual({ pages: 3, offset: 43, end: 43 });
  });
  it('treats a page below 1 as page 1', () => {
    expect(pageWindow(10, 0, 5)).toEqual({ pages: 2, offset: 0, end: 5 });
  });
});
