import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import type { FinanceQuickQuoteRequest, FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { QuickQuoteError, type QuickQuotePort } from './port.ts';

/**
 * A quote is decoration on a page: past this the calculator shows none (spec §8 "Quote failure: silently ignored").
 * A little longer than edge-api's own provider timeout (5 s), so edge-api's 502 arrives before this gives up.
 */
export const QUICK_QUOTE_TIMEOUT_MS = 6_000;

/**
 * The quick quote from edge-api's YouX port (contracts INTERNAL.quickQuote): edge-api owns the provider, its adapter and
 * its one rate card; this Worker owns the shopper's side (feature switch, rate limit, validation, spec §8 message).
 */
export class EdgeQuickQuote implements QuickQuotePort {
  constructor(private readonly edge: ServiceBinding, private readonly timeoutMs = QUICK_QUOTE_TIMEOUT_MS) {}

  async quickQuote(tenant: string, request: FinanceQuickQuoteRequest): Promise<FinanceQuickQuoteResponse> {
    let answer;
    try {
      answer = await callInternal(this.edge, 'quickQuote', { tenant, body: request, timeoutMs: this.timeoutMs });
    } catch (error) {
      throw new QuickQuoteError(`edge-api unreachable or outside the contract: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!answer.ok) throw new QuickQuoteError(`edge-api answered ${answer.status}`);
    return answer.data;
  }
}

/** The Worker's quick-quote port: edge-api over the EDGE_API service binding. */
export function selectQuickQuote(env: { EDGE_API: ServiceBinding }): QuickQuotePort {
  return new EdgeQuickQuote(env.EDGE_API);
}
