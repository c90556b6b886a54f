import { describe, expect, it } from 'vitest';
import { parseSimilarQuery, relaxableSearch, similarRelaxations, similarUrl } from './similar.ts';
import { parseRefinements } from './url-state.ts';

describe('similarRelaxations (spec §8: an empty search falls back to looser ones)', () => {
  it('drops query, then model, then ranges, then other term filters, then make', () => {
    const steps = similarRelaxations({
      query: 'turbo',
      filters: { make: ['Toyota'], model: ['Corolla'], simple_body: ['suv'], colour: ['Red'] },
      ranges: { price: { max: 5000 } },
    });
    expect(steps).toEqual([
      { query: '', filters: { make: ['Toyota'], model: ['Corolla'], simple_body: ['suv'], colour: ['Red'] }, ranges: { price: { max: 5000 } } },
      { query: '', filters: { make: ['Toyota'], simple_body: ['suv'], colour: ['Red'] }, ranges: { price: { max: 5000 } } },
      { query: '', filters: { make: ['Toyota'], simple_body: ['suv'], colour: ['Red'] }, ranges: {} },
      { query: '', filters: { make: ['Toyota'] }, ranges: {} },
      { query: '', filters: {}, ranges: {} },
    ]);
  });
  it('skips steps that change nothing', () => {
    expect(similarRelaxations({ query: 'gt', filters: { make: ['Toyota'] }, ranges: {} })).toEqual([
      { query: '', filters: { make: ['Toyota'] }, ranges: {} },
      { query: '', filters: {}, ranges: {} },
    ]);
    expect(similarRelaxations({ query: '', filters: {}, ranges: { km: { max: 10 } } })).toEqual([{ query: '', filters: {}, ranges: {} }]);
  });
  it('make_model goes with model', () => {
    const [first] = similarRelaxations({ query: '', filters: { make_model: ['Toyota Corolla'], make: ['Toyota'] }, ranges: {} });
    expect(first).toEqual({ query: '', filters: { make: ['Toyota'] }, ranges: {} });
  });
  it('nothing to relax: no steps', () => {
    expect(similarRelaxations({ query: '', filters: {}, ranges: {} })).toEqual([]);
  });
});

describe('relaxableSearch', () => {
  it("joins the path's filters to the refinements but keeps the path's car type apart", () => {
    const r = parseRefinements(new URLSearchParams('query=zz&model=Hilux&car_type=used&price_max=100'));
    const { relaxable, carTypes } = relaxableSearch(r, { make: ['Toyota'], car_type: ['new', 'demo'] });
    expect(carTypes).toEqual(['new', 'demo']);
    expect(relaxable).toEqual({ query: 'zz', filters: { car_type: ['used'], make: ['Toyota'], model: ['Hilux'] }, ranges: { price: { min: undefined, max: 100 } } });
  });
});

describe('parseSimilarQuery', () => {
  it('a car slug', () => {
    expect(parseSimilarQuery(new URLSearchParams('slug=2021-Toyota-Hilux-abc1'))).toEqual({ kind: 'slug', slug: '2021-toyota-hilux-abc1' });
  });
  it('a search path with refinements', () => {
    expect(parseSimilarQuery(new URLSearchParams('path=/search/used-cars&make=X'))).toEqual({ kind: 'path', path: '/search/used-cars' });
  });
  it.each(['', 'slug=', 'slug=../../etc', 'slug=a%3Cb', `slug=${'a'.repeat(201)}`, 'path=/cars/x', 'path=/search/<x>', 'slug=a&path=/search/used-cars', 'other=1'])('junk %j: null', (qs) => {
    expect(parseSimilarQuery(new URLSearchParams(qs))).toBeNull();
  });
});

describe('similarUrl', () => {
  it('slug source', () => {
    expect(similarUrl({ slug: 'a-b' })).toBe('/api/search/similar?slug=a-b');
  });
  it('search source keeps the refinements, not the page', () => {
    expect(similarUrl({ path: '/search/toyota', query: '?query=zz&page=3&price_max=1' })).toBe('/api/search/similar?path=%2Fsearch%2Ftoyota&query=zz&price_max=1');
  });
});
