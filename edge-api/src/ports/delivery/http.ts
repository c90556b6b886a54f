/**
 * A transport partner's quote API over HTTP (DELIVERY_ADAPTER=http). The spec gives no path (§7 "Delivery cost by
 * postcode ... path not shown"), so this is the small JSON API a partner (or a thin proxy in front of one) implements:
 *
 *   POST {DELIVERY_API_URL}/v1/quotes
 *     Authorization: Bearer {DELIVERY_API_KEY}   Content-Type: application/json   X-Forecourt-Tenant: {tenant}
 *     { "origin_postcode": "4000", "destination_postcode": "2000", "vehicle": { "type": "car" } }
 *   200 { "region": "Sydney Metro", "price_aud": 757.8 }      -> { name: region, price: 758 } (whole dollars, rounded up)
 *   404 or 422 (destination not served / no quote)           -> null: spec §8 "Sorry, we can't provide an estimate..."
 *   anything else (401, 5xx, timeout, not JSON, other body)  -> DeliveryUnavailableError (the route answers an error)
 *
 * Extra answer fields (quote ids, currency, expiry) are ignored. Postcodes that are not 4 digits are never sent.
 */
import * as v from 'valibot';
import type { DeliveryEstimate } from '@forecourt/contracts/entities/vdp';
import { isPostcodeShape } from '../../lib/au/states.ts';
import type { DeliveryPort, DeliveryRequest } from './port.ts';
import { isHttpUrl } from '../adapter-name.ts';

/** A shopper waits on the calculator: past this the quote counts as unavailable. */
export const DELIVERY_TIMEOUT_MS = 5_000;
export const DELIVERY_QUOTES_PATH = '/v1/quotes';

/** The partner gave no usable answer (network error, timeout, refused key, 5xx, not JSON, unexpected body). */
export class DeliveryUnavailableError extends Error {
  override name = 'DeliveryUnavailableError';
}

export type HttpDeliveryOptions = {
  /** The partner API's origin (env DELIVERY_API_URL), e.g. https://quotes.carrier.example.com.au. */
  apiUrl: string;
  /** API key from the Worker secret DELIVERY_API_KEY. */
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export const DeliveryQuoteAnswerSchema = v.object({
  region: v.pipe(v.string(), v.trim(), v.minLength(1)),
  price_aud: v.pipe(v.number(), v.finite(), v.minValue(0)),
});

/** Whole dollars for the success text (spec §8 "will cost ${price}"), rounded up so the guide never under-quotes. */
export const quoteDollars = (priceAud: number) => Math.ceil(Math.round(priceAud * 100) / 100);

export class HttpDelivery implements DeliveryPort {
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpDeliveryOptions) {
    if (!options.apiUrl) throw new Error('DELIVERY_API_URL is not set: the http delivery adapter needs the quote API origin.');
    if (!isHttpUrl(options.apiUrl)) throw new Error(`DELIVERY_API_URL="${options.apiUrl}" is not a URL.`);
    if (!options.apiKey) throw new Error('DELIVERY_API_KEY is not set: the http delivery adapter needs the quote API key secret.');
    this.endpoint = `${options.apiUrl.replace(/\/+$/, '')}${DELIVERY_QUOTES_PATH}`;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async estimate(request: DeliveryRequest): Promise<DeliveryEstimate | null> {
    const destination = request.postcode.trim();
    const origin = request.originPostcode.trim();
    // spec §5 Delivery calculator: a postcode is 4 digits; nothing to quote otherwise.
    if (!isPostcodeShape(destination) || !isPostcodeShape(origin)) return null;
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await this.fetcher(this.endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'x-forecourt-tenant': request.tenant,
        },
        body: JSON.stringify({ origin_postcode: origin, destination_postcode: destination, vehicle: { type: 'car' } }),
        signal,
      });
    } catch (err) {
      throw new DeliveryUnavailableError(`Delivery quote API unreachable (${err instanceof Error ? err.name : 'error'})`);
    }
    if (response.status === 404 || response.status === 422) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DeliveryUnavailableError(`Delivery quote API answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new DeliveryUnavailableError(timedOut ? `Delivery quote API unreachable (${(err as Error).name})` : 'Delivery quote API answered without JSON');
    }
    const parsed = v.safeParse(DeliveryQuoteAnswerSchema, body);
    if (!parsed.success) {
      throw new DeliveryUnavailableError(`Delivery quote API answered an unexpected body (${parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ')})`);
    }
    return { name: parsed.output.region, price: quoteDollars(parsed.output.price_aud) };
  }
}
