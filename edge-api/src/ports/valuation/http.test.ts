import { beforeEach, describe, expect, it } from 'vitest';
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';
import { closedPort, serveOnLocalhost } from '../../test/serve.ts';
import { conditionFactor, tradeRange } from './embedded.ts';
import { HttpValuation, VALUATION_TIMEOUT_MS } from './http.ts';
import { ValuationUnavailableError } from './port.ts';
import { selectValuation } from './select.ts';
import { FAKE_TRADE_BOUNDS, createFakeAutograbValuations, fakeTrade, type FakeTradeVehicle } from './testing.ts';

const KEY = 'ag_local_only_key';
const CX5: FakeTradeVehicle = { id: 'ag-cx5-2021', year: 2021, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', title: '2021 Mazda CX-5 Maxx Sport', trade: 28_000 };
const NO_PRICE: FakeTradeVehicle = { id: 'ag-none', year: 2020, make: 'Holden', model: 'Astra', badge: 'R', title: '2020 Holden Astra R', trade: null };
const fake = createFakeAutograbValuations({ apiKey: KEY, vehicles: [CX5, NO_PRICE] });
const provider = serveOnLocalhost(fake.handle);
beforeEach(() => fake.reset());

const GOOD = { accident_history: 'none', service_history: 'full', finance_owing: 'yes', keys: '2', paint: 'good', interior: 'good', tyres: 'good', modifications: 'none' };
const adapter = (opts: Partial<ConstructorParameters<typeof HttpValuation>[0]> = {}) => new HttpValuation({ apiUrl: provider.url, apiKey: KEY, timeoutMs: 2_000, ...opts });
const manual = (x: Partial<TradeInVehicle> = {}): TradeInVehicle => ({ year: 2021, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', source: 'manual', ...x });
const value = (vehicle: TradeInVehicle, odometer = 60_000, answers: Record<string, string> = GOOD, a = adapter()) => a.value({ tenant: 'acme', vehicle, odometer, answers, state: 'VIC' });

describe('HttpValuation against a local AutoGrab-format API on 127.0.0.1', () => {
  it('prices the rego lookup’s vehicle id by kms and state: AutoGrab’s trade bounds in whole hundreds', async () => {
    const range = await value(manual({ provider_id: 'ag-cx5-2021', source: 'rego' }), 80_000);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v2/valuations/predict', query: { region: 'au', reference_id: 'acme' }, apiKey: KEY, body: { region: 'au', vehicle_id: 'ag-cx5-2021', kms: 80_000, features: ['bounds'], state_for_pricing: 'VIC' } });
    const trade = fakeTrade(CX5, 80_000)!;
    expect(range).toEqual({ low: Math.floor((trade * (1 - FAKE_TRADE_BOUNDS)) / 100) * 100, high: Math.ceil((trade * (1 + FAKE_TRADE_BOUNDS)) / 100) * 100 });
  });

  it('finds a typed car by facet search first, and moves the range by the condition answers', async () => {
    const good = (await value(manual()))!;
    expect(fake.requests.map((r) => r.path)).toEqual(['/v2/vehicles/facets/search', '/v2/valuations/predict']);
    expect(fake.requests[0]!.query).toEqual({ region: 'au', year: '2021', make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', reference_id: 'acme' });
    const worse = (await value(manual(), 60_000, { ...GOOD, accident_history: 'major' }))!;
    expect(worse.high).toBeLessThan(good.high);
    expect(worse.low).toBe(Math.floor((28_000 * (1 - FAKE_TRADE_BOUNDS) * conditionFactor({ accident_history: 'major' })) / 100) * 100);
  });

  it('answers ±5% of the trade price when AutoGrab sends no trade bounds', async () => {
    fake.overrideNext(() => Response.json({ success: true, prediction: { trade_price: 20_000, retail_price: 24_000, score: 0.8 } }));
    expect(await value(manual({ provider_id: 'ag-cx5-2021' }))).toEqual(tradeRange(20_000));
  });

  it('answers null when AutoGrab has no such car or no price for it', async () => {
    expect(await value(manual({ model: 'CX-9' }))).toBeNull();
    expect(await value(manual({ provider_id: 'ag-none' }))).toBeNull();
    expect(await value(manual({ provider_id: 'ag-unknown' }))).toBeNull();
  });

  it('throws ValuationUnavailableError on 5xx, a refused key, a malformed body, a timeout or nothing listening', async () => {
    fake.overrideNext(() => Response.json({ error: true, message: 'Internal error' }, { status: 500 }));
    await expect(value(manual({ provider_id: 'ag-cx5-2021' }))).rejects.toBeInstanceOf(ValuationUnavailableError);
    await expect(value(manual(), 60_000, GOOD, adapter({ apiKey: 'wrong' }))).rejects.toThrow(/answered 401/);
    fake.overrideNext(() => Response.json({ success: true, prediction: { trade_price: -5 } }));
    await expect(value(manual({ provider_id: 'ag-cx5-2021' }))).rejects.toThrow(/unexpected body/);
    expect(VALUATION_TIMEOUT_MS).toBeLessThan(10_000);
    fake.delay(500);
    await expect(value(manual({ provider_id: 'ag-cx5-2021' }), 60_000, GOOD, adapter({ timeoutMs: 100 }))).rejects.toThrow(/unreachable/);
    fake.reset();
    const port = await closedPort();
    await expect(value(manual(), 60_000, GOOD, adapter({ apiUrl: `http://127.0.0.1:${port}` }))).rejects.toBeInstanceOf(ValuationUnavailableError);
  });

  it('is chosen by VALUATION_ADAPTER=http with its key secret, and names AutoGrab as the offer’s provider', () => {
    const chosen = selectValuation({ VALUATION_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY, AUTOGRAB_API_URL: provider.url });
    expect(chosen).toBeInstanceOf(HttpValuation);
    expect(chosen.provider).toBe('autograb');
  });
});
