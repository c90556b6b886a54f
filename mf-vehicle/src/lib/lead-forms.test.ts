import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { siteConfig } from '../test/tenant.ts';
import { vehicleFormConfig } from './lead-forms.ts';

const car = v.parse(CarSchema, sampleCar);
const site = siteConfig();
const leadId = '00000000-0000-4000-8000-000000000009';

describe('vehicle lead forms (kit configs)', () => {
  it('Enquire Now: General Enquiry with the car, message required, event 15 for a used car', () => {
    const c = vehicleFormConfig({ form: 'enquire', site, car, leadId });
    expect(c).toMatchObject({ id: 'fv-enquire-form', category: 'General Enquiry', eventId: 15, rules: { messageRequired: true } });
    expect(c.hidden).toMatchObject({ car_id: car.id, car_type: 'used', stock_number: 'U14822', dealership_slug: 'springwood-toyota' });
    expect(c.car).toMatchObject({ id: car.id, slug: car.slug, dealership_id: 'd-springwood' });
  });
  it('Test Drive: optional message and pickup location, event 48 used / 17 new or Test Drive Only', () => {
    const locations = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
    const c = vehicleFormConfig({ form: 'test-drive', site, car, leadId, locations });
    expect(c).toMatchObject({ category: 'Test Drive', eventId: 48, rules: { messageRequired: false, locationRequired: false }, options: { location: locations } });
    expect(c.steps.flatMap((s) => s.fields)).toContain('location');
    expect(vehicleFormConfig({ form: 'test-drive', site, car: { ...car, car_type: 'new' }, leadId }).eventId).toBe(17);
    expect(vehicleFormConfig({ form: 'test-drive', site, car: { ...car, tag: 'Test Drive Only' }, leadId }).eventId).toBe(17);
    // The tag travels to the server too, which records the analytics id itself (17 for Test Drive Only).
    expect(vehicleFormConfig({ form: 'test-drive', site, car: { ...car, tag: 'Test Drive Only' }, leadId }).hidden.car_tag).toBe('Test Drive Only');
    expect(c.steps.flatMap((s) => s.fields)).toContain('dateTime');
  });
  it('Request Photos and contact: categories and the hidden location id', () => {
    expect(vehicleFormConfig({ form: 'request-photos', site, car, leadId })).toMatchObject({ category: 'Request Photos', rules: { messageRequired: false } });
    expect(vehicleFormConfig({ form: 'contact', site, car, leadId, locationId: 'loc-1' }).hidden.location).toBe('loc-1');
  });
  it('trade-in and sell my car: their categories, with or without a car', () => {
    expect(vehicleFormConfig({ form: 'trade-in', site, car: null, leadId })).toMatchObject({ category: 'Trade-In Valuation', hidden: {} });
    expect(vehicleFormConfig({ form: 'sell-my-car', site, leadId })).toMatchObject({ category: 'Sell My Car', title: 'Sell My Car' });
    expect(vehicleFormConfig({ form: 'trade-in', site, car, leadId }).hidden.car_id).toBe(car.id);
  });
});
