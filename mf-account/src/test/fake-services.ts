/**
 * The Workers mf-account calls, faked at the service-binding boundary: vitest.workers.config.ts binds them in place of
 * wrangler.jsonc's `services` for the Worker tests (they run in Node), and `testEnv` wraps them for the Node app tests.
 * Answers follow contracts' INTERNAL endpoints (account, reservedCars, car).
 *
 * edge-api's `GET /api/me` answers by the session cookie's value, for the tenants FAKE_TENANTS only (another tenant's
 * request is a 401, as a session of one tenant is nothing on another): `signed-in` -> FAKE_SUMMARY, `empty` -> a
 * shopper with nothing saved, `broken` -> 500, anything else -> 401.
 */
import type { AccountSummary } from '@forecourt/contracts/account';
import type { CarInput } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { INTERNAL } from '@forecourt/contracts/internal';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

/** The tenants whose shoppers and cars the fakes know ('watch-off' is test-motors with the server watchlist off). */
export const FAKE_TENANTS: readonly string[] = ['test-motors', 'watch-off'];

/** The session cookie of each fake shopper. */
export const FAKE_SESSIONS = { signedIn: `${SESSION_COOKIE}=signed-in`, empty: `${SESSION_COOKIE}=empty`, broken: `${SESSION_COOKIE}=broken`, expired: `${SESSION_COOKIE}=expired` } as const;

const car = (id: string, overrides: Partial<CarInput> = {}): CarInput => ({ ...sampleCar, id, slug: `2021-toyota-corolla-${id}`, path: `/cars/2021-toyota-corolla-${id}`, ...overrides });

/** The cars the fake mf-search lists by id (`gone-1` is no longer listed; `broken-1` makes mf-search fail). */
export const FAKE_CARS: Record<string, CarInput> = {
  [sampleCar.id]: sampleCar,
  'sold-1': car('sold-1', { name: '2019 Mazda CX-5 Maxx Sport', status: 'sold', sold: true, price: 28990, before_price: null }),
  'feed-reserved-1': car('feed-reserved-1', { name: '2020 Hyundai i30 Active', reserved: true, price: 21990, before_price: null }),
  'paid-1': car('paid-1', { name: '2022 Kia Sportage S', price: 36990, before_price: null, colour: 'Snow White', engine_size: 1999, fuel: 'Petrol', trans: 'Automatic', body: 'SUV' }),
  'coming-1': car('coming-1', { name: '2024 Toyota RAV4 GX', status: 'coming_soon', price: 0, before_price: null, preorder: true }),
};
/** The car ids edge-api holds a paid reservation for. */
export const FAKE_PAID_RESERVATIONS = ['paid-1'];

/** The signed-in shopper's summary (every kind of saved car, a search with a URL that is not a search page). */
export const FAKE_SUMMARY: AccountSummary = {
  user: { id: 'user-1', phone: '0412345678', first_name: 'Sam', last_name: 'Driver', email: 'sam@example.com' },
  preferences: { sms_alerts: true },
  watchlist: [sampleCar.id, 'sold-1', 'feed-reserved-1', 'paid-1', 'gone-1', 'broken-1'],
  saved_searches: [
    { id: 'search-1', url: '/search/used-cars?make=Toyota', label: 'Used Toyota', alerts: true, created_at: Date.UTC(2026, 10, 1) },
    { id: 'search-2', url: 'https://evil.example/search', label: 'Odd search', alerts: false, created_at: Date.UTC(2026, 10, 2) },
  ],
  reservations: [
    { payment_id: 'pay-1', car_id: 'paid-1', car_slug: '2021-toyota-corolla-paid-1', amount_cents: 50000, status: 'paid', refund_reason: null, created_at: Date.UTC(2026, 10, 20, 2), paid_at: Date.UTC(2026, 10, 20, 2), refunded_at: null },
    { payment_id: 'pay-2', car_id: 'gone-1', car_slug: null, amount_cents: 9950, status: 'refunded', refund_reason: 'already_reserved', created_at: Date.UTC(2026, 10, 21, 15), paid_at: Date.UTC(2026, 10, 21, 15), refunded_at: Date.UTC(2026, 10, 21, 16) },
  ],
  enquiries: [
    // 15:30 UTC on the 26th is the 27th in Brisbane (the tenant's time zone).
    { id: 'lead-1', created_at: Date.UTC(2026, 10, 26, 15, 30), category: 'Test Drive', subcategory: null, car_id: sampleCar.id },
    { id: 'lead-2', created_at: Date.UTC(2026, 10, 10), category: 'Trade-In Valuation', subcategory: '3. Offer Accepted', car_id: null },
  ],
};

/** A shopper with nothing saved and text alerts off. */
export const FAKE_EMPTY_SUMMARY: AccountSummary = { ...FAKE_SUMMARY, preferences: { sms_alerts: false }, watchlist: [], saved_searches: [], reservations: [], enquiries: [] };

const cookieValue = (request: Request): string | null => {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE.replace(/[-]/g, '\\-')}=([^;]*)`).exec(request.headers.get('cookie') ?? '');
  return match ? match[1]! : null;
};

/** edge-api: `GET /api/me` by session (above), `GET /api/payments/reserved` from FAKE_PAID_RESERVATIONS; else 404. */
export function fakeEdgeApi(request: Request): Response {
  const url = new URL(request.url);
  const tenant = request.headers.get(TENANT_HEADER);
  if (url.pathname === INTERNAL.account.path) {
    const session = tenant && FAKE_TENANTS.includes(tenant) ? cookieValue(request) : null;
    if (session === 'signed-in') return Response.json(FAKE_SUMMARY);
    if (session === 'empty') return Response.json(FAKE_EMPTY_SUMMARY);
    if (session === 'broken') return Response.json({ error: 'An unknown error occurred.' }, { status: 500 });
    return Response.json({ error: 'Not signed in.' }, { status: 401 });
  }
  if (url.pathname === INTERNAL.reservedCars.path && tenant) {
    const asked = (url.searchParams.get('car_ids') ?? '').split(',');
    return Response.json({ reserved: asked.filter((id) => FAKE_PAID_RESERVATIONS.includes(id)) });
  }
  return Response.json({ error: 'Not found.' }, { status: 404 });
}

/** mf-search: INTERNAL.car by id from FAKE_CARS for FAKE_TENANTS (`broken-1` a 500); anything else a 404. */
export function fakeSearch(request: Request): Response {
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  if (url.pathname !== INTERNAL.car.path || !id || !FAKE_TENANTS.includes(request.headers.get(TENANT_HEADER) ?? '')) return Response.json({ error: 'No such car.' }, { status: 404 });
  if (id === 'broken-1') return Response.json({ error: 'down' }, { status: 500 });
  const found = FAKE_CARS[id];
  return found ? Response.json({ car: found }) : Response.json({ error: 'No such car.' }, { status: 404 });
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { EDGE_API: fakeEdgeApi, SEARCH: fakeSearch };
