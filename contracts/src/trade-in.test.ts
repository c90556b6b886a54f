import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  DEFAULT_TRADE_IN_HOURS, TRADE_IN_SUBCATEGORIES, TradeInAcceptSchema, TradeInSettingsSchema, addDays, contactPromiseText, maskPhone, maskRego, nextContactTime, tradeInCategory,
} from './trade-in.ts';
import { LEAD_CATEGORIES, OFFER_ACCEPTED_SUBCATEGORY } from './api.ts';
import { FORM_ERROR_TEXTS, formErrorParams, readFormError } from './form-errors.ts';

const BNE = 'Australia/Brisbane';
const SYD = 'Australia/Sydney';
const at = (iso: string) => Date.parse(iso);

describe('nextContactTime (spec §9: contact same or next business day, the tenant time zone)', () => {
  it('reads the zone’s clock with formatters built once, not one per reading (issue 19)', () => {
    const friday = Date.parse('2026-11-27T09:00:00Z');
    nextContactTime(DEFAULT_TRADE_IN_HOURS, friday, 'Australia/Sydney');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, friday + 3_600_000, 'Australia/Sydney')).toMatch(/^2026-11-/);
      expect(contactPromiseText('2026-11-27T23:30:00.000Z', friday, 'Australia/Sydney')).toMatch(/^We'll call you/);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('is now while the team is open with at least an hour left (Friday 10am Brisbane)', () => {
    const now = at('2026-11-27T00:00:00Z');
    expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, now, BNE)).toBe('2026-11-27T00:00:00.000Z');
  });

  it('is the next opening when less than an hour is left (Friday 5pm -> Saturday 9am)', () => {
    expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, at('2026-11-27T07:00:00Z'), BNE)).toBe('2026-11-27T23:00:00.000Z');
  });

  it('skips the closed Sunday (Saturday 4:30pm -> Monday 8:30am) and uses the defaults without hours', () => {
    expect(nextContactTime(null, at('2026-11-28T06:30:00Z'), BNE)).toBe('2026-11-29T22:30:00.000Z');
    expect(nextContactTime([], at('2026-11-28T06:30:00Z'), BNE)).toBe('2026-11-29T22:30:00.000Z');
  });

  it('is later today before opening (Monday 7am -> 8:30am)', () => {
    expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, at('2026-11-29T21:00:00Z'), BNE)).toBe('2026-11-29T22:30:00.000Z');
  });

  it('lands on the local opening across the start of daylight saving (Sydney, Saturday 3 Oct 2026 -> Monday 5 Oct, UTC+11)', () => {
    // Saturday 4:30pm AEST (UTC+10): half an hour left.
    expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, at('2026-10-03T06:30:00Z'), SYD)).toBe('2026-10-04T21:30:00.000Z');
  });

  it('and across its end (Sydney, Saturday 4 Apr 2026 AEDT -> Monday 6 Apr 8:30am AEST, UTC+10)', () => {
    expect(nextContactTime(DEFAULT_TRADE_IN_HOURS, at('2026-04-04T05:30:00Z'), SYD)).toBe('2026-04-05T22:30:00.000Z');
  });

  it("follows a tenant's own hours and answers now for a week without open hours", () => {
    const hours = [{ weekday: 0, status: 'Open' as const, open: '10:00', close: '16:00' }];
    // Friday 10am Brisbane -> Sunday 10am.
    expect(nextContactTime(hours, at('2026-11-27T00:00:00Z'), BNE)).toBe('2026-11-29T00:00:00.000Z');
    expect(nextContactTime([{ weekday: 1, status: 'Closed' }], at('2026-11-27T00:00:00Z'), BNE)).toBe('2026-11-27T00:00:00.000Z');
  });
});

describe('contactPromiseText', () => {
  it("promises today by the close while open", () => {
    const now = at('2026-11-27T00:00:00Z');
    expect(contactPromiseText(nextContactTime(null, now, BNE), now, BNE)).toBe("We'll call you today by 5:30pm.");
    // Read later the same day (the page reloaded): still today.
    expect(contactPromiseText(nextContactTime(null, now, BNE), now + 3 * 3_600_000, BNE)).toBe("We'll call you today by 5:30pm.");
    // A tenant's own close.
    expect(contactPromiseText(new Date(now).toISOString(), now, BNE, [{ weekday: 5, status: 'Open', open: '08:00', close: '16:00' }])).toBe("We'll call you today by 4pm.");
  });

  it('names tomorrow, today or the weekday of the next opening', () => {
    const friday5pm = at('2026-11-27T07:00:00Z');
    expect(contactPromiseText(nextContactTime(null, friday5pm, BNE), friday5pm, BNE)).toBe("We'll call you tomorrow from 9am.");
    const saturday430 = at('2026-11-28T06:30:00Z');
    expect(contactPromiseText(nextContactTime(null, saturday430, BNE), saturday430, BNE)).toBe("We'll call you on Monday from 8:30am.");
    const monday7 = at('2026-11-29T21:00:00Z');
    expect(contactPromiseText(nextContactTime(null, monday7, BNE), monday7, BNE)).toBe("We'll call you today from 8:30am.");
    const sydneyDst = at('2026-10-03T06:30:00Z');
    expect(contactPromiseText(nextContactTime(null, sydneyDst, SYD), sydneyDst, SYD)).toBe("We'll call you on Monday from 8:30am.");
  });

  it('words a past promise against now: the next opening from now, never "today" once the team has closed', () => {
    // Promised Friday 10am (open: 'today'), read again at 6pm after closing: Saturday's 9am opening.
    const friday10 = at('2026-11-27T00:00:00Z');
    const promised = nextContactTime(null, friday10, BNE);
    expect(contactPromiseText(promised, at('2026-11-27T08:00:00Z'), BNE)).toBe("We'll call you tomorrow from 9am.");
    expect(contactPromiseText(promised, at('2026-11-27T08:00:00Z'), BNE, DEFAULT_TRADE_IN_HOURS)).toBe("We'll call you tomorrow from 9am.");
    // With the tenant's hours (closed on Saturdays): Monday.
    const weekdays = DEFAULT_TRADE_IN_HOURS.filter((h) => h.weekday !== 6);
    expect(contactPromiseText(promised, at('2026-11-27T08:00:00Z'), BNE, weekdays)).toBe("We'll call you on Monday from 8:30am.");
    // A promise of an earlier day read while the team is open: today by the close.
    expect(contactPromiseText('2026-11-20T00:00:00.000Z', friday10, BNE)).toBe("We'll call you today by 5:30pm.");
    expect(contactPromiseText('not a time', friday10, BNE)).toBe("We'll call you as soon as we can.");
    // A week without open hours promises no time.
    expect(contactPromiseText(promised, at('2026-11-27T08:00:00Z'), BNE, [{ weekday: 1, status: 'Closed' }])).toBe("We'll call you as soon as we can.");
  });
});

describe('the journey helpers', () => {
  it('masks a rego and a phone', () => {
    expect(maskRego('ABC123')).toBe('ABC•••');
    expect(maskRego('AB1')).toBe('AB•');
    expect(maskRego('X')).toBe('X•');
    expect(maskPhone('0412345678')).toBe('04•• ••• 678');
  });

  it('names the lead categories (LEAD_CATEGORIES values) and subcategories (one owner of 3. Offer Accepted)', () => {
    expect(tradeInCategory('trade-in')).toBe(LEAD_CATEGORIES.TRADE_IN);
    expect(tradeInCategory('sell-my-car')).toBe(LEAD_CATEGORIES.SELL_MY_CAR);
    expect(TRADE_IN_SUBCATEGORIES).toEqual({ contact: '1. Contact Details', adjustments: '2. Valuation Adjustments', accepted: OFFER_ACCEPTED_SUBCATEGORY });
  });

  it('defaults the settings to spec §9 (10 years, 100,000 km, 7 days, no texted code)', () => {
    expect(v.parse(TradeInSettingsSchema, {})).toEqual({ max_age_years: 10, max_km: 100_000, estimate_valid_days: 7, verify_phone: false });
  });

  it('carries the journey errors through the form-error catalogue as codes', () => {
    const params = formErrorParams('tradeIn', FORM_ERROR_TEXTS.rego_not_found);
    expect(params).toEqual({ trade_in_error: 'rego_not_found', trade_in_error_fields: null });
    const back = readFormError(new URLSearchParams('trade_in_error=invalid&trade_in_error_fields=answers.keys:answer,odometer:odometer'), 'tradeIn');
    expect(back?.fields).toEqual({ 'answers.keys': 'Please choose an answer.', odometer: 'Please enter the odometer reading in km.' });
  });

  it('accepts an offer only with accept=yes (an empty POST accepts nothing)', () => {
    expect(v.safeParse(TradeInAcceptSchema, { accept: 'yes' }).success).toBe(true);
    expect(v.safeParse(TradeInAcceptSchema, {}).success).toBe(false);
    expect(v.safeParse(TradeInAcceptSchema, { accept: 'no' }).success).toBe(false);
  });

  it('adds calendar days across a daylight-saving change', () => {
    expect(addDays('2026-10-03', 1)).toBe('2026-10-04');
    expect(addDays('2026-11-27', 6)).toBe('2026-12-03');
  });
});
