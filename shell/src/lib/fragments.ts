import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, VERSION_HEADER, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import type { Env } from '../env.ts';
import { clientIpOf } from './proxy.ts';

/** The service binding of each remote (so `env[REMOTE_BINDING[remote]]` is a `Fetcher`). */
export const REMOTE_BINDING = {
  'mf-search': 'SEARCH',
  'mf-vehicle': 'VEHICLE',
  'mf-locations': 'LOCATIONS',
  'mf-finance': 'FINANCE',
  'mf-account': 'ACCOUNT',
} as const satisfies Record<RemoteName, keyof Env>;


/**
 * What a remote's fragment request gave the shell:
 * - `ok`: HTML to paste into the page (status 200, or a 4xx whose body is the remote's own HTML);
 * - `not-found`: the remote answered 404 with an empty body, the standard "not found" (the shell renders its own block);
 * - `failed`: error, timeout, 5xx, a redirect or anything that is not `text/html` (the shell renders the fallback, 503).
 */
export type FragmentResult =
  | {
      ok: true;
      kind: 'ok';
      status: number;
      head: FragmentHead | null;
      body: ReadableStream<Uint8Array>;
      cacheControl: string | null;
      /** Until when (epoch ms) this answer may be shared with every shopper; absent when it is not shareable. */
      sharedUntil?: number;
    }
  | { ok: false; kind: 'not-found'; status: 404 }
  | { ok: false; kind: 'failed'; status: 503; reason: string };

export type FetchFragmentOptions = {
  env: Env;
  remote: RemoteName;
  page: string;
  search?: URLSearchParams;
  params?: Record<string, string>;
  tenant: SiteConfig;
  /** The shopper's request: cookies and language travel on; nothing else does. */
  request: Request;
  timeoutMs?: number;
};

/** Fragments a remote marks `public, max-age=N` (the same for every shopper), kept per isolate. */
type CachedFragment = { expires: number; status: number; headValue: string | null; cacheControl: string | null; html: string };
const FRAGMENT_CACHE_MAX = 500;
const fragmentCache = new Map<string, CachedFragment>();

/** Seconds a response may be shared for, or 0 (only `public` with a positive max-age counts). */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl) || /no-store|private/i.test(cacheControl)) return 0;
  const m = /max-age=(\d+)/i.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

function fromCache(key: string, now: number): FragmentResult | null {
  const hit = fragmentCache.get(key);
  if (!hit) return null;
  if (hit.expires <= now) {
    fragmentCache.delete(key);
    return null;
  }
  return { ok: true, kind: 'ok', status: hit.status, head: decodeFragmentHead(hit.headValue), body: textStream(hit.html), cacheControl: hit.cacheControl, sharedUntil: hit.expires };
}

const textStream = (text: string): ReadableStream<Uint8Array> => new Response(text).body!;

/** Only HTML is pasted into a page (protocol P2): a JSON error or a file must never reach the shopper as markup. */
export const isHtml = (contentType: string | null) => /^\s*text\/html\s*(;|$)/i.test(contentType ?? '');

const failed = (remote: RemoteName, reason: string): FragmentResult => {
  console.error('fragment', remote, reason);
  return { ok: false, kind: 'failed', status: 503, reason: `${remote} ${reason}` };
};

/**
 * Protocol P4: each remote names its package version in VERSION_HEADER; a version other than the tenant's manifest
 * means the tenant is served code it was not configured for (a deploy skew), so operators get one line per answer.
 * A remote that sends no version says nothing either way.
 */
export function reportVersionSkew(tenant: SiteConfig, remote: RemoteName, served: string | null): boolean {
  const manifest = tenant.remotes[remote];
  if (!served || served === manifest) return false;
  console.error(`remote version skew: tenant=${tenant.slug} remote=${remote} manifest=${manifest} served=${served}`);
  return true;
}

/**
 * The query of a fragment request, built once (issue 10: appending to a URL's searchParams one by one re-serialises
 * the whole query each time, so 10,000 parameters cost seconds). Route params travel as `_<name>`: a shopper's own
 * `_`-keys are dropped so a browser can never fake one. The shell's query limits (contracts QUERY_LIMITS) bound it.
 */
export function fragmentQuery(search: URLSearchParams | undefined, params: Record<string, string> | undefined): string {
  const query = new URLSearchParams();
  for (const [k, v] of search ?? []) if (!k.startsWith('_')) query.append(k, v);
  for (const [k, v] of Object.entries(params ?? {})) query.set(`_${k}`, v);
  return query.toString();
}

function remember(key: string, entry: CachedFragment) {
  if (fragmentCache.size >= FRAGMENT_CACHE_MAX) fragmentCache.delete(fragmentCache.keys().next().value!);
  fragmentCache.set(key, entry);
}

/**
 * Fetches a remote's fragment over its service binding with the tenant and its version key (ARCHITECTURE.md step 3).
 * Never throws: a failing or slow remote gives `kind: 'failed'` so the shell can render a fallback block; an empty
 * 404 gives `kind: 'not-found'` (protocol P1, P2).
 */
export async function fetchFragment(options: FetchFragmentOptions): Promise<FragmentResult> {
  const { env, remote, page, tenant, request } = options;
  const binding = env[REMOTE_BINDING[remote]];
  const url = new URL(`https://${remote}.internal/fragments/${page}`);
  url.search = fragmentQuery(options.search, options.params);
  const headers = new Headers({ [TENANT_HEADER]: tenant.slug, [VERSION_HEADER]: tenant.remotes[remote] });
  for (const h of ['cookie', 'accept-language', 'user-agent']) {
    const value = request.headers.get(h);
    if (value) headers.set(h, value);
  }
  const ip = clientIpOf(request.headers);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const timeoutMs = options.timeoutMs ?? Number(env.FRAGMENT_TIMEOUT_MS ?? 4000);
  const cacheKey = `${remote}|${tenant.slug}|${tenant.remotes[remote]}|${url.pathname}${url.search}`;
  const cached = fromCache(cacheKey, Date.now());
  if (cached) return cached;
  let res: Response;
  try {
    // A 3xx from a remote is a failure (P2): the shell never follows a fragment somewhere else.
    res = await binding.fetch(url.toString(), { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return failed(remote, timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  reportVersionSkew(tenant, remote, res.headers.get(VERSION_HEADER));
  try {
    const contentType = res.headers.get('content-type');
    if (res.status === 404) {
      // P1: an empty 404 is the standard "not found"; a 404 with a body shows that body (if it is HTML).
      const text = await res.text();
      if (!text.trim()) return { ok: false, kind: 'not-found', status: 404 };
      if (!isHtml(contentType)) return failed(remote, `answered 404 with ${contentType ?? 'no content type'}`);
      return { ok: true, kind: 'ok', status: 404, head: decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER)), body: textStream(text), cacheControl: res.headers.get('cache-control') };
    }
    if (!res.body || res.status < 200 || res.status >= 500 || (res.status >= 300 && res.status < 400) || !isHtml(contentType)) {
      await res.body?.cancel();
      return failed(remote, `answered ${res.status} ${contentType ?? 'with no content type'}`);
    }
    const cacheControl = res.headers.get('cache-control');
    const maxAge = res.status === 200 ? sharedMaxAge(cacheControl) : 0;
    if (maxAge > 0) {
      const html = await res.text();
      const headValue = res.headers.get(FRAGMENT_HEAD_HEADER);
      const expires = Date.now() + maxAge * 1000;
      remember(cacheKey, { expires, status: res.status, headValue, cacheControl, html });
      return { ok: true, kind: 'ok', status: res.status, head: decodeFragmentHead(headValue), body: textStream(html), cacheControl, sharedUntil: expires };
    }
    return { ok: true, kind: 'ok', status: res.status, head: decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER)), body: res.body, cacheControl };
  } catch (error) {
    // Reading a small body (404, cached fragment) broke, or the remote's head header is malformed.
    await res.body?.cancel().catch(() => {});
    return failed(remote, `broke: ${error instanceof Error ? error.message : String(error)}`);
  }
}
