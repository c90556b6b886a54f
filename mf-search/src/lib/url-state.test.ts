import { describe, expect, it } from 'vitest';
import { changeRefinements, hrefFor, parseRefinements, refinementsToParams } from './url-state.ts';

describe('search URL state (spec §4 Search load)', () => {
  it('parses refinements and ignores junk', () => {
    const r = parseRefinements(new URLSearchParams('make=Toyota&make=Mazda&price_min=5000&price_max=abc&sortBy=drop&page=3&bogus=1'));
    expect(r.filters.make).toEqual(['Toyota', 'Mazda']);
    expect(r.ranges.price).toEqual({ min: 5000, max: undefined });
    expect(r.sortBy).toBe('relevance');
    expect(r.page).toBe(3);
  });
  it('omits page when 1 and the default sort', () => {
    const r = parseRefinements(new URLSearchParams('page=1&sortBy=relevance&make=Kia'));
    expect(refinementsToParams(r).toString()).toBe('make=Kia');
    expect(hrefFor('/search/used-cars', { ...r, filters: {} })).toBe('/search/used-cars');
  });
  it('removes page when any refinement changes, keeps it for a page change', () => {
    const r = parseRefinements(new URLSearchParams('make=Kia&page=4'));
    expect(changeRefinements(r, { sortBy: 'price_asc' }).page).toBe(1);
    expect(hrefFor('/search/used-cars', changeRefinements(r, { sortBy: 'price_asc' }))).toBe('/search/used-cars?make=Kia&sortBy=price_asc');
    expect(changeRefinements(r, { page: 5 }).page).toBe(5);
  });
  it('rejects out-of-range pages', () => {
    expect(parseRefinements(new URLSearchParams('page=0')).page).toBe(1);
    expect(parseRefinements(new URLSearchParams('page=99999')).page).toBe(1);
  });
});
