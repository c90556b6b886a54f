import { describe, expect, it } from 'vitest';
import { applicationCustomer, applicationLead } from './application.ts';
import {
  APPLICATION_COOKIE, applicationCookie, applicationFromCookieHeader, carContextFrom, checkDetails, clampPrice, codeOf, decodeApplication, DEFAULT_ESTIMATE,
  detailsFrom, encodeApplication, estimateFrom, maskedPhone, mobileOf, PREAPPROVAL_STEPS, priceDigits, reachableStep, stepOf, termOf, type Application,
} from './preapproval.ts';

const details = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '0412 345 678', postCode: '4000', subscribe: true };
const app = (over: Partial<Application> = {}): Application => ({
  estimate: { price: 45_990, term: 5, credit: 'DECENT' },
  details,
  car: { car_id: '148223', car_type: 'used', vin: 'JTNK4RBE903123456', year: '2021', preferredDealership: 'springwood-toyota' },
  leadId: '3b241101-e2bb-4255-8caf-4136c566a962',
  codeSent: true,
  verified: false,
  ...over,
});

describe('quick estimate (spec §5, §9)', () => {
  it('has the 4 steps of spec §2 in order', () => {
    expect(PREAPPROVAL_STEPS).toEqual(['Quick Estimate', 'Your Details', 'Instant pre-approval', 'Apply to lender']);
    expect(stepOf('3')).toBe(3);
    expect(stepOf('9')).toBe(1);
    expect(stepOf(null)).toBe(1);
  });
  it('purchase price: digits only, clamped 10,000-200,000, default 30,000; a typed price reads as typed', () => {
    expect(estimateFrom((k) => (k === 'vehiclePriceBudget' ? '41,000' : null)).price).toBe(41_000);
    expect(priceDigits('$45,990.50')).toBe('45990');
    expect(clampPrice('45,990')).toBe(45_990);
    expect(clampPrice('500')).toBe(10_000);
    expect(clampPrice('9999999999999')).toBe(200_000);
    expect(clampPrice('')).toBe(30_000);
    expect(clampPrice('abc')).toBe(30_000);
  });
  it('term 1-7 years (default 5), credit history GREAT/DECENT/POOR (default GREAT, any case)', () => {
    expect(termOf('7')).toBe(7);
    expect(termOf('8')).toBe(5);
    expect(termOf('0')).toBe(5);
    const credit = (value: string) => estimateFrom((k) => (k === 'selfAssessedCreditScore' ? value : null)).credit;
    expect(credit('poor')).toBe('POOR');
    expect(credit('excellent')).toBe('GREAT');
    expect(estimateFrom(() => null)).toEqual(DEFAULT_ESTIMATE);
  });
  it('reads the spec §2 query: vehiclePriceBudget or price, loanTerm, selfAssessedCreditScore or credit_score', () => {
    const q = new URLSearchParams('price=25000&loanTerm=3&credit_score=decent');
    expect(estimateFrom((k) => q.get(k))).toEqual({ price: 25_000, term: 3, credit: 'DECENT' });
    const both = new URLSearchParams('vehiclePriceBudget=41000&price=25000&selfAssessedCreditScore=POOR&credit_score=GREAT');
    expect(estimateFrom((k) => both.get(k))).toEqual({ price: 41_000, term: 5, credit: 'POOR' });
  });
  it('keeps only plain car context values (they travel into forms and the lead)', () => {
    const q = new URLSearchParams({ car_id: '148223', vin: '<script>', year: '21', car_type: 'boat', preferredDealership: 'springwood-toyota', nvic: 'ABC12', whoIsHelping: 'Jo' });
    expect(carContextFrom((k) => q.get(k))).toEqual({ car_id: '148223', preferredDealership: 'springwood-toyota', nvic: 'ABC12', whoIsHelping: 'Jo' });
  });
});

describe('your details', () => {
  it('accepts a complete set, normalising the mobile', () => {
    expect(checkDetails(details)).toEqual({ ok: true, value: { ...details, phone: '0412345678' } });
    expect(mobileOf('+61 412 345 678')).toBe('0412345678');
    expect(mobileOf('07 3000 0000')).toBeNull();
  });
  it('names each refused field with its message, required first', () => {
    expect(checkDetails({ ...details, firstName: ' ', email: 'nope', phone: '07 3000 0000', postCode: '40' })).toEqual({
      ok: false,
      fields: { firstName: 'This is a required field.', email: 'Invalid email address.', phone: 'Please enter an Australian mobile number (we text a code to it).', postCode: 'Invalid postcode. Please enter a 4-digit number.' },
    });
    expect(checkDetails({}).ok).toBe(false);
  });
  it('reads a form (subscribe a checkbox) and masks the phone it shows', () => {
    const form = new URLSearchParams({ ...details, subscribe: 'on' });
    expect(detailsFrom((k) => form.get(k))).toEqual({ ...details, subscribe: true });
    expect(detailsFrom(() => null).subscribe).toBe(false);
    expect(maskedPhone('0412345678')).toBe('0412 ••• 678');
  });
  it('a code is 6 digits (spaces allowed)', () => {
    expect(codeOf('123 456')).toBe('123456');
    expect(codeOf('12345')).toBeNull();
    expect(codeOf('abcdef')).toBeNull();
  });
});

describe('the application cookie', () => {
  it('round-trips, HttpOnly, Secure, host-only, 30 minutes; cleared with Max-Age=0', () => {
    const a = app();
    expect(decodeApplication(encodeApplication(a))).toEqual(a);
    const cookie = applicationCookie(a);
    expect(cookie).toMatch(new RegExp(`^${APPLICATION_COOKIE}=[A-Za-z0-9_-]+; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=1800$`));
    expect(applicationFromCookieHeader(`a=1; ${cookie.split(';')[0]}; b=2`)).toEqual(a);
    expect(applicationCookie(null)).toContain('Max-Age=0');
  });
  it('refuses what is not one, and re-checks what is (ranges clamped, unsafe car values dropped)', () => {
    expect(decodeApplication('not-base64!')).toBeNull();
    expect(decodeApplication(btoa('{"estimate":1}'))).toBeNull();
    expect(decodeApplication('x'.repeat(5000))).toBeNull();
    const forged = decodeApplication(encodeApplication({ ...app(), estimate: { price: 5, term: 40, credit: 'GREAT' }, car: { car_id: '"><script>' } }));
    expect(forged?.estimate).toEqual({ price: 10_000, term: 5, credit: 'GREAT' });
    expect(forged?.car).toEqual({});
  });
  it('a step needs the ones before it: 3 needs checked details, 4 a code sent', () => {
    expect(reachableStep(2, null)).toBe(2);
    expect(reachableStep(4, null)).toBe(2);
    expect(reachableStep(3, app({ details: { ...details, email: 'x' } }))).toBe(2);
    expect(reachableStep(4, app({ codeSent: false }))).toBe(3);
    expect(reachableStep(4, app())).toBe(4);
  });
});

describe('what the final submit sends', () => {
  it('a Finance Enquiry lead with the car and the estimate in words', () => {
    const checked = checkDetails(details);
    if (!checked.ok) throw new Error('details');
    const lead = applicationLead(app(), checked.value, 'https://dealer.example/finance', 'Mozilla');
    expect(lead.payload).toMatchObject({
      category: 'Finance Enquiry', name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: '0412345678', postcode: '4000', opt_in: true,
      car_id: '148223', car_type: 'used', dealership_slug: 'springwood-toyota',
      message: 'Instant finance pre-approval: $45,990 over 5 years, decent credit history.',
    });
    expect(lead.userData).toMatchObject({ url: 'https://dealer.example/finance', user_agent: 'Mozilla', car_id: '148223' });
  });
  it('the YouX customer of spec §3', () => {
    const checked = checkDetails(details);
    if (!checked.ok) throw new Error('details');
    expect(applicationCustomer(app(), checked.value)).toEqual({
      nvic: null, vin: 'JTNK4RBE903123456', selfAssessedCreditScore: 'DECENT', purchasePrice: 45_990, year: 2021, loanTerm: 5,
      phoneNumber: '0412345678', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', subscribe: true, postCode: '4000',
    });
  });
});
