import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LeadPayloadSchema } from '@forecourt/contracts/api';
import { DUPLICATE_WINDOW_MS, applyCategoryRules, isDuplicateLead, leadEventId, leadFormRules, pagePath } from './rules.ts';

const payload = (extra: Record<string, unknown> = {}) => v.parse(LeadPayloadSchema, { name: 'Jane', email: 'jane@example.com', phone: '0412345678', ...extra });
const flags = { enquiry_message_optional: false, enquiry_postcode_required: false, terms_required: false };

describe('leadFormRules (spec §5 Enquiry)', () => {
  it('requires the message unless the site or the form makes it optional', () => {
    expect(leadFormRules('General Enquiry', flags).messageRequired).toBe(true);
    expect(leadFormRules('Some tenant category', flags).messageRequired).toBe(true);
    expect(leadFormRules('General Enquiry', { ...flags, enquiry_message_optional: true }).messageRequired).toBe(false);
    for (const form of ['Test Drive', 'Request Photos', 'Finance Enquiry', 'Trade-In Valuation', 'Sell My Car']) expect(leadFormRules(form, flags).messageRequired, form).toBe(false);
  });

  it('passes the postcode and terms options of the site through', () => {
    expect(leadFormRules('Test Drive', { ...flags, enquiry_postcode_required: true, terms_required: true })).toMatchObject({ postcodeRequired: true, termsRequired: true });
  });
});

describe('applyCategoryRules', () => {
  it("rewrites 'Careers Enquiry' to General Enquiry / Career Enquiry with event 51 (spec §4)", () => {
    const out = applyCategoryRules(payload({ category: 'Careers Enquiry', subcategory: 'ignored' }));
    expect(out.payload).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(out.eventId).toBe(51);
    // A form that rewrote it already (the lead-form kit) is still a careers enquiry: 51, not the default form's 22.
    const pre = applyCategoryRules(payload({ category: 'General Enquiry', subcategory: 'Career Enquiry' }));
    expect(pre.payload).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(pre.eventId).toBe(51);
    expect(applyCategoryRules(payload({ category: 'Service Enquiry', subcategory: 'Career Enquiry' })).eventId).not.toBe(51);
  });

  it("adds Request Photos' hidden text 'Please send photos for this car' unless one was sent (spec §5)", () => {
    expect(applyCategoryRules(payload({ category: 'Request Photos' })).payload.request_text).toBe('Please send photos for this car');
    expect(applyCategoryRules(payload({ category: 'Request Photos', request_text: 'Interior please' })).payload.request_text).toBe('Interior please');
    expect(applyCategoryRules(payload()).payload.request_text).toBeUndefined();
  });
});

describe('leadEventId (spec §7 ids)', () => {
  it('picks the enquiry, test-drive, finance and offer ids', () => {
    expect(leadEventId({ category: 'General Enquiry', car_type: 'used' })).toBe(15);
    expect(leadEventId({ category: 'General Enquiry', car_type: 'new' })).toBe(14);
    expect(leadEventId({ category: 'Request Photos', car_type: 'demo' })).toBe(14);
    expect(leadEventId({ category: 'General Enquiry' })).toBe(22);
    expect(leadEventId({ category: 'Finance Enquiry', car_type: 'used' })).toBe(9);
    expect(leadEventId({ category: 'Test Drive', car_type: 'used' })).toBe(48);
    expect(leadEventId({ category: 'Test Drive', car_type: 'used', car_tag: 'Test Drive Only' })).toBe(17);
    expect(leadEventId({ category: 'Test Drive', car_type: 'new' })).toBe(17);
    expect(leadEventId({ category: 'Test Drive' })).toBe(17);
    expect(leadEventId({ category: 'Trade-In Valuation', subcategory: '3. Offer Accepted' })).toBe(18);
  });
});

describe('isDuplicateLead: same phone or email and same car within 10 minutes', () => {
  const t0 = 1_700_000_000_000;
  const first = { carId: 'car-1', phone: '0412345678', email: 'jane@example.com', createdAt: t0 };
  it('is 10 minutes', () => expect(DUPLICATE_WINDOW_MS).toBe(600_000));
  it('merges the same phone or the same email on the same car up to 10:00 later', () => {
    expect(isDuplicateLead(first, { ...first, email: 'other@example.com', createdAt: t0 + 599_999 })).toBe(true);
    expect(isDuplicateLead(first, { ...first, phone: '0498765432', createdAt: t0 + 600_000 })).toBe(true);
  });
  it('keeps apart later than 10 minutes, another car, another shopper, or no car', () => {
    expect(isDuplicateLead(first, { ...first, createdAt: t0 + 600_001 })).toBe(false);
    expect(isDuplicateLead(first, { ...first, carId: 'car-2' })).toBe(false);
    expect(isDuplicateLead(first, { ...first, phone: '0498765432', email: 'other@example.com' })).toBe(false);
    expect(isDuplicateLead({ ...first, carId: null }, { ...first, carId: null })).toBe(false);
    expect(isDuplicateLead(first, { ...first, phone: null, email: null })).toBe(false);
  });
});

describe('pagePath', () => {
  it('keeps the path of absolute and root-relative URLs', () => {
    expect(pagePath('https://x.example/cars/a?b=1')).toBe('/cars/a');
    expect(pagePath('/contact#form')).toBe('/contact');
    expect(pagePath('contact')).toBe('/contact');
  });
});
