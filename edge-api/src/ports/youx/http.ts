import * as v from 'valibot';
import { FinanceQuickQuoteResponseSchema, type FinanceQuickQuoteRequest, type FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { CREATE_CUSTOMER_FAILED, QuickQuoteError, type YouxPort } from './port.ts';

/** A quote is decoration on a page: past this the calculator shows none (spec §8 "Quote failure: silently ignored"). */
export const QUICK_QUOTE_TIMEOUT_MS = 5_000;

export type HttpYouxOptions = {
  /** The provider's quick-quote endpoint (env YOUX_QUOTE_URL). */
  url: string;
  /** API key from the Worker secret YOUX_API_KEY (never in the repository or tenant config). */
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * YouX over HTTP (YOUX_ADAPTER="http"). Quick-quote wire format as spec §3/§7 give it: POST JSON `{ selfAssessedCreditScore, purchasePrice, loanTerm,
 * year, vin, nvic, whoIsHelping }` -> 200 JSON `{ weeklyRepaymentAmount, advertisedRate, comparisonRate }`. The key
 * travels as `Authorization: Bearer` (the spec does not name the header). Anything else is a QuickQuoteError.
 */
export class HttpYoux implements YouxPort {
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpYouxOptions) {
    if (!options.url) throw new Error('YOUX_QUOTE_URL is not set: the http quick-quote adapter needs the endpoint.');
    if (!options.apiKey) throw new Error('YOUX_API_KEY is not set: the http quick-quote adapter needs the API key secret.');
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    let response: Response;
    try {
      response = await this.fetcher(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.options.apiKey}`, 'x-forecourt-tenant': tenant },
        body: JSON.stringify(wireRequest(request)),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? QUICK_QUOTE_TIMEOUT_MS),
      });
    } catch (err) {
      throw new QuickQuoteError(`unreachable: ${err instanceof Error ? err.name : 'error'}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new QuickQuoteError(`answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new QuickQuoteError('answered without JSON');
    }
    const parsed = v.safeParse(FinanceQuickQuoteResponseSchema, body);
    if (!parsed.success) throw new QuickQuoteError('answered an unexpected body');
    return parsed.output;
  }

  /**
   * Customer creation over HTTP is not wired yet: nothing on the platform calls it before the finance application
   * journey (issue 15), whose wire format comes with it. Fails with spec §8's message rather than pretending.
   */
  async createCustomer(): Promise<{ redirectUrl: string }> {
    throw new QuickQuoteError('customer creation has no HTTP adapter yet', CREATE_CUSTOMER_FAILED);
  }
}

/** The request as sent: unknowns left out rather than sent as null. */
function wireRequest(request: FinanceQuickQuoteRequest): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== null && value !== undefined));
}
