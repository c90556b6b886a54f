/**
 * A local stand-in for the transport partner's quote API that http.ts states (tests only, never imported by the
 * Worker): Bearer auth, `POST /v1/quotes` with `{ origin_postcode, destination_postcode, vehicle: { type } }`,
 * 200 `{ quote_id, region, price_aud, currency }`, 422 `{ error: { code, message } }` when the destination is not
 * served, 400 on a bad request, 401 on a wrong key. Served over 127.0.0.1 by the unit tests or called in-process.
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakeQuote = { region: string; price_aud: number };
export type FakeDeliveryRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const partnerError = (status: number, code: string, message: string) => json(status, { error: { code, message } });

/** `quote` prices a run, or null when the destination is not served. */
export function createFakeDeliveryPartner(options: { apiKey: string; quote: (origin: string, destination: string) => FakeQuote | null }) {
  const requests: FakeDeliveryRequest[] = [];
  const controls = providerControls();
  let quotes = 0;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // kept as text: answered 400 below
    }
    const headers = Object.fromEntries([...request.headers].map(([k, val]) => [k.toLowerCase(), val]));
    requests.push({ method: request.method, path: url.pathname, headers, body });
    const interjected = await controls.interject();
    if (interjected) return interjected;
    if (headers.authorization !== `Bearer ${options.apiKey}`) return partnerError(401, 'unauthorized', 'Invalid API key.');
    if (request.method !== 'POST' || url.pathname !== '/v1/quotes') return partnerError(404, 'not_found', 'No such route.');
    if (!String(headers['content-type']).startsWith('application/json')) return partnerError(415, 'unsupported_media_type', 'Send JSON.');
    const input = (body && typeof body === 'object' ? body : {}) as { origin_postcode?: unknown; destination_postcode?: unknown; vehicle?: { type?: unknown } };
    const postcode = (x: unknown): x is string => typeof x === 'string' && /^\d{4}$/.test(x);
    if (!postcode(input.origin_postcode) || !postcode(input.destination_postcode) || typeof input.vehicle?.type !== 'string') {
      return partnerError(400, 'invalid_request', 'origin_postcode, destination_postcode and vehicle.type are required.');
    }
    const quote = options.quote(input.origin_postcode, input.destination_postcode);
    if (!quote) return partnerError(422, 'destination_not_served', `We do not deliver to ${input.destination_postcode}.`);
    return json(200, { quote_id: `q_${++quotes}`, currency: 'AUD', ...quote, expires_at: new Date(Date.now() + 86_400_000).toISOString() });
  }

  return fakeProviderSurface(handle, requests, controls);
}
export type FakeDeliveryPartner = ReturnType<typeof createFakeDeliveryPartner>;
