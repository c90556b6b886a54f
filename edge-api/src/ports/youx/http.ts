import * as v from 'valibot';
import { FinanceQuickQuoteResponseSchema, type FinanceQuickQuoteRequest, type FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { CREATE_CUSTOMER_FAILED, QUICK_QUOTE_FAILED, QuickQuoteError, type CreateFinanceCustomerInput, type YouxPort } from './port.ts';

/** A quote is decoration on a page: past this the calculator shows none (spec §8 "Quote failure: silently ignored"). */
export const QUICK_QUOTE_TIMEOUT_MS = 5_000;
/**
 * The shopper waits on the final submit for this at most: past it the application answers spec §8's failure (their
 * lead is recorded either way) rather than a spinner that never ends.
 */
export const CREATE_CUSTOMER_TIMEOUT_MS = 10_000;

export type HttpYouxOptions = {
  /** The provider's quick-quote endpoint (env YOUX_QUOTE_URL). */
  url: string;
  /** The provider's customer-creation endpoint (env YOUX_CUSTOMER_URL); without it createCustomer fails (spec §8). */
  customerUrl?: string;
  /** API key from the Worker secret YOUX_API_KEY (never in the repository or tenant config). */
  apiKey: string;
  timeoutMs?: number;
  customerTimeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * What YouX answers a created customer: where the shopper finishes the application. Only an https address is
 * followed: the shopper is sent there with their details just entered, never to a plain-text or script URL.
 */
export const YouxCustomerAnswerSchema = v.object({
  redirectUrl: v.pipe(v.string(), v.url(), v.startsWith('https://')),
});

/**
 * YouX over HTTP (YOUX_ADAPTER="http"). The key travels as `Authorization: Bearer <YOUX_API_KEY>` (the spec does not
 * name the header), the tenant as `x-forecourt-tenant`. Anything but the documented answer is a QuickQuoteError.
 *
 * Quick quote, as spec §3/§7 give it: POST JSON `{ selfAssessedCreditScore, purchasePrice, loanTerm, year, vin, nvic,
 * whoIsHelping }` to YOUX_QUOTE_URL -> 200 JSON `{ weeklyRepaymentAmount, advertisedRate, comparisonRate }` (5 s).
 *
 * Customer creation (spec §7 create-customer; the spec gives the fields, not the wire, so this is the platform's
 * format): POST JSON to YOUX_CUSTOMER_URL with `Idempotency-Key: sha256(tenant, phone, lead id)`
 * `{ customer: { nvic?, vin?, selfAssessedCreditScore, purchasePrice, year?, loanTerm, phoneNumber, firstName,
 * lastName, email, subscribe, postCode }, reference: <lead id>, dealer: <tenant slug>, lead: { payload, userData } }`
 * (unknowns left out) -> a 2xx (200 or 201) JSON `{ redirectUrl: 'https://…' }`. A timeout (10 s), another status, a
 * body that is not JSON, or no https `redirectUrl` fails with 'Failed to create YouX customer'.
 */
export class HttpYoux implements YouxPort {
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpYouxOptions) {
    if (!options.url) throw new Error('YOUX_QUOTE_URL is not set: the http quick-quote adapter needs the endpoint.');
    if (!options.apiKey) throw new Error('YOUX_API_KEY is not set: the http quick-quote adapter needs the API key secret.');
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    const body = await this.postJson(this.options.url, tenant, wireRequest(request), this.options.timeoutMs ?? QUICK_QUOTE_TIMEOUT_MS, QUICK_QUOTE_FAILED);
    const parsed = v.safeParse(FinanceQuickQuoteResponseSchema, body);
    if (!parsed.success) throw new QuickQuoteError('answered an unexpected body');
    return parsed.output;
  }

  async createCustomer({ tenant, data, additionalData, leadId }: CreateFinanceCustomerInput): Promise<{ redirectUrl: string }> {
    const url = this.options.customerUrl;
    if (!url) throw new QuickQuoteError('YOUX_CUSTOMER_URL is not set', CREATE_CUSTOMER_FAILED);
    const wire = {
      customer: wireRequest(data),
      ...(leadId ? { reference: leadId } : {}),
      dealer: tenant,
      ...(additionalData ? { lead: additionalData } : {}),
    };
    // The idempotency key is the application's own (tenant, verified phone, lead id), hashed: a lead id replayed by
    // another shopper or on another site (all sites share one YouX key) never matches someone else's application.
    const key = leadId ? await idempotencyKey(tenant, data.phoneNumber, leadId) : null;
    const body = await this.postJson(url, tenant, wire, this.options.customerTimeoutMs ?? CREATE_CUSTOMER_TIMEOUT_MS, CREATE_CUSTOMER_FAILED, key ? { 'idempotency-key': key } : {});
    const parsed = v.safeParse(YouxCustomerAnswerSchema, body);
    if (!parsed.success) throw new QuickQuoteError('answered without an https redirectUrl', CREATE_CUSTOMER_FAILED);
    return { redirectUrl: parsed.output.redirectUrl };
  }

  /** One POST of JSON with the key; the 2xx answer's JSON, else a QuickQuoteError with `message` (reasons name no data). */
  private async postJson(url: string, tenant: string, payload: unknown, timeoutMs: number, message: string, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.options.apiKey}`, 'x-forecourt-tenant': tenant, ...extraHeaders },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new QuickQuoteError(`unreachable: ${err instanceof Error ? err.name : 'error'}`, message);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new QuickQuoteError(`answered ${response.status}`, message);
    }
    try {
      return await response.json();
    } catch {
      throw new QuickQuoteError('answered without JSON', message);
    }
  }
}

/** The request as sent: unknowns left out rather than sent as null. */
function wireRequest(request: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== null && value !== undefined));
}

/** SHA-256 (hex) of the tenant, the customer's phone (digits) and the lead id: YouX's `Idempotency-Key`. */
export async function idempotencyKey(tenant: string, phone: string, leadId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${tenant}\n${phone.replace(/\D/g, '')}\n${leadId}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
