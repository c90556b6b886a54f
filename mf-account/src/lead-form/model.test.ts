import { describe, expect, it } from 'vitest';
import { POSTCODE_MESSAGE, REQUIRED_FIELD_MESSAGE, TERMS_MESSAGE } from '@forecourt/contracts/api';
import { allFields, initialValues, isRequired, leadFormConfig, rulesFromFeatures, toPayload, validateFields, type LeadFormInput } from './model.ts';

const features = { enquiry_message_optional: false, enquiry_postcode_required: false, terms_required: false };
const steps: LeadFormInput['steps'] = [
  { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] },
  { title: 'Your enquiry', fields: ['location', 'message', 'terms_conditions', 'opt_in'] },
];
const make = (over: Partial<LeadFormInput> = {}) => leadFormConfig({ id: 'f', title: 'Enquiry', features, steps, collector: 'Test Motors', leadId: 'x', ...over });
const good = { name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', message: 'Hello', opt_in: true };

describe('rulesFromFeatures (spec §5 Enquiry)', () => {
  it('message required unless the site makes it optional; postcode and terms only where the site requires them', () => {
    expect(rulesFromFeatures(features)).toEqual({ messageRequired: true, postcodeRequired: false, termsRequired: false });
    expect(rulesFromFeatures({ enquiry_message_optional: true, enquiry_postcode_required: true, terms_required: true })).toEqual({ messageRequired: false, postcodeRequired: true, termsRequired: true });
  });
});

describe('leadFormConfig', () => {
  it('drops fields the tenant does not use: postcode, terms, and the location select without options', () => {
    const config = make();
    expect(allFields(config)).toEqual(['name', 'last_name', 'email', 'phone', 'message', 'opt_in']);
    expect(config).toMatchObject({ category: 'General Enquiry', action: '/api/leads', privacyHref: '/privacy-policy', submitLabel: 'Send enquiry' });
  });
  it('keeps them when required or given, and a location select makes the location required', () => {
    const config = make({ features: { ...features, enquiry_postcode_required: true, terms_required: true }, options: { location: [{ value: 'l1', label: 'Sales' }] } });
    expect(allFields(config)).toEqual(['name', 'last_name', 'email', 'phone', 'postcode', 'location', 'message', 'terms_conditions', 'opt_in']);
    expect(config.rules.locationRequired).toBe(true);
    expect(isRequired('location', config.rules)).toBe(true);
  });
  it('a hidden location replaces the select; empty steps disappear', () => {
    const config = make({ hidden: { location: 'l1' }, options: { location: [{ value: 'l1', label: 'Sales' }] }, steps: [...steps, { title: 'Extra', fields: ['postcode'] }] });
    expect(allFields(config)).not.toContain('location');
    expect(config.steps.map((s) => s.title)).toEqual(['Your details', 'Your enquiry']);
  });
});

describe('initialValues', () => {
  it('opt_in starts ticked (spec §3 opt_in default true), terms unticked, text empty; later sources win when not empty', () => {
    const config = make({ features: { ...features, terms_required: true } });
    expect(initialValues(config)).toEqual({ name: '', last_name: '', email: '', phone: '', message: '', terms_conditions: false, opt_in: true });
    const v = initialValues(config, { name: 'Remembered', email: 'r@example.com', postcode: '4000' }, { name: 'Typed', email: '' });
    expect(v).toMatchObject({ name: 'Typed', email: 'r@example.com' });
    // A field this form does not have is not invented.
    expect(v).not.toHaveProperty('postcode');
  });
});

describe('toPayload', () => {
  it('sends hidden context, trimmed values and booleans; leaves out empty optional text', () => {
    const config = make({ hidden: { location: 'l1', dealership_slug: 'test-motors' }, subcategory: 'Sales' });
    expect(toPayload(config, { ...good, name: '  Jo ', last_name: '' })).toEqual({
      category: 'General Enquiry', subcategory: 'Sales', location: 'l1', dealership_slug: 'test-motors',
      name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', message: 'Hello', opt_in: true,
    });
  });
});

describe('test-drive date and time (spec §5: dateTime, not required)', () => {
  it('is sent when chosen, left out when empty, and a malformed one gets a clear message', () => {
    const config = make({ steps: [{ title: 'Test drive', fields: ['name', 'email', 'phone', 'dateTime', 'message'] }] });
    expect(toPayload(config, { ...good, dateTime: '2026-12-01T10:30' })).toMatchObject({ dateTime: '2026-12-01T10:30' });
    expect(toPayload(config, { ...good, dateTime: '' })).not.toHaveProperty('dateTime');
    expect(validateFields(config, { ...good, dateTime: '' }, ['dateTime'])).toEqual({});
    expect(validateFields(config, { ...good, dateTime: 'next tuesday' }, ['dateTime'])).toEqual({ dateTime: 'Please choose a valid date and time.' });
  });
});

describe('validateFields: the spec §5 rules with the §8 messages, shared with the server', () => {
  it('a complete form passes', () => {
    expect(validateFields(make(), good, allFields(make()))).toEqual({});
  });
  it("required fields say 'This is a required field.'", () => {
    const config = make();
    expect(validateFields(config, { opt_in: true }, allFields(config))).toEqual({ name: REQUIRED_FIELD_MESSAGE, email: REQUIRED_FIELD_MESSAGE, phone: REQUIRED_FIELD_MESSAGE, message: REQUIRED_FIELD_MESSAGE });
  });
  it('only the fields asked for (one step) are reported', () => {
    const config = make();
    expect(validateFields(config, { opt_in: true }, config.steps[0]!.fields)).toEqual({ name: REQUIRED_FIELD_MESSAGE, email: REQUIRED_FIELD_MESSAGE, phone: REQUIRED_FIELD_MESSAGE });
  });
  it('format messages from the shared schema: email, phone, postcode (4 digits)', () => {
    const config = make({ features: { ...features, enquiry_postcode_required: true } });
    const errors = validateFields(config, { ...good, email: 'jo@', phone: 'abc', postcode: '400' }, allFields(config));
    expect(errors).toEqual({ email: 'Invalid email address.', phone: 'Invalid phone number.', postcode: POSTCODE_MESSAGE });
    expect(validateFields(config, { ...good, postcode: '' }, ['postcode'])).toEqual({ postcode: REQUIRED_FIELD_MESSAGE });
  });
  it('terms: the spec message when required and unticked; message optional when the site says so', () => {
    const config = make({ features: { enquiry_message_optional: true, enquiry_postcode_required: false, terms_required: true } });
    expect(validateFields(config, { ...good, message: '', terms_conditions: false }, allFields(config))).toEqual({ terms_conditions: TERMS_MESSAGE });
    expect(validateFields(config, { ...good, message: '', terms_conditions: true }, allFields(config))).toEqual({});
  });
  it('a location select left on its placeholder is required', () => {
    const config = make({ options: { location: [{ value: 'l1', label: 'Sales' }] } });
    expect(validateFields(config, { ...good, location: '' }, ['location'])).toEqual({ location: REQUIRED_FIELD_MESSAGE });
  });
});
