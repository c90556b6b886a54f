/**
 * A local stand-in for AutoGrab's facet search and trade prediction as http.ts states them (tests only, never imported
 * by the Worker): `ApiKey` auth, `region=au`, `{ error: true, message }` errors,
 * `GET /v2/vehicles/facets/search` (year, make and model required) and `POST /v2/valuations/predict` answering
 * `prediction.trade_price` and, with `features: ['bounds']`, `bounds.trade` (±6%). Trade price moves
 * FAKE_TRADE_PER_KM dollars per km from 60,000 km. Served over 127.0.0.1 by the unit tests or in-process.
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakeTradeVehicle = { id: string; year: number; make: string; model: string; badge: string; title: string; trade: number | null };
export type FakeValuationRequest = { method: string; path: string; query: Record<string, string>; apiKey: string | null; body: unknown };

export const FAKE_TRADE_BASE_KMS = 60_000;
export const FAKE_TRADE_PER_KM = 0.05;
export const FAKE_TRADE_BOUNDS = 0.06;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const agError = (status: number, message: string) => json(status, { error: true, message });
const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();

/** The fake's trade price of a vehicle at kms (null: no prediction). */
export const fakeTrade = (vehicle: FakeTradeVehicle, kms: number) => (vehicle.trade === null ? null : Math.max(300, vehicle.trade - (kms - FAKE_TRADE_BASE_KMS) * FAKE_TRADE_PER_KM));

export function createFakeAutograbValuations(options: { apiKey: string; vehicles: readonly FakeTradeVehicle[] }) {
  const requests: FakeValuationRequest[] = [];
  const controls = providerControls();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.text() : '';
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method, path: url.pathname, query, apiKey: request.headers.get('apikey'), body });
    const interjected = await controls.interject();
    if (interjected) return interjected;
    if (request.headers.get('apikey') !== options.apiKey) return agError(401, 'Invalid API key.');
    if (query.region !== 'au') return agError(400, 'region is required.');
    if (request.method === 'GET' && url.pathname === '/v2/vehicles/facets/search') {
      if (!query.year || !query.make || !query.model) return agError(400, 'Search for vehicles by facets - minimum of year, make and model are required.');
      const found = options.vehicles.filter((x) => String(x.year) === query.year && same(query.make, x.make) && same(query.model, x.model) && (query.badge === undefined || same(query.badge, x.badge)));
      return json(200, { success: true, vehicles: found.map((x) => ({ id: x.id, title: x.title, year: x.year, make: x.make, model: x.model, badge: x.badge })) });
    }
    if (request.method === 'POST' && url.pathname === '/v2/valuations/predict') {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (input.region !== 'au' || typeof input.vehicle_id !== 'string') return agError(400, 'region and vehicle_id are required.');
      if (typeof input.kms !== 'number' || !Number.isInteger(input.kms) || input.kms < 0) return agError(400, 'kms must be a whole number.');
      const vehicle = options.vehicles.find((x) => x.id === input.vehicle_id);
      if (!vehicle) return agError(404, 'Vehicle not found.');
      const trade = fakeTrade(vehicle, input.kms);
      if (trade === null) return agError(404, 'No pricing available for this vehicle.');
      const withBounds = Array.isArray(input.features) && input.features.includes('bounds');
      return json(200, {
        success: true,
        prediction: { id: `pr_${requests.length}`, vehicle_id: vehicle.id, kms: input.kms, score: 0.9, retail_price: trade * 1.18, trade_price: trade },
        ...(withBounds ? { bounds: { trade: { lower: trade * (1 - FAKE_TRADE_BOUNDS), upper: trade * (1 + FAKE_TRADE_BOUNDS) }, retail: { lower: trade * 1.1, upper: trade * 1.26 } } } : {}),
      });
    }
    return agError(404, 'Unrecognised route.');
  }

  return fakeProviderSurface(handle, requests, controls);
}
export type FakeAutograbValuations = ReturnType<typeof createFakeAutograbValuations>;
