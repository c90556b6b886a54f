import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeocodeAnswerSchema } from '@forecourt/contracts/internal';
import { closedPort, serveHandler } from '../../test/serve.ts';
import { EmbeddedGeocoding } from './embedded.ts';
import { checkGeocodingUrl, GEOCODING_TIMEOUT_MS, HttpGeocoding } from './http.ts';
import { GeocodingUnavailableError } from './port.ts';
import { selectGeocoding } from './select.ts';
import { createFakeGoogleGeocoding, GEOCODE_PATH, googleResult, type FakePlace } from './testing.ts';

const KEY = 'AIza_local_only_key';
const SPRINGWOOD: FakePlace = { locality: 'Springwood', state: 'QLD', stateName: 'Queensland', postcode: '4127', lat: -27.6118, lng: 153.1285 };
const SPRINGWOOD_NSW: FakePlace = { locality: 'Springwood', state: 'NSW', stateName: 'New South Wales', postcode: '2777', lat: -33.6997, lng: 150.5641 };
const WACOL: FakePlace = { locality: 'Wacol', state: 'QLD', stateName: 'Queensland', postcode: '4076', lat: -27.5833, lng: 152.9333 };
const fake = createFakeGoogleGeocoding({ apiKey: KEY, places: [SPRINGWOOD, SPRINGWOOD_NSW, WACOL] });

const server = serveHandler(fake.handle);
let apiUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${GEOCODE_PATH}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => fake.reset());

const adapter = (opts: Partial<ConstructorParameters<typeof HttpGeocoding>[0]> = {}) => new HttpGeocoding({ apiUrl, apiKey: KEY, timeoutMs: 2_000, ...opts });
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (...results: unknown[]) => json({ status: 'OK', results });

describe('HttpGeocoding against a local Google-format Geocoding API on 127.0.0.1', () => {
  it('looks a postcode up with the country and postal_code filters and answers results[0] in the contract', async () => {
    const answer = await adapter().locate({ kind: 'postcode', q: '4127' });
    expect(fake.requests).toHaveLength(1);
    const url = fake.requests[0]!;
    expect(url.pathname).toBe(GEOCODE_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({ address: '4127', components: 'country:AU|postal_code:4127', region: 'au', key: KEY });
    expect(answer).toEqual({ lat: -27.6118, lng: 153.1285, label: 'Springwood QLD 4127', postcode: '4127', state: 'QLD', approximate: false });
    expect(v.safeParse(GeocodeAnswerSchema, answer).success).toBe(true);
  });

  it('looks a suburb up by address within Australia, adding postal_code when the shopper typed one', async () => {
    await expect(adapter().locate({ kind: 'suburb', q: ' Wacol  QLD ' })).resolves.toEqual({ lat: -27.5833, lng: 152.9333, label: 'Wacol QLD 4076', postcode: '4076', state: 'QLD', approximate: false });
    expect(Object.fromEntries(fake.requests[0]!.searchParams)).toEqual({ address: 'Wacol QLD', components: 'country:AU', region: 'au', key: KEY });
    // Two Springwoods: Google's first result is taken; a typed postcode narrows the lookup itself.
    await expect(adapter().locate({ kind: 'suburb', q: 'Springwood 2777' })).resolves.toMatchObject({ label: 'Springwood NSW 2777', state: 'NSW' });
    expect(fake.requests[1]!.searchParams.get('components')).toBe('country:AU|postal_code:2777');
  });

  it('flags a partial match, or another postcode than the one asked, as approximate', async () => {
    fake.overrideNext(ok({ ...googleResult(SPRINGWOOD), partial_match: true }));
    await expect(adapter().locate({ kind: 'suburb', q: 'Springwod' })).resolves.toMatchObject({ label: 'Springwood QLD 4127', approximate: true });
    fake.overrideNext(ok(googleResult(SPRINGWOOD, true)));
    await expect(adapter().locate({ kind: 'postcode', q: '4126' })).resolves.toMatchObject({ postcode: '4127', approximate: true });
  });

  it('labels from formatted_address when the result has no locality, and drops a postcode that is not 4 digits', async () => {
    const result = googleResult(SPRINGWOOD);
    fake.overrideNext(ok({ ...result, formatted_address: 'Logan City QLD, Australia', address_components: [result.address_components[1], result.address_components[2], { long_name: '41', short_name: '41', types: ['postal_code'] }] }));
    await expect(adapter().locate({ kind: 'suburb', q: 'Logan City' })).resolves.toMatchObject({ label: 'Logan City QLD', postcode: null, state: 'QLD', approximate: false });
  });

  it('answers null for ZERO_RESULTS, an OK without results, a place outside Australia, or a bare country or state', async () => {
    await expect(adapter().locate({ kind: 'postcode', q: '4999' })).resolves.toBeNull();
    expect(fake.requests).toHaveLength(1);
    await expect(adapter().locate({ kind: 'suburb', q: 'Atlantis' })).resolves.toBeNull();
    fake.overrideNext(ok());
    await expect(adapter().locate({ kind: 'suburb', q: 'Wacol' })).resolves.toBeNull();
    fake.overrideNext(ok(googleResult({ ...SPRINGWOOD, locality: 'Springwood', state: 'AK', stateName: 'Alaska', country: 'US' })));
    await expect(adapter().locate({ kind: 'suburb', q: 'Springwood' })).resolves.toBeNull();
    const noCountry = googleResult(SPRINGWOOD);
    fake.overrideNext(ok({ ...noCountry, address_components: noCountry.address_components.filter((c) => !c.types.includes('country')) }));
    await expect(adapter().locate({ kind: 'suburb', q: 'Springwood' })).resolves.toBeNull();
    fake.overrideNext(ok({ address_components: [{ long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] }], formatted_address: 'Australia', geometry: { location: { lat: -25.27, lng: 133.77 } }, types: ['country', 'political'] }));
    await expect(adapter().locate({ kind: 'suburb', q: 'Nowhere' })).resolves.toBeNull();
    fake.overrideNext(ok({ address_components: [{ long_name: 'Queensland', short_name: 'QLD', types: ['administrative_area_level_1', 'political'] }, { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] }], formatted_address: 'Queensland, Australia', geometry: { location: { lat: -20.9, lng: 142.7 } }, types: ['administrative_area_level_1', 'political'] }));
    await expect(adapter().locate({ kind: 'suburb', q: 'Queensland' })).resolves.toBeNull();
  });

  it('throws GeocodingUnavailableError for an error status, an HTTP error, a body that is not JSON or not this shape', async () => {
    const cases: Array<[() => Response, RegExp]> = [
      [json({ status: 'OVER_QUERY_LIMIT', results: [], error_message: 'You have exceeded your rate-limit for this API.' }), /status OVER_QUERY_LIMIT$/],
      [json({ status: 'OVER_DAILY_LIMIT', results: [] }), /status OVER_DAILY_LIMIT$/],
      [json({ status: 'INVALID_REQUEST', results: [] }), /status INVALID_REQUEST$/],
      [json({ status: 'UNKNOWN_ERROR', results: [] }), /status UNKNOWN_ERROR$/],
      [json({ status: 'OK <script>', results: [] }), /status \(unreadable\)$/],
      [json({ error: 'upstream' }, 500), /HTTP 500$/],
      [json({}, 429), /HTTP 429$/],
      [() => new Response('<html>bad gateway</html>', { status: 200 }), /without JSON/],
      [json({ results: [] }), /unexpected body.*status/],
      [json({ status: 'OK', results: 'none' }), /unexpected body.*results/],
      [ok({ ...googleResult(SPRINGWOOD), geometry: { location: { lat: '-27.6', lng: 153.1 } } }), /unexpected result.*geometry\.location\.lat/],
      [ok({ ...googleResult(SPRINGWOOD), geometry: { location: { lat: -127.6, lng: 153.1 } } }), /unexpected result.*geometry\.location\.lat/],
      [ok({ ...googleResult(SPRINGWOOD), address_components: undefined }), /unexpected result.*address_components/],
    ];
    for (const [answer, message] of cases) {
      fake.overrideNext(answer);
      const error = await adapter().locate({ kind: 'postcode', q: '4127' }).catch((e: unknown) => e);
      expect(error, String(message)).toBeInstanceOf(GeocodingUnavailableError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('throws for a refused key, never naming the key nor the place', async () => {
    const error = await new HttpGeocoding({ apiUrl, apiKey: 'wrong-key' }).locate({ kind: 'suburb', q: 'Springwood QLD' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocodingUnavailableError);
    expect((error as Error).message).toBe('Geocoding API answered status REQUEST_DENIED');
    expect((error as Error).message).not.toMatch(/wrong-key|Springwood/);
  });

  it('gives up on a hanging provider at its timeout (a few seconds by default)', async () => {
    expect(GEOCODING_TIMEOUT_MS).toBe(2_500);
    fake.delay(400);
    const started = Date.now();
    const error = await adapter({ timeoutMs: 100 }).locate({ kind: 'postcode', q: '4127' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocodingUnavailableError);
    expect((error as Error).message).toMatch(/unreachable \((TimeoutError|AbortError)\)/);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it("gives up before mf-locations' locator stops waiting for the route (its answer must reach the caller)", () => {
    const locator = readFileSync(new URL('../../../../mf-locations/src/lib/locator.ts', import.meta.url), 'utf8');
    const callerWaits = /callInternal\(deps\.edge, 'geocode',[^\n]*timeoutMs: deps\.timeoutMs \?\? (\d+)/.exec(locator)?.[1];
    expect(callerWaits, "mf-locations' geocode call and its default timeout").toBeDefined();
    expect(GEOCODING_TIMEOUT_MS).toBeLessThanOrEqual(Number(callerWaits) - 500);
  });

  it('fails when nothing listens', async () => {
    const port = await closedPort();
    await expect(adapter({ apiUrl: `http://127.0.0.1:${port}${GEOCODE_PATH}` }).locate({ kind: 'postcode', q: '4127' })).rejects.toThrow(GeocodingUnavailableError);
  });

  it('keeps its answers (a paid provider)', () => {
    expect(adapter().keepsAnswers).toBe(true);
  });
});

describe('selectGeocoding and the endpoint rule', () => {
  it('defaults to the embedded locality table; http needs the URL and the key, and https unless on a loopback host', async () => {
    expect(selectGeocoding({})).toBeInstanceOf(EmbeddedGeocoding);
    expect(selectGeocoding({ GEOCODING_ADAPTER: ' ' })).toBeInstanceOf(EmbeddedGeocoding);
    const http = selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: apiUrl, GEOCODING_API_KEY: KEY });
    expect(http).toBeInstanceOf(HttpGeocoding);
    await expect(http.locate({ kind: 'postcode', q: '4076' })).resolves.toMatchObject({ label: 'Wacol QLD 4076' });
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_KEY: KEY })).toThrow(/^GEOCODING_API_URL is not set/);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: apiUrl })).toThrow(/^GEOCODING_API_KEY is not set/);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: 'maps', GEOCODING_API_KEY: KEY })).toThrow('GEOCODING_API_URL="maps" is not a URL.');
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: 'http://maps.example.com/geocode/json', GEOCODING_API_KEY: KEY })).toThrow('GEOCODING_API_URL must use https (got http://maps.example.com).');
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'google' })).toThrow('GEOCODING_ADAPTER="google" is not an available adapter (available: embedded, http).');
    expect(checkGeocodingUrl('https://maps.googleapis.com/maps/api/geocode/json').hostname).toBe('maps.googleapis.com');
    expect(checkGeocodingUrl('http://localhost:8787/geocode').port).toBe('8787');
    // In-process (the Worker tests' way): the given fetch is used, with the URL and key of the env.
    const fetch = vi.fn(fake.fetch);
    const inProcess = selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: `https://maps.example.com.au${GEOCODE_PATH}`, GEOCODING_API_KEY: KEY }, { fetch });
    await expect(inProcess.locate({ kind: 'suburb', q: 'Springwood QLD' })).resolves.toMatchObject({ label: 'Springwood QLD 4127' });
    expect(String(fetch.mock.calls[0]![0])).toMatch(/^https:\/\/maps\.example\.com\.au\/maps\/api\/geocode\/json\?address=Springwood\+QLD&components=country%3AAU&region=au&key=/);
  });
});
