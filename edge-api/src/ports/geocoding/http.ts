/**
 * Geocoding over HTTP (GEOCODING_ADAPTER=http), speaking Google's Geocoding API wire format (the spec's "maps service",
 * §7: postal_code, country AU, key; results[0].geometry.location):
 *
 *   GET {GEOCODING_API_URL}?address={q}&components=country:AU[|postal_code:{NNNN}]&region=au&key={GEOCODING_API_KEY}
 *     (Google's URL is https://maps.googleapis.com/maps/api/geocode/json; a postcode, or a suburb typed with one, also
 *     filters on postal_code)
 *   200 { status: 'OK', results: [{ formatted_address, geometry: { location: { lat, lng } },
 *         address_components: [{ long_name, short_name, types }], types?, partial_match? }] }
 *     -> results[0]: its point; label 'Locality STATE 4127' from the components (else formatted_address without
 *        ', Australia'); postcode and state from the postal_code and administrative_area_level_1 components;
 *        approximate when Google flags a partial match or answers another postcode than the one asked
 *   status ZERO_RESULTS, or OK with no results                    -> null (the route answers 'Invalid postcode')
 *   a result outside Australia (its country component is not AU),
 *     or only the whole country or a whole state                  -> null (nothing the shopper could mean)
 *   OVER_QUERY_LIMIT, OVER_DAILY_LIMIT, REQUEST_DENIED, INVALID_REQUEST, UNKNOWN_ERROR, an HTTP error status, a timeout
 *     (GEOCODING_TIMEOUT_MS), a body that is not JSON or not this shape -> GeocodingUnavailableError (the route: 503)
 *
 * The key is a secret: it travels only in the request URL, never in an error message or a log line, and neither does
 * the place asked. The URL must be https (plain http only for 127.0.0.1 / localhost: the tests' local server).
 */
import * as v from 'valibot';
import type { GeocodeAnswer } from '@forecourt/contracts/internal';
import { parseSuburbQuery } from '../../lib/au/localities.ts';
import { AU_STATES } from '../../lib/au/states.ts';
import { placeLabel } from './embedded.ts';
import { GeocodingUnavailableError, type GeocodeRequest, type GeocodingPort } from './port.ts';

/**
 * A shopper waits on the locator: past this the lookup counts as unavailable (the list still shows). Shorter than the
 * 3 s mf-locations' locator (src/lib/locator.ts) waits for `/internal/geocode`, so the route's answer (a 503 included)
 * reaches the caller before the caller gives up, with room for the route's own work.
 */
export const GEOCODING_TIMEOUT_MS = 2_500;
/** Google's endpoint, for GEOCODING_API_URL. */
export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** The statuses that mean "nothing found" rather than "could not look". */
const NOT_FOUND_STATUSES = new Set(['ZERO_RESULTS']);
/** Result types too broad to be the place a shopper typed (a bare country or state answer). */
const TOO_BROAD = new Set(['country', 'administrative_area_level_1']);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type HttpGeocodingOptions = {
  /** The endpoint (env GEOCODING_API_URL), e.g. GOOGLE_GEOCODING_URL. */
  apiUrl: string;
  /** The Worker secret GEOCODING_API_KEY. */
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** The endpoint as a URL: https, or http on a loopback host only; throws naming the variable otherwise. */
export function checkGeocodingUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`GEOCODING_API_URL="${raw}" is not a URL.`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) return url;
  throw new Error(`GEOCODING_API_URL must use https (got ${url.protocol}//${url.hostname}).`);
}

const Coordinate = (limit: number) => v.pipe(v.number(), v.finite(), v.minValue(-limit), v.maxValue(limit));
const ComponentSchema = v.object({ long_name: v.string(), short_name: v.string(), types: v.array(v.string()) });
const ResultSchema = v.object({
  formatted_address: v.optional(v.string(), ''),
  geometry: v.object({ location: v.object({ lat: Coordinate(90), lng: Coordinate(180) }) }),
  address_components: v.array(ComponentSchema),
  types: v.optional(v.array(v.string()), []),
  partial_match: v.optional(v.boolean(), false),
});
const BodySchema = v.object({ status: v.string(), results: v.optional(v.array(v.unknown()), []) });
type Component = v.InferOutput<typeof ComponentSchema>;

const issuesText = (issues: readonly v.BaseIssue<unknown>[]) => issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.expected ?? 'invalid'}`).join('; ');

export class HttpGeocoding implements GeocodingPort {
  readonly keepsAnswers = true;
  private readonly endpoint: URL;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpGeocodingOptions) {
    if (!options.apiUrl) throw new Error('GEOCODING_API_URL is not set: the http geocoding adapter needs the Geocoding API endpoint.');
    this.endpoint = checkGeocodingUrl(options.apiUrl);
    if (!options.apiKey) throw new Error('GEOCODING_API_KEY is not set: the http geocoding adapter needs the Geocoding API key secret.');
    this.timeoutMs = options.timeoutMs ?? GEOCODING_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The request URL of a lookup (the key included: never log it). */
  requestUrl(request: GeocodeRequest): string {
    const q = request.q.trim().replace(/\s+/g, ' ');
    const postcode = request.kind === 'postcode' ? q : parseSuburbQuery(q).postcode;
    const url = new URL(this.endpoint);
    url.searchParams.set('address', q);
    url.searchParams.set('components', postcode ? `country:AU|postal_code:${postcode}` : 'country:AU');
    url.searchParams.set('region', 'au');
    url.searchParams.set('key', this.options.apiKey);
    return url.toString();
  }

  async locate(request: GeocodeRequest): Promise<GeocodeAnswer | null> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let body: unknown;
    try {
      const response = await this.fetcher(this.requestUrl(request), { headers: { accept: 'application/json' }, signal });
      if (!response.ok) {
        await response.body?.cancel();
        throw new GeocodingUnavailableError(`Geocoding API answered HTTP ${response.status}`);
      }
      try {
        body = await response.json();
      } catch (err) {
        if (isAbort(err)) throw err;
        throw new GeocodingUnavailableError('Geocoding API answered without JSON');
      }
    } catch (err) {
      if (err instanceof GeocodingUnavailableError) throw err;
      throw new GeocodingUnavailableError(`Geocoding API unreachable (${err instanceof Error ? err.name : 'error'})`);
    }
    const parsed = v.safeParse(BodySchema, body);
    if (!parsed.success) throw new GeocodingUnavailableError(`Geocoding API answered an unexpected body (${issuesText(parsed.issues)})`);
    const { status, results } = parsed.output;
    if (NOT_FOUND_STATUSES.has(status)) return null;
    // Google's error_message is left out: the status says enough, and nothing of the request is echoed into a log.
    if (status !== 'OK') throw new GeocodingUnavailableError(`Geocoding API answered status ${/^[A-Z_]{1,40}$/.test(status) ? status : '(unreadable)'}`);
    if (results.length === 0) return null;
    const first = v.safeParse(ResultSchema, results[0]);
    if (!first.success) throw new GeocodingUnavailableError(`Geocoding API answered an unexpected result (${issuesText(first.issues)})`);
    return answerOf(first.output, request);
  }
}

const isAbort = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

const component = (components: readonly Component[], type: string) => components.find((c) => c.types.includes(type));

/** results[0] as the contract's answer, or null when it is not an Australian place finer than a state. */
function answerOf(result: v.InferOutput<typeof ResultSchema>, request: GeocodeRequest): GeocodeAnswer | null {
  const components = result.address_components;
  if (component(components, 'country')?.short_name.toUpperCase() !== 'AU') return null;
  if (result.types.length > 0 && result.types.every((type) => TOO_BROAD.has(type) || type === 'political')) return null;
  const postalCode = component(components, 'postal_code')?.long_name ?? null;
  const postcode = postalCode && /^\d{4}$/.test(postalCode) ? postalCode : null;
  const stateCode = component(components, 'administrative_area_level_1')?.short_name.toUpperCase() ?? null;
  const state = stateCode && (AU_STATES as readonly string[]).includes(stateCode) ? stateCode : null;
  const locality = (component(components, 'locality') ?? component(components, 'postal_town') ?? component(components, 'sublocality') ?? component(components, 'colloquial_area'))?.long_name ?? null;
  const asked = request.kind === 'postcode' ? request.q.trim() : parseSuburbQuery(request.q).postcode;
  const label = (locality && state ? (postcode ? placeLabel(locality, state, postcode) : `${locality} ${state}`) : result.formatted_address.replace(/,\s*Australia$/i, '')).trim();
  if (!label) return null;
  return {
    lat: result.geometry.location.lat,
    lng: result.geometry.location.lng,
    label: label.slice(0, 120),
    postcode,
    state,
    approximate: result.partial_match || (asked !== null && postcode !== asked),
  };
}
