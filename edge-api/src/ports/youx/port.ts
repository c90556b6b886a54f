import type { FinanceCustomerCreation, FinanceQuickQuoteRequest, FinanceQuickQuoteResponse, LeadSubmission } from '@forecourt/contracts/api';

export type CreateFinanceCustomerInput = {
  tenant: string;
  /** Customer fields (spec §3 Finance customer creation). */
  data: FinanceCustomerCreation;
  /** The full lead, created in parallel (spec §4 Finance popup journey). */
  additionalData?: LeadSubmission;
  /** Absolute site origin, e.g. https://dealer.example.com.au, for the redirect after a local application. */
  siteUrl: string;
};

/**
 * YouX finance (spec §7 POST /api/youx/quote and /api/youx/create-customer).
 * A real adapter (YouX HTTP API, key from a secret) comes with the finance issue; it throws
 * Error('Failed to get YouX quick quote') / Error('Failed to create YouX customer') (spec §8) on failure.
 */
export interface YouxPort {
  quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse>;
  createCustomer(input: CreateFinanceCustomerInput): Promise<{ redirectUrl: string }>;
}
