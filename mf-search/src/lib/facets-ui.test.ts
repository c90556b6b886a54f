import { describe, expect, it } from 'vitest';
import { buildFacets, displayedTotal, promoPositions, seedOf, type FacetsInput } from './facets-ui.ts';
import { parseRefinements } from './url-state.ts';

const item = (value: string, count: number, label = value) => ({ value, label, count });
const input = (query: string, over: Partial<FacetsInput> = {}): FacetsInput => ({
  result: {
    facets: {
      make: [item('Toyota', 40), item('Mazda', 20), item('Kia', 5)],
      model: Array.from({ length: 35 }, (_, i) => item(`M${i}`, 35 - i)),
      simple_body: [item('suv', 30, 'SUV'), item('ute', 10, 'Ute')],
      car_type: [item('used', 50, 'Used'), item('new', 15, 'New')],
      certified: [item('true', 10, 'Certified'), item('false', 55, 'Not Certified')],
      colour: [item('White', 65)],
    },
    facetStats: { price: { min: 5_990, max: 89_990 } },
  },
  pathname: '/search/used-cars',
  pathFilters: { car_type: ['used'] },
  refinements: parseRefinements(new URLSearchParams(query)),
  popularMakesHeadings: false,
  certifiedOnly: false,
  manufacturers: [{ name: 'Toyota', slug: 'toyota', logo: { url: '/logo/toyota.svg' } }],
  ...over,
});

describe('facets view (spec §4 Make facet, §5, §9)', () => {
  it('make cards with logos, counts and toggle links; 7 shown initially unless the tenant says', () => {
    const f = buildFacets(input('make=toyota&page=2'));
    expect(f.makes.items[0]).toMatchObject({ label: 'Toyota', count: 40, selected: true, logo: '/logo/toyota.svg', href: '/search/used-cars' });
    expect(f.makes.items[1]).toMatchObject({ selected: false, logo: null, href: '/search/used-cars?make=toyota&make=Mazda' });
    expect(f.makes.initial).toBe(7);
    expect(buildFacets(input('', { popularMakesCount: 12 })).makes.initial).toBe(12);
  });
  it("'Select models' for one refined make, at most 30 models", () => {
    expect(buildFacets(input('make=Toyota')).makes.models?.items).toHaveLength(30);
    expect(buildFacets(input('make=Toyota')).makes.models?.make).toBe('Toyota');
    expect(buildFacets(input('')).makes.models).toBeNull();
    expect(buildFacets(input('make=Toyota&make=Kia')).makes.models).toBeNull();
  });
  it('path-fixed values show selected and lead to the all-stock page', () => {
    const types = buildFacets(input('')).lists.find((l) => l.facet === 'car_type')!;
    expect(types.items[0]).toMatchObject({ label: 'Used', selected: true, href: '/search/new-used-and-demo-cars' });
    expect(types.items[1]!.href).toBe('/search/new-used-and-demo-cars?car_type=used&car_type=new');
  });
  it("certified-only tenants do not see 'false'; single-value lists are dropped", () => {
    const certified = (only: boolean) => buildFacets(input('', { certifiedOnly: only })).lists.find((l) => l.facet === 'certified')?.items.map((i) => i.value);
    expect(certified(false)).toEqual(['true', 'false']);
    expect(certified(true)).toBeUndefined();
    expect(buildFacets(input('certified=true', { certifiedOnly: true })).lists.find((l) => l.facet === 'certified')?.items.map((i) => i.value)).toEqual(['true']);
    expect(buildFacets(input('')).lists.some((l) => l.facet === 'colour')).toBe(false);
  });
  it('range controls: bounds from stats (default 0-100,000), step range/100 rounded', () => {
    const f = buildFacets(input('price_min=10000'));
    expect(f.ranges[0]).toMatchObject({ facet: 'price', bounds: { min: 5_990, max: 89_990 }, step: 840, min: 10_000 });
    expect(f.ranges[1]).toMatchObject({ facet: 'km', bounds: { min: 0, max: 100_000 }, step: 1000 });
    expect(f.active).toBe(1);
  });
});

describe('displayed total (spec §9: above 1999)', () => {
  const types = [
    { label: 'Used', value: 'used', count: 2500, selected: false, href: '' },
    { label: 'New', value: 'new', count: 700, selected: false, href: '' },
  ];
  it('keeps counts up to 1999, then uses the override or summed car_type counts', () => {
    expect(displayedTotal(1999, 5000, types)).toBe(1999);
    expect(displayedTotal(2000, 5000, types)).toBe(5000);
    expect(displayedTotal(3200, undefined, types)).toBe(3200);
    expect(displayedTotal(2500, undefined, [{ ...types[0]!, selected: true }, types[1]!])).toBe(2500);
    expect(displayedTotal(2100, undefined, [])).toBe(2100);
  });
});

describe('promo card positions (spec §2, §9)', () => {
  it('off unless enabled; base position, else 6', () => {
    expect(promoPositions({ enabled: false, position: 5, random: false, cards: 21, seed: 1 })).toEqual([]);
    expect(promoPositions({ enabled: true, position: 5, random: false, cards: 21, seed: 1 })).toEqual([5]);
    expect(promoPositions({ enabled: true, random: false, cards: 21, seed: 1 })).toEqual([6]);
    expect(promoPositions({ enabled: true, position: 9, random: false, cards: 3, seed: 1 })).toEqual([]);
  });
  it('random variant: 3 random plus base, deterministic per seed', () => {
    const a = promoPositions({ enabled: true, position: 5, random: true, cards: 21, seed: seedOf('/search/used-cars?page=2') });
    expect(a).toHaveLength(4);
    expect(a).toContain(5);
    expect(a.every((p) => p >= 1 && p <= 22)).toBe(true);
    expect(promoPositions({ enabled: true, position: 5, random: true, cards: 21, seed: seedOf('/search/used-cars?page=2') })).toEqual(a);
    expect(seedOf('a')).not.toBe(seedOf('b'));
  });
});
