import { describe, expect, it } from 'vitest';
import { EmbeddedYoux, quickQuoteEmbedded } from './embedded.ts';
import { QUICK_QUOTE_FAILED } from './port.ts';

describe('embedded YouX quick quote (10% deposit, 30% final payment, weekly; spec §9): the one rate card', () => {
  // Expected weekly figures worked out by hand with the closed form (P − B(1+r)^−n)·r/(1−(1+r)^−n) in 50-digit
  // decimal arithmetic (Python decimal), e.g. P 27,000, B 9,000, r 6.29/100/52, n 260 -> 91.6150...
  it('GREAT $30,000 over 5 years: $91.62 at 6.29% (comparison 8.19%, the disclaimer example of spec §9)', () => {
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5 })).toEqual({ weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 });
  });
  it('DECENT $31,990 over 5 years: $118.33; POOR $45,000 over 3 years: $270.96', () => {
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'DECENT', purchasePrice: 31990, loanTerm: 5 }).weeklyRepaymentAmount).toBe(118.33);
    expect(quickQuoteEmbedded({ selfAssessedCreditScore: 'POOR', purchasePrice: 45000, loanTerm: 3 })).toEqual({ weeklyRepaymentAmount: 270.96, advertisedRate: 17.99, comparisonRate: 19.42 });
  });
  it('refuses prices outside 10,000-200,000 and terms outside 1-7 whole years with the spec §8 message', async () => {
    for (const request of [
      { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 9999, loanTerm: 5 },
      { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 200001, loanTerm: 5 },
      { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30000, loanTerm: 8 },
      { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30000, loanTerm: 2.5 },
    ]) {
      await expect(new EmbeddedYoux({} as D1Database).quickQuote('t', request)).rejects.toThrow(QUICK_QUOTE_FAILED);
    }
  });
});
