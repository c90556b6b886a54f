import type { CreditScore, FinanceQuickQuoteRequest, FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { comparisonRate, periodicRepayment, roundCents } from './amortise.ts';
import type { CreateFinanceCustomerInput, YouxPort } from './port.ts';

/**
 * Rate card of the embedded adapter. Fees are spec §9's dealer-group finance fees (establishment $395 plus
 * security registration $6 financed upfront, $8 monthly account fee). Advertised rates are set so the
 * comparison rates at the benchmark span spec §9's provider comparison range 8.38%-19.42%.
 */
export const EMBEDDED_RATE_CARD: Record<CreditScore, { advertisedRate: number }> = {
  GREAT: { advertisedRate: 7.26 },
  DECENT: { advertisedRate: 12.79 },
  POOR: { advertisedRate: 18.31 },
};
export const EMBEDDED_FEES = { upfront: 395 + 6, monthly: 8 } as const;
/** Quick-estimate assumptions named in its disclaimer (spec §9): 10% deposit, 30% final payment. */
export const QUICK_ESTIMATE_ASSUMPTIONS = { depositShare: 0.1, balloonShare: 0.3 } as const;
/** Comparison rates are quoted on a $30,000 secured loan over 5 years (the benchmark the spec's disclaimers use). */
export const COMPARISON_BENCHMARK = { credit: 30_000, years: 5 } as const;
/** spec §5 Finance quick-estimate limits. */
export const QUICK_QUOTE_LIMITS = { minPrice: 10_000, maxPrice: 200_000, minTermYears: 1, maxTermYears: 7 } as const;

/** Quick quote by standard amortisation: weekly repayment (with the monthly fee spread weekly), advertised and comparison rate. */
export function quickQuoteEmbedded(request: FinanceQuickQuoteRequest): FinanceQuickQuoteResponse {
  const { purchasePrice, loanTerm } = request;
  if (!(purchasePrice >= QUICK_QUOTE_LIMITS.minPrice && purchasePrice <= QUICK_QUOTE_LIMITS.maxPrice)) {
    throw new RangeError(`purchasePrice must be between ${QUICK_QUOTE_LIMITS.minPrice} and ${QUICK_QUOTE_LIMITS.maxPrice}.`);
  }
  if (!(Number.isInteger(loanTerm) && loanTerm >= QUICK_QUOTE_LIMITS.minTermYears && loanTerm <= QUICK_QUOTE_LIMITS.maxTermYears)) {
    throw new RangeError(`loanTerm must be a whole number of years between ${QUICK_QUOTE_LIMITS.minTermYears} and ${QUICK_QUOTE_LIMITS.maxTermYears}.`);
  }
  const { advertisedRate } = EMBEDDED_RATE_CARD[request.selfAssessedCreditScore];
  const principal = purchasePrice * (1 - QUICK_ESTIMATE_ASSUMPTIONS.depositShare) + EMBEDDED_FEES.upfront;
  const weekly = periodicRepayment({
    principal,
    annualRatePercent: advertisedRate,
    years: loanTerm,
    periodsPerYear: 52,
    balloon: purchasePrice * QUICK_ESTIMATE_ASSUMPTIONS.balloonShare,
  });
  const comparison = comparisonRate({
    credit: COMPARISON_BENCHMARK.credit,
    years: COMPARISON_BENCHMARK.years,
    annualRatePercent: advertisedRate,
    upfrontFees: EMBEDDED_FEES.upfront,
    monthlyFee: EMBEDDED_FEES.monthly,
  });
  return {
    weeklyRepaymentAmount: roundCents(weekly + (EMBEDDED_FEES.monthly * 12) / 52),
    advertisedRate,
    comparisonRate: roundCents(comparison),
  };
}

/** Local YouX: quotes from the rate card, keeps created customers in D1 `finance_customers`. */
export class EmbeddedYoux implements YouxPort {
  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async quickQuote(_tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    return quickQuoteEmbedded(request);
  }

  async createCustomer({ tenant, data, additionalData, siteUrl }: CreateFinanceCustomerInput): Promise<{ redirectUrl: string }> {
    const id = crypto.randomUUID();
    await this.db
      .prepare('INSERT INTO finance_customers (tenant, id, provider, data, lead, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(tenant, id, 'embedded', JSON.stringify(data), additionalData ? JSON.stringify(additionalData) : null, this.now())
      .run();
    // The local application ends on the site's own success page (spec §2 /success), not on a provider's site.
    const url = new URL('/success', siteUrl);
    url.searchParams.set('finance_application', id);
    return { redirectUrl: url.toString() };
  }
}
