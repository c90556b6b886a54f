import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { toCardCar } from './card.ts';

const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), ...overrides });

describe('toCardCar (spec §2 Search card, first version)', () => {
  it('titles the card year make model and labels its chips in words', () => {
    const card = toCardCar(car({ year: 2023, make: 'Toyota', model: 'HiLux', car_type: 'used', simple_body: 'ute', km: 45210, simple_transmission: 'Automatic' }));
    expect(card.title).toBe('2023 Toyota HiLux');
    expect(card.chips).toEqual(['Used', 'Ute', '45,210 kms', 'Automatic']);
  });
  it('leaves out a zero km chip and capitalises bodies outside the spec list', () => {
    expect(toCardCar(car({ car_type: 'new', simple_body: 'motorcycle', km: 0, simple_transmission: null })).chips).toEqual(['New', 'Motorcycle']);
  });
  it('marks only in-stock or coming-soon cars available (spec §4: an unavailable car cannot be favourited)', () => {
    expect(toCardCar(car({ status: 'in_stock', sold: false })).available).toBe(true);
    expect(toCardCar(car({ status: 'coming_soon', sold: false })).available).toBe(true);
    expect(toCardCar(car({ status: 'sold', sold: true })).available).toBe(false);
  });
  it('uses the primary image, else the first gallery image, else none', () => {
    expect(toCardCar(car({ primary_image_url: '/a.svg' })).image).toBe('/a.svg');
    expect(toCardCar(car({ primary_image_url: null, images: [{ image: { url: '/b.svg', thumb: { url: '/bt.svg' } } }] })).image).toBe('/b.svg');
    expect(toCardCar(car({ primary_image_url: null, images: [] })).image).toBeNull();
  });
});
