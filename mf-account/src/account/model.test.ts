import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_FORM_ERRORS, ALERTS_STOP_PATH } from '@forecourt/contracts/account';
import { NO_PRICE_TEXT } from '@forecourt/contracts/display';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import type { Car } from '@forecourt/contracts/entities/car';
import { hourText, ALERTS_EXPLAINED } from './alerts-text.ts';
import {
  ACCOUNT_TEXTS, carStatus, compareRows, compareSelection, dollars, engineText, enquiryType, formatDay, garagePath, isoDay, mapBounded,
  priceText, readMessages, reservationStatus, savedSearchHref, stopToken,
} from './model.ts';

const car = sampleCar as unknown as Car;
const q = (query: string) => new URLSearchParams(query);

describe('messages of a form redirect', () => {
  it('shows only the contract catalogues’ texts, never text from the URL', () => {
    expect(readMessages(q('account_done=removed'))).toEqual({ done: 'Car removed from your watchlist.', error: null });
    expect(readMessages(q('account_error=confirm'))).toEqual({ done: null, error: ACCOUNT_FORM_ERRORS.confirm });
    // Unknown codes: no status, the generic error; the URL's words never appear.
    expect(readMessages(q('account_done=<b>hacked</b>&account_error=Call%20us%20on%20555'))).toEqual({ done: null, error: ACCOUNT_FORM_ERRORS.failed });
    expect(readMessages(q(''))).toEqual({ done: null, error: null });
  });
});

describe('garage path', () => {
  it('is the my-garage route the shopper is on, else /my-garage', () => {
    expect(garagePath('mymotorama')).toBe('/mymotorama');
    expect(garagePath('my-garage')).toBe('/my-garage');
    for (const bad of [null, undefined, '', 'evil.example', '/mymotorama', '..']) expect(garagePath(bad)).toBe('/my-garage');
  });
});

describe('a saved car’s status, said honestly', () => {
  it('sold, reserved (feed or a paid reservation), coming soon, available, or no longer listed', () => {
    expect(carStatus(car)).toBe('Available');
    expect(carStatus({ ...car, status: 'sold' })).toBe('Sold');
    expect(carStatus({ ...car, sold: true })).toBe('Sold');
    expect(carStatus({ ...car, reserved: true })).toBe('Reserved');
    expect(carStatus(car, true)).toBe('Reserved');
    // Sold wins over a reservation.
    expect(carStatus({ ...car, sold: true }, true)).toBe('Sold');
    expect(carStatus({ ...car, status: 'coming_soon' })).toBe('Coming soon');
    expect(carStatus(null)).toBe('No longer listed');
  });
});

describe('price and comparison', () => {
  it('uses the platform’s price display with the price type and the was-price', () => {
    expect(priceText(car)).toEqual({ text: '$31,990 Drive Away', was: '$33,490' });
    expect(priceText({ ...car, before_price: null, price_type: null })).toEqual({ text: '$31,990', was: null });
    expect(priceText({ ...car, price: 0, before_price: null, preorder: false }).text).toBe(NO_PRICE_TEXT);
  });
  it('engine in litres from cc, else the variant’s litres', () => {
    expect(engineText(car)).toBe('1.8L');
    expect(engineText({ engine_size: null, variant: { ...car.variant!, enginesize_litres: 2.5 } })).toBe('2.5L');
    expect(engineText({ engine_size: 0, variant: null })).toBeNull();
  });
  it('compare rows: every detail the brief names, a dash when missing', () => {
    const rows = compareRows([{ car, reserved: false }, { car: { ...car, id: '2', colour: null }, reserved: true }]);
    expect(rows.map((r) => r.label)).toEqual(['Price', 'Year', 'Kilometres', 'Body', 'Transmission', 'Fuel', 'Engine', 'Colour', 'Status']);
    expect(rows.find((r) => r.label === 'Kilometres')?.values).toEqual(['42,150 kms', '42,150 kms']);
    expect(rows.find((r) => r.label === 'Colour')?.values).toEqual(['Eclectic Blue', '—']);
    expect(rows.find((r) => r.label === 'Status')?.values).toEqual(['Available', 'Reserved']);
  });
  it('compare selection: only the shopper’s own saved ids, once each, 2 to 4', () => {
    const saved = ['a', 'b', 'c', 'd', 'e'];
    expect(compareSelection(q(''), saved)).toBeNull();
    expect(compareSelection(q('compare=b&compare=a&compare=b&compare=zzz'), saved)).toEqual({ ids: ['a', 'b'], problem: null });
    expect(compareSelection(q('compare=a'), saved)).toEqual({ ids: ['a'], problem: ACCOUNT_TEXTS.compareTooFew });
    expect(compareSelection(q('compare=x&compare=y'), saved)).toEqual({ ids: [], problem: ACCOUNT_TEXTS.compareTooFew });
    expect(compareSelection(q('compare=a&compare=b&compare=c&compare=d&compare=e'), saved)?.problem).toBe(ACCOUNT_TEXTS.compareTooMany);
  });
});

describe('reservations and enquiries in words', () => {
  it('amounts in dollars', () => {
    expect(dollars(50000)).toBe('$500');
    expect(dollars(9950)).toBe('$99.50');
  });
  it('status: Paid, Refunded (with why), Awaiting payment, Payment failed', () => {
    expect(reservationStatus({ status: 'paid', refund_reason: null })).toBe('Paid');
    expect(reservationStatus({ status: 'requires_payment', refund_reason: null })).toBe('Awaiting payment');
    expect(reservationStatus({ status: 'failed', refund_reason: null })).toBe('Payment failed');
    expect(reservationStatus({ status: 'refunded', refund_reason: 'already_reserved' })).toBe('Refunded: someone else reserved this car first');
    // An unknown reason code is never shown as a code.
    expect(reservationStatus({ status: 'refunded', refund_reason: 'x_internal_code' })).toBe('Refunded');
  });
  it('enquiry type: category and subcategory without the CRM’s number', () => {
    expect(enquiryType('Test Drive', null)).toBe('Test Drive');
    expect(enquiryType('Trade-In Valuation', '3. Offer Accepted')).toBe('Trade-In Valuation: Offer Accepted');
    expect(enquiryType('General Enquiry', 'General Enquiry')).toBe('General Enquiry');
  });
  it('dates are days in the dealer’s time zone', () => {
    const late = Date.UTC(2026, 10, 26, 15, 30);
    expect(formatDay(late, 'Australia/Brisbane')).toBe('27 Nov 2026');
    expect(formatDay(late, 'Australia/Perth')).toBe('26 Nov 2026');
    expect(isoDay(late, 'Australia/Brisbane')).toBe('2026-11-27');
    // An unknown zone falls back to the default (Brisbane).
    expect(formatDay(late, 'Nowhere/Else')).toBe('27 Nov 2026');
    expect(isoDay(late, 'Nowhere/Else')).toBe('2026-11-27');
  });
  it('dates and amounts reuse their formatters: a page of rows builds none per row (issue 19)', () => {
    formatDay(0, 'Australia/Hobart');
    isoDay(0, 'Australia/Hobart');
    dollars(1);
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      for (let day = 0; day < 20; day++) {
        formatDay(Date.UTC(2026, 0, day + 1), 'Australia/Hobart');
        isoDay(Date.UTC(2026, 0, day + 1), 'Australia/Hobart');
        dollars(day * 100 + 5);
      }
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});

describe('links from stored data', () => {
  it('a saved search links only to a search page of this site', () => {
    expect(savedSearchHref('/search/used-cars?make=Toyota')).toBe('/search/used-cars?make=Toyota');
    for (const bad of ['https://evil.example/search', '//evil.example/search', '/cars/abc', 'javascript:alert(1)']) expect(savedSearchHref(bad)).toBeNull();
  });
  it('an alert link’s token is taken only when it could be one', () => {
    expect(stopToken(q('t=abcDEF123_-.~xyz'))).toBe('abcDEF123_-.~xyz');
    for (const bad of ['', 't=short', `t=${'a'.repeat(401)}`, 't=has%20space', 't=%3Cscript%3E12345']) expect(stopToken(q(bad)), bad).toBeNull();
  });
});

describe('alerts explained', () => {
  it('says the kinds, the daily cap and the quiet hours from the contract', () => {
    expect(hourText(21)).toBe('9 pm');
    expect(hourText(8)).toBe('8 am');
    expect(hourText(0)).toBe('12 am');
    expect(hourText(12)).toBe('12 pm');
    expect(ALERTS_EXPLAINED).toContain("price drops or it sells, and when new cars match");
    expect(ALERTS_EXPLAINED).toContain('At most one text a day, never between 9 pm and 8 am.');
    expect(ALERTS_STOP_PATH).toBe('/alerts/stop');
  });
});

describe('bounded lookups', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
    expect(await mapBounded([], 3, async () => 1)).toEqual([]);
  });
});
