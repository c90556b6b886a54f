import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleCar } from '../fixtures/car.ts';
import { BODY_TYPES, CarSchema, FinanceLenderEntrySchema, isPurchasable } from './car.ts';

const parse = (x: unknown) => v.safeParse(CarSchema, x);
const paths = (x: unknown) => {
  const r = parse(x);
  return r.success ? [] : r.issues.map((i) => v.getDotPath(i));
};

describe('CarSchema', () => {
  it('accepts a complete realistic car and keeps every field', () => {
    const r = parse(sampleCar);
    expect(r.issues).toBeUndefined();
    expect(r.output).toEqual(sampleCar);
  });

  it('keeps term{N} figures of a finance lender entry', () => {
    const car = v.parse(CarSchema, sampleCar);
    expect(car.finance_lenders?.taurus?.['term60']).toBe(139);
    expect(car.finance_lenders?.taurus?.interestRate).toBe(7.99);
  });

  it('accepts a minimal feed row (only the required fields)', () => {
    const minimal = {
      id: '1', name: '2024 Mazda CX-5 Maxx', slug: '2024-mazda-cx-5-maxx-1', year: 2024, make: 'Mazda', model: 'CX-5',
      price: 0, km: 0, status: 'coming_soon', car_type: 'new', created_at: '2024-06-01T00:00:00Z',
      created_at_timestamp: 1717200000000, show_on_dealer_website: true, dealership_id: 'd1', dealership_slug: 'metro-mazda', images: [],
    };
    expect(parse(minimal).success).toBe(true);
    for (const key of ['id', 'slug', 'name', 'year', 'make', 'model', 'price', 'km', 'status', 'car_type', 'created_at', 'created_at_timestamp', 'show_on_dealer_website', 'dealership_id', 'dealership_slug', 'images']) {
      const { [key]: _omit, ...rest } = minimal as Record<string, unknown>;
      expect(paths(rest), key).toContain(key);
    }
  });

  it('rejects wrong types and values', () => {
    expect(paths({ ...sampleCar, status: 'available' })).toEqual(['status']);
    expect(paths({ ...sampleCar, car_type: 'certified' })).toEqual(['car_type']);
    expect(paths({ ...sampleCar, price: '31990' })).toEqual(['price']);
    expect(paths({ ...sampleCar, price: -1 })).toEqual(['price']);
    expect(paths({ ...sampleCar, km: 10.5 })).toEqual(['km']);
    expect(paths({ ...sampleCar, year: 1800 })).toEqual(['year']);
    expect(paths({ ...sampleCar, slug: 'Toyota Corolla' })).toEqual(['slug']);
    expect(paths({ ...sampleCar, created_at: '02/05/2024' })).toEqual(['created_at']);
    expect(paths({ ...sampleCar, created_at_timestamp: '1714605300000' })).toEqual(['created_at_timestamp']);
    expect(paths({ ...sampleCar, images: [{ image: { url: '/a.svg' } }] })).toEqual(['images.0.image.thumb']);
    expect(paths({ ...sampleCar, hotspots: { exterior: [{ id: 1, description: 'x', anchors: [{ activeAngle: 0, posX: '1', posY: 2 }] }], interior: [] } }))
      .toEqual(['hotspots.exterior.0.anchors.0.posX']);
    expect(paths({ ...sampleCar, finance_lenders: { taurus: { interestRate: 'high' } } })).toEqual(['finance_lenders.taurus.interestRate']);
  });

  it('accepts nulls where feeds leave values out', () => {
    expect(parse({ ...sampleCar, badge: null, vin: null, sold_date_timestamp: null, location: null, variant: null, file: null, autograb_data: null }).success).toBe(true);
  });
});

describe('FinanceLenderEntrySchema', () => {
  it('accepts a sparse entry and extra term keys', () => {
    expect(v.safeParse(FinanceLenderEntrySchema, { paymentWeek: 99, term84: { paymentWeek: 80 } }).success).toBe(true);
  });
});

describe('car helpers', () => {
  it('isPurchasable: in_stock and coming_soon only (spec §4)', () => {
    expect(isPurchasable({ status: 'in_stock' })).toBe(true);
    expect(isPurchasable({ status: 'coming_soon' })).toBe(true);
    expect(isPurchasable({ status: 'sold' })).toBe(false);
  });

  it('BODY_TYPES lists the 20 body types of spec §5', () => {
    expect(BODY_TYPES).toHaveLength(20);
    expect(new Set(BODY_TYPES).size).toBe(20);
    expect(BODY_TYPES).toContain('cabChassis');
    expect(BODY_TYPES).toContain('stationWagon');
  });
});
