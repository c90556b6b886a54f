import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { cardButtons, DEFAULT_BUTTON_OPTIONS, financeHref, isTestDriveOnly, reserveLabel, similarHref, type CardButtonOptions } from './card-buttons.ts';

const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), tag: null, reserved: false, sold: false, status: 'in_stock', ...overrides });
const opts = (overrides: Partial<CardButtonOptions> = {}): CardButtonOptions => ({ ...DEFAULT_BUTTON_OPTIONS, ...overrides });
const labels = (c: Car, o: CardButtonOptions) => cardButtons(c, 31990, o).map((b) => b.label);

describe('cardButtons (spec §2 Search card buttons, §4 Purchasable car)', () => {
  it('a purchasable car on a tenant with every flag: all five, in order', () => {
    expect(labels(car(), opts({ reserveOnline: true, testDrive: true }))).toEqual(['Explore Vehicle', 'Quick Enquiry', 'Reserve This Car ($200)', 'Book a Test Drive', 'Get Finance']);
  });
  it('coming soon is purchasable too', () => {
    expect(labels(car({ status: 'coming_soon' }), opts({ reserveOnline: true }))).toContain('Reserve This Car ($200)');
  });
  it('no Reserve without reserve_online, for a reserved car or in test-drive-only mode', () => {
    expect(labels(car(), opts({ reserveOnline: false }))).toEqual(['Explore Vehicle', 'Quick Enquiry', 'Book a Test Drive', 'Get Finance']);
    expect(labels(car({ reserved: true }), opts({ reserveOnline: true }))).not.toContain('Reserve This Car ($200)');
    expect(labels(car({ tag: 'Test Drive Only' }), opts({ reserveOnline: true }))).toEqual(['Explore Vehicle', 'Quick Enquiry', 'Book a Test Drive', 'Get Finance']);
  });
  it('no test drive when the tenant has test drives off', () => {
    expect(labels(car(), opts({ testDrive: false }))).toEqual(['Explore Vehicle', 'Quick Enquiry', 'Get Finance']);
  });
  it('coming_soon cars: Book a Test Drive unless the tenant turns it off for them (spec §4, one dealer)', () => {
    const soon = car({ status: 'coming_soon' });
    expect(labels(soon, opts({ testDrive: true }))).toContain('Book a Test Drive');
    expect(labels(soon, opts({ testDrive: true, comingSoonTestDrive: false }))).toEqual(['Explore Vehicle', 'Quick Enquiry', 'Get Finance']);
    expect(labels(car({ status: 'in_stock' }), opts({ testDrive: true, comingSoonTestDrive: false }))).toContain('Book a Test Drive');
  });
  it('an unavailable car: Find Me Something Similar first (its own call to action, spec §4), then Explore Vehicle, whatever the flags', () => {
    const sold = cardButtons(car({ status: 'sold', sold: true, make: 'Land Rover', model: 'Range Rover Sport' }), 31990, opts({ reserveOnline: true, testDrive: true }));
    expect(sold.map((b) => b.label)).toEqual(['Find Me Something Similar', 'Explore Vehicle']);
    expect(sold[0]!.href).toBe('/search/land-rover/range-rover-sport');
    expect(cardButtons(car({ status: 'in_stock', sold: true }), 0, opts()).map((b) => b.kind)).toEqual(['similar', 'explore']);
  });
  it("a car without a shown price ('Enquire for price.'): Quick Enquiry is the main action", () => {
    expect(labels(car({ price: 0, before_price: null, offer_price: null, subscription_price: null, preorder: false }), opts()).slice(0, 2)).toEqual(['Quick Enquiry', 'Explore Vehicle']);
    // A weekly subscription or PREORDER is a shown price: exploring stays the main action.
    expect(labels(car({ price: 0, before_price: null, offer_price: null, subscription_price: 149 }), opts())[0]).toBe('Explore Vehicle');
  });
  it('links: the car page, #enquire, the checkout, the test-drive page and the finance form', () => {
    const hrefs = Object.fromEntries(cardButtons(car(), 31990, opts({ reserveOnline: true })).map((b) => [b.kind, b.href]));
    expect(hrefs).toEqual({
      explore: '/cars/2021-toyota-corolla-ascent-sport-hybrid-148223',
      enquire: '/cars/2021-toyota-corolla-ascent-sport-hybrid-148223#enquire',
      reserve: '/cars/2021-toyota-corolla-ascent-sport-hybrid-148223/checkout',
      test_drive: '/book-test-drive?car_id=148223',
      finance: '/finance?car_id=148223&vehiclePriceBudget=31990&car_type=used&vin=JTNK4RBE903123456&preferredDealership=springwood-toyota#finance-form',
    });
  });
});

describe('reserveLabel (spec §9 reserve default $200)', () => {
  it("shows the tenant's amount, $200 by default", () => {
    expect(reserveLabel(200)).toBe('Reserve This Car ($200)');
    expect(reserveLabel(500)).toBe('Reserve This Car ($500)');
    expect(reserveLabel(1000)).toBe('Reserve This Car ($1,000)');
    expect(reserveLabel(0)).toBe('Reserve This Car ($200)');
    expect(cardButtons(car(), 0, opts({ reserveOnline: true, reserveAmount: 250 })).find((b) => b.kind === 'reserve')?.label).toBe('Reserve This Car ($250)');
  });
});

describe('financeHref (spec §2: links carry preferredDealership, vehiclePriceBudget, car_id, car_type and vin, end with #finance-form)', () => {
  it('leaves out a missing budget and vin', () => {
    expect(financeHref({ id: '7', car_type: 'new', vin: null, dealership_slug: 'x-motors' }, 0)).toBe('/finance?car_id=7&car_type=new&preferredDealership=x-motors#finance-form');
  });
  it('encodes values', () => {
    expect(financeHref({ id: 'a&b', car_type: 'demo', vin: ' V 1 ', dealership_slug: 'd' }, 1000)).toBe('/finance?car_id=a%26b&vehiclePriceBudget=1000&car_type=demo&vin=V+1&preferredDealership=d#finance-form');
  });
});

describe('similarHref and test-drive-only', () => {
  it('slugifies make and model like the search routes', () => {
    expect(similarHref({ make: 'Mercedes-Benz', model: 'C 300' })).toBe('/search/mercedes-benz/c-300');
    expect(similarHref({ make: 'Škoda', model: 'Octavia RS' })).toBe('/search/skoda/octavia-rs');
  });
  it("reads the car's tag in any spelling", () => {
    expect(isTestDriveOnly({ tag: 'TEST DRIVE ONLY' })).toBe(true);
    expect(isTestDriveOnly({ tag: 'test-drive only' })).toBe(true);
    expect(isTestDriveOnly({ tag: 'Test Drive Today' })).toBe(false);
    expect(isTestDriveOnly({ tag: null })).toBe(false);
  });
});
