import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { siteConfig } from '../test/tenant.ts';
import { breadcrumbs, carDetails, carJsonLd, engineLitres, keyInformation, similarSearchHref, specifications } from './car-view.ts';
import { DELIVERY_GUIDE_NOTE, deliveryMessage, NO_ESTIMATE_MESSAGE } from './delivery.ts';
import { suggestionsFor } from '../fragments/NotFoundCar.tsx';
import { stickyState } from '../islands/StickyBar.tsx';
import { countUpValue } from '../islands/MarketPrice.tsx';
import { pushViewed } from '../islands/ViewCount.tsx';

const car = v.parse(CarSchema, sampleCar);

describe('car view', () => {
  it('details list the registration with its expiry rule, and leave missing values out', () => {
    const rows = carDetails(car, new Date('2024-06-01T00:00:00Z'));
    expect(rows.find((r) => r.label === 'Registration')?.value).toBe('123ABC, Expires on 14 March 2025');
    expect(carDetails(car, new Date('2025-06-01T00:00:00Z')).find((r) => r.label === 'Registration')?.value).toBe('123ABC');
    expect(carDetails({ ...car, colour: null }, new Date()).some((r) => r.label === 'Colour')).toBe(false);
    expect(rows[0]).toEqual({ label: 'Condition', value: 'Used' });
  });
  it('key information and specifications in display units', () => {
    expect(keyInformation(car).slice(0, 4).map((r) => r.value)).toEqual(['42,150 kms', 'Automatic', 'Hybrid', 'Hatchback']);
    expect(specifications(car).find((r) => r.label === 'Length')?.value).toBe('4,375 mm');
    expect(engineLitres(1798)).toBe('1.8L');
    expect(engineLitres(0)).toBeNull();
  });
  it('breadcrumbs and Find Me Something Similar use the make/model search pages', () => {
    expect(breadcrumbs({ ...car, car_type: 'demo', make: 'Mercedes-Benz', model: 'GLC 300' }).map((c) => c.href)).toEqual(['/', '/search/demo-cars', '/search/mercedes-benz', '/search/mercedes-benz/glc-300', undefined]);
    expect(similarSearchHref(car)).toBe('/search/toyota/corolla');
  });
  it('JSON-LD: Car with Offer (price, AUD, availability, condition) and seller AutoDealer', () => {
    const ld = carJsonLd(car, siteConfig('t', { site_url: 'https://www.t.com.au' }), null, 'https://www.t.com.au/cars/x') as Record<string, any>;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Car', name: car.name, vehicleIdentificationNumber: car.vin, mileageFromOdometer: { value: 42150, unitCode: 'KMT' } });
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 31990, priceCurrency: 'AUD', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition', url: 'https://www.t.com.au/cars/x' });
    expect(ld.offers.seller).toMatchObject({ '@type': 'AutoDealer', name: 'Springwood Toyota', telephone: '07 3808 0000', url: 'https://www.t.com.au' });
    expect(ld.image[0]).toBe('https://www.t.com.au/demo-img/hatch/blue/1.svg');
    const none = carJsonLd({ ...car, price: 0, before_price: null }, siteConfig(), null, null) as Record<string, any>;
    expect(none.offers).not.toHaveProperty('price');
  });
});

describe('delivery texts (spec §8)', () => {
  it('success, none and errors', () => {
    expect(deliveryMessage({ kind: 'estimate', name: 'Brisbane Metro', price: 1250 })).toBe('This delivery falls within the Brisbane Metro region and will cost $1,250.');
    expect(deliveryMessage({ kind: 'none' })).toBe("Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.");
    expect(NO_ESTIMATE_MESSAGE).toContain('give us a call');
    expect(DELIVERY_GUIDE_NOTE).toContain('guide');
    expect(deliveryMessage({ kind: 'error', text: 'Please enter a postcode.' })).toBe('Please enter a postcode.');
  });
});

describe('small island rules', () => {
  it('404 suggestions name the make and model the slug seems to hold', () => {
    expect(suggestionsFor('2019-mazda-cx5-maxx-123')[0]).toEqual({ label: 'Mazda Cx5 cars', href: '/search/mazda/cx5' });
    expect(suggestionsFor('x')[0]!.href).toBe('/search/new-used-and-demo-cars');
  });
  it('sticky header after 500 px, bar style after 900 px (spec §9)', () => {
    expect(stickyState(500)).toEqual({ header: false, barScrolled: false });
    expect(stickyState(501)).toEqual({ header: true, barScrolled: false });
    expect(stickyState(901)).toEqual({ header: true, barScrolled: true });
  });
  it('one sticky bar at a time: where the bottom bar shows (small screens), the header never does (issue 13)', () => {
    expect(stickyState(501, true)).toEqual({ header: false, barScrolled: false });
    expect(stickyState(2000, true)).toEqual({ header: false, barScrolled: true });
    expect(stickyState(2000, false)).toEqual({ header: true, barScrolled: true });
  });
  it('count-up reaches the target exactly at 2.5 s', () => {
    expect(countUpValue(1000, 0)).toBe(0);
    expect(countUpValue(1000, 1250)).toBe(875);
    expect(countUpValue(1000, 2500)).toBe(1000);
  });
  it('viewed cars: newest first, no duplicates, capped', () => {
    const c = (id: string) => ({ id, stocknum: null, make: 'm', model: 'x', body: null, simple_body: null });
    expect(pushViewed([c('a'), c('b')], c('b')).map((x) => x.id)).toEqual(['b', 'a']);
    expect(pushViewed([c('a'), c('b')], c('c'), 2).map((x) => x.id)).toEqual(['c', 'a']);
  });
});
