/**
 * The dealer locator's place lookup (issue 17, spec §7 Geocoding, §5 postcode rules), for mf-locations' server only:
 * `GET /internal/geocode?q=` (contracts `INTERNAL.geocode`; under `/internal`, which the shell never proxies, so a
 * browser cannot make the paid provider run). The query is checked with contracts' GeocodeQuerySchema and classified
 * by `locatorQuery` (a postcode of exactly 4 digits, or a suburb name with an optional state and postcode):
 * - 400 `{ error }`: the query breaks the rule (its text from `locatorQuery`, spec §8 words; no lookup made);
 * - 200 the answer (checked against GeocodeAnswerSchema), `cache-control: public, max-age=86400` (places do not move);
 * - 404 `{ error: GEOCODE_ERRORS.notFound }` ('Invalid postcode', spec §7) for a postcode nothing was found for,
 *   `{ error: GEOCODE_ERRORS.suburb }` for a suburb;
 * - 503 `{ error: GEOCODE_ERRORS.unavailable }` when the provider fails or is misconfigured (the locator still lists).
 * A paid provider's answers ("none" included) are kept 30 days in D1 `geocode_answers` per tenant and normalised query.
 * Nothing of the query is logged (a place a shopper typed is not personal data, but there is no need to keep it).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { GEOCODE_ERRORS, GeocodeAnswerSchema, GeocodeQuerySchema, INTERNAL, locatorQuery, type GeocodeAnswer } from '@forecourt/contracts/internal';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { rememberedGeocode } from '../ports/geocoding/cache.ts';
import type { GeocodeRequest, GeocodingPort } from '../ports/geocoding/port.ts';
import { selectGeocoding } from '../ports/geocoding/select.ts';

/** A found place is the same place tomorrow: callers and caches may reuse it a day. */
export const GEOCODE_CACHE_CONTROL = 'public, max-age=86400';

/** A lookup finishes (and its answer is kept) even when the caller stops waiting; the next search finds it kept. */
function completing<T>(c: Context<AppEnv>, work: Promise<T>): Promise<T> {
  try {
    c.executionCtx.waitUntil(work.catch(() => undefined));
  } catch {
    // No execution context (a direct app.request in tests): the await below is all there is.
  }
  return work;
}

export type GeocodeRoutesOptions = {
  /** `fetch` of the http adapter (tests: the fake provider in-process); global fetch by default. */
  fetch?: typeof fetch;
};

export function createGeocodeRoutes(options: GeocodeRoutesOptions = {}) {
  return new Hono<AppEnv>().get(INTERNAL.geocode.path, async (c) => {
    const raw = c.req.query('q') ?? '';
    const checked = v.safeParse(GeocodeQuerySchema, { q: raw });
    const query = locatorQuery(checked.success ? checked.output.q : raw);
    // Over GEOCODE_QUERY_MAX yet fine by locatorQuery ('4' + 60 spaces + '127' is digits only): the text of its kind.
    if (!checked.success || !query.ok) return jsonError(c, 400, query.ok ? (query.kind === 'postcode' ? GEOCODE_ERRORS.postcode : GEOCODE_ERRORS.suburb) : query.error);
    const tenant = c.get('tenant');
    const request: GeocodeRequest = { kind: query.kind, q: query.q, preferState: c.get('siteConfig').default_state };
    let answer: GeocodeAnswer | null;
    try {
      const port: GeocodingPort = selectGeocoding(c.env, options);
      const lookUp = () => port.locate(request);
      answer = await completing(c, port.keepsAnswers ? rememberedGeocode(c.env.DB, tenant, request, lookUp) : lookUp());
      if (answer !== null) {
        const valid = v.safeParse(GeocodeAnswerSchema, answer);
        if (!valid.success) throw new Error(`the geocoding port answered outside the contract (${valid.issues.map((i) => v.getDotPath(i) ?? '(root)').join(', ')})`);
        answer = valid.output;
      }
    } catch (error) {
      console.error(`edge-api geocode: the geocoding provider failed for ${tenant}: ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`);
      c.header('cache-control', 'no-store');
      return jsonError(c, 503, GEOCODE_ERRORS.unavailable);
    }
    if (!answer) return jsonError(c, 404, query.kind === 'postcode' ? GEOCODE_ERRORS.notFound : GEOCODE_ERRORS.suburb);
    return c.json(answer, 200, { 'cache-control': GEOCODE_CACHE_CONTROL });
  });
}

/** Mounted at the root by src/index.ts (its path is contracts' INTERNAL.geocode.path). */
export const geocodeRoutes = createGeocodeRoutes();
