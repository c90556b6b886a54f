/**
 * The trade-in valuation over HTTP (VALUATION_ADAPTER=http) in AutoGrab's wire format, through the one AutoGrab client
 * (ports/autograb/client.ts: base URL, `ApiKey` header from AUTOGRAB_API_KEY, `region=au`, `reference_id`):
 *   1. The vehicle id: the rego lookup's (`vehicle.provider_id`), else
 *      GET /v2/vehicles/facets/search?region=au&year=&make=&model=[&badge=] -> `{ success, vehicles: [{ id, title }] }`
 *      (the first is AutoGrab's likeliest; none -> no match).
 *   2. POST /v2/valuations/predict `{ region: 'au', vehicle_id, kms, features: ['bounds'], state_for_pricing? }` ->
 *      `{ success, prediction: { trade_price, retail_price, score, ... }, bounds: { trade: { lower, upper }, retail } }`
 *      (404 or no prediction -> no match).
 * Mapping: the range is `bounds.trade` (±5% of `trade_price` when AutoGrab sends no trade bounds), times the condition
 * answers' factor (embedded.ts conditionFactor: AutoGrab prices a car in average condition by kms; the shopper's
 * answers are ours), in whole hundreds. Documented by AutoGrab: the predict route, `vehicle_id`/`kms`/`features`/
 * `state_for_pricing` and `trade_price`. Assumed: `bounds.trade` beside `bounds.retail` (the market-price adapter reads
 * the latter), and the facet search's `vehicles` key (as the market-price adapter assumes).
 */
import * as v from 'valibot';
import { AutograbClient } from '../autograb/client.ts';
import { conditionFactor, tradeRange } from './embedded.ts';
import { ValuationUnavailableError, type TradeValuation, type ValuationPort, type ValuationRequest } from './port.ts';

/** Both calls together stay below the shopper's form post (shell -> edge-api waits 10 s). */
export const VALUATION_TIMEOUT_MS = 5_000;

export type HttpValuationOptions = {
  /** AutoGrab API key, from the Worker secret AUTOGRAB_API_KEY (the one AutoGrab key: ports/autograb/client.ts). */
  apiKey: string;
  /** API origin (env AUTOGRAB_API_URL); AutoGrab's public base by default, a local server in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const Money = v.pipe(v.number(), v.finite(), v.minValue(0));
const Range = v.pipe(v.object({ lower: Money, upper: Money }), v.check((r) => r.lower <= r.upper, 'bounds lower above upper'));
export const TradePredictAnswerSchema = v.object({
  success: v.optional(v.boolean()),
  prediction: v.nullish(v.object({ trade_price: v.nullish(Money), retail_price: v.nullish(Money), score: v.nullish(v.number()) })),
  bounds: v.nullish(v.object({ trade: v.nullish(Range), retail: v.nullish(Range) })),
});

const unavailable = (message: string) => new ValuationUnavailableError(message);

export class HttpValuation implements ValuationPort {
  readonly provider = 'autograb';
  private readonly client: AutograbClient;
  private readonly timeoutMs: number;

  constructor(options: HttpValuationOptions) {
    this.client = new AutograbClient({ apiKey: options.apiKey, apiUrl: options.apiUrl, fetch: options.fetch, user: 'the http valuation adapter' });
    this.timeoutMs = options.timeoutMs ?? VALUATION_TIMEOUT_MS;
  }

  async value({ tenant, vehicle, odometer, answers, state }: ValuationRequest): Promise<TradeValuation | null> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let vehicleId = vehicle.provider_id && !vehicle.provider_id.startsWith('embedded:') ? vehicle.provider_id : null;
    if (!vehicleId) {
      vehicleId = await this.client.facetSearch({ year: vehicle.year, make: vehicle.make, model: vehicle.model, badge: vehicle.badge }, tenant, signal, unavailable);
      if (!vehicleId) return null;
    }
    const answer = await this.client.predict({ vehicleId, kms: Math.max(0, Math.round(odometer)), state }, TradePredictAnswerSchema, tenant, signal, unavailable);
    const trade = answer?.prediction?.trade_price;
    if (!answer || trade === null || trade === undefined) return null;
    const factor = conditionFactor(answers);
    const bounds = answer.bounds?.trade;
    if (!bounds) return tradeRange(trade * factor);
    // AutoGrab's own bounds, moved by the condition; whole hundreds as the embedded range.
    const low = Math.max(0, Math.floor((bounds.lower * factor) / 100) * 100);
    const high = Math.max(low, Math.ceil((bounds.upper * factor) / 100) * 100);
    return high === 0 ? tradeRange(trade * factor) : { low, high };
  }
}
