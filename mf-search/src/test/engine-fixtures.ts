/**
 * Test and benchmark stock for the engine: a small hand-made set whose every car exists for a rule, and a
 * seeded generator for large sets. Pure ESM, no Node APIs.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { SearchScope } from '@forecourt/contracts/search';
import { DAY_MS } from '../engine/visibility.ts';

/** Evaluation time of the hand-made fixture: 2025-06-15 00:00 UTC. */
export const FIXTURE_NOW = Date.UTC(2025, 5, 15);

/** A scope with the spec's defaults (3 sold days, no base filters). */
export function scopeOf(tenant: string, overrides: Partial<SearchScope> = {}): SearchScope {
  return {
    tenant,
    include_sold_cars_days: 3,
    used_only: false,
    in_stock_only: false,
    excluded_stocknums: [],
    older_than_days: 0,
    now: FIXTURE_NOW,
    ...overrides,
  };
}

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

type CarSeed = Pick<Car, 'id' | 'make' | 'model' | 'year' | 'car_type' | 'price' | 'km' | 'status' | 'created_at_timestamp'> & Partial<Car>;

/** A valid Car (CarSchema) from the fields a test cares about; the rest gets plausible defaults. */
export function makeCar(seed: CarSeed): Car {
  const name = `${seed.year} ${seed.make} ${seed.model}${seed.badge ? ` ${seed.badge}` : ''}`;
  const slug = slugify(`${name} ${seed.stocknum ?? seed.id}`);
  return {
    name,
    slug,
    path: `/cars/${slug}`,
    badge: null,
    series: null,
    body: null,
    simple_body: null,
    subscription_price: null,
    reserved: false,
    sold: seed.status === 'sold',
    created_at: new Date(seed.created_at_timestamp).toISOString(),
    sold_date_timestamp: null,
    show_on_dealer_website: true,
    stocknum: null,
    colour: null,
    certified: false,
    categories: [],
    dealership_name: 'Alpha Motors',
    dealership_id: 'd-alpha',
    dealership_slug: 'alpha-motors',
    city: 'Brisbane',
    state: 'QLD',
    make_model: `${seed.make} ${seed.model}`,
    location_id: 'loc-a1',
    location: { id: 'loc-a1', name: 'Alpha Motors Brisbane', phone: '07 3000 0000', slug: 'alpha-motors-brisbane', address: '1 Main St, Brisbane QLD 4000' },
    images: [],
    ...seed,
  };
}

const ago = (days: number) => FIXTURE_NOW - days * DAY_MS;
const IPSWICH = { location_id: 'loc-a2', location: { id: 'loc-a2', name: 'Alpha Motors Ipswich', phone: '07 3200 0000', slug: 'alpha-motors-ipswich', address: '2 Brisbane Rd, Ipswich QLD 4305' }, city: 'Ipswich' };

/**
 * Tenant `alpha`: 18 cars. Visible with the default scope: a1-a8, a10-a12, a14, a16-a18 (15 cars).
 * Hidden: a9 (sold 3 days and 1 ms ago), a13 (not on the dealer website), a15 (sold without a sale date).
 */
export const ALPHA_CARS: Car[] = [
  makeCar({ id: 'a1', make: 'Toyota', model: 'Hilux', badge: 'SR5', series: 'GUN126R', body: 'Dual Cab Utility', simple_body: 'ute', year: 2025, car_type: 'new', price: 62_990, km: 10, status: 'in_stock', created_at_timestamp: ago(1), colour: 'White', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'N1001', categories: ['4x4', 'Towing'] }),
  makeCar({ id: 'a2', make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', body: 'Hatchback', simple_body: 'hatch', year: 2025, car_type: 'new', price: 31_990, km: 5, status: 'in_stock', created_at_timestamp: ago(2), colour: 'Silver', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'FWD', stocknum: 'N1002', subscription_price: 189 }),
  makeCar({ id: 'a3', make: 'Toyota', model: 'RAV4', badge: 'GXL', body: 'Wagon', simple_body: 'suv', year: 2024, car_type: 'demo', price: 45_990, km: 4_500, status: 'in_stock', created_at_timestamp: ago(5), colour: 'Blue', simple_fuel: 'Hybrid', simple_transmission: 'Automatic', simple_drive: 'AWD', stocknum: 'D2001', ...IPSWICH }),
  makeCar({ id: 'a4', make: 'Toyota', model: 'Camry', badge: 'Ascent', body: 'Sedan', simple_body: 'sedan', year: 2024, car_type: 'demo', price: 38_990, km: 12_000, status: 'in_stock', created_at_timestamp: ago(6), colour: 'Black', simple_fuel: 'Hybrid', simple_transmission: 'Automatic', simple_drive: 'FWD', stocknum: 'D2002' }),
  makeCar({ id: 'a5', make: 'Ford', model: 'Ranger', badge: 'XLT', series: 'PY', body: 'Dual Cab Utility', simple_body: 'ute', year: 2021, car_type: 'used', price: 49_999, km: 54_000, status: 'in_stock', created_at_timestamp: ago(10), colour: 'Grey', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'U3001', certified: true, categories: ['4x4', 'Towing'], ...IPSWICH }),
  makeCar({ id: 'a6', make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', body: 'Wagon', simple_body: 'suv', year: 2019, car_type: 'used', price: 27_990, km: 82_000, status: 'in_stock', created_at_timestamp: ago(20), colour: 'Red', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'AWD', stocknum: 'U3002', categories: ['Family'] }),
  makeCar({ id: 'a7', make: 'Hyundai', model: 'i30', badge: 'Active', body: 'Hatchback', simple_body: 'hatch', year: 2018, car_type: 'used', price: 18_990, km: 98_000, status: 'sold', sold_date_timestamp: ago(1), created_at_timestamp: ago(40), colour: 'White', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'FWD', stocknum: 'U3003' }),
  makeCar({ id: 'a8', make: 'Kia', model: 'Sportage', badge: 'SX', body: 'Wagon', simple_body: 'suv', year: 2020, car_type: 'used', price: 29_990, km: 61_000, status: 'sold', sold_date_timestamp: ago(3), created_at_timestamp: ago(35), colour: 'Grey', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'FWD', stocknum: 'U3004' }),
  makeCar({ id: 'a9', make: 'Mitsubishi', model: 'Triton', badge: 'GLX', body: 'Cab Chassis', simple_body: 'cabChassis', year: 2017, car_type: 'used', price: 21_990, km: 120_000, status: 'sold', sold_date_timestamp: ago(3) - 1, created_at_timestamp: ago(50), colour: 'White', stocknum: 'U3005' }),
  makeCar({ id: 'a10', make: 'Nissan', model: 'X-Trail', badge: 'ST', body: 'Wagon', simple_body: 'suv', year: 2016, car_type: 'used', price: 0, km: 140_000, status: 'in_stock', created_at_timestamp: ago(15), colour: 'White', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'FWD', stocknum: 'U3006' }),
  makeCar({ id: 'a11', make: 'Toyota', model: 'Hilux', badge: 'Workmate', body: 'Single Cab Utility', simple_body: 'ute', year: 2015, car_type: 'used', price: 24_990, km: 160_000, status: 'in_stock', created_at_timestamp: ago(30), colour: 'White', simple_fuel: 'Diesel', simple_transmission: 'Manual', simple_drive: 'RWD', stocknum: 'U3007', subscription_price: 149 }),
  makeCar({ id: 'a12', make: 'Toyota', model: 'LandCruiser', badge: 'GR Sport', series: '300 Series', body: 'Wagon', simple_body: 'suv', year: 2025, car_type: 'new', price: 145_000, km: 5, status: 'coming_soon', created_at_timestamp: ago(0.5), colour: 'Black', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'N1003' }),
  makeCar({ id: 'a13', make: 'Volkswagen', model: 'Golf', badge: '110TSI', body: 'Hatchback', simple_body: 'hatch', year: 2019, car_type: 'used', price: 22_990, km: 70_000, status: 'in_stock', created_at_timestamp: ago(12), show_on_dealer_website: false, stocknum: 'U3008' }),
  makeCar({ id: 'a14', make: 'Subaru', model: 'Outback', badge: '2.5i', body: 'Wagon', simple_body: 'wagon', year: 2020, car_type: 'used', price: 30_990, km: 50_000, status: 'in_stock', created_at_timestamp: ago(8), colour: 'Green', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'AWD', stocknum: 'U3009', categories: ['Family'] }),
  makeCar({ id: 'a15', make: 'Isuzu', model: 'D-Max', badge: 'LS-U', body: 'Dual Cab Utility', simple_body: 'ute', year: 2022, car_type: 'used', price: 44_990, km: 30_000, status: 'sold', created_at_timestamp: ago(18), stocknum: 'U3010' }),
  makeCar({ id: 'a16', make: 'Ford', model: 'Everest', badge: 'Trend', body: 'Wagon', simple_body: 'suv', year: 2022, car_type: 'used', price: 52_990, km: 40_000, status: 'sold', sold_date_timestamp: ago(2), created_at_timestamp: ago(25), colour: 'Blue', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'U3011' }),
  makeCar({ id: 'a17', make: 'Mazda', model: 'BT-50', badge: 'XT', body: 'Dual Cab Utility', simple_body: 'ute', year: 2025, car_type: 'new', price: 48_990, km: 15, status: 'in_stock', reserved: true, created_at_timestamp: ago(3), colour: 'Grey', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'N1004' }),
  makeCar({ id: 'a18', make: 'Ford', model: 'Ranger', badge: 'Wildtrak', series: 'PY', body: 'Dual Cab Utility', simple_body: 'ute', year: 2024, car_type: 'demo', price: 65_990, km: 3_000, status: 'in_stock', created_at_timestamp: ago(4), colour: 'Orange', simple_fuel: 'Diesel', simple_transmission: 'Automatic', simple_drive: '4x4', stocknum: 'D2003', categories: ['4x4'] }),
];

const BETA = { dealership_name: 'Beta Cars', dealership_id: 'd-beta', dealership_slug: 'beta-cars', city: 'Sydney', state: 'NSW', location_id: 'loc-b1', location: { id: 'loc-b1', name: 'Beta Cars Parramatta', phone: '02 9000 0000', slug: 'beta-cars-parramatta', address: '9 Church St, Parramatta NSW 2150' } };

/** Tenant `beta`: the same makes and models as alpha (so isolation is tested on overlapping queries). */
export const BETA_CARS: Car[] = [
  makeCar({ id: 'b1', make: 'Toyota', model: 'Hilux', badge: 'SR', body: 'Dual Cab Utility', simple_body: 'ute', year: 2019, car_type: 'used', price: 34_990, km: 90_000, status: 'in_stock', created_at_timestamp: ago(3), colour: 'White', stocknum: 'B1', ...BETA }),
  makeCar({ id: 'b2', make: 'Toyota', model: 'Hilux', badge: 'SR5', body: 'Dual Cab Utility', simple_body: 'ute', year: 2020, car_type: 'used', price: 41_990, km: 70_000, status: 'in_stock', created_at_timestamp: ago(6), colour: 'Silver', stocknum: 'B2', ...BETA }),
  makeCar({ id: 'b3', make: 'Ford', model: 'Ranger', badge: 'XL', body: 'Cab Chassis', simple_body: 'cabChassis', year: 2018, car_type: 'used', price: 28_990, km: 110_000, status: 'in_stock', created_at_timestamp: ago(9), colour: 'White', stocknum: 'B3', ...BETA }),
  makeCar({ id: 'b4', make: 'Kia', model: 'Carnival', badge: 'S', body: 'Wagon', simple_body: 'peopleMover', year: 2025, car_type: 'new', price: 52_990, km: 10, status: 'in_stock', created_at_timestamp: ago(1), colour: 'Black', stocknum: 'B4', ...BETA }),
  // Prices as the card shows them (price sorts, specials): an offer price below the price, a placeholder price ($1
  // shows 'Enquire for price.'), a was-price above the price.
  makeCar({ id: 'b5', make: 'Mazda', model: 'CX-5', badge: 'Touring', body: 'Wagon', simple_body: 'suv', year: 2022, car_type: 'used', price: 36_990, offer_price: 27_990, km: 40_000, status: 'in_stock', created_at_timestamp: ago(7), colour: 'Red', stocknum: 'B5', ...BETA }),
  makeCar({ id: 'b6', make: 'Kia', model: 'Rio', badge: 'S', body: 'Hatchback', simple_body: 'hatch', year: 2017, car_type: 'used', price: 1, km: 120_000, status: 'in_stock', created_at_timestamp: ago(8), colour: 'White', stocknum: 'B6', ...BETA }),
  makeCar({ id: 'b7', make: 'Toyota', model: 'Yaris', badge: 'Ascent', body: 'Hatchback', simple_body: 'hatch', year: 2019, car_type: 'used', price: 19_990, before_price: 24_990, km: 60_000, status: 'in_stock', created_at_timestamp: ago(9), colour: 'Blue', stocknum: 'B7', ...BETA }),
];

// ---------------------------------------------------------------------------------------------------------------
// Seeded generator for large stock (10,000 cars for the scale test and the benchmark).

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type ModelSpec = readonly [model: string, body: string, simpleBody: string, basePrice: number, badges: readonly string[]];
const CATALOGUE: readonly (readonly [make: string, models: readonly ModelSpec[]])[] = [
  ['Toyota', [['Hilux', 'Dual Cab Utility', 'ute', 55_000, ['Workmate', 'SR', 'SR5', 'Rogue', 'GR Sport']], ['Corolla', 'Hatchback', 'hatch', 30_000, ['Ascent Sport', 'SX', 'ZR']], ['RAV4', 'Wagon', 'suv', 42_000, ['GX', 'GXL', 'Cruiser', 'Edge']], ['LandCruiser', 'Wagon', 'suv', 110_000, ['GX', 'GXL', 'VX', 'Sahara']], ['Camry', 'Sedan', 'sedan', 38_000, ['Ascent', 'SL']]]],
  ['Ford', [['Ranger', 'Dual Cab Utility', 'ute', 58_000, ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Raptor']], ['Everest', 'Wagon', 'suv', 62_000, ['Ambiente', 'Trend', 'Sport', 'Platinum']], ['Mustang', 'Coupe', 'coupe', 65_000, ['GT']]]],
  ['Mazda', [['CX-5', 'Wagon', 'suv', 38_000, ['Maxx', 'Maxx Sport', 'Touring', 'Akera']], ['CX-3', 'Wagon', 'suv', 30_000, ['Neo Sport', 'Maxx Sport']], ['BT-50', 'Dual Cab Utility', 'ute', 50_000, ['XS', 'XT', 'GT']], ['Mazda3', 'Hatchback', 'hatch', 32_000, ['G20 Pure', 'G25 Evolve']]]],
  ['Hyundai', [['i30', 'Hatchback', 'hatch', 27_000, ['Active', 'Elite', 'N Line']], ['Tucson', 'Wagon', 'suv', 40_000, ['Elite', 'Highlander']], ['Kona', 'Wagon', 'suv', 32_000, ['Active', 'Elite']]]],
  ['Kia', [['Sportage', 'Wagon', 'suv', 38_000, ['S', 'SX', 'GT-Line']], ['Cerato', 'Sedan', 'sedan', 27_000, ['S', 'Sport']], ['Carnival', 'Wagon', 'peopleMover', 52_000, ['S', 'Si', 'Platinum']]]],
  ['Mitsubishi', [['Triton', 'Cab Chassis', 'cabChassis', 40_000, ['GLX', 'GLS']], ['Outlander', 'Wagon', 'suv', 40_000, ['ES', 'LS', 'Exceed']]]],
  ['Nissan', [['Navara', 'Dual Cab Utility', 'ute', 48_000, ['SL', 'ST', 'Pro-4X']], ['X-Trail', 'Wagon', 'suv', 40_000, ['ST', 'ST-L', 'Ti']]]],
  ['Isuzu', [['D-Max', 'Dual Cab Utility', 'ute', 50_000, ['SX', 'LS-U', 'X-Terrain']], ['MU-X', 'Wagon', 'suv', 52_000, ['LS-M', 'LS-T']]]],
  ['Volkswagen', [['Amarok', 'Dual Cab Utility', 'ute', 65_000, ['Core', 'Style', 'Aventura']], ['Golf', 'Hatchback', 'hatch', 38_000, ['110TSI', 'GTI', 'R']]]],
  ['Subaru', [['Forester', 'Wagon', 'suv', 40_000, ['2.5i', '2.5i-S']], ['Outback', 'Wagon', 'wagon', 45_000, ['AWD', 'Touring']]]],
  ['Tesla', [['Model 3', 'Sedan', 'sedan', 60_000, ['RWD', 'Long Range']], ['Model Y', 'Wagon', 'ev', 65_000, ['RWD', 'Long Range']]]],
];
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Orange'];
const CITIES = [['Brisbane', 'loc-1', 'Brisbane Central'], ['Ipswich', 'loc-2', 'Ipswich'], ['Gold Coast', 'loc-3', 'Southport'], ['Toowoomba', 'loc-4', 'Toowoomba']] as const;
const CATEGORIES = ['4x4', 'Towing', 'Family', 'First Car', 'Off Road'];

export type GenerateOptions = { seed?: number; now?: number; dealershipSlug?: string; idPrefix?: string };

/**
 * Deterministic stock: mostly in stock, some sold in the last 10 days, some coming soon, ~3% hidden from the
 * website; prices and km plausible per car type; ~5% without a price, ~5% with a subscription price.
 */
export function generateCars(count: number, options: GenerateOptions = {}): Car[] {
  const { seed = 1, now = FIXTURE_NOW, dealershipSlug = 'gen-motors', idPrefix = 'g' } = options;
  const next = rng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const cars: Car[] = [];
  for (let n = 1; n <= count; n++) {
    const [make, models] = pick(CATALOGUE);
    const [model, body, simpleBody, basePrice, badges] = pick(models);
    const roll = next();
    const carType = roll < 0.35 ? 'new' : roll < 0.5 ? 'demo' : 'used';
    const age = carType === 'used' ? int(1, 12) : carType === 'demo' ? int(0, 1) : 0;
    const km = carType === 'new' ? int(0, 50) : carType === 'demo' ? int(500, 15_000) : int(5_000, 60_000) * Math.max(1, age) / 2;
    const price = next() < 0.05 ? 0 : Math.round((basePrice * (carType === 'used' ? Math.max(0.25, 1 - age * 0.07) : carType === 'demo' ? 0.9 : 1) * (0.9 + next() * 0.2)) / 10) * 10;
    const statusRoll = next();
    const status = statusRoll < 0.82 ? 'in_stock' : statusRoll < 0.94 ? 'sold' : 'coming_soon';
    const [city, locationId, locationName] = pick(CITIES);
    const stocknum = `${carType[0]!.toUpperCase()}${100_000 + n}`;
    cars.push(makeCar({
      id: `${idPrefix}${n}`,
      make,
      model,
      badge: pick(badges),
      series: next() < 0.5 ? `MY${int(18, 25)}` : null,
      body,
      simple_body: simpleBody,
      year: new Date(now).getUTCFullYear() - age,
      car_type: carType,
      price,
      km: Math.round(km),
      status,
      sold_date_timestamp: status === 'sold' ? now - Math.floor(next() * 10 * DAY_MS) : null,
      created_at_timestamp: now - Math.floor(next() * 120 * DAY_MS),
      show_on_dealer_website: next() < 0.97,
      subscription_price: next() < 0.05 ? int(99, 399) : null,
      reserved: status === 'in_stock' && next() < 0.03,
      colour: pick(COLOURS),
      simple_fuel: make === 'Tesla' ? 'Electric' : pick(['Petrol', 'Diesel', 'Hybrid']),
      simple_transmission: next() < 0.9 ? 'Automatic' : 'Manual',
      simple_drive: pick(['FWD', 'AWD', '4x4', 'RWD']),
      stocknum,
      certified: carType === 'used' && next() < 0.3,
      categories: next() < 0.4 ? [pick(CATEGORIES), ...(next() < 0.3 ? [pick(CATEGORIES)] : [])] : [],
      dealership_slug: dealershipSlug,
      city,
      location_id: locationId,
      location: { id: locationId, name: locationName, phone: null, slug: slugify(locationName), address: null },
    }));
  }
  return cars;
}
