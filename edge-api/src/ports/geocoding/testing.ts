/**
 * A local stand-in for Google's Geocoding API as http.ts states it (tests only, never imported by the Worker):
 * `GET /maps/api/geocode/json?address=&components=country:AU|postal_code:NNNN&region=au&key=`, always HTTP 200 with a
 * `status` as Google does: REQUEST_DENIED for a wrong key, INVALID_REQUEST without `address` or `components`,
 * ZERO_RESULTS when no place matches, else OK with Google's result shape (address_components, formatted_address,
 * geometry.location, types). A place matches when its postcode equals the postal_code filter (if any) and, for an
 * address that is not just the postcode, its locality starts the address. Served over 127.0.0.1 by the unit tests or
 * called in-process by the Worker tests. No Node imports.
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakePlace = { locality: string; state: string; stateName: string; postcode: string; lat: number; lng: number; country?: string };
export const GEOCODE_PATH = '/maps/api/geocode/json';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' } });

/** Google's result for a place (a locality; `postcodeResult` answers as for a postcode lookup). */
export function googleResult(place: FakePlace, postcodeResult = false) {
  const country = place.country ?? 'AU';
  return {
    address_components: [
      { long_name: place.locality, short_name: place.locality, types: ['locality', 'political'] },
      { long_name: place.stateName, short_name: place.state, types: ['administrative_area_level_1', 'political'] },
      { long_name: country === 'AU' ? 'Australia' : country, short_name: country, types: ['country', 'political'] },
      { long_name: place.postcode, short_name: place.postcode, types: ['postal_code'] },
    ],
    formatted_address: `${place.locality} ${place.state} ${place.postcode}, ${country === 'AU' ? 'Australia' : country}`,
    geometry: { location: { lat: place.lat, lng: place.lng }, location_type: 'APPROXIMATE' },
    place_id: `fake-${place.postcode}-${place.locality.toLowerCase().replace(/\W+/g, '-')}`,
    types: postcodeResult ? ['postal_code'] : ['locality', 'political'],
  };
}

export function createFakeGoogleGeocoding(options: { apiKey: string; places: readonly FakePlace[] }) {
  const requests: URL[] = [];
  const controls = providerControls();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    requests.push(url);
    const interjected = await controls.interject();
    if (interjected) return interjected;
    if (request.method !== 'GET' || url.pathname !== GEOCODE_PATH) return new Response('Not Found', { status: 404 });
    if (url.searchParams.get('key') !== options.apiKey) return json({ error_message: 'The provided API key is invalid.', results: [], status: 'REQUEST_DENIED' });
    const address = (url.searchParams.get('address') ?? '').trim().toLowerCase();
    const components = url.searchParams.get('components') ?? '';
    if (!address && !components) return json({ error_message: "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.", results: [], status: 'INVALID_REQUEST' });
    const filters = new Map(components.split('|').filter(Boolean).map((pair) => pair.split(':') as [string, string]));
    const postcode = filters.get('postal_code');
    const country = filters.get('country')?.toUpperCase();
    const byPostcode = /^\d{4}$/.test(address);
    const matches = options.places.filter(
      (p) =>
        (!country || (p.country ?? 'AU') === country) &&
        (!postcode || p.postcode === postcode) &&
        (byPostcode ? p.postcode === address : address.startsWith(p.locality.toLowerCase())),
    );
    if (matches.length === 0) return json({ results: [], status: 'ZERO_RESULTS' });
    return json({ results: matches.map((p) => googleResult(p, byPostcode)), status: 'OK' });
  }

  return fakeProviderSurface(handle, requests, controls);
}
export type FakeGoogleGeocoding = ReturnType<typeof createFakeGoogleGeocoding>;
