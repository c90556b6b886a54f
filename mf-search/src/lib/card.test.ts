import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { cardOptions, DEFAULT_CARD_OPTIONS, toCardCar, toCardCars } from './card.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12);
const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), created_at_timestamp: NOW - 30 * DAY, ...overrides });
const tenant = (overrides: Partial<SiteConfigInput> = {}) => siteConfig('test-motors', overrides);
const base = siteConfig('test-motors');
const withSearch = (search: Partial<NonNullable<SiteConfigInput['search']>>) => tenant({ search });

describe('toCardCar (spec §2 Search card)', () => {
  it('titles the card year make model and labels its chips in words', () => {
    const card = toCardCar(car({ year: 2023, make: 'Toyota', model: 'HiLux', car_type: 'used', simple_body: 'ute', km: 45210, simple_transmission: 'Automatic' }), cardOptions(base, NOW));
    expect(card.title).toBe('2023 Toyota HiLux');
    expect(card.subtitle).toBeNull();
    expect(card.chips).toEqual(['Used', 'Ute', '45,210 kms', 'Automatic']);
  });
  it("uses the tenant's title variant and chips", () => {
    const card = toCardCar(car({ colour: 'Eclectic Blue', gearnum: 1, trans: 'CVT', bodyconfiguration: '5D Hatchback' }), cardOptions(withSearch({ card_title: 'detailed', card_chips: ['stocknum', 'engine_size', 'fuel', 'seats'] }), NOW));
    expect(card.subtitle).toBe('Eclectic Blue, CVT, 5D Hatchback');
    expect(card.chips).toEqual(['Stock #U14822', '1.8L', 'Hybrid', '5 seats']);
  });
  it('gives every card a unique accessible name: title, badge line and stock number (else id)', () => {
    expect(toCardCar(car()).a11yName).toBe('2021 Toyota Corolla Ascent Sport Hybrid ZWE211R, stock #U14822');
    expect(toCardCar(car({ stocknum: null, badge: null, series: null })).a11yName).toBe('2021 Toyota Corolla, car 148223');
  });
  it('marks only in-stock or coming-soon cars available (spec §4), with the sold tag and prompt otherwise', () => {
    expect(toCardCar(car({ status: 'in_stock', sold: false })).available).toBe(true);
    expect(toCardCar(car({ status: 'coming_soon', sold: false })).available).toBe(true);
    const sold = toCardCar(car({ status: 'sold', sold: true }), cardOptions(withSearch({ sold_tag: 'SOLD' }), NOW));
    expect(sold.available).toBe(false);
    expect(sold.tag).toEqual({ kind: 'sold', text: 'SOLD' });
    expect(sold.soldPrompt).toBe('Like this and want something similar?');
    expect(sold.finance).toBeNull();
    expect(sold.buttons.map((b) => b.label)).toEqual(['Find Me Something Similar', 'Explore Vehicle']);
    expect(toCardCar(car()).soldPrompt).toBeNull();
  });
  it('uses the primary image, else the first gallery image, else none', () => {
    expect(toCardCar(car({ primary_image_url: '/a.svg' })).image).toBe('/a.svg');
    expect(toCardCar(car({ primary_image_url: null, images: [{ image: { url: '/b.svg', thumb: { url: '/bt.svg' } } }] })).image).toBe('/b.svg');
    expect(toCardCar(car({ primary_image_url: null, images: [] })).image).toBeNull();
  });
  it('comparable (spec §4 compare mode): available, price above 0 and a photo', () => {
    expect(toCardCar(car()).comparable).toBe(true);
    expect(toCardCar(car({ price: 0 })).comparable).toBe(false);
    expect(toCardCar(car({ primary_image_url: null, images: [] })).comparable).toBe(false);
    expect(toCardCar(car({ status: 'sold' })).comparable).toBe(false);
  });
  it('location overlay: the tenant override city, else the city, else the location name', () => {
    expect(toCardCar(car()).city).toBe('Springwood');
    expect(toCardCar(car(), cardOptions(tenant({ override_city: 'Brisbane' }), NOW)).city).toBe('Brisbane');
    expect(toCardCar(car({ city: null })).city).toBe('Springwood Toyota Sales');
    expect(toCardCar(car({ city: null, location: null })).city).toBeNull();
  });
  it('view count overlay unless the tenant shows views as a chip', () => {
    expect(toCardCar(car({ views: 57 })).views).toBe(57);
    expect(toCardCar(car({ views: 0 })).views).toBeNull();
    expect(toCardCar(car({ views: 57 }), cardOptions(withSearch({ card_chips: ['views'] }), NOW))).toMatchObject({ views: null, chips: ['57 views'] });
  });
  it('price with price type and the was price (spec §4 Price display precedence)', () => {
    const card = toCardCar(car({ price: 31990, before_price: 33490, price_type: 'Drive Away' }));
    expect(card.price).toEqual({ kind: 'offer', amount: 31990, was: 33490, text: '$31,990' });
    expect(card.priceType).toBe('Drive Away');
    expect(toCardCar(car({ price: 0, before_price: null, offer_price: null, preorder: false, price_type: ' ' }))).toMatchObject({ price: { kind: 'none', text: 'Enquire for price.' }, priceType: null, finance: null });
  });
});

describe('weekly finance estimate on the card (spec §9)', () => {
  it('$30,000 at the sample rate 6.29% over 5 years is $135 / week, with the default disclaimer', () => {
    const card = toCardCar(car({ price: 30000, before_price: null, offer_price: null }), cardOptions(base, NOW));
    expect(card.finance?.weekly).toBe(135);
    expect(card.finance?.text).toBe('$135 / week');
    expect(card.finance?.disclaimer).toContain('5-year secured fixed-rate loan of $30,000');
  });
  it("uses the tenant's rate, establishment fee and disclaimer, on the offer price the card shows", () => {
    const config = tenant({ finance: { providers: [], sample_rate: 10, establishment_fee: 1300, disclaimer: 'Our own words.' } });
    // offer 30,000 + fee 1,300 at 10% over 260 weeks = 153.11
    const card = toCardCar(car({ price: 32000, offer_price: 30000, before_price: null }), cardOptions(config, NOW));
    expect(card.finance).toEqual({ weekly: 153, text: '$153 / week', disclaimer: 'Our own words.' });
  });
  it('nothing at or below $25 a week, for a subscription price, or without a price', () => {
    expect(toCardCar(car({ price: 5685, before_price: null })).finance).toBeNull();
    expect(toCardCar(car({ price: 5686, before_price: null })).finance?.weekly).toBe(26);
    expect(toCardCar(car({ subscription_price: 199 })).finance).toBeNull();
    expect(toCardCar(car({ price: 0, before_price: null, preorder: true })).finance).toBeNull();
  });
});

describe('cardOptions (tenant config -> card)', () => {
  it('reads the tag, button and finance settings', () => {
    const config = tenant({
      manufacturer: 'toyota',
      features: { electric_tag: true, reserve_online: true, test_drive: false, coming_soon_test_drive: false },
      reserve_amount: 500,
      search: { new_arrival_label: 'New Arrival', sold_tag: 'SOLD' },
      finance: { providers: [], sample_rate: 7.49, comparison_rate: 8.5, default_term_years: 5 },
    });
    const o = cardOptions(config, NOW);
    expect(o).toMatchObject({ now: NOW, electricTag: true, manufacturer: 'toyota', newArrivalLabel: 'New Arrival', soldTag: 'SOLD', reserveOnline: true, reserveAmount: 500, testDrive: false, comingSoonTestDrive: false });
    expect(o.finance).toMatchObject({ ratePercent: 7.49, termYears: 5, establishmentFee: 0 });
    expect(o.finance.disclaimer).toContain('at 7.49% p.a.');
    expect(o.finance.disclaimer).toContain('Comparison rate 8.5% p.a.');
  });
  it('the schema defaults give the spec defaults: New, JUST SOLD, $200, 6.29%, 5 years', () => {
    const o = cardOptions(base, NOW);
    expect(o).toMatchObject({ newArrivalLabel: 'New', soldTag: 'JUST SOLD', reserveAmount: 200, titleStyle: 'standard', chips: ['car_type', 'simple_body', 'km', 'simple_transmission'] });
    expect(o.finance).toMatchObject({ ratePercent: 6.29, termYears: 5, establishmentFee: 0 });
    expect({ ...DEFAULT_CARD_OPTIONS, now: NOW }).toEqual({ ...o, electricTag: DEFAULT_CARD_OPTIONS.electricTag, manufacturer: null, reserveOnline: false, testDrive: true, overrideCity: null });
  });
  it('a car created within 8 days of now gets the new-arrival tag; now is passed in, never read', () => {
    const fresh = car({ created_at_timestamp: NOW - 8 * DAY, tag: null, reserved: false, certified: false, status: 'in_stock', sold: false });
    expect(toCardCar(fresh, cardOptions(withSearch({ new_arrival_label: 'New Arrival' }), NOW)).tag).toEqual({ kind: 'new_arrival', text: 'New Arrival' });
    expect(toCardCar(fresh, cardOptions(base, NOW + 1)).tag).toBeNull();
  });
  it('toCardCars builds one page of cards with the same options', () => {
    const cards = toCardCars([car({ id: '1', slug: 'a-1' }), car({ id: '2', slug: 'b-2', status: 'sold' })], tenant({ features: { reserve_online: true } }), NOW);
    expect(cards.map((c) => c.buttons.length)).toEqual([5, 2]);
  });
});

describe('card links', () => {
  it('always point at /cars/<slug>, never at the feed’s free-text path', () => {
    const card = toCardCar(car({ slug: 'a-car', path: 'https://evil.example/phish' }));
    expect(card.path).toBe('/cars/a-car');
    for (const button of card.buttons) expect(button.href.startsWith('/')).toBe(true);
    expect(card.buttons.some((b) => b.href.includes('evil'))).toBe(false);
  });
});
