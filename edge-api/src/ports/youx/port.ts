import { QUICK_QUOTE_FAILED, type FinanceCustomerCreation, type FinanceQuickQuoteRequest, type FinanceQuickQuoteResponse, type LeadSubmission } from '@forecourt/contracts/api';

/** Spec §8's messages (contracts/api.ts), re-exported for this Worker's code and tests. */
export { CREATE_CUSTOMER_FAILED, QUICK_QUOTE_FAILED } from '@forecourt/contracts/api';

/** An adapter could not give a usable answer (network, timeout, non-2xx, bad body, out-of-range request). */
export class QuickQuoteError extends Error {
  override name = 'QuickQuoteError';
  constructor(readonly reason: string, message = QUICK_QUOTE_FAILED) {
    super(message);
  }
}

export type CreateFinanceCustomerInput = {
  tenant: string;
  /** Customer fields (spec §3 Finance customer creation). */
  data: FinanceCustomerCreation;
  /** The full lead, created in parallel (spec §4 Finance popup journey). */
  additionalData?: LeadSubmission;
  /**
   * The id of that lead in edge-api (the CRM knows it by it): the provider's reference for the application, and its
   * idempotency key, so a retried submit names the same application.
   */
  leadId?: string;
  /** Absolute site origin, e.g. https://dealer.example.com.au, for the redirect after a local application. */
  siteUrl: string;
};

/**
 * YouX finance (spec §7 quick quote and create-customer): the one YouX port of the platform, owned by edge-api (the
 * Worker that calls the provider). mf-finance's `POST /api/finance/quote` asks it over `INTERNAL.quickQuote`.
 * Failures throw QuickQuoteError ('Failed to get YouX quick quote' / 'Failed to create YouX customer', spec §8).
 */
export interface YouxPort {
  quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse>;
  createCustomer(input: CreateFinanceCustomerInput): Promise<{ redirectUrl: string }>;
}
