import type { FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import type { CarContext, Estimate } from '../lib/preapproval.ts';
import type { QuickQuotePort } from './port.ts';

/**
 * The provider's quick quote for an estimate and a car (spec §7 quick quote: credit history, price, term, year, vin,
 * nvic, whoIsHelping), or null when it fails: a page shows it when it can and says so when it cannot.
 */
export async function quoteOrNull(port: QuickQuotePort, tenant: string, { estimate, car }: { estimate: Estimate; car: CarContext }): Promise<FinanceQuickQuoteResponse | null> {
  const year = Number(car.year);
  try {
    return await port.quickQuote(tenant, {
      selfAssessedCreditScore: estimate.credit,
      purchasePrice: estimate.price,
      loanTerm: estimate.term,
      ...(Number.isInteger(year) && year >= 1900 && year <= 2100 ? { year } : {}),
      vin: car.vin ?? null,
      nvic: car.nvic ?? null,
      ...(car.whoIsHelping ? { whoIsHelping: car.whoIsHelping } : {}),
    });
  } catch (error) {
    console.warn('mf-finance: quick quote failed', error instanceof Error ? error.message : 'error');
    return null;
  }
}
