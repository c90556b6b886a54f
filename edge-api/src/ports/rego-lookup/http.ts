/**
 * The rego lookup over HTTP (REGO_LOOKUP_ADAPTER=http) in AutoGrab's wire format, through the one AutoGrab
 * client (ports/autograb/client.ts: base URL, `ApiKey` header from AUTOGRAB_API_KEY, `region=au`, `reference_id`).
 *
 *   GET /v2/vehicles/registrations/{REGO}?region=au&state={STATE}&reference_id={tenant}
 *   -> 200 `{ success, vehicle: { id, title, year, make, model, badge?, body_type?, transmission_type?, fuel_type? } }`
 *   -> 404 (or `vehicle: null`): no such registration -> null.
 *
 * Mapping: provider_id = vehicle.id (AutoGrab's vehicle id, which the valuation adapter prices), year/make/model/badge
 * as given, body = body_type, transmission = transmission_type, fuel = fuel_type, source 'rego'.
 * Assumed (AutoGrab's registration lookup is documented to customers only; no public reference was available): the
 * route, its `state` parameter and the answer's field names, modelled on the documented /v2/vehicles/vins/{vin} and
 * facet-search answers. Only this file and testing.ts hold them.
 * The registration is sent to the provider (it must be) but never logged: errors name the route with `{rego}`.
 */
import * as v from 'valibot';
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';
import { AutograbClient } from '../autograb/client.ts';
import { RegoLookupUnavailableError, type RegoLookupPort, type RegoLookupRequest } from './port.ts';

/**
 * Below the journey's own wait: the shopper's form post goes shell -> edge-api, and the shell gives edge-api 10 s; a
 * lookup that takes longer answers "unavailable" (the manual path) well before.
 */
export const REGO_LOOKUP_TIMEOUT_MS = 4_000;

export type HttpRegoLookupOptions = {
  /** AutoGrab API key, from the Worker secret AUTOGRAB_API_KEY (the one AutoGrab key: ports/autograb/client.ts). */
  apiKey: string;
  /** API origin (env AUTOGRAB_API_URL); AutoGrab's public base by default, a local server in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const Text = v.nullish(v.pipe(v.string(), v.trim()));
export const AutograbRegistrationAnswerSchema = v.object({
  success: v.optional(v.boolean()),
  vehicle: v.nullish(
    v.object({
      id: v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
      title: Text,
      year: v.pipe(v.number(), v.integer(), v.minValue(1950), v.maxValue(2100)),
      make: v.pipe(v.string(), v.trim(), v.minLength(1)),
      model: v.pipe(v.string(), v.trim(), v.minLength(1)),
      badge: Text,
      body_type: Text,
      transmission_type: Text,
      fuel_type: Text,
    }),
  ),
});

const blankToUndefined = (s: string | null | undefined) => (s && s.trim() ? s.trim() : undefined);

export class HttpRegoLookup implements RegoLookupPort {
  private readonly client: AutograbClient;
  private readonly timeoutMs: number;

  constructor(options: HttpRegoLookupOptions) {
    this.client = new AutograbClient({ apiKey: options.apiKey, apiUrl: options.apiUrl, fetch: options.fetch, user: 'the http rego lookup adapter' });
    this.timeoutMs = options.timeoutMs ?? REGO_LOOKUP_TIMEOUT_MS;
  }

  async lookup({ rego, state, tenant }: RegoLookupRequest): Promise<TradeInVehicle | null> {
    // The provider's error message may quote the rego: never kept (quoteMessage off), the route named with `{rego}`.
    const answer = await this.client.call(
      {
        method: 'GET', path: `/v2/vehicles/registrations/${encodeURIComponent(rego)}`, pathForErrors: '/v2/vehicles/registrations/{rego}',
        query: { state }, reference: tenant, signal: AbortSignal.timeout(this.timeoutMs),
      },
      AutograbRegistrationAnswerSchema,
      (message) => new RegoLookupUnavailableError(message),
    );
    const vehicle = answer?.vehicle;
    if (!vehicle) return null;
    const badge = blankToUndefined(vehicle.badge);
    const body = blankToUndefined(vehicle.body_type);
    const transmission = blankToUndefined(vehicle.transmission_type);
    const fuel = blankToUndefined(vehicle.fuel_type);
    return {
      year: vehicle.year,
      make: vehicle.make.slice(0, 60),
      model: vehicle.model.slice(0, 80),
      ...(badge ? { badge: badge.slice(0, 120) } : {}),
      ...(body ? { body: body.slice(0, 60) } : {}),
      ...(transmission ? { transmission: transmission.slice(0, 60) } : {}),
      ...(fuel ? { fuel: fuel.slice(0, 40) } : {}),
      provider_id: vehicle.id,
      source: 'rego',
    };
  }
}
