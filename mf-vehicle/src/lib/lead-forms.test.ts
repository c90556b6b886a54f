import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { LocationSchema } from '@forecourt/contracts/entities/location';
import { readSlotParams } from '@forecourt/contracts/slots';
import { siteConfig } from '../test/tenant.ts';
import { dialogFormSlots, pageDialogs, pageFormSlot } from './lead-forms.ts';

const car = v.parse(CarSchema, sampleCar);
const here = v.parse(LocationSchema, sampleLocation);
const other = v.parse(LocationSchema, { ...sampleLocation, id: 'loc-2', slug: 'other', name: 'Other Yard', primary: false });
const hidden = v.parse(LocationSchema, { ...sampleLocation, id: 'loc-3', slug: 'hidden', visible: false });
const site = siteConfig('test-motors', { locations: [here.id, other.id, hidden.id] });
const locations = [here, other, hidden];

describe('the vehicle area asks mf-account for its lead forms (contracts SLOTS.leadForm)', () => {
  it('the car page: Enquire, Test Drive, Request Photos and Contact dialogs, each told the car', () => {
    const slots = dialogFormSlots(car, site, locations);
    expect(slots.map((s) => [s.id, s.params?.form, s.params?.id, s.params?.layout])).toEqual([
      ['enquire-form', 'enquire', 'fv-enquire-form', 'dialog'],
      ['test-drive-form', 'test-drive', 'fv-test-drive-form', 'dialog'],
      ['request-photos-form', 'request-photos', 'fv-request-photos-form', 'dialog'],
      ['contact-form', 'car-contact', 'fv-contact-form', 'dialog'],
    ]);
    for (const slot of slots) {
      expect(slot.remote).toBe('mf-account');
      expect(slot.params).toMatchObject({ car_id: car.id, car_slug: car.slug, car_name: car.name, car_type: 'used', vehicle_status: 'in_stock', stock_number: 'U14822', dealership_slug: 'springwood-toyota' });
      // What the host sends is what the owner reads.
      expect(readSlotParams('leadForm', new URLSearchParams(slot.params)).success).toBe(true);
    }
    // Test drive: the tenant's visible locations to pick up from (spec §5); contact: the car's location, hidden.
    expect(slots[1]!.params?.location_options).toBe('loc-springwood-sales,loc-2');
    expect(slots[3]!.params?.location).toBe(car.location_id ?? car.location?.id);
  });
  it('no Test Drive dialog where the page shows no such button (a sold car), none for Enquire where the site uses instant messages', () => {
    const sold = { ...car, status: 'sold' as const, sold: true };
    expect(pageDialogs(sold, site, locations)).toEqual(['enquire', 'request-photos', 'contact']);
    expect(dialogFormSlots(sold, site, locations).map((s) => s.id)).toEqual(['enquire-form', 'request-photos-form', 'contact-form']);
    expect(pageDialogs(car, siteConfig('im', { features: { instant_message: true } }), locations)).not.toContain('enquire');
  });
  it('lead pages: the form with the car when known, and the page’s error codes passed on', () => {
    expect(pageFormSlot('trade-in', null, site, locations, new URLSearchParams()).params).toEqual({ form: 'trade-in', id: 'fv-trade-in-form', layout: 'page' });
    const drive = pageFormSlot('test-drive', car, site, locations, new URLSearchParams('lead_error=invalid&lead_error_fields=email:invalid_email'));
    expect(drive.params).toMatchObject({ form: 'test-drive', car_id: car.id, location_options: 'loc-springwood-sales,loc-2', lead_error: 'invalid', lead_error_fields: 'email:invalid_email' });
  });
});

describe('tenant data the schemas accept never breaks the page', () => {
  it('ids with commas or spaces, 20+ long location ids, a long name: the slots still build, leaving out what cannot travel', () => {
    const odd = { ...car, id: 'A 1,2', dealership_id: ' d,1 ', dealership_slug: 'springwood toyota', name: 'x'.repeat(300), location_id: 'loc,9' };
    const many = Array.from({ length: 25 }, (_, i) => v.parse(LocationSchema, { ...sampleLocation, id: `${String(i).padStart(2, '0')}${'u'.repeat(98)}`, slug: `l-${i}` }));
    const manySite = siteConfig('test-motors', { locations: many.map((l) => l.id) });
    const slots = dialogFormSlots(odd, manySite, many);
    expect(slots.length).toBeGreaterThan(0);
    const testDrive = slots.find((s) => s.id === 'test-drive-form')!;
    expect(testDrive.params!['location_options']!.split(',')).toHaveLength(20);
    for (const slot of slots) {
      expect(slot.params).not.toHaveProperty('car_id');
      expect(slot.params).not.toHaveProperty('dealership_id');
      expect(slot.params!['car_name']).toHaveLength(200);
      // mf-account accepts what the host sends.
      expect(readSlotParams('leadForm', new URLSearchParams(slot.params)).success, slot.id).toBe(true);
    }
  });
});
