/**
 * A local stand-in for AutoGrab's v2 API, speaking the wire format http.ts states (tests only, never imported by the
 * Worker): `ApiKey` auth, `region=au`, `{ error: true, message }` errors, the NVIC and facet-search vehicle routes and
 * /v2/valuations/predict with `kms`, `features: ['bounds']` and `state_for_pricing`. Served over 127.0.0.1 by the unit
 * tests (node:http) or called in-process as the adapter's `fetch`.
 */

/** A catalogue entry with the fake's pricing: retail at `baseKms`, moving `perKm` dollars per km either side. */
export type FakeAutograbVehicle = {
  id: string;
  nvic?: string;
  year: number;
  make: string;
  model: string;
  badge: string;
  title: string;
  /** Null: in the catalogue but AutoGrab has no prediction (predict answers 404). */
  retail: number | null;
  score: number;
  /** State multipliers for `state_for_pricing`; a state not listed answers 404 (no state-level data). */
  states?: Record<string, number>;
};

export type FakeAutograbRequest = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown };

export const FAKE_AUTOGRAB_PRICING = { baseKms: 50_000, perKm: 0.05, rangeHalfWidth: 0.08, tradeShare: 0.85 } as const;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const agError = (status: number, message: string) => json(status, { error: true, message });
const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();

/** The fake's retail price for a vehicle at kms in a state (null state = national), as predict answers it. */
export function fakeRetail(vehicle: FakeAutograbVehicle, kms: number | undefined, state?: string | null): number | null {
  if (vehicle.retail === null) return null;
  const p = FAKE_AUTOGRAB_PRICING;
  const factor = state ? vehicle.states?.[state] : 1;
  if (factor === undefined) return null;
  return Math.max(500, (vehicle.retail - ((kms ?? p.baseKms) - p.baseKms) * p.perKm) * factor);
}

export function createFakeAutograb(options: { apiKey: string; vehicles: FakeAutograbVehicle[]; nvicRoute?: boolean }) {
  const requests: FakeAutograbRequest[] = [];
  const overrides = new Map<string, Array<() => Response>>();
  let delayMs = 0;
  let pricings = 0;
  let interceptor: ((request: FakeAutograbRequest) => Response | null) | null = null;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.text() : '';
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const headers = Object.fromEntries([...request.headers].map(([k, val]) => [k.toLowerCase(), val]));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method, path: url.pathname, query, headers, body });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const override = overrides.get(url.pathname)?.shift();
    if (override) return override();
    const intercepted = interceptor?.(requests.at(-1)!);
    if (intercepted) return intercepted;
    if (headers.apikey !== options.apiKey) return agError(401, 'Invalid API key.');
    if (query.region !== 'au') return agError(400, 'region is required.');
    return route(request.method, url.pathname, query, body);
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): Response {
    const nvic = /^\/v2\/vehicles\/nvics\/([^/]+)$/.exec(path);
    if (method === 'GET' && nvic && options.nvicRoute !== false) {
      const vehicle = options.vehicles.find((x) => x.nvic && x.nvic === decodeURIComponent(nvic[1]!));
      return vehicle ? json(200, { success: true, vehicle: publicVehicle(vehicle) }) : agError(404, 'Vehicle not found.');
    }
    if (method === 'GET' && path === '/v2/vehicles/facets/search') {
      if (!query.year || !query.make || !query.model) return agError(400, 'Search for vehicles by facets - minimum of year, make and model are required.');
      const vehicles = options.vehicles.filter(
        (x) => String(x.year) === query.year && same(query.make, x.make) && same(query.model, x.model) && (query.badge === undefined || same(query.badge, x.badge)),
      );
      return json(200, { success: true, vehicles: vehicles.map(publicVehicle) });
    }
    if (method === 'POST' && path === '/v2/valuations/predict') {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (input.region !== 'au' || typeof input.vehicle_id !== 'string') return agError(400, 'region and vehicle_id are required.');
      if (input.kms !== undefined && (typeof input.kms !== 'number' || !Number.isInteger(input.kms) || input.kms < 0)) return agError(400, 'kms must be a whole number.');
      const vehicle = options.vehicles.find((x) => x.id === input.vehicle_id);
      if (!vehicle) return agError(404, 'Vehicle not found.');
      const state = typeof input.state_for_pricing === 'string' ? input.state_for_pricing : null;
      const kms = input.kms as number | undefined;
      const retail = fakeRetail(vehicle, kms, state);
      if (retail === null) return agError(404, 'No pricing available for this vehicle.');
      const p = FAKE_AUTOGRAB_PRICING;
      const withBounds = Array.isArray(input.features) && input.features.includes('bounds');
      const trade = retail * p.tradeShare;
      return json(200, {
        success: true,
        prediction: {
          id: `pr_${++pricings}`, vehicle_id: vehicle.id, created_at: new Date().toISOString(), kms: kms ?? p.baseKms,
          price: retail, score: vehicle.score, retail_price: retail, trade_price: trade,
        },
        ...(withBounds
          ? { bounds: { retail: { lower: retail * (1 - p.rangeHalfWidth), upper: retail * (1 + p.rangeHalfWidth) }, trade: { lower: trade * 0.9, upper: trade * 1.1 } } }
          : {}),
      });
    }
    return agError(404, 'Unrecognised route.');
  }

  const publicVehicle = (x: FakeAutograbVehicle) => ({ id: x.id, region: 'au', title: x.title, year: x.year, make: x.make, model: x.model, badge: x.badge });

  return {
    handle,
    /** `fetch` for the adapter (in-process). */
    fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)),
    requests,
    /** The next call to `path` answers this instead (e.g. a 500, or 200 with a body that is not JSON). */
    overrideNext(path: string, answer: () => Response) {
      overrides.set(path, [...(overrides.get(path) ?? []), answer]);
    },
    /** Until reset, a request for which `fn` returns a Response gets that answer instead. */
    intercept(fn: (request: FakeAutograbRequest) => Response | null) {
      interceptor = fn;
    },
    /** Every answer waits this long first (a hanging provider). */
    delay(ms: number) {
      delayMs = ms;
    },
    reset() {
      requests.length = 0;
      overrides.clear();
      delayMs = 0;
      interceptor = null;
    },
  };
}
export type FakeAutograb = ReturnType<typeof createFakeAutograb>;
