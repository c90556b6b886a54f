import type { CreditScore, FinanceQuickQuoteRequest, FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';
import { periodicPayment } from '@forecourt/contracts/finance-estimate';
import { QuickQuoteError, type CreateFinanceCustomerInput, type YouxPort } from './port.ts';

/**
 * The rate card of the local stand-in, by credit history: the one rate card of the platform. GREAT is spec §9's
 * disclaimer example (6.29%, comparison 8.19%); DECENT and POOR sit inside spec §9's provider comparison range
 * 8.38%-19.42%.
 */
export const EMBEDDED_RATE_CARD: Record<CreditScore, { advertisedRate: number; comparisonRate: number }> = {
  GREAT: { advertisedRate: 6.29, comparisonRate: 8.19 },
  DECENT: { advertisedRate: 11.49, comparisonRate: 13.29 },
  POOR: { advertisedRate: 17.99, comparisonRate: 19.42 },
};
/** The quick estimate's assumptions named in its disclaimer (spec §9): 10% deposit, 30% final payment. */
export const QUICK_QUOTE_ASSUMPTIONS = { depositShare: 0.1, balloonShare: 0.3 } as const;

/**
 * Deterministic quick quote (no network): weekly standard amortisation of the price less a 10% deposit, with a 30%
 * final payment, at the rate card's advertised rate, to the cent. Refuses spec §5 quick-estimate out-of-range inputs.
 */
export function quickQuoteEmbedded(request: FinanceQuickQuoteRequest): FinanceQuickQuoteResponse {
  const { purchasePrice, loanTerm, selfAssessedCreditScore } = request;
  if (!(purchasePrice >= QUICK_ESTIMATE.minPrice && purchasePrice <= QUICK_ESTIMATE.maxPrice)) {
    throw new QuickQuoteError(`purchasePrice ${purchasePrice} outside ${QUICK_ESTIMATE.minPrice}-${QUICK_ESTIMATE.maxPrice}`);
  }
  if (!(Number.isInteger(loanTerm) && loanTerm >= QUICK_ESTIMATE.minTerm && loanTerm <= QUICK_ESTIMATE.maxTerm)) {
    throw new QuickQuoteError(`loanTerm ${loanTerm} outside ${QUICK_ESTIMATE.minTerm}-${QUICK_ESTIMATE.maxTerm}`);
  }
  const { advertisedRate, comparisonRate } = EMBEDDED_RATE_CARD[selfAssessedCreditScore];
  const weekly = periodicPayment({
    principal: purchasePrice * (1 - QUICK_QUOTE_ASSUMPTIONS.depositShare),
    balloon: purchasePrice * QUICK_QUOTE_ASSUMPTIONS.balloonShare,
    annualRatePercent: advertisedRate,
    years: loanTerm,
    periodsPerYear: 52,
  });
  return { weeklyRepaymentAmount: Math.round(weekly * 100) / 100, advertisedRate, comparisonRate };
}

/** Local YouX: quotes from the rate card, keeps created customers in D1 `finance_customers`. */
export class EmbeddedYoux implements YouxPort {
  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async quickQuote(_tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    return quickQuoteEmbedded(request);
  }

  async createCustomer({ tenant, data, additionalData, siteUrl, leadId }: CreateFinanceCustomerInput): Promise<{ redirectUrl: string }> {
    // One customer per application: a retried submit (the same lead id) finds the one it made, like YouX's
    // idempotency key (http.ts).
    const id = leadId ?? crypto.randomUUID();
    await this.db
      .prepare('INSERT INTO finance_customers (tenant, id, provider, data, lead, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, id) DO NOTHING')
      .bind(tenant, id, 'embedded', JSON.stringify(data), additionalData ? JSON.stringify(additionalData) : null, this.now())
      .run();
    // The local application ends on the site's own success page (spec §2 /success), not on a provider's site.
    const url = new URL('/success', siteUrl);
    url.searchParams.set('finance_application', id);
    return { redirectUrl: url.toString() };
  }
}
