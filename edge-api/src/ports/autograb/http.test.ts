import type { Server } from 'node:http';
import { closedPort, serveHandler } from '../../test/serve.ts';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MarketPriceResultSchema } from '@forecourt/contracts/entities/market-price';
import { EmbeddedAutograb } from './embedded.ts';
import { AutograbUnavailableError, HttpAutograb } from './http.ts';
import type { MarketPriceCar } from './port.ts';
import { selectAutograb } from './select.ts';
import { createFakeAutograb, fakeRetail, type FakeAutograbVehicle } from './testing.ts';

const KEY = 'sec_local_only';
const corollaAg: FakeAutograbVehicle = {
  id: '5804870883868672', nvic: 'A5Q21A', year: 2021, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport',
  title: '2021 Toyota Corolla Ascent Sport Auto', retail: 29_000, score: 0.87, states: { QLD: 0.97 },
};
const hiluxAg: FakeAutograbVehicle = { id: '5655899674771456', year: 2017, make: 'Toyota', model: 'Hilux', badge: 'SR5', title: '2017 Toyota Hilux SR5', retail: null, score: 0.5 };
const fake = createFakeAutograb({ apiKey: KEY, vehicles: [corollaAg, hiluxAg] });
const noNvicRoute = createFakeAutograb({ apiKey: KEY, vehicles: [corollaAg], nvicRoute: false });

const serve = serveHandler;
const servers = [serve(fake.handle), serve(noNvicRoute.handle)];
let apiUrl = '';
let noNvicUrl = '';
beforeAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  [apiUrl, noNvicUrl] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [string, string];
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});
beforeEach(() => {
  fake.reset();
  noNvicRoute.reset();
});

const adapter = (opts: Partial<ConstructorParameters<typeof HttpAutograb>[0]> = {}) => new HttpAutograb({ apiKey: KEY, apiUrl, timeoutMs: 2_000, ...opts });
const corolla: MarketPriceCar = { id: 'c1', make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', year: 2021, km: 42_000, price: 27_990, nvic: 'a5q21a' };
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('HttpAutograb against a local AutoGrab on 127.0.0.1', () => {
  it('finds the car by NVIC, predicts with its km and maps the answer to the market-price contract', async () => {
    const result = await adapter().marketValuation('springwood-toyota', corolla);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/vehicles/nvics/A5Q21A', 'POST /v2/valuations/predict']);
    for (const r of fake.requests) {
      expect(r.headers.apikey).toBe(KEY);
      expect(r.query).toEqual({ region: 'au', reference_id: 'springwood-toyota:c1' });
    }
    const predict = fake.requests[1]!;
    expect(predict.headers['content-type']).toBe('application/json');
    expect(predict.body).toEqual({ region: 'au', vehicle_id: corollaAg.id, kms: 42_000, features: ['bounds'] });

    // Worked by hand: retail 29,000 + (50,000 - 42,000) x 0.05 = 29,400; range +/- 8% = 27,048 .. 31,752.
    expect(result).not.toBeNull();
    expect(v.safeParse(MarketPriceResultSchema, result).success).toBe(true);
    expect(result).toEqual({
      fill: Math.round(((31_752 - 27_990) / (31_752 - 27_048)) * 100) / 100, // 0.8
      listing_price: 27_990,
      market_range_min: 27_048,
      market_range_max: 31_752,
      confidence: 0.87,
      description: "Market range for a 2021 Toyota Corolla Ascent Sport from AutoGrab's recent Australian listings.",
      average_market_price: 29_400,
      state_average_market_price: null,
    });
    expect(result!.fill).toBe(0.8);
  });

  it('adds the state-level average from a second prediction with state_for_pricing', async () => {
    const result = await adapter().marketValuation('t', { ...corolla, state: 'qld' });
    const predicts = fake.requests.filter((r) => r.path === '/v2/valuations/predict').map((r) => r.body as Record<string, unknown>);
    expect(predicts).toHaveLength(2);
    expect(predicts.map((b) => b.state_for_pricing ?? null).sort()).toEqual(['QLD', null]);
    // 29,400 x 0.97 = 28,518; the range stays the national one.
    expect(result).toMatchObject({ average_market_price: 29_400, state_average_market_price: 28_518, market_range_min: 27_048 });
    expect(result!.state_average_market_price).toBe(Math.round(fakeRetail(corollaAg, 42_000, 'QLD')!));
  });

  it('keeps the national valuation when the state has no data or its call fails, and ignores an unknown state', async () => {
    expect(await adapter().marketValuation('t', { ...corolla, state: 'TAS' })).toMatchObject({ average_market_price: 29_400, state_average_market_price: null });
    fake.reset();
    fake.intercept((r) => ((r.body as { state_for_pricing?: string } | null)?.state_for_pricing ? json(500, { error: true, message: 'down' })() : null));
    expect(await adapter().marketValuation('t', { ...corolla, state: 'QLD' })).toMatchObject({ average_market_price: 29_400, state_average_market_price: null });
    expect(fake.requests.filter((r) => r.path === '/v2/valuations/predict')).toHaveLength(2);
    fake.reset();
    expect(await adapter().marketValuation('t', { ...corolla, state: 'Queensland' })).toMatchObject({ state_average_market_price: null });
    expect(fake.requests.filter((r) => r.path === '/v2/valuations/predict')).toHaveLength(1);
  });

  it('falls back to the year/make/model/badge facet search without an NVIC, or when AutoGrab does not know it', async () => {
    for (const car of [{ ...corolla, nvic: null }, { ...corolla, nvic: 'ZZZ999' }]) {
      fake.reset();
      expect(await adapter().marketValuation('t', car)).toMatchObject({ average_market_price: 29_400 });
      const search = fake.requests.find((r) => r.path === '/v2/vehicles/facets/search')!;
      expect(search.method).toBe('GET');
      expect(search.query).toEqual({ region: 'au', year: '2021', make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', reference_id: 't:c1' });
    }
    // A provider without the NVIC route (404) costs one call and still values the car.
    const result = await adapter({ apiUrl: noNvicUrl }).marketValuation('t', corolla);
    expect(noNvicRoute.requests.map((r) => r.path)).toEqual(['/v2/vehicles/nvics/A5Q21A', '/v2/vehicles/facets/search', '/v2/valuations/predict']);
    expect(result).toMatchObject({ average_market_price: 29_400 });
  });

  it('omits kms when the car has none (AutoGrab then uses the model average)', async () => {
    const result = await adapter().marketValuation('t', { ...corolla, km: null, badge: null, nvic: undefined });
    expect(fake.requests.find((r) => r.path === '/v2/vehicles/facets/search')!.query.badge).toBeUndefined();
    expect(fake.requests.at(-1)!.body).toEqual({ region: 'au', vehicle_id: corollaAg.id, features: ['bounds'] });
    expect(result).toMatchObject({ average_market_price: corollaAg.retail, description: "Market range for a 2021 Toyota Corolla from AutoGrab's recent Australian listings." });
  });

  it('answers no valuation at or below the spec §9 price threshold of 200, without calling AutoGrab', async () => {
    expect(await adapter().marketValuation('t', { ...corolla, price: 200 })).toBeNull();
    expect(await adapter().marketValuation('t', { ...corolla, price: 0 })).toBeNull();
    expect(fake.requests).toHaveLength(0);
    expect(await adapter().marketValuation('t', { ...corolla, price: 201 })).not.toBeNull();
  });

  it('answers no valuation when AutoGrab has no match or no prediction', async () => {
    expect(await adapter().marketValuation('t', { ...corolla, nvic: null, model: 'Camry' })).toBeNull();
    expect(fake.requests.map((r) => r.path)).toEqual(['/v2/vehicles/facets/search']);
    fake.reset();
    // In the catalogue, but predict answers 404.
    expect(await adapter().marketValuation('t', { id: 'h1', make: 'Toyota', model: 'Hilux', badge: 'SR5', year: 2017, km: 120_000, price: 38_000 })).toBeNull();
    fake.reset();
    fake.overrideNext('/v2/valuations/predict', json(200, { success: false, prediction: null }));
    expect(await adapter().marketValuation('t', corolla)).toBeNull();
  });

  it('keeps the averages but leaves range and fill empty when AutoGrab sends no bounds (the panel then hides, spec §5)', async () => {
    fake.overrideNext('/v2/valuations/predict', json(200, { success: true, prediction: { id: 'pr_1', score: 0.9, retail_price: 30_123.6, trade_price: 25_000 } }));
    const result = await adapter().marketValuation('t', corolla);
    expect(result).toMatchObject({ average_market_price: 30_124, market_range_min: null, market_range_max: null, fill: null, confidence: 0.9, listing_price: 27_990 });
    expect(v.safeParse(MarketPriceResultSchema, result).success).toBe(true);
    // Bounds inside the prediction are read too.
    fake.overrideNext('/v2/valuations/predict', json(200, { prediction: { score: 0.5, retail_price: 30_000, bounds: { retail: { lower: 28_000, upper: 32_000 } } } }));
    expect(await adapter().marketValuation('t', corolla)).toMatchObject({ market_range_min: 28_000, market_range_max: 32_000, fill: 1 });
  });

  it('throws AutograbUnavailableError on an error status, a refused key, a body that is not JSON or not a prediction', async () => {
    const cases: Array<[string, () => Response, RegExp]> = [
      ['/v2/valuations/predict', json(500, { error: true, message: 'Internal error' }), /predict answered 500 \(Internal error\)/],
      ['/v2/valuations/predict', json(429, { error: true, message: 'Too many requests' }), /answered 429/],
      ['/v2/vehicles/nvics/A5Q21A', json(503, {}), /GET \/v2\/vehicles\/nvics\/\{nvic\} answered 503/],
      ['/v2/valuations/predict', () => new Response('<html>bad gateway</html>', { status: 200 }), /without JSON/],
      ['/v2/valuations/predict', json(200, { success: true, prediction: { score: 'high', retail_price: 30_000 } }), /unexpected body.*score/],
      ['/v2/valuations/predict', json(200, { prediction: { score: 0.8, retail_price: 30_000 }, bounds: { retail: { lower: 33_000, upper: 29_000 } } }), /unexpected body/],
      ['/v2/vehicles/facets/search', json(200, { success: true, results: [] }), /unexpected body.*vehicles/],
    ];
    for (const [path, answer, message] of cases) {
      fake.reset();
      fake.overrideNext(path, answer);
      const car = path.includes('facets') ? { ...corolla, nvic: null } : corolla;
      const error = await adapter().marketValuation('t', car).catch((e: unknown) => e);
      expect(error, String(message)).toBeInstanceOf(AutograbUnavailableError);
      expect((error as Error).message).toMatch(message);
    }
    const refused = await new HttpAutograb({ apiKey: 'sec_wrong', apiUrl }).marketValuation('t', corolla).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/answered 401 \(Invalid API key.\)/);
    expect((refused as Error).message).not.toContain('sec_wrong');
  });

  it('gives up on a hanging AutoGrab within its one timeout for the whole valuation', async () => {
    fake.delay(400);
    const started = Date.now();
    const error = await adapter({ timeoutMs: 150 }).marketValuation('t', corolla).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AutograbUnavailableError);
    expect((error as Error).message).toMatch(/unreachable \((TimeoutError|AbortError)\)/);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('fails when nothing listens', async () => {
    const port = await closedPort();
    await expect(adapter({ apiUrl: `http://127.0.0.1:${port}` }).marketValuation('t', corolla)).rejects.toThrow(/unreachable/);
  });

  it('agrees with the embedded adapter on fill for the same range (one shared rule)', async () => {
    const result = (await adapter().marketValuation('t', corolla))!;
    const embedded = (await new EmbeddedAutograb().marketValuation('t', corolla))!;
    for (const r of [result, embedded]) {
      const expected = Math.round(Math.min(1, Math.max(0, (r.market_range_max! - 27_990) / (r.market_range_max! - r.market_range_min!))) * 100) / 100;
      expect(r.fill).toBe(expected);
    }
  });
});

describe('selectAutograb', () => {
  it("builds the http adapter from env, needs the key secret, and checks the URL", async () => {
    expect(selectAutograb({})).toBeInstanceOf(EmbeddedAutograb);
    const http = selectAutograb({ AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY, AUTOGRAB_API_URL: apiUrl });
    expect(http).toBeInstanceOf(HttpAutograb);
    await expect(http.marketValuation('t', corolla)).resolves.toMatchObject({ average_market_price: 29_400 });
    expect(selectAutograb({ AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY })).toBeInstanceOf(HttpAutograb);
    expect(() => selectAutograb({ AUTOGRAB_ADAPTER: 'http' })).toThrow(/AUTOGRAB_API_KEY is not set/);
    expect(() => selectAutograb({ AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY, AUTOGRAB_API_URL: 'not a url' })).toThrow(/AUTOGRAB_API_URL="not a url"/);
    // In-process fetch (as a Worker test would use the fake).
    const inProcess = selectAutograb({ AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY }, { fetch: fake.fetch });
    await expect(inProcess.marketValuation('t', corolla)).resolves.toMatchObject({ average_market_price: 29_400 });
    expect(fake.requests.at(-1)!.path).toBe('/v2/valuations/predict');
  });
});
