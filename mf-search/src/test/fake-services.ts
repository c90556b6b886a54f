/**
 * The Worker mf-search calls, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds it as a miniflare service binding; it runs in Node). Answers follow the contracts' INTERNAL endpoints.
 */
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

/** The tenant the tests seed (src/test/worker-setup.ts): its stock is STOCK_CARS. */
export const FAKE_TENANT = 'test-motors';
/** A second car of the stock, the one edge-api holds a paid reservation for. */
export const RESERVED_CAR = { ...sampleCar, id: '148224', stocknum: 'U14823', slug: '2020-toyota-corolla-ascent-sport-148224', path: '/cars/2020-toyota-corolla-ascent-sport-148224', name: '2020 Toyota Corolla Ascent Sport', year: 2020 };
export const STOCK_CARS = [sampleCar, RESERVED_CAR];

/** edge-api: RESERVED_CAR holds a paid reservation (INTERNAL.reservedCars) for FAKE_TENANT; anything else is a 404. */
export function fakeEdgeApi(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname === INTERNAL.reservedCars.path && request.headers.get(TENANT_HEADER) === FAKE_TENANT) {
    const asked = (url.searchParams.get('car_ids') ?? '').split(',');
    return Response.json({ reserved: asked.filter((id) => id === RESERVED_CAR.id) });
  }
  return Response.json({ error: 'Not found.' }, { status: 404 });
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { EDGE_API: fakeEdgeApi };
