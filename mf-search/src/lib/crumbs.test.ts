import { describe, expect, it } from 'vitest';
import { searchCrumbs } from './crumbs.ts';

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
