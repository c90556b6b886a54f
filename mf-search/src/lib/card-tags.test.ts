import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { cardTag, DEFAULT_TAG_OPTIONS, electrification, isAvailable, isNewArrival, type CardTagOptions } from './card-tags.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12);
// A used Toyota with nothing that tags it: petrol, not reserved, not certified, no own tag, in stock, 30 days old.
const plain: Partial<Car> = { fuel: 'Petrol', simple_fuel: 'petrol', reserved: false, certified: false, tag: null, status: 'in_stock', sold: false, car_type: 'used', make: 'Toyota', created_at_timestamp: NOW - 30 * DAY };
const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), ...plain, ...overrides });
const opts = (overrides: Partial<CardTagOptions> = {}): CardTagOptions => ({ ...DEFAULT_TAG_OPTIONS, now: NOW, electricTag: true, manufacturer: 'toyota', ...overrides });

describe('cardTag (spec §4 Card tag precedence)', () => {
  // Every rule true at once, then each removed in turn: the next in the order takes over.
  const all: Partial<Car> = { fuel: 'Hybrid', reserved: true, certified: true, tag: 'Test Drive Only', status: 'coming_soon', created_at_timestamp: NOW - DAY };
  it('1. electric/hybrid tag on enabled sites comes first', () => {
    expect(cardTag(car(all), opts())).toEqual({ kind: 'hybrid', text: 'Hybrid' });
    expect(cardTag(car({ ...all, fuel: 'Electric', simple_fuel: 'electric' }), opts())).toEqual({ kind: 'electric', text: 'Electric' });
  });
  it('2. then Reserved (also where the electric tag is off)', () => {
    expect(cardTag(car(all), opts({ electricTag: false }))).toEqual({ kind: 'reserved', text: 'Reserved' });
    expect(cardTag(car({ ...all, fuel: 'Petrol', simple_fuel: 'petrol' }), opts())).toEqual({ kind: 'reserved', text: 'Reserved' });
  });
  it("3. then the certified-used badge, only for a used car of the tenant's own make", () => {
    const base = { ...all, fuel: 'Petrol', simple_fuel: 'petrol', reserved: false };
    expect(cardTag(car(base), opts())).toEqual({ kind: 'certified', text: 'Certified' });
    expect(cardTag(car({ ...base, make: 'Mazda' }), opts())).toEqual({ kind: 'own', text: 'Test Drive Only' });
    expect(cardTag(car({ ...base, car_type: 'demo' }), opts())).toEqual({ kind: 'own', text: 'Test Drive Only' });
    expect(cardTag(car(base), opts({ manufacturer: null }))).toEqual({ kind: 'own', text: 'Test Drive Only' });
    expect(cardTag(car({ ...base, make: 'Mercedes-Benz' }), opts({ manufacturer: 'mercedes-benz' }))).toEqual({ kind: 'certified', text: 'Certified' });
  });
  it("4. then the car's own tag, 5. COMING SOON, 6. the new-arrival tag", () => {
    const base = { ...all, fuel: 'Petrol', simple_fuel: 'petrol', reserved: false, certified: false };
    expect(cardTag(car(base), opts())).toEqual({ kind: 'own', text: 'Test Drive Only' });
    expect(cardTag(car({ ...base, tag: '  ' }), opts())).toEqual({ kind: 'coming_soon', text: 'COMING SOON' });
    expect(cardTag(car({ ...base, tag: null, status: 'in_stock' }), opts())).toEqual({ kind: 'new_arrival', text: 'New' });
    expect(cardTag(car({ ...base, tag: null, status: 'in_stock' }), opts({ newArrivalLabel: 'New Arrival' }))).toEqual({ kind: 'new_arrival', text: 'New Arrival' });
  });
  it('7. else no tag', () => {
    expect(cardTag(car(), opts())).toBeNull();
  });
  it('an unavailable car shows the sold tag before anything else (default JUST SOLD, tenant text otherwise)', () => {
    expect(cardTag(car({ ...all, status: 'sold', sold: true }), opts())).toEqual({ kind: 'sold', text: 'JUST SOLD' });
    expect(cardTag(car({ status: 'sold' }), opts({ soldTag: 'SOLD' }))).toEqual({ kind: 'sold', text: 'SOLD' });
    // Flagged sold while still listed in stock: not available either.
    expect(cardTag(car({ status: 'in_stock', sold: true }), opts())).toEqual({ kind: 'sold', text: 'JUST SOLD' });
  });
});

describe('isNewArrival (spec §9 just-arrived window 8 days)', () => {
  it('is new up to exactly 8 days old, not a millisecond later', () => {
    expect(isNewArrival(NOW - 8 * DAY, NOW)).toBe(true);
    expect(isNewArrival(NOW - 8 * DAY - 1, NOW)).toBe(false);
    expect(isNewArrival(NOW, NOW)).toBe(true);
    expect(isNewArrival(NOW - 7 * DAY, NOW)).toBe(true);
  });
  it('never without a render time', () => {
    expect(isNewArrival(NOW, 0)).toBe(false);
  });
  it('the card follows the same boundary', () => {
    expect(cardTag(car({ created_at_timestamp: NOW - 8 * DAY }), opts())?.kind).toBe('new_arrival');
    expect(cardTag(car({ created_at_timestamp: NOW - 8 * DAY - 1 }), opts())).toBeNull();
  });
});

describe('electrification and availability', () => {
  it('reads electric and hybrid from the fuel (a plug-in hybrid is a hybrid)', () => {
    expect(electrification({ fuel: 'Electric', simple_fuel: null })).toBe('electric');
    expect(electrification({ fuel: null, simple_fuel: 'ev' })).toBe('electric');
    expect(electrification({ fuel: 'Plug-in Hybrid Electric', simple_fuel: null })).toBe('hybrid');
    expect(electrification({ fuel: 'Diesel', simple_fuel: 'diesel' })).toBeNull();
    expect(electrification({ fuel: null, simple_fuel: null })).toBeNull();
  });
  it('in stock and coming soon are available unless flagged sold (spec §4 Purchasable car)', () => {
    expect(isAvailable({ status: 'in_stock', sold: false })).toBe(true);
    expect(isAvailable({ status: 'coming_soon', sold: null })).toBe(true);
    expect(isAvailable({ status: 'sold', sold: false })).toBe(false);
    expect(isAvailable({ status: 'in_stock', sold: true })).toBe(false);
  });
});
