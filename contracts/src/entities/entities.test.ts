import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BlogCardSchema, BrandSchema, DealershipSchema, DeliveryEstimateSchema, FeatureSchema, FinanceCalculatorStateSchema, FormFieldSchema,
  LocationSchema, ManufacturerSchema, MarketPriceResultSchema, OfferSchema, OpeningHourEntrySchema, PluginSchema, PromoNodeSchema,
  ReviewSchema, SpecialHoursEntrySchema, SpinViewStateSchema, UserSchema, WatchlistEntrySchema, effectiveLocationType, isSignedIn,
} from './index.ts';

import { sampleLocation } from '../fixtures/location.ts';

const ok = (s: v.GenericSchema, x: unknown) => v.safeParse(s, x).success;

describe('Location', () => {
  it('accepts a full location', () => {
    const r = v.safeParse(LocationSchema, sampleLocation);
    expect(r.issues).toBeUndefined();
  });

  it('defaults manufacturers and rejects bad postcodes, coordinates and clocks', () => {
    const { manufacturers: _m, ...rest } = sampleLocation;
    expect(v.parse(LocationSchema, rest).manufacturers).toEqual([]);
    expect(ok(LocationSchema, { ...sampleLocation, address: { ...sampleLocation.address, postcode: '412' } })).toBe(false);
    expect(ok(LocationSchema, { ...sampleLocation, address: { ...sampleLocation.address, lat: -127 } })).toBe(false);
    expect(ok(LocationSchema, { ...sampleLocation, location_type: 'showroom' })).toBe(false);
  });

  it('opening hours: weekday 0-6 (0 Sunday), status Open/Closed, HH:MM', () => {
    expect(ok(OpeningHourEntrySchema, { weekday: 0, status: 'Open', open: '09:00', close: '16:00' })).toBe(true);
    expect(ok(OpeningHourEntrySchema, { weekday: 7, status: 'Open' })).toBe(false);
    expect(ok(OpeningHourEntrySchema, { weekday: 1, status: 'open' })).toBe(false);
    expect(ok(OpeningHourEntrySchema, { weekday: 1, status: 'Open', open: '9am' })).toBe(false);
  });

  it('special hours: either start/end or hours.begin/end', () => {
    expect(ok(SpecialHoursEntrySchema, { date: '2024-12-25', status: 'Closed', location_id: 'l1' })).toBe(true);
    expect(ok(SpecialHoursEntrySchema, { date: '2024-12-24', status: 'Open', start_hour: '08:00', end_hour: '12:00', location_id: 'l1' })).toBe(true);
    expect(ok(SpecialHoursEntrySchema, { date: '2024-12-24', status: 'Open', hours: { begin: '08:00', end: '12:00' }, location_id: 'l1' })).toBe(true);
    expect(ok(SpecialHoursEntrySchema, { date: '24/12/2024', status: 'Open', location_id: 'l1' })).toBe(false);
  });

  it('effectiveLocationType: empty means sales; pre-owned sales subtype means used (spec §3)', () => {
    expect(effectiveLocationType({ location_type: '', location_subtype: null })).toBe('sales');
    expect(effectiveLocationType({ location_type: undefined, location_subtype: undefined })).toBe('sales');
    expect(effectiveLocationType({ location_type: 'service', location_subtype: null })).toBe('service');
    expect(effectiveLocationType({ location_type: 'sales', location_subtype: 'Pre-Owned Sales and buying' })).toBe('used');
  });

  it('review rating is 0-5', () => {
    expect(ok(ReviewSchema, { author: 'A', rating: 6, text: '', date: '2024-01-01' })).toBe(false);
  });
});

describe('Dealership, Manufacturer, Brand, Plugin', () => {
  it('accepts valid records', () => {
    expect(ok(DealershipSchema, { id: 'd1', slug: 'springwood-toyota', name: 'Springwood Toyota', average_rating: 4.5, review_count: 10, websites: [{ name: 'Springwood Toyota', slug: 'springwood-toyota', make: 'Toyota', url: 'https://example.com', logo: { url: '/l.svg' } }] })).toBe(true);
    expect(v.parse(ManufacturerSchema, { id: 'm1', name: 'Toyota', slug: 'toyota', logo: { url: '/toyota.svg' } }).category).toBe('car');
    expect(ok(BrandSchema, { title: 'Isuzu UTE', slug: 'isuzu-ute', logo: '/l.svg', banner: '/b.svg', description: ['One.', 'Two.'] })).toBe(true);
  });

  it('rejects bad slugs and plugins without a name', () => {
    expect(ok(ManufacturerSchema, { id: 'm1', name: 'Toyota', slug: 'Toyota' })).toBe(false);
    expect(ok(PluginSchema, { feature: 'Autogauge' })).toBe(true);
    expect(ok(PluginSchema, { name: 'Car Analysis' })).toBe(true);
    expect(ok(PluginSchema, {})).toBe(false);
  });
});

describe('other entities', () => {
  it('market price: fill and confidence are 0-1, all fields may be missing', () => {
    expect(ok(MarketPriceResultSchema, { fill: 0.4, listing_price: 30000, market_range_min: 28000, market_range_max: 34000, confidence: 0.8, description: 'x' })).toBe(true);
    expect(ok(MarketPriceResultSchema, {})).toBe(true);
    expect(ok(MarketPriceResultSchema, { fill: 1.2 })).toBe(false);
  });

  it('user is signed in when it has an id (spec §6)', () => {
    expect(isSignedIn(v.parse(UserSchema, { id: 'u1', phone: '0412345678' }))).toBe(true);
    expect(isSignedIn(v.parse(UserSchema, { phone: '0412345678' }))).toBe(false);
    expect(isSignedIn(null)).toBe(false);
    expect(ok(WatchlistEntrySchema, { id: '148223' })).toBe(true);
    expect(ok(WatchlistEntrySchema, { id: '' })).toBe(false);
  });

  it('finance calculator state', () => {
    expect(ok(FinanceCalculatorStateSchema, { amount: 30000, term: 5, interest: 10, frequency: 'week' })).toBe(true);
    expect(ok(FinanceCalculatorStateSchema, { amount: 30000, term: 5, interest: 10, frequency: 'yearly' })).toBe(false);
  });

  it('promo node, offer, feature, blog card, form field, spin view, delivery', () => {
    expect(v.parse(PromoNodeSchema, { position: 3, display: ['used'] }).strictDisplay).toBe(false);
    expect(ok(PromoNodeSchema, { position: 3, display: ['classic'] })).toBe(false);
    expect(v.parse(OfferSchema, { id: 'o1', name: 'Hilux SR5 offer', description: 'Save', model: { slug: 'hilux', name: 'HiLux' } }).hide_overlay).toBe(false);
    expect(ok(FeatureSchema, { title: 'Apple CarPlay', description: 'Wireless', image: { url: '/f.svg' } })).toBe(true);
    expect(ok(BlogCardSchema, { href: '/blog/x', heading: 'H', image: null, description: 'D', date: '2024-02-01' })).toBe(true);
    expect(ok(FormFieldSchema, { name: 'email', label: 'Email', type: 'email' })).toBe(true);
    expect(ok(FormFieldSchema, { name: 'email', label: 'Email', type: 'password' })).toBe(false);
    expect(ok(SpinViewStateSchema, { view: 'interior', fullscreen: false, activeImageIndex: 0, activeGalleryIndex: 2 })).toBe(true);
    expect(ok(SpinViewStateSchema, { view: 'video', fullscreen: false, activeImageIndex: 0, activeGalleryIndex: 0 })).toBe(false);
    expect(ok(DeliveryEstimateSchema, { name: 'Brisbane Metro', price: 450 })).toBe(true);
    expect(ok(DeliveryEstimateSchema, { name: 'Brisbane Metro', price: -1 })).toBe(false);
  });
});
