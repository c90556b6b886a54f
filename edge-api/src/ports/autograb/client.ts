/**
 * The one AutoGrab client of edge-api (https://api.autograb.com.au, v2, JSON): the market-price adapter (./http.ts),
 * the trade-in rego lookup (../rego-lookup/http.ts) and the trade-in valuation (../valuation/http.ts) all call
 * AutoGrab through it, with one key (the Worker secret AUTOGRAB_API_KEY) and one base URL (AUTOGRAB_API_URL).
 * What they share lives here: the base URL and region, the `ApiKey` header, `reference_id` on every call, the
 * timeout, one call's error handling (404 = no match; anything else unusable -> the caller's "unavailable" error) and
 * the two routes more than one adapter uses: the facet search and the prediction.
 * Documented by AutoGrab: base URL, `ApiKey` header, `region`, `reference_id`, the facet search route and its minimum
 * (year, make, model), /v2/valuations/predict with `vehicle_id`/`kms`/`features`/`state_for_pricing`, `{ error: true,
 * message }` errors. Assumed: the facet search's `vehicles` key.
 */
import * as v from 'valibot';
import { isHttpUrl } from '../adapter-name.ts';

export const AUTOGRAB_API_BASE = 'https://api.autograb.com.au';
export const AUTOGRAB_REGION = 'au';

export type AutograbClientOptions = {
  /** AutoGrab API key, from the Worker secret AUTOGRAB_API_KEY (never in the repository or tenant config). */
  apiKey: string;
  /** API origin (env AUTOGRAB_API_URL); AutoGrab's public base by default, a local server in tests. */
  apiUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** Names the adapter in the missing-key error ('the http rego lookup adapter'). */
  user: string;
};

export type AutograbCall = {
  method: 'GET' | 'POST';
  path: string;
  /** The path as errors name it, without shopper data ('/v2/vehicles/registrations/{rego}'); `path` by default. */
  pathForErrors?: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Stored by AutoGrab against usage (the tenant, or tenant:car). */
  reference: string;
  signal: AbortSignal;
  /** Quote AutoGrab's own error message (up to 200 characters): only where the request holds no shopper data. */
  quoteMessage?: boolean;
};

const VehicleRefSchema = v.object({ id: v.pipe(v.string(), v.minLength(1)), title: v.nullish(v.string()) });
/** GET /v2/vehicles/facets/search: `{ success, vehicles: [{ id, title }] }`, the likeliest first. */
export const FacetSearchAnswerSchema = v.object({ success: v.optional(v.boolean()), vehicles: v.array(VehicleRefSchema) });
/** One vehicle by a key (`/v2/vehicles/nvics/{nvic}`): `{ success, vehicle: { id, title } | null }`. */
export const VehicleAnswerSchema = v.object({ success: v.optional(v.boolean()), vehicle: v.nullish(VehicleRefSchema) });

export type FacetQuery = { year: number; make: string; model: string; badge?: string | null | undefined };

export class AutograbClient {
  private readonly apiUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: AutograbClientOptions) {
    if (!options.apiKey) throw new Error(`AUTOGRAB_API_KEY is not set: ${options.user} needs the AutoGrab API key secret.`);
    const apiUrl = options.apiUrl || AUTOGRAB_API_BASE;
    if (!isHttpUrl(apiUrl)) throw new Error(`AUTOGRAB_API_URL="${apiUrl}" is not a URL.`);
    this.apiUrl = apiUrl.replace(/\/+$/, '');
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /**
   * One call: the answer parsed by `schema`, null on 404 (no match), `unavailable(message)` thrown otherwise
   * (unreachable, timeout, an error status, not JSON, a body outside `schema`). Messages name the route (never the
   * request's data) and, for a body outside the schema, the paths of the fields only.
   */
  async call<T extends v.GenericSchema>(request: AutograbCall, schema: T, unavailable: (message: string) => Error): Promise<v.InferOutput<T> | null> {
    const { method, path, query = {}, body, reference, signal } = request;
    const url = new URL(`${this.apiUrl}${path}`);
    for (const [key, value] of Object.entries({ region: AUTOGRAB_REGION, ...query, reference_id: reference })) url.searchParams.set(key, value);
    const headers: Record<string, string> = { ApiKey: this.options.apiKey, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    const what = `AutoGrab ${method} ${request.pathForErrors ?? path}`;
    let response: Response;
    try {
      response = await this.fetcher(url, { method, headers, body: body ? JSON.stringify(body) : undefined, signal });
    } catch (err) {
      throw unavailable(`${what} unreachable (${err instanceof Error ? err.name : 'error'})`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    let parsed: unknown;
    let json = true;
    try {
      parsed = await response.json();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw unavailable(`${what} unreachable (${err.name})`);
      json = false;
    }
    if (!response.ok) {
      const message = request.quoteMessage ? (parsed as { message?: unknown } | undefined)?.message : undefined;
      throw unavailable(`${what} answered ${response.status}${typeof message === 'string' ? ` (${message.slice(0, 200)})` : ''}`);
    }
    if (!json) throw unavailable(`${what} answered ${response.status} without JSON`);
    const checked = v.safeParse(schema, parsed);
    if (!checked.success) throw unavailable(`${what} answered an unexpected body (${checked.issues.map((i) => v.getDotPath(i) ?? '(root)').join(', ')})`);
    return checked.output;
  }

  /** The likeliest AutoGrab vehicle id for a year/make/model[/badge], or null when AutoGrab knows none. */
  async facetSearch(car: FacetQuery, reference: string, signal: AbortSignal, unavailable: (message: string) => Error): Promise<string | null> {
    const query: Record<string, string> = { year: String(car.year), make: car.make.trim(), model: car.model.trim() };
    if (car.badge?.trim()) query.badge = car.badge.trim();
    const found = await this.call({ method: 'GET', path: '/v2/vehicles/facets/search', query, reference, signal, quoteMessage: true }, FacetSearchAnswerSchema, unavailable);
    return found?.vehicles[0]?.id ?? null;
  }

  /**
   * POST /v2/valuations/predict for a vehicle id (`features: ['bounds']`; kms when known; `state_for_pricing` when
   * given), parsed by the caller's schema (each adapter reads its own figures); null on 404.
   */
  predict<T extends v.GenericSchema>(
    input: { vehicleId: string; kms?: number | null | undefined; state?: string | null | undefined },
    schema: T,
    reference: string,
    signal: AbortSignal,
    unavailable: (message: string) => Error,
  ): Promise<v.InferOutput<T> | null> {
    const body: Record<string, unknown> = { region: AUTOGRAB_REGION, vehicle_id: input.vehicleId, features: ['bounds'] };
    // Without kms AutoGrab prices at the model's average odometer.
    if (typeof input.kms === 'number' && Number.isFinite(input.kms) && input.kms >= 0) body.kms = Math.round(input.kms);
    if (input.state) body.state_for_pricing = input.state;
    return this.call({ method: 'POST', path: '/v2/valuations/predict', body, reference, signal, quoteMessage: true }, schema, unavailable);
  }
}
