/**
 * The Workers mf-locations calls, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds them as miniflare service bindings; they run in Node). Answers follow contracts' INTERNAL.geocode.
 */
import { GEOCODE_ERRORS, INTERNAL } from '@forecourt/contracts/internal';

/** Places edge-api's geocoding knows in these tests. */
export const FAKE_PLACES: Record<string, { lat: number; lng: number; label: string; postcode: string; state: string; approximate: boolean }> = {
  '4157': { lat: -27.5263, lng: 153.1927, label: 'Capalaba QLD 4157', postcode: '4157', state: 'QLD', approximate: false },
  Capalaba: { lat: -27.5263, lng: 153.1927, label: 'Capalaba QLD 4157', postcode: '4157', state: 'QLD', approximate: false },
};

/** edge-api: `/internal/geocode` (4000: the provider down, 503), anything else 404. */
export function fakeEdgeApi(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname !== INTERNAL.geocode.path) return Response.json({ error: 'Not found.' }, { status: 404 });
  const q = url.searchParams.get('q') ?? '';
  if (q === '4000') return Response.json({ error: GEOCODE_ERRORS.unavailable }, { status: 503 });
  const place = FAKE_PLACES[q];
  return place ? Response.json(place) : Response.json({ error: GEOCODE_ERRORS.notFound }, { status: 404 });
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { EDGE_API: fakeEdgeApi };
