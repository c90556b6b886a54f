/**
 * The Worker mf-search calls, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds it as a miniflare service binding; it runs in Node). Answers follow the contracts' INTERNAL endpoints.
 */
import type { CarInput } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

/** The tenant the tests seed (src/test/worker-setup.ts): its stock is STOCK_CARS. */
export const FAKE_TENANT = 'test-motors';
/** A second car of the stock, the one edge-api holds a paid reservation for. */
export const RESERVED_CAR = { ...sampleCar, id: '148224', stocknum: 'U14823', slug: '2020-toyota-corolla-ascent-sport-148224', path: '/cars/2020-toyota-corolla-ascent-sport-148224', name: '2020 Toyota Corolla Ascent Sport', year: 2020 };
export const STOCK_CARS = [sampleCar, RESERVED_CAR];

/** A second seeded tenant, for the finance strip (`strip=finance`): its stock is FINANCE_CARS. */
export const FINANCE_TENANT = 'finance-motors';
const financeCar = (n: number, days: number, extra: Partial<CarInput> = {}): CarInput => {
  const slug = `2021-mazda-cx-5-maxx-${8000 + n}`;
  return { ...sampleCar, id: String(8000 + n), stocknum: `F${8000 + n}`, slug, path: `/cars/${slug}`, name: '2021 Mazda CX-5 Maxx', make: 'Mazda', model: 'CX-5', year: 2021, created_at_timestamp: sampleCar.created_at_timestamp + (30 - days) * 86_400_000, ...extra };
};
const onePhoto = { photos_count: 1, images: sampleCar.images.slice(0, 1), thumbnails: sampleCar.thumbnails.slice(0, 1) };
/**
 * Seven used cars in stock with more than one photo (8001-8007, newest first; 8007 has no photos_count, two images),
 * and cars the finance strip leaves out: 8010 one photo, 8011 new, 8012 sold, 8013 coming soon (all newer).
 */
export const FINANCE_CARS = [
  ...[1, 2, 3, 4, 5, 6].map((n) => financeCar(n, n)),
  financeCar(7, 7, { photos_count: null }),
  financeCar(10, 0, onePhoto),
  financeCar(11, 0, { car_type: 'new' }),
  financeCar(12, 0, { status: 'sold', sold: true, sold_date_timestamp: Date.now() - 86_400_000 }),
  financeCar(13, 0, { status: 'coming_soon' }),
];

/** Tenants whose stock the refresh tests import (config seeded by worker-setup.ts, stock written by the tests). */
export const IMPORT_TENANT = 'import-motors';
/** Its purges fail (edge-api answers 503): an import still shows, search goes on. */
export const PURGE_FAILS_TENANT = 'purge-fails-motors';
/** The test's view of the purges edge-api received: `GET` this path on the EDGE_API binding (the fake runs in Node). */
export const FAKE_PURGES_PATH = '/__test/purges';
const purges: unknown[] = [];

/**
 * edge-api: RESERVED_CAR holds a paid reservation (INTERNAL.reservedCars) for FAKE_TENANT; the purge port
 * (INTERNAL.purgePages) records each body (answered 503 for PURGE_FAILS_TENANT); anything else is a 404.
 */
export async function fakeEdgeApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === INTERNAL.purgePages.path && request.method === 'POST') {
    if (request.headers.get(TENANT_HEADER) === PURGE_FAILS_TENANT) return Response.json({ error: 'Purge is down.' }, { status: 503 });
    purges.push(await request.json());
    return Response.json({ dropped: 1, shared: true });
  }
  if (url.pathname === FAKE_PURGES_PATH) return Response.json(purges);
  if (url.pathname === INTERNAL.reservedCars.path && request.headers.get(TENANT_HEADER) === FAKE_TENANT) {
    const asked = (url.searchParams.get('car_ids') ?? '').split(',');
    return Response.json({ reserved: asked.filter((id) => id === RESERVED_CAR.id) });
  }
  return Response.json({ error: 'Not found.' }, { status: 404 });
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { EDGE_API: fakeEdgeApi };
