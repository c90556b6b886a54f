import { describe, expect, it } from 'vitest';
import { defaultFinanceDisclaimer, periodicPayment, weeklyFinanceEstimate } from './finance-estimate.ts';

describe('periodicPayment (spec §9 standard amortisation)', () => {
  it('works out $30,000 at 6.29% over 5 years weekly (260 periods at 6.29/100/52)', () => {
    expect(periodicPayment({ principal: 30000, annualRatePercent: 6.29, years: 5, periodsPerYear: 52 })).toBeCloseTo(134.5475, 3);
  });
  it('works out monthly and at 10% (the calculator default)', () => {
    expect(periodicPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 12 })).toBeCloseTo(637.41, 2);
    expect(periodicPayment({ principal: 30000, annualRatePercent: 10, years: 5, periodsPerYear: 52 })).toBeCloseTo(146.7333, 3);
  });
  it('divides evenly at 0%', () => {
    expect(periodicPayment({ principal: 26000, annualRatePercent: 0, years: 5, periodsPerYear: 52 })).toBe(100);
  });
  it('refuses a loan without repayments or with negative amounts', () => {
    expect(() => periodicPayment({ principal: 30000, annualRatePercent: 6.29, years: 0, periodsPerYear: 52 })).toThrow(RangeError);
    expect(() => periodicPayment({ principal: -1, annualRatePercent: 6.29, years: 5, periodsPerYear: 52 })).toThrow(RangeError);
  });
});

describe('weeklyFinanceEstimate (spec §9: sample rate 6.29%, 5 years, rounded to dollars)', () => {
  it('rounds the weekly payment to dollars', () => {
    expect(weeklyFinanceEstimate(30000)).toBe(135);
    expect(weeklyFinanceEstimate(31990)).toBe(143);
  });
  it('adds the establishment fee to the loan and subtracts a deposit', () => {
    // 31,300 at 6.29% over 260 weeks = 140.378
    expect(weeklyFinanceEstimate(30000, { establishmentFee: 1300 })).toBe(140);
    // 30,395 -> 136.319
    expect(weeklyFinanceEstimate(30000, { establishmentFee: 395 })).toBe(136);
    expect(weeklyFinanceEstimate(33000, { deposit: 3000 })).toBe(135);
  });
  it('uses the tenant rate and term', () => {
    expect(weeklyFinanceEstimate(30000, { ratePercent: 10 })).toBe(147);
    // 7 years at 6.29%: 30000 over 364 weeks = 101.50 -> 102 (Math.round half up)
    expect(weeklyFinanceEstimate(30000, { termYears: 7 })).toBe(Math.round(periodicPayment({ principal: 30000, annualRatePercent: 6.29, years: 7, periodsPerYear: 52 })));
  });
  it('shows nothing at or below $25 a week (spec §5), and shows $26', () => {
    // 5,686 is the first price whose payment rounds above 25 (25.50 -> 26); 5,685 rounds to 25.
    expect(weeklyFinanceEstimate(5685)).toBeNull();
    expect(weeklyFinanceEstimate(5686)).toBe(26);
    expect(weeklyFinanceEstimate(1000)).toBeNull();
  });
  it('shows nothing without a price or for a bad term', () => {
    expect(weeklyFinanceEstimate(0)).toBeNull();
    expect(weeklyFinanceEstimate(-5)).toBeNull();
    expect(weeklyFinanceEstimate(30000, { termYears: 0 })).toBeNull();
    expect(weeklyFinanceEstimate(3000, { deposit: 5000 })).toBeNull();
  });
});

describe('defaultFinanceDisclaimer', () => {
  it('cites the 5-year secured fixed-rate loan of $30,000 and the rates used (spec §9)', () => {
    const text = defaultFinanceDisclaimer();
    expect(text).toContain('5-year secured fixed-rate loan of $30,000');
    expect(text).toContain('6.29% p.a.');
    expect(text).toContain('Comparison rate 8.19% p.a.');
    // The estimate is on the car's price; the $30,000 loan is the comparison-rate example only.
    expect(text).toContain('worked out on the price shown over 5 years at 6.29% p.a.');
    const other = defaultFinanceDisclaimer({ ratePercent: 7.49, comparisonRatePercent: 8.5 });
    expect(other).toContain('at 7.49% p.a.');
    expect(other).toContain('Comparison rate 8.5% p.a.');
  });
});
