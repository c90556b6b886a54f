/**
 * AutoGrab over HTTP (AUTOGRAB_ADAPTER=http): the market-price panel's valuation from AutoGrab's v2 API.
 *
 * Wire format (https://api.autograb.com.au, JSON, key in the `ApiKey` header, `region=au` on every call):
 *   1. Find the car's AutoGrab vehicle id (AGID):
 *      - with an NVIC: GET /v2/vehicles/nvics/{NVIC}?region=au -> 200 `{ success, vehicle: { id, title, ... } }`;
 *        a 404 or `vehicle: null` falls through to the facet search.
 *      - GET /v2/vehicles/facets/search?region=au&year=&make=&model=[&badge=] -> 200 `{ success, vehicles: [{ id, title }] }`
 *        (year, make and model are the documented minimum); the first vehicle is AutoGrab's likeliest match; none -> no valuation.
 *   2. POST /v2/valuations/predict `{ region: 'au', vehicle_id, kms?, features: ['bounds'], state_for_pricing? }` ->
 *      200 `{ success, prediction: { id, vehicle_id, kms, score (0-1), retail_price, trade_price }, bounds: { retail: { lower, upper } } }`.
 *      Called once nationally and, when the car's state is known, once with `state_for_pricing` for the state figure.
 *   Every call also carries `reference_id={tenant}:{car id}` (AutoGrab stores it against usage records).
 * Mapping: average_market_price = retail_price, state_average_market_price = the state call's retail_price (null when
 * AutoGrab has none or that call fails: it is optional data), market_range_min/max = bounds.retail (null when AutoGrab
 * sends no bounds: the panel then hides, spec §5), confidence = score; fill and the vehicle label as embedded.ts.
 * Documented by AutoGrab: base URL, `ApiKey` header, `region`, `reference_id`, the facet search route and its minimum,
 * /v2/valuations/predict with `vehicle_id`/`kms`/`features`/`state_for_pricing` and its `prediction` fields, the
 * confidence score 0-1, `{ error: true, message }` errors. Assumptions: the NVIC route (modelled on the documented
 * /v2/vehicles/vins/{vin}; a 404 there costs one call and falls back), the `vehicles` key of the facet search answer,
 * `bounds` sitting beside `prediction` (inside it is accepted too), `state_for_pricing` taking a state code.
 */
import * as v from 'valibot';
import { AU_STATES, type AuState } from '../../lib/au/states.ts';
import { MARKET_PRICE_MIN_PRICE, marketFill, round2, vehicleLabel } from './embedded.ts';
import type { AutograbPort, MarketPriceCar, MarketValuation } from './port.ts';
import { AutograbClient, VehicleAnswerSchema } from './client.ts';

/** The panel is decoration on the vehicle page: past this the whole valuation (every call) gives up. */
export const AUTOGRAB_TIMEOUT_MS = 5_000;

/** AutoGrab gave no usable answer (network error, timeout, refused key, 5xx, not JSON, unexpected body). */
export class AutograbUnavailableError extends Error {
  override name = 'AutograbUnavailableError';
}

export type HttpAutograbOptions = {
  /** AutoGrab API key, from the Worker secret AUTOGRAB_API_KEY (never in the repository or tenant config). */
  apiKey: string;
  /** API origin (env AUTOGRAB_API_URL); AutoGrab's public base by default, a local server in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};


const Money = v.pipe(v.number(), v.finite(), v.minValue(0));
const RangeSchema = v.pipe(
  v.object({ lower: Money, upper: Money }),
  v.check((r) => r.lower <= r.upper, 'bounds lower above upper'),
);
const BoundsSchema = v.object({ retail: v.nullish(RangeSchema) });
export const AutograbPredictAnswerSchema = v.object({
  success: v.optional(v.boolean()),
  prediction: v.nullish(
    v.object({
      id: v.optional(v.string()),
      vehicle_id: v.optional(v.string()),
      kms: v.nullish(v.number()),
      score: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      retail_price: Money,
      trade_price: v.nullish(Money),
      bounds: v.nullish(BoundsSchema),
    }),
  ),
  bounds: v.nullish(BoundsSchema),
});
type Prediction = NonNullable<v.InferOutput<typeof AutograbPredictAnswerSchema>['prediction']> & {
  range: { lower: number; upper: number } | null;
};

/** NVICs are short upper-case codes (e.g. 'A5Q21A'); anything else is not sent. */
const normaliseNvic = (nvic: string | null | undefined) => {
  const code = nvic?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{3,12}$/.test(code) ? code : null;
};
const normaliseState = (state: string | null | undefined): AuState | null => {
  const code = state?.trim().toUpperCase() ?? '';
  return (AU_STATES as readonly string[]).includes(code) ? (code as AuState) : null;
};

const unavailable = (message: string) => new AutograbUnavailableError(message);

export class HttpAutograb implements AutograbPort {
  private readonly client: AutograbClient;
  private readonly timeoutMs: number;

  constructor(options: HttpAutograbOptions) {
    this.client = new AutograbClient({ apiKey: options.apiKey, apiUrl: options.apiUrl, fetch: options.fetch, user: 'the http autograb adapter' });
    this.timeoutMs = options.timeoutMs ?? AUTOGRAB_TIMEOUT_MS;
  }

  async marketValuation(tenant: string, car: MarketPriceCar): Promise<MarketValuation | null> {
    // spec §9: no valuation (and no billable call) at or below the autograb price threshold.
    if (!(car.price > MARKET_PRICE_MIN_PRICE)) return null;
    const signal = AbortSignal.timeout(this.timeoutMs);
    const reference = `${tenant}:${car.id}`;
    const vehicleId = await this.findVehicle(car, reference, signal);
    if (!vehicleId) return null;

    const state = normaliseState(car.state);
    const [national, stateLevel] = await Promise.all([
      this.predict(vehicleId, car.km, null, reference, signal),
      // The state figure only refines the below-market badge (spec §5): without it the national one serves.
      state ? this.predict(vehicleId, car.km, state, reference, signal).catch(() => null) : null,
    ]);
    if (!national) return null;

    const min = national.range ? Math.round(national.range.lower) : null;
    const max = national.range ? Math.round(national.range.upper) : null;
    return {
      fill: min !== null && max !== null ? marketFill(car.price, min, max) : null,
      listing_price: car.price,
      market_range_min: min,
      market_range_max: max,
      confidence: round2(national.score),
      description: `Market range for a ${vehicleLabel(car)} from AutoGrab's recent Australian listings.`,
      average_market_price: Math.round(national.retail_price),
      state_average_market_price: stateLevel ? Math.round(stateLevel.retail_price) : null,
    };
  }

  /** The car's AGID: by NVIC when it has one AutoGrab knows, else by year/make/model/badge; null when nothing matches. */
  private async findVehicle(car: MarketPriceCar, reference: string, signal: AbortSignal): Promise<string | null> {
    const nvic = normaliseNvic(car.nvic);
    if (nvic) {
      const byNvic = await this.client.call(
        { method: 'GET', path: `/v2/vehicles/nvics/${encodeURIComponent(nvic)}`, pathForErrors: '/v2/vehicles/nvics/{nvic}', reference, signal, quoteMessage: true },
        VehicleAnswerSchema,
        unavailable,
      );
      if (byNvic?.vehicle) return byNvic.vehicle.id;
    }
    if (!Number.isFinite(car.year) || !car.make.trim() || !car.model.trim()) return null;
    return this.client.facetSearch({ year: car.year, make: car.make, model: car.model, badge: car.badge }, reference, signal, unavailable);
  }

  /** One retail prediction with its range; null when AutoGrab has no prediction for the vehicle (404 or none). */
  private async predict(vehicleId: string, km: number | null | undefined, state: AuState | null, reference: string, signal: AbortSignal): Promise<Prediction | null> {
    const answer = await this.client.predict({ vehicleId, kms: km, state }, AutograbPredictAnswerSchema, reference, signal, unavailable);
    if (!answer?.prediction) return null;
    const range = answer.bounds?.retail ?? answer.prediction.bounds?.retail ?? null;
    return { ...answer.prediction, range };
  }
}
