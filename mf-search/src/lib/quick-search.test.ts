import { describe, expect, it } from 'vitest';
import { quickSearchView } from './quick-search.ts';

const facets = {
  car_type: [{ label: 'Used', value: 'used', count: 12 }, { label: 'New', value: 'new', count: 30 }, { label: 'Demo', value: 'demo', count: 0 }],
  make: [{ label: 'Toyota', value: 'Toyota', count: 40 }, { label: 'Kia', value: 'Kia', count: 2 }, { label: 'Audi', value: 'Audi', count: 0 }],
  make_model: [{ label: 'Toyota Corolla', value: 'Toyota Corolla', count: 10 }, { label: 'Toyota RAV4', value: 'Toyota RAV4', count: 30 }, { label: 'Kia Picanto', value: 'Kia Picanto', count: 2 }],
  simple_body: [{ label: 'Hatch', value: 'hatch', count: 12 }, { label: 'SUV', value: 'suv', count: 30 }],
};

describe('quickSearchView (the stock’s own choices)', () => {
  it('offers only values with cars, with counts, models grouped by make, types in the spec’s order', () => {
    const view = quickSearchView(facets, { search: { used_only: false, price_quick_picks: 'used' } as never });
    expect(view.types.map((t) => t.label)).toEqual(['New (30)', 'Used (12)']);
    expect(view.makes).toEqual([{ value: 'Kia', label: 'Kia (2)' }, { value: 'Toyota', label: 'Toyota (40)' }]);
    expect(view.models).toEqual([
      { make: 'Kia', options: [{ value: 'Kia Picanto', label: 'Picanto (2)' }] },
      { make: 'Toyota', options: [{ value: 'Toyota Corolla', label: 'Corolla (10)' }, { value: 'Toyota RAV4', label: 'RAV4 (30)' }] },
    ]);
    expect(view.bodies.map((b) => b.value)).toEqual(['suv', 'hatch']);
    expect(view.prices[0]).toEqual({ value: '5000', label: '$5,000' });
    expect(view.action).toBe('/search/new-used-and-demo-cars');
    expect(view.heading).toBe('Find your next car');
  });

  it('a used-only yard offers no stock type and searches its used cars; the host’s heading wins', () => {
    const view = quickSearchView(facets, { search: { used_only: true, price_quick_picks: 'alternate' } as never }, 'Shop the yard');
    expect(view.types).toEqual([]);
    expect(view.action).toBe('/search/used-cars');
    expect(view.heading).toBe('Shop the yard');
    expect(view.prices[0]!.value).toBe('300000');
  });
});
