/**
 * A local stand-in for Cloudflare's purge-by-tag API that cloudflare.ts states (tests only, never imported by the
 * Worker): `POST /client/v4/zones/{zone}/purge_cache` with a Bearer token and `{ "tags": [...] }` (at most 30),
 * answered in Cloudflare's v4 envelope: 200 `{ success: true, errors: [], messages: [], result: { id } }`; a wrong
 * token 403 with code 10000, an unknown zone 404 with 7003, more than 30 tags 400 with 1015 (`success: false`).
 * Served over 127.0.0.1 by the unit tests or called in-process (`fetch`).
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakePurgeRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

const envelope = (status: number, success: boolean, errors: Array<{ code: number; message: string }>, result: unknown = null) =>
  new Response(JSON.stringify({ success, errors, messages: [], result }), { status, headers: { 'content-type': 'application/json' } });

export function createFakeCloudflarePurge(options: { zoneId: string; token: string }) {
  const requests: FakePurgeRequest[] = [];
  const controls = providerControls();
  /** Every tag purged, in order (what the zone's caches dropped). */
  const purgedTags: string[] = [];

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
    const route = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(url.pathname);
    if (request.method !== 'POST' || !route) return envelope(404, false, [{ code: 7000, message: 'No route for that URI' }]);
    if (headers.authorization !== `Bearer ${options.token}`) return envelope(403, false, [{ code: 10000, message: 'Authentication error' }]);
    if (route[1] !== options.zoneId) return envelope(404, false, [{ code: 7003, message: 'Could not route to /zones/..., perhaps your object identifier is invalid?' }]);
    const tags = (body as { tags?: unknown } | null)?.tags;
    if (!Array.isArray(tags) || tags.length === 0 || !tags.every((t) => typeof t === 'string')) return envelope(400, false, [{ code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"' }]);
    if (tags.length > 30) return envelope(400, false, [{ code: 1015, message: 'You may purge up to 30 tags in one API call.' }]);
    purgedTags.push(...(tags as string[]));
    return envelope(200, true, [], { id: options.zoneId });
  }

  return { ...fakeProviderSurface(handle, requests, controls, () => void (purgedTags.length = 0)), purgedTags };
}
export type FakeCloudflarePurge = ReturnType<typeof createFakeCloudflarePurge>;
