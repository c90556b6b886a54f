import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TradeInSettingsSchema } from '@forecourt/contracts/trade-in';
import { estimate, limitReason, noEstimate, offerHolds, validUntil, yearIn } from './offer.ts';

const settings = (input: Record<string, unknown> = {}) => v.parse(TradeInSettingsSchema, input);
/** The demo tenants' settings (demo/tenants/*.ts). */
const TENANTS = {
  'harbourside-toyota': settings({ max_age_years: 10, max_km: 100_000 }),
  'southern-cross-motor-group': settings({ max_age_years: 10, max_km: 100_000 }),
  'outback-used-cars': settings({ max_age_years: 7, max_km: 100_000, verify_phone: true }),
};
const BNE = 'Australia/Brisbane';
// Friday 27 November 2026, 10am in Brisbane.
const NOW = Date.parse('2026-11-27T00:00:00Z');

describe('offer limits per tenant (spec §9: 7 or 10 years, 100,000 km)', () => {
  it('gives an estimate up to the age limit and none over it', () => {
    expect(limitReason({ year: 2016 }, 50_000, TENANTS['harbourside-toyota'], BNE, NOW)).toBeNull();
    expect(limitReason({ year: 2015 }, 50_000, TENANTS['harbourside-toyota'], BNE, NOW)).toBe('over_age');
    expect(limitReason({ year: 2016 }, 50_000, TENANTS['southern-cross-motor-group'], BNE, NOW)).toBeNull();
    expect(limitReason({ year: 2019 }, 50_000, TENANTS['outback-used-cars'], BNE, NOW)).toBeNull();
    expect(limitReason({ year: 2018 }, 50_000, TENANTS['outback-used-cars'], BNE, NOW)).toBe('over_age');
  });

  it('gives none over the km limit (100,000 km itself is fine)', () => {
    for (const tenant of Object.values(TENANTS)) {
      expect(limitReason({ year: 2022 }, 100_000, tenant, BNE, NOW)).toBeNull();
      expect(limitReason({ year: 2022 }, 100_001, tenant, BNE, NOW)).toBe('over_km');
    }
  });

  it('counts the age in the tenant’s zone: New Year in Brisbane before it is in UTC', () => {
    const newYearBrisbane = Date.parse('2026-12-31T15:00:00Z');
    expect(yearIn(BNE, newYearBrisbane)).toBe(2027);
    expect(limitReason({ year: 2016 }, 10_000, TENANTS['harbourside-toyota'], BNE, newYearBrisbane)).toBe('over_age');
    expect(limitReason({ year: 2016 }, 10_000, TENANTS['harbourside-toyota'], 'UTC', newYearBrisbane)).toBeNull();
  });
});

describe('the estimate and its validity', () => {
  it('holds 7 days counting the day of the offer (spec §9), in the tenant’s zone, its last day included', () => {
    // Friday 27 + 6: the 7th day is Thursday 3 December.
    expect(validUntil(settings(), BNE, NOW)).toBe('2026-12-03');
    // 11pm UTC on the 26th is already the 27th in Brisbane; 1:59pm UTC on the 27th is still the 27th.
    expect(validUntil(settings(), BNE, Date.parse('2026-11-26T23:00:00Z'))).toBe('2026-12-03');
    expect(validUntil(settings(), BNE, Date.parse('2026-11-26T13:59:00Z'))).toBe('2026-12-02');
    expect(validUntil(settings({ estimate_valid_days: 3 }), BNE, NOW)).toBe('2026-11-29');
    expect(validUntil(settings({ estimate_valid_days: 1 }), BNE, NOW)).toBe('2026-11-27');
    const offer = estimate({ low: 18_100, high: 20_000 }, 'embedded', settings(), BNE, NOW);
    expect(offer).toEqual({ kind: 'estimate', low: 18_100, high: 20_000, valid_until: '2026-12-03', provider: 'embedded' });
    // Its 7th day ends at midnight in Brisbane (14:00 UTC): the 8th day no longer holds.
    expect(offerHolds(offer, BNE, Date.parse('2026-12-03T13:59:00Z'))).toBe(true);
    expect(offerHolds(offer, BNE, Date.parse('2026-12-03T14:00:00Z'))).toBe(false);
    expect(offerHolds(noEstimate('over_km', settings(), BNE, NOW), BNE, NOW)).toBe(false);
  });

  it('orders a provider’s range and rounds it to whole dollars', () => {
    expect(estimate({ low: 20_000.4, high: 18_000.6 }, 'autograb', settings(), BNE, NOW)).toMatchObject({ low: 18_001, high: 20_000 });
  });

  it('promises a call in the tenant’s hours when there is no estimate', () => {
    expect(noEstimate('over_age', settings(), BNE, NOW)).toEqual({ kind: 'none', reason: 'over_age', contact_by: '2026-11-27T00:00:00.000Z' });
    expect(noEstimate('unavailable', settings({ hours: [{ weekday: 1, status: 'Open', open: '09:00', close: '17:00' }] }), BNE, NOW)).toMatchObject({ contact_by: '2026-11-29T23:00:00.000Z' });
  });
});
