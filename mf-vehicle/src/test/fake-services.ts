/**
 * The Workers mf-vehicle calls, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds them as miniflare service bindings; they run in Node). Answers follow the contracts' INTERNAL endpoints.
 */
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { fakeTradeInJourney } from './trade-in-fixtures.ts';

/** The one tenant the fakes know cars and estimates for (src/test/worker-setup.ts seeds its config). */
export const FAKE_TENANT = 'test-motors';
/** edge-api's delivery estimate for any postcode. */
export const FAKE_DELIVERY = { name: 'Brisbane Metro', price: 250 };

const notFound = () => Response.json({ error: 'Not found.' }, { status: 404 });

/** mf-search: `/internal/car` knows one car (contracts' sampleCar), for FAKE_TENANT only. */
export function fakeSearch(request: Request): Response {
  const url = new URL(request.url);
  const known = request.headers.get(TENANT_HEADER) === FAKE_TENANT && url.searchParams.get('slug') === sampleCar.slug;
  return url.pathname === INTERNAL.car.path && known ? Response.json({ car: sampleCar }) : notFound();
}

/** edge-api: no car reserved, a delivery estimate and trade-in journeys for FAKE_TENANT, no market valuation (the page renders without it). */
export function fakeEdgeApi(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname === INTERNAL.reservedCars.path) return Response.json({ reserved: [] });
  if (url.pathname === INTERNAL.delivery.path && request.headers.get(TENANT_HEADER) === FAKE_TENANT) return Response.json(FAKE_DELIVERY);
  // The trade-in journeys of src/test/trade-in-fixtures.ts (one per step), for FAKE_TENANT.
  const journey = fakeTradeInJourney(request, FAKE_TENANT);
  if (journey) return journey;
  return notFound();
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { SEARCH: fakeSearch, EDGE_API: fakeEdgeApi };
