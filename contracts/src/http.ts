/**
 * What every Worker agrees on about the HTTP requests the shell passes on: the client's address as the shell vouches
 * for it, the limits of a query string, and how a client is keyed for rate limits.
 */

/**
 * The shopper's IP address as the shell read it from Cloudflare (`CF-Connecting-IP`, which Cloudflare sets and a
 * browser cannot). The shell drops every `x-forecourt-*`, `cf-*` and `cloudflare-*` header a browser sends before
 * any subrequest and sets this one itself, so a Worker behind the shell can trust it.
 */
export const CLIENT_IP_HEADER = 'x-forecourt-client-ip';

/**
 * The most query parameters, and the longest query string (characters after `?`), the shell accepts on any request.
 * The platform's own links stay far below (a search with every facet refined is about 40 parameters); a longer query
 * answers 414 before any work is done, so a request's cost cannot grow with the size of its query.
 */
export const QUERY_LIMITS = { maxParams: 100, maxLength: 4096 } as const;

/**
 * Whether a raw query string (without `?`) is within QUERY_LIMITS, counted without parsing it.
 * @example queryWithinLimits('make=toyota&page=2') // true
 */
export function queryWithinLimits(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query.length > QUERY_LIMITS.maxLength) return false;
  let params = query.length > 0 ? 1 : 0;
  for (let i = 0; i < query.length && params <= QUERY_LIMITS.maxParams; i++) if (query.charCodeAt(i) === 38 /* & */) params++;
  return params <= QUERY_LIMITS.maxParams;
}

/**
 * The part of an IP address that names one client for rate limits: an IPv4 address whole, an IPv6 address by its
 * /64 prefix (one subscriber's network: a client can pick any of its 2^64 addresses, so keying the whole address
 * would give each request a fresh allowance).
 * @example rateLimitAddress('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 * @example rateLimitAddress('203.0.113.9') // '203.0.113.9'
 */
export function rateLimitAddress(ip: string | null | undefined): string | null {
  const value = ip?.trim().toLowerCase();
  if (!value) return null;
  if (!value.includes(':')) return value;
  // Expand '::' so the first four groups are known, whatever the notation.
  const [head = '', tail] = value.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((g) => (g.replace(/^0+(?=.)/, '') || '0'));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}

/**
 * Query parameters that only say where a click came from (ad and mail campaign trackers): they never change what a
 * page shows, so the shell leaves them out of its cache keys (an ad click shares the cached page, and random tracking
 * strings cannot flush a cache) and does not pass them on to the remotes. The shopper's URL keeps them (analytics in
 * the browser reads them). `utm_*` is a prefix; the others are whole names.
 */
export const TRACKING_PARAMS = ['utm_*', 'gclid', 'fbclid', 'msclkid', 'dclid', 'gbraid', 'wbraid', '_ga', 'mc_cid', 'mc_eid'] as const;

const TRACKING_NAMES: ReadonlySet<string> = new Set(TRACKING_PARAMS.filter((p) => !p.endsWith('*')));

/**
 * Whether a query parameter is one of TRACKING_PARAMS (names compared in lower case).
 * @example isTrackingParam('utm_source') // true
 * @example isTrackingParam('make') // false
 */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_NAMES.has(lower);
}

/**
 * A query without TRACKING_PARAMS, its parameters sorted by name (stable: repeated names keep their order), as a
 * string without `?`: the same page asked with its parameters in another order or with an ad click's trackers gives
 * the same key.
 * @example canonicalQuery(new URLSearchParams('q=a&utm_source=x&make=kia')) // 'make=kia&q=a'
 */
export function canonicalQuery(search: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const [k, v] of search) if (!isTrackingParam(k)) out.append(k, v);
  out.sort();
  return out.toString();
}
