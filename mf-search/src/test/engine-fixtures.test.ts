import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { ALPHA_CARS, BETA_CARS, generateCars } from './engine-fixtures.ts';

describe('engine fixtures', () => {
  it('hand-made cars are valid Car entities with unique ids and slugs', () => {
    const cars = [...ALPHA_CARS, ...BETA_CARS];
    for (const car of cars) {
      const result = v.safeParse(CarSchema, car);
      expect(result.issues?.map((i) => `${car.id}: ${i.message}`) ?? []).toEqual([]);
    }
    expect(new Set(cars.map((c) => c.id)).size).toBe(cars.length);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
  });

  it('generated cars are valid, deterministic and varied', () => {
    const cars = generateCars(300, { seed: 7 });
    for (const car of cars) expect(v.safeParse(CarSchema, car).success, car.id).toBe(true);
    expect(generateCars(300, { seed: 7 })).toEqual(cars);
    expect(new Set(cars.map((c) => c.car_type))).toEqual(new Set(['new', 'used', 'demo']));
    expect(new Set(cars.map((c) => c.status))).toEqual(new Set(['in_stock', 'sold', 'coming_soon']));
    expect(cars.some((c) => !c.show_on_dealer_website)).toBe(true);
    expect(cars.some((c) => c.price === 0)).toBe(true);
    expect(cars.every((c) => c.status !== 'sold' || c.sold_date_timestamp != null)).toBe(true);
  });
});
