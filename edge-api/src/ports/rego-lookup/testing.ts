/**
 * A local stand-in for AutoGrab's registration lookup as http.ts states it (tests only, never imported by the Worker):
 * `GET /v2/vehicles/registrations/{rego}?region=au&state=&reference_id=`, `ApiKey` auth, 404 `{ error: true, message }`
 * for an unknown registration. Served over 127.0.0.1 by the unit tests or called in-process by the Worker tests.
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakeRegistration = {
  rego: string;
  state: string;
  vehicle: { id: string; title: string; year: number; make: string; model: string; badge?: string; body_type?: string; transmission_type?: string; fuel_type?: string };
};
export type FakeRegoRequest = { method: string; path: string; query: Record<string, string>; apiKey: string | null };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const agError = (status: number, message: string) => json(status, { error: true, message });

export function createFakeAutograbRegos(options: { apiKey: string; registrations: readonly FakeRegistration[] }) {
  const requests: FakeRegoRequest[] = [];
  const controls = providerControls();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method, path: url.pathname, query, apiKey: request.headers.get('apikey') });
    const interjected = await controls.interject();
    if (interjected) return interjected;
    if (request.headers.get('apikey') !== options.apiKey) return agError(401, 'Invalid API key.');
    if (query.region !== 'au') return agError(400, 'region is required.');
    const route = /^\/v2\/vehicles\/registrations\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !route) return agError(404, 'Unrecognised route.');
    if (!query.state) return agError(400, 'state is required.');
    const rego = decodeURIComponent(route[1]!).toUpperCase();
    const found = options.registrations.find((r) => r.rego === rego && r.state === query.state);
    return found ? json(200, { success: true, vehicle: { region: 'au', ...found.vehicle } }) : agError(404, `No vehicle found for registration ${rego}.`);
  }

  return fakeProviderSurface(handle, requests, controls);
}
export type FakeAutograbRegos = ReturnType<typeof createFakeAutograbRegos>;
