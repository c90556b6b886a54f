import { describe, expect, it } from 'vitest';
import { ALPHA_CARS, scopeOf } from '../test/engine-fixtures.ts';
import { compareFacetItems, countFacet, facetKey, facetLabel, facetRawValues, inRange, rangeStats } from './facets.ts';
import { isVisible } from './visibility.ts';

const visible = ALPHA_CARS.filter((c) => isVisible(c, scopeOf('alpha')));
const byId = (id: string) => ALPHA_CARS.find((c) => c.id === id)!;

describe('facetKey', () => {
  it('matches feed spellings and URL slugs', () => {
    expect(facetKey('Land Rover')).toBe('land-rover');
    expect(facetKey('land-rover')).toBe('land-rover');
    expect(facetKey('  LAND  ROVER ')).toBe('land-rover');
    expect(facetKey('Citroën')).toBe('citroen');
    expect(facetKey('CX-5')).toBe('cx-5');
    expect(facetKey('in_stock')).toBe('in-stock');
    expect(facetKey('4x4')).toBe('4x4');
    expect(facetKey('---')).toBe('');
  });
});

describe('facetLabel', () => {
  it('gives human labels to coded values', () => {
    expect(facetLabel('car_type', 'new')).toBe('New');
    expect(facetLabel('car_type', 'demo')).toBe('Demo');
    expect(facetLabel('car_type', 'used')).toBe('Used');
    expect(facetLabel('status', 'in_stock')).toBe('In Stock');
    expect(facetLabel('status', 'coming_soon')).toBe('Coming Soon');
    expect(facetLabel('certified', 'true')).toBe('Certified');
    expect(facetLabel('simple_body', 'suv')).toBe('SUV');
    expect(facetLabel('simple_body', 'cabChassis')).toBe('Cab Chassis');
    expect(facetLabel('simple_body', 'peopleMover')).toBe('People Mover');
    expect(facetLabel('simple_body', 'Ute')).toBe('Ute');
  });
  it('keeps makes and other free values as the feed spells them', () => {
    expect(facetLabel('make', 'Toyota')).toBe('Toyota');
    expect(facetLabel('model', 'CX-5')).toBe('CX-5');
  });
  it('names locations and dealerships from the car when it carries them', () => {
    expect(facetLabel('location_id', 'loc-a2', byId('a3'))).toBe('Alpha Motors Ipswich');
    expect(facetLabel('location_id', 'loc-zz', byId('a3'))).toBe('loc-zz');
    expect(facetLabel('dealership_slug', 'alpha-motors', byId('a1'))).toBe('Alpha Motors');
  });
});

describe('facetRawValues', () => {
  it('reads scalar facets, categories and the certified flag', () => {
    expect(facetRawValues(byId('a1'), 'make')).toEqual(['Toyota']);
    expect(facetRawValues(byId('a1'), 'categories')).toEqual(['4x4', 'Towing']);
    expect(facetRawValues(byId('a5'), 'certified')).toEqual(['true']);
    expect(facetRawValues({ ...byId('a5'), certified: null }, 'certified')).toEqual(['false']);
    expect(facetRawValues(byId('a13'), 'colour')).toEqual([]);
  });
});

describe('countFacet', () => {
  it('counts visible cars per make, sorted by count then label', () => {
    expect(countFacet(visible, 'make')).toEqual([
      { value: 'Toyota', label: 'Toyota', count: 6 },
      { value: 'Ford', label: 'Ford', count: 3 },
      { value: 'Mazda', label: 'Mazda', count: 2 },
      { value: 'Hyundai', label: 'Hyundai', count: 1 },
      { value: 'Kia', label: 'Kia', count: 1 },
      { value: 'Nissan', label: 'Nissan', count: 1 },
      { value: 'Subaru', label: 'Subaru', count: 1 },
    ]);
  });
  it('labels car types and counts each car once per category', () => {
    expect(countFacet(visible, 'car_type')).toEqual([
      { value: 'used', label: 'Used', count: 8 },
      { value: 'new', label: 'New', count: 4 },
      { value: 'demo', label: 'Demo', count: 3 },
    ]);
    expect(countFacet(visible, 'categories')).toEqual([
      { value: '4x4', label: '4x4', count: 3 },
      { value: 'Family', label: 'Family', count: 2 },
      { value: 'Towing', label: 'Towing', count: 2 },
    ]);
  });
  it('orders equal counts by label', () => {
    expect([{ value: 'b', label: 'Beta', count: 2 }, { value: 'a', label: 'alpha', count: 2 }, { value: 'c', label: 'C', count: 5 }].sort(compareFacetItems).map((i) => i.value)).toEqual(['c', 'a', 'b']);
  });
});

describe('rangeStats / inRange', () => {
  it('gives min and max, or nothing for no cars', () => {
    expect(rangeStats(visible, 'price')).toEqual({ min: 0, max: 145_000 });
    expect(rangeStats(visible, 'year')).toEqual({ min: 2015, max: 2025 });
    expect(rangeStats([], 'km')).toBeUndefined();
  });
  it('treats bounds as inclusive and a missing bound as open', () => {
    expect(inRange(10, { min: 10, max: 20 })).toBe(true);
    expect(inRange(20, { min: 10, max: 20 })).toBe(true);
    expect(inRange(21, { min: 10, max: 20 })).toBe(false);
    expect(inRange(9, { min: 10 })).toBe(false);
    expect(inRange(1e9, { min: 10 })).toBe(true);
    expect(inRange(5, undefined)).toBe(true);
  });
});
