import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { cardChips, cardTitle, chipText, engineLitres, gearsText } from './card-title.ts';

const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), ...overrides });

describe('cardTitle (spec §2 Search card title variants)', () => {
  it('standard: year make model, with badge and series on their own line', () => {
    expect(cardTitle(car(), 'standard')).toEqual({ title: '2021 Toyota Corolla', subtitle: null, badgeLine: 'Ascent Sport Hybrid ZWE211R' });
    expect(cardTitle(car({ badge: null, series: '  ' }), 'standard').badgeLine).toBeNull();
  });
  it('detailed: adds name, colour, gear count and transmission, body configuration', () => {
    const hilux = car({ year: 2023, make: 'Toyota', model: 'HiLux', name: '2023 Toyota HiLux SR5 Double Cab', badge: 'SR5', series: 'GUN126R', colour: 'Glacier White', gearnum: 6, trans: 'Automatic', bodyconfiguration: 'Double Cab Pick Up' });
    expect(cardTitle(hilux, 'detailed')).toEqual({ title: '2023 Toyota HiLux', subtitle: 'SR5 Double Cab, Glacier White, 6 Speed Automatic, Double Cab Pick Up', badgeLine: 'SR5 GUN126R' });
  });
  it('detailed: a name that only repeats the title or the badge line adds nothing; missing parts are left out', () => {
    expect(cardTitle(car({ name: '2021 Toyota Corolla', colour: null, gearnum: null, trans: null, simple_transmission: null, bodyconfiguration: null }), 'detailed').subtitle).toBeNull();
    expect(cardTitle(car({ name: '2021 Toyota Corolla Ascent Sport Hybrid ZWE211R', colour: 'Red', gearnum: 1, trans: 'CVT', bodyconfiguration: null }), 'detailed').subtitle).toBe('Red, CVT');
  });
});

describe('gearsText', () => {
  it('shows the gear count above one gear, and falls back to the simple transmission', () => {
    expect(gearsText({ gearnum: 8, trans: 'Sports Automatic', simple_transmission: 'automatic' })).toBe('8 Speed Sports Automatic');
    expect(gearsText({ gearnum: 1, trans: 'Constantly Variable Transmission', simple_transmission: 'cvt' })).toBe('Constantly Variable Transmission');
    expect(gearsText({ gearnum: 6, trans: null, simple_transmission: 'manual' })).toBe('6 Speed Manual');
    expect(gearsText({ gearnum: null, trans: null, simple_transmission: null })).toBeNull();
  });
});

describe('chips (spec §2: per tenant, in words)', () => {
  it('the default four', () => {
    const hilux = car({ car_type: 'used', simple_body: 'ute', km: 45210, simple_transmission: 'automatic' });
    expect(cardChips(hilux, ['car_type', 'simple_body', 'km', 'simple_transmission'])).toEqual(['Used', 'Ute', '45,210 kms', 'Automatic']);
  });
  it("every chip a tenant can ask for, in the tenant's order", () => {
    const c = car({ car_type: 'demo', simple_body: 'cabChassis', km: 1200, simple_transmission: 'manual', stocknum: 'D123', views: 1234, seats: 5, engine_size: 2755, fuel: 'Diesel' });
    expect(cardChips(c, ['fuel', 'engine_size', 'seats', 'views', 'stocknum', 'simple_transmission', 'km', 'simple_body', 'car_type'])).toEqual(['Diesel', '2.8L', '5 seats', '1,234 views', 'Stock #D123', 'Manual', '1,200 kms', 'Cab Chassis', 'Demo']);
  });
  it('leaves out chips the car has no value for', () => {
    const c = car({ simple_body: null, km: 0, simple_transmission: null, stocknum: ' ', views: 0, seats: null, engine_size: null, variant: null, fuel: null, simple_fuel: null });
    expect(cardChips(c, ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum', 'views', 'seats', 'engine_size', 'fuel'])).toEqual(['Used']);
  });
  it('singular views and seats; the simple fuel when the feed has no wording', () => {
    expect(chipText(car({ views: 1 }), 'views')).toBe('1 view');
    expect(chipText(car({ seats: 1 }), 'seats')).toBe('1 seat');
    expect(chipText(car({ fuel: null, simple_fuel: 'electric' }), 'fuel')).toBe('Electric');
  });
});

describe('engineLitres (engine_size is cc)', () => {
  it('one decimal in litres', () => {
    expect(engineLitres({ engine_size: 2755, variant: null })).toBe('2.8L');
    expect(engineLitres({ engine_size: 1798, variant: null })).toBe('1.8L');
    expect(engineLitres({ engine_size: 1998, variant: null })).toBe('2.0L');
    expect(engineLitres({ engine_size: 5663, variant: null })).toBe('5.7L');
  });
  it("falls back to the variant's litres, else none", () => {
    const variant = { ...v.parse(CarSchema, sampleCar).variant!, enginesize_litres: 2.4 };
    expect(engineLitres({ engine_size: null, variant })).toBe('2.4L');
    expect(engineLitres({ engine_size: 0, variant: null })).toBeNull();
  });
});

describe('gearsText when the transmission already names its gears', () => {
  it('says the gear count once', () => {
    expect(gearsText({ gearnum: 10, trans: '10 Speed Automatic', simple_transmission: 'automatic' })).toBe('10 Speed Automatic');
    expect(gearsText({ gearnum: 6, trans: 'Automatic', simple_transmission: 'automatic' })).toBe('6 Speed Automatic');
  });
});
