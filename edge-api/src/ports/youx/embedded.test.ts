import { describe, expect, it } from 'vitest';
import { comparisonRate, periodicRepayment } from './amortise.ts';
import { EMBEDDED_FEES, EMBEDDED_RATE_CARD, quickQuoteEmbedded } from './embedded.ts';

describe('standard amortisation (spec §9)', () => {
  it('matches the textbook loan: $30,000 at 6% over 5 years monthly = $579.98', () => {
    expect(periodicRepayment({ principal: 30_000, annualRatePercent: 6, years: 5, periodsPerYear: 12 })).toBeCloseTo(579.98, 2);
  });

  it('computes weekly repayments: $30,000 at 6.29% over 5 years weekly = $134.55', () => {
    expect(periodicRepayment({ principal: 30_000, annualRatePercent: 6.29, years: 5, periodsPerYear: 52 })).toBeCloseTo(134.55, 2);
  });

  it('discounts a balloon: $30,000 at 6% monthly over 5 years with $9,000 final = $450.99, leaving exactly $9,000 owing', () => {
    const payment = periodicRepayment({ principal: 30_000, annualRatePercent: 6, years: 5, periodsPerYear: 12, balloon: 9_000 });
    expect(payment).toBeCloseTo(450.99, 2);
    let owing = 30_000;
    for (let k = 0; k < 60; k++) owing = owing * 1.005 - payment;
    expect(owing).toBeCloseTo(9_000, 6);
  });

  it('divides evenly at 0% and refuses an empty term', () => {
    expect(periodicRepayment({ principal: 12_000, annualRatePercent: 0, years: 1, periodsPerYear: 12 })).toBe(1_000);
    expect(() => periodicRepayment({ principal: 1, annualRatePercent: 5, years: 0, periodsPerYear: 12 })).toThrow(RangeError);
  });
});

describe('comparison rate', () => {
  it('equals the advertised rate when there are no fees', () => {
    expect(comparisonRate({ credit: 30_000, annualRatePercent: 7.5, years: 5, upfrontFees: 0, monthlyFee: 0 })).toBeCloseTo(7.5, 6);
  });

  it('puts the rate card on spec §9 provider comparison range 8.38%-19.42% at the $30,000 / 5 year benchmark', () => {
    const at = (rate: number) => comparisonRate({ credit: 30_000, annualRatePercent: rate, years: 5, upfrontFees: EMBEDDED_FEES.upfront, monthlyFee: EMBEDDED_FEES.monthly });
    expect(at(EMBEDDED_RATE_CARD.GREAT.advertisedRate)).toBeCloseTo(8.38, 2);
    expect(at(EMBEDDED_RATE_CARD.POOR.advertisedRate)).toBeCloseTo(19.42, 2);
  });
});

describe('embedded YouX quick quote', () => {
  it('quotes a GREAT $30,000 car over 5 years: 10% deposit, 30% final payment, fees financed, $8 monthly fee spread weekly', () => {
    // principal 27,000 + 401 fees, balloon 9,000, 7.26% weekly over 260 weeks = 97.0080, + 8 x 12 / 52 = 98.8542.
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5 })).toEqual({
      weeklyRepaymentAmount: 98.85, advertisedRate: 7.26, comparisonRate: 8.38,
    });
  });

  it('charges more for a weaker credit history and a shorter term', () => {
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'DECENT', purchasePrice: 30_000, loanTerm: 5 })).toEqual({
      weeklyRepaymentAmount: 119.87, advertisedRate: 12.79, comparisonRate: 13.9,
    });
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'POOR', purchasePrice: 50_000, loanTerm: 3 })).toEqual({
      weeklyRepaymentAmount: 308.27, advertisedRate: 18.31, comparisonRate: 19.42,
    });
  });

  it('refuses inputs outside spec §5 quick-estimate limits', () => {
    expect(() => quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 9_999, loanTerm: 5 })).toThrow(/purchasePrice/);
    expect(() => quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 200_001, loanTerm: 5 })).toThrow(/purchasePrice/);
    expect(() => quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 8 })).toThrow(/loanTerm/);
    expect(() => quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 2.5 })).toThrow(/loanTerm/);
  });
});
