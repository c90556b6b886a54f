import { QUICK_QUOTE_FAILED, type FinanceQuickQuoteRequest, type FinanceQuickQuoteResponse } from '@forecourt/contracts/api';

/** Spec §8's message (contracts/api.ts), re-exported for this Worker's code and tests. */
export { QUICK_QUOTE_FAILED } from '@forecourt/contracts/api';

/** An adapter could not give a usable quote (network, timeout, non-2xx, bad body, out-of-range request). */
export class QuickQuoteError extends Error {
  override name = 'QuickQuoteError';
  constructor(readonly reason: string) {
    super(QUICK_QUOTE_FAILED);
  }
}

/**
 * The external finance quick quote (spec §7 quick quote; YouX in production): a weekly repayment with the advertised and
 * comparison rates for a purchase price, term and self-assessed credit history. Throws QuickQuoteError on any failure.
 */
export interface QuickQuotePort {
  quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse>;
}
