import { describe, expect, it } from 'vitest';
import { ALL_STOCK_PATH, changeRefinements, hiddenFields, hrefFor, parseRefinements, refinementsToParams, toggleHref, toSearchRequest } from './url-state.ts';

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

describe('facet links and no-JS forms (spec §4, §5)', () => {
  it('reads typed amounts with $ prefix, separators and kms suffix', () => {
    const r = parseRefinements(new URLSearchParams('price_min=%2412%2C500&km_max=80%2C000+kms&year_min=2015&price_max=%2412abc'));
    expect(r.ranges.price).toEqual({ min: 12_500, max: undefined });
    expect(r.ranges.km).toEqual({ min: undefined, max: 80_000 });
    expect(r.ranges.year).toEqual({ min: 2015, max: undefined });
  });
  it('toggles a value in the query and removes page', () => {
    const r = parseRefinements(new URLSearchParams('make=Kia&page=3&sortBy=latest'));
    expect(toggleHref('/search/used-cars', { car_type: ['used'] }, r, 'make', 'Toyota', false)).toBe('/search/used-cars?make=Kia&make=Toyota&sortBy=latest');
    expect(toggleHref('/search/used-cars', { car_type: ['used'] }, r, 'make', 'Kia', true)).toBe('/search/used-cars?sortBy=latest');
    expect(toggleHref('/search/used-cars', {}, parseRefinements(new URLSearchParams('make=Kia&model=Rio')), 'make', 'Mazda', false)).toBe('/search/used-cars?make=Kia&make=Mazda');
  });
  it('moves a facet the path fixes into the all-stock page query', () => {
    const r = parseRefinements(new URLSearchParams('simple_fuel=Petrol'));
    expect(toggleHref('/search/used-cars', { car_type: ['used'] }, r, 'car_type', 'new', false)).toBe(`${ALL_STOCK_PATH}?car_type=used&car_type=new&simple_fuel=Petrol`);
    expect(toggleHref('/search/toyota', { make: ['Toyota'] }, r, 'make', 'Toyota', true)).toBe(`${ALL_STOCK_PATH}?simple_fuel=Petrol`);
  });
  it('hidden fields keep other refinements and drop page', () => {
    const r = parseRefinements(new URLSearchParams('make=Kia&price_min=5000&price_max=9000&page=2&query=red'));
    expect(hiddenFields(r, ['price_min', 'price_max'])).toEqual([['query', 'red'], ['make', 'Kia']]);
  });
  it('the specials refinement: reduced=true only, kept by every link and form, sent to the engine', () => {
    const r = parseRefinements(new URLSearchParams('reduced=true&make=Kia&page=2'));
    expect(r.reduced).toBe(true);
    expect(parseRefinements(new URLSearchParams('reduced=1')).reduced).toBeUndefined();
    expect(hrefFor('/search/used-cars', r)).toBe('/search/used-cars?make=Kia&reduced=true&page=2');
    expect(toggleHref('/search/used-cars', {}, r, 'make', 'Mazda', false)).toBe('/search/used-cars?make=Kia&make=Mazda&reduced=true');
    expect(hiddenFields(r, ['sortBy'])).toEqual([['make', 'Kia'], ['reduced', 'true']]);
    expect(toSearchRequest(r, {}, 21, []).reduced).toBe(true);
    expect(toSearchRequest(parseRefinements(new URLSearchParams('make=Kia')), {}, 21, [])).not.toHaveProperty('reduced');
  });
});
