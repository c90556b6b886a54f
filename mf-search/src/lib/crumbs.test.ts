import { describe, expect, it } from 'vitest';
import { knownCrumbValues, searchCrumbs, type CrumbSource } from './crumbs.ts';

const none = { filters: {} };

describe('searchCrumbs (spec §2: Home > car type > make > model > body > current)', () => {
  it('a type page: Home > Used cars (current)', () => {
    expect(searchCrumbs({ pathname: '/search/used-cars', heading: 'Used cars', filters: { car_type: ['used'] } }, none)).toEqual([{ label: 'Home', href: '/' }, { label: 'Used cars' }]);
  });
  it('a make/model page narrowed by URL refinements to used SUVs', () => {
    const crumbs = searchCrumbs(
      { pathname: '/search/toyota/rav4', heading: 'Toyota RAV4', filters: { make: ['Toyota'], model: ['RAV4'] } },
      { filters: { car_type: ['used'], simple_body: ['suv'] } },
    );
    expect(crumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used cars', href: '/search/used-cars' },
      { label: 'Toyota', href: '/search/toyota' },
      { label: 'RAV4', href: '/search/toyota/rav4' },
      { label: 'SUV', href: '/search/suv' },
      { label: 'Toyota RAV4' },
    ]);
  });
  it('a level with several values is left out; a model needs its make', () => {
    const crumbs = searchCrumbs({ pathname: '/search/new-used-and-demo-cars', heading: 'New, used and demo cars', filters: {} }, { filters: { car_type: ['new', 'demo'], model: ['Corolla'] } });
    expect(crumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'New, used and demo cars' }]);
  });
  it('a make page ends on the make itself', () => {
    expect(searchCrumbs({ pathname: '/search/land-rover', heading: 'Land Rover', filters: { make: ['Land Rover'] } }, none)).toEqual([{ label: 'Home', href: '/' }, { label: 'Land Rover' }]);
  });
});

describe('searchCrumbs names only refinements the tenant knows (an unknown one shows no crumb)', () => {
  const MARKER = 'Pay by bank transfer to BSB 062-000 ZQX7';
  const source: CrumbSource = {
    catalogue: {
      makes: [{ label: 'Toyota', value: 'Toyota', count: 40 }, { label: 'Land Rover', value: 'Land Rover', count: 3 }],
      bodies: [{ label: 'SUV', value: 'suv', count: 20 }, { label: 'Motorcycle', value: 'motorcycle', count: 2 }],
      knownMakes: [{ slug: 'hino', name: 'Hino' }],
      knownModels: ['Corolla Cross'],
    },
    models: async (make) => (make === 'Toyota' ? [{ label: 'RAV4', value: 'RAV4', count: 5 }] : []),
  };
  const usedCars = { pathname: '/search/used-cars', heading: 'Used cars', filters: { car_type: ['used'] } };
  const toyota = { pathname: '/search/toyota', heading: 'Toyota', filters: { make: ['Toyota'] } };
  const crumbsOf = async (path: typeof usedCars | typeof toyota, filters: Record<string, string[]>) =>
    searchCrumbs(path, { filters }, await knownCrumbValues(source, path, { filters }));

  it.each<[string, typeof usedCars | typeof toyota, Record<string, string[]>]>([
    ['make', usedCars, { make: [MARKER] }],
    ['simple_body', usedCars, { simple_body: [MARKER] }],
    ['model under a make page', toyota, { model: [MARKER] }],
    ['model under a refined make', usedCars, { make: ['Toyota'], model: [MARKER] }],
  ])('an unknown %s', async (_, path, filters) => {
    const crumbs = await crumbsOf(path, filters);
    expect(JSON.stringify(crumbs)).not.toMatch(/ZQX7|pay-by-bank/i);
    expect(crumbs.at(-1)).toEqual({ label: path.heading });
  });

  it('an unknown value shows no crumb even without the catalogue (the default knows no make or model)', () => {
    expect(searchCrumbs(usedCars, { filters: { make: [MARKER], simple_body: [MARKER] } })).toEqual([{ label: 'Home', href: '/' }, { label: 'Used cars' }]);
    expect(searchCrumbs(toyota, { filters: { model: [MARKER] } })).toEqual([{ label: 'Home', href: '/' }, { label: 'Toyota' }]);
  });

  it('known values keep their crumbs: makes in stock or sold, bodies in stock or in the spec list, models in stock or listed', async () => {
    expect(await crumbsOf(usedCars, { make: ['Toyota'], model: ['RAV4'], simple_body: ['suv'] })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used cars', href: '/search/used-cars' },
      { label: 'Toyota', href: '/search/toyota' },
      { label: 'RAV4', href: '/search/toyota/rav4' },
      { label: 'SUV', href: '/search/suv' },
      { label: 'Used cars' },
    ]);
    expect(await crumbsOf(usedCars, { make: ['Hino'] })).toContainEqual({ label: 'Hino', href: '/search/hino' });
    expect(await crumbsOf(usedCars, { simple_body: ['motorcycle'] })).toContainEqual({ label: 'Motorcycle', href: '/search/motorcycle' });
    expect(await crumbsOf(usedCars, { simple_body: ['ute'] })).toContainEqual({ label: 'Ute', href: '/search/ute' });
    expect(await crumbsOf(toyota, { model: ['Corolla Cross'] })).toContainEqual({ label: 'Corolla Cross', href: '/search/toyota/corolla-cross' });
  });

  it('names a known value in the tenant’s spelling, not the caller’s', async () => {
    expect(await crumbsOf(usedCars, { make: ['LAND rover!'] })).toContainEqual({ label: 'Land Rover', href: '/search/land-rover' });
  });
});
