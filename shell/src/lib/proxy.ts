/** Rules of the shell's same-origin proxies (`/api/*` to the owning Worker, `/_mf/*` to a remote's assets, fragments). */
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';

/**
 * Headers a browser may never set on a subrequest: the platform's own (`x-forecourt-*`: tenant, version, head, client
 * IP) and Cloudflare's controls (`cf-*`, `cloudflare-*`: e.g. `Cloudflare-Workers-Version-Overrides`, which Cloudflare
 * honours on service-binding subrequests and would let a browser pick a Worker version in a gradual deployment).
 */
const BROWSER_FORBIDDEN = /^(x-forecourt-|cf-|cloudflare-)/i;

/**
 * A copy of the request's headers without any header a browser may not choose (BROWSER_FORBIDDEN), with the client's
 * IP as Cloudflare reported it (CF-Connecting-IP, which Cloudflare sets on every request it passes to the shell) under
 * contracts' CLIENT_IP_HEADER, so the Workers behind the shell can rate-limit by it.
 */
export function withoutInternalHeaders(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of [...headers.keys()]) if (BROWSER_FORBIDDEN.test(name)) headers.delete(name);
  const ip = clientIpOf(source);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** The client's IP as Cloudflare reported it to the shell, or null (local runs without it). */
export const clientIpOf = (headers: Headers): string | null => headers.get('cf-connecting-ip')?.trim().slice(0, 64) || null;

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
