import type { CreditScore, FinanceQuickQuoteRequest, FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';
import { periodicPayment } from '@forecourt/contracts/finance-estimate';
import { QuickQuoteError, type QuickQuotePort } from './port.ts';

/**
 * Rates of the local stand-in, by credit history. GREAT is spec §9's fallback example (6.29%, comparison 8.19%);
 * DECENT and POOR sit inside spec §9's provider comparison range 8.38%-19.42%.
 */
export const EMBEDDED_QUOTE_RATES: Record<CreditScore, { advertisedRate: number; comparisonRate: number }> = {
  GREAT: { advertisedRate: 6.29, comparisonRate: 8.19 },
  DECENT: { advertisedRate: 11.49, comparisonRate: 13.29 },
  POOR: { advertisedRate: 17.99, comparisonRate: 19.42 },
};
/** The quick estimate's assumptions named in its disclaimer (spec §9): 10% deposit, 30% final payment. */
export const QUICK_QUOTE_ASSUMPTIONS = { depositShare: 0.1, balloonShare: 0.3 } as const;

/**
 * Deterministic quick quote (default adapter, no network): weekly standard amortisation of the price less a 10% deposit,
 * with a 30% final payment, at the rate card's advertised rate, to the cent. Refuses spec §5 quick-estimate out-of-range inputs.
 */
export function embeddedQuickQuote(request: FinanceQuickQuoteRequest): FinanceQuickQuoteResponse {
  const { purchasePrice, loanTerm, selfAssessedCreditScore } = request;
  if (!(purchasePrice >= QUICK_ESTIMATE.minPrice && purchasePrice <= QUICK_ESTIMATE.maxPrice)) {
    throw new QuickQuoteError(`purchasePrice ${purchasePrice} outside ${QUICK_ESTIMATE.minPrice}-${QUICK_ESTIMATE.maxPrice}`);
  }
  if (!(Number.isInteger(loanTerm) && loanTerm >= QUICK_ESTIMATE.minTerm && loanTerm <= QUICK_ESTIMATE.maxTerm)) {
    throw new QuickQuoteError(`loanTerm ${loanTerm} outside ${QUICK_ESTIMATE.minTerm}-${QUICK_ESTIMATE.maxTerm}`);
  }
  const { advertisedRate, comparisonRate } = EMBEDDED_QUOTE_RATES[selfAssessedCreditScore];
  const weekly = periodicPayment({
    principal: purchasePrice * (1 - QUICK_QUOTE_ASSUMPTIONS.depositShare),
    balloon: purchasePrice * QUICK_QUOTE_ASSUMPTIONS.balloonShare,
    annualRatePercent: advertisedRate,
    years: loanTerm,
    periodsPerYear: 52,
  });
  return { weeklyRepaymentAmount: Math.round(weekly * 100) / 100, advertisedRate, comparisonRate };
}

export class EmbeddedQuickQuote implements QuickQuotePort {
  async quickQuote(_tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    return embeddedQuickQuote(request);
  }
}
