/** Rules of the shell's same-origin proxies (`/api/*` to the owning Worker, `/_mf/*` to a remote's assets). */

/** Headers the platform sets between its own Workers: whatever a browser sends under this prefix is dropped. */
const INTERNAL_HEADER_PREFIX = 'x-forecourt-';

/** A copy of the request's headers without any `x-forecourt-*` one (tenant, version, head...). */
export function withoutInternalHeaders(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of [...headers.keys()]) if (name.startsWith(INTERNAL_HEADER_PREFIX)) headers.delete(name);
  return headers;
}

/**
 * A write from another site (CSRF): the browser says so (`Sec-Fetch-Site: cross-site`), or the `Origin` it sends
 * names another host than the one asked (an unparsable Origin such as "null" counts as another).
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
