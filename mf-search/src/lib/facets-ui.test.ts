import { describe, expect, it } from 'vitest';
import { buildFacets, displayedTotal, makeGroups, promoPositions, seedOf, type FacetLink, type FacetsInput } from './facets-ui.ts';
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
  it('price quick picks per tenant (spec §5: $5,000-$70,000 used, $300,000-$800,000 alternate), km picks fixed', () => {
    const picks = (kind?: 'used' | 'alternate') => buildFacets(input('', { priceQuickPicks: kind })).ranges.map((r) => r.picks);
    const [price, km, year] = picks();
    expect([price![0], price!.at(-1)]).toEqual([5_000, 70_000]);
    expect(km).toContain(100_000);
    expect(year).toEqual([]);
    const alt = picks('alternate')[0]!;
    expect([alt[0], alt.at(-1)]).toEqual([300_000, 800_000]);
  });
  it('body tiles carry their drawing from the remote asset path', () => {
    const bodies = buildFacets(input('', { assetBase: '/_mf/mf-search/9.9.9/' })).bodies;
    expect(bodies.map((b) => b.logo)).toEqual(['/_mf/mf-search/9.9.9/body/suv.svg', '/_mf/mf-search/9.9.9/body/ute.svg']);
  });
  it("make groups: 7 shown, the rest behind 'Show all makes'; popular boundary 20 with headings (spec §9)", () => {
    const makes: FacetLink[] = Array.from({ length: 30 }, (_, i) => ({ label: `Make ${String.fromCharCode(90 - i)}${i}`, value: `m${i}`, count: 100 - i, selected: false, href: '' }));
    const plain = makeGroups({ items: makes, initial: 7, headings: false, popular: 7 });
    expect(plain.shown).toEqual([{ heading: null, items: makes.slice(0, 7) }]);
    expect(plain.more).toEqual([{ heading: null, items: makes.slice(7) }]);
    // Headings: 'Popular Makes' = the shown makes by count, 'All Makes' = the rest alphabetically.
    const named = makeGroups({ items: makes, initial: 7, headings: true, popular: 7 });
    expect(named.shown.map((g) => g.heading)).toEqual(['Popular Makes']);
    expect(named.more.map((g) => g.heading)).toEqual(['All Makes']);
    expect(named.more[0]!.items.map((m) => m.label)).toEqual(makes.slice(7).map((m) => m.label).sort((a, b) => a.localeCompare(b, 'en')));
    // Boundary after the first 20 makes: 7 shown, popular 8-20 continue (no second heading) before 'All Makes'.
    const boundary = makeGroups({ items: makes, initial: 7, headings: true, popular: 20 });
    expect(boundary.shown).toEqual([{ heading: 'Popular Makes', items: makes.slice(0, 7) }]);
    expect(boundary.more.map((g) => [g.heading, g.items.length])).toEqual([[null, 13], ['All Makes', 10]]);
    expect(boundary.more[0]!.items).toEqual(makes.slice(7, 20));
    expect(boundary.more[1]!.items.map((m) => m.value)).toEqual(makes.slice(20).sort((a, b) => a.label.localeCompare(b.label, 'en')).map((m) => m.value));
    // Fewer makes than shown: one group, nothing more.
    expect(makeGroups({ items: makes.slice(0, 3), initial: 7, headings: true, popular: 20 })).toEqual({ shown: [{ heading: 'Popular Makes', items: makes.slice(0, 3) }], more: [] });
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
  it('the specials refinement shows selected while on (its link removes it) and counts as an active filter', () => {
    const on = buildFacets(input('reduced=true&make=toyota', { result: { ...input('').result, count: 12 } }));
    expect(on.specials).toEqual({ label: 'On special', value: 'true', count: 12, selected: true, href: '/search/used-cars?make=toyota' });
    expect(on.active).toBe(2);
    expect(buildFacets(input('make=toyota')).specials).toBeNull();
  });
});
