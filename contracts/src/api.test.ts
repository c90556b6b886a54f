import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CheckContactResponseSchema, FinanceCreateCustomerRequestSchema, FinanceCustomerCreationSchema, FinanceQuickQuoteRequestSchema,
  FinanceQuickQuoteResponseSchema, LeadPayloadSchema, LeadResponseSchema, LeadSubmissionSchema, OfferAcceptedSchema, RateLimitResponseSchema,
  RegoLookupSchema, TERMS_MESSAGE, VerifyCodeRequestSchema, ViewJsonQuerySchema, ViewJsonResponseSchema, WatchlistChangeRequestSchema,
  WatchlistChangeResponseSchema, createLeadPayloadSchema, normaliseLeadCategory, normalisePhone,
} from './api.ts';

const lead = { name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678', message: 'Is it available?' };
const issuesAt = (s: v.GenericSchema, x: unknown) => {
  const r = v.safeParse(s, x);
  return r.success ? {} : Object.fromEntries(r.issues.map((i) => [v.getDotPath(i) ?? '', i.message]));
};

describe('lead payload (spec §3, §5 Enquiry)', () => {
  it('defaults category to General Enquiry and opt_in to true', () => {
    const out = v.parse(LeadPayloadSchema, lead);
    expect(out.category).toBe('General Enquiry');
    expect(out.opt_in).toBe(true);
    expect(out.additional_services).toEqual([]);
    expect(out.lead_attributes).toEqual({ visited_pages: [], linked_query_params: {} });
  });

  it('keeps every spec field', () => {
    const full = {
      ...lead, category: 'Used Car Enquiry', category_choice: 'Finance', subcategory: 'Quick Enquiry', postcode: '4127', Rego: '123ABC',
      location: 'loc-1', dealership_slug: 'springwood-toyota', manufacturer_slug: 'toyota', stock_number: 'U1', 'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Corolla', opt_in: false, terms_conditions: true, page_id: 'vdp', additional_services: ['finance', 'trade-in'],
      lead_attributes: { visited_pages: ['/search/used-cars', '/cars/x'], linked_query_params: { utm_source: 'google' } },
      car_id: '148223', car_type: 'used', vehicle_status: 'in_stock', autogauge_enabled: true,
    };
    expect(v.parse(LeadPayloadSchema, full)).toEqual(full);
  });

  it('requires name, email and phone, and validates postcode', () => {
    expect(Object.keys(issuesAt(LeadPayloadSchema, {}))).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
    expect(issuesAt(LeadPayloadSchema, { ...lead, name: '  ' })).toEqual({ name: 'This is a required field.' });
    expect(issuesAt(LeadPayloadSchema, { ...lead, postcode: '41270' })).toEqual({ postcode: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(issuesAt(LeadPayloadSchema, { ...lead, email: 'jane@' })).toHaveProperty('email');
  });

  it('applies per-site rules', () => {
    const { message: _m, ...noMessage } = lead;
    expect(issuesAt(createLeadPayloadSchema(), noMessage)).toEqual({ message: 'This is a required field.' });
    expect(issuesAt(createLeadPayloadSchema({ messageRequired: false }), noMessage)).toEqual({});
    expect(issuesAt(createLeadPayloadSchema({ postcodeRequired: true }), lead)).toEqual({ postcode: 'This is a required field.' });
    expect(issuesAt(createLeadPayloadSchema({ termsRequired: true }), lead)).toEqual({ terms_conditions: TERMS_MESSAGE });
    expect(issuesAt(createLeadPayloadSchema({ termsRequired: true }), { ...lead, terms_conditions: true })).toEqual({});
    expect(issuesAt(createLeadPayloadSchema({ locationRequired: true, dealershipRequired: true }), lead)).toEqual({ location: 'This is a required field.', dealership_slug: 'This is a required field.' });
  });

  it('rewrites Careers Enquiry to General Enquiry / Career Enquiry with event 51 (spec §4)', () => {
    expect(normaliseLeadCategory({ category: 'Careers Enquiry' })).toEqual({ payload: { category: 'General Enquiry', subcategory: 'Career Enquiry' }, eventId: 51 });
    const p = { category: 'Service Enquiry' };
    expect(normaliseLeadCategory(p)).toEqual({ payload: p, eventId: null });
  });

  it('submission, response and follow-ups', () => {
    const sub = v.parse(LeadSubmissionSchema, { payload: lead, userData: { url: 'https://x.example/cars/a', car_id: '1' } });
    expect(sub.userData.source).toBe('Website');
    expect(v.safeParse(LeadSubmissionSchema, { payload: lead, userData: { url: 'x', source: 'Email' } }).success).toBe(false);
    expect(v.safeParse(LeadResponseSchema, { lead_id: 'L1' }).success).toBe(true);
    expect(v.safeParse(LeadResponseSchema, { error: 'Lead submission failed' }).success).toBe(true);
    expect(v.safeParse(LeadResponseSchema, {}).success).toBe(false);
    expect(v.parse(RegoLookupSchema, { rego: ' 123abc ', regoState: 'QLD' }).rego).toBe('123ABC');
    expect(v.safeParse(RegoLookupSchema, { rego: '123ABC', regoState: 'Queensland' }).success).toBe(false);
    expect(v.safeParse(OfferAcceptedSchema, { category: 'Trade-in', subcategory: '3. Offer Accepted', lead_id: 'L1', form_completed: true, offer_accepted: true }).success).toBe(true);
  });
});

describe('finance payloads', () => {
  it('quick quote defaults: GREAT, 5 years', () => {
    const q = v.parse(FinanceQuickQuoteRequestSchema, { purchasePrice: 31990, year: 2021, vin: 'JT', nvic: null });
    expect(q).toMatchObject({ selfAssessedCreditScore: 'GREAT', loanTerm: 5 });
    expect(v.safeParse(FinanceQuickQuoteRequestSchema, { purchasePrice: 31990, loanTerm: 8 }).success).toBe(false);
    expect(v.safeParse(FinanceQuickQuoteRequestSchema, { purchasePrice: 31990, selfAssessedCreditScore: 'OK' }).success).toBe(false);
    expect(v.safeParse(FinanceQuickQuoteResponseSchema, { weeklyRepaymentAmount: 128, advertisedRate: 7.49, comparisonRate: 8.12 }).success).toBe(true);
  });

  it('customer creation', () => {
    const customer = { nvic: null, vin: 'JT', selfAssessedCreditScore: 'DECENT', purchasePrice: 30000, year: 2021, loanTerm: 5, phoneNumber: '0412345678', firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com', postCode: '4127' };
    expect(v.parse(FinanceCustomerCreationSchema, customer).subscribe).toBe(false);
    expect(v.safeParse(FinanceCustomerCreationSchema, { ...customer, postCode: 'abcd' }).success).toBe(false);
    expect(v.safeParse(FinanceCreateCustomerRequestSchema, { data: customer, additionalData: { payload: lead, userData: { url: '/finance' } } }).success).toBe(true);
  });
});

describe('watchlist, sign-in, rate limit, view.json', () => {
  it('watchlist payloads', () => {
    expect(v.safeParse(WatchlistChangeRequestSchema, { phone_number: '0412345678', car_id: '148223' }).success).toBe(true);
    expect(v.safeParse(WatchlistChangeRequestSchema, { phone_number: 'call me', car_id: '148223' }).success).toBe(false);
    expect(v.safeParse(WatchlistChangeResponseSchema, { success: false, error: 'Not signed in' }).success).toBe(true);
  });

  it('verify code: exactly 6 digits (spec §5)', () => {
    expect(v.parse(VerifyCodeRequestSchema, { phone: '0412345678', token: '123456' }).type).toBe('sms');
    expect(issuesAt(VerifyCodeRequestSchema, { phone: '0412345678', token: '12345' })).toEqual({ token: 'Code must be 6 digits.' });
  });

  it('rate limit and contact check', () => {
    expect(v.safeParse(RateLimitResponseSchema, { ok: false, retry_after: 60 }).success).toBe(true);
    expect(v.safeParse(CheckContactResponseSchema, { data: null }).success).toBe(true);
    expect(v.safeParse(CheckContactResponseSchema, { data: { id: 'c1', first_name: 'Jane' } }).success).toBe(true);
  });

  it('normalisePhone turns a leading 61 into 0 (spec §5)', () => {
    expect(normalisePhone('+61 412 345 678')).toBe('0412345678');
    expect(normalisePhone('61412345678')).toBe('0412345678');
    expect(normalisePhone('0412 345 678')).toBe('0412345678');
    expect(normalisePhone('(07) 3808 0000')).toBe('0738080000');
  });

  it('view.json query and response', () => {
    expect(v.parse(ViewJsonQuerySchema, { photos_count: '12', website_id: 'springwood' }).photos_count).toBe(12);
    expect(v.safeParse(ViewJsonQuerySchema, { photos_count: 'x', website_id: 'w' }).success).toBe(false);
    expect(v.parse(ViewJsonResponseSchema, { views: 58 })).toEqual({ views: 58, car_fields: {} });
    expect(v.safeParse(ViewJsonResponseSchema, { views: 58, car_fields: { price: 29990, status: 'sold' } }).success).toBe(true);
    expect(v.safeParse(ViewJsonResponseSchema, { views: 58, car_fields: { status: 'gone' } }).success).toBe(false);
  });
});
