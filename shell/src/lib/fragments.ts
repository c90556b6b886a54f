import type { Fetcher } from '@cloudflare/workers-types';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, VERSION_HEADER, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export const REMOTE_BINDING: Record<RemoteName, keyof Env> = {
  'mf-search': 'SEARCH',
  'mf-vehicle': 'VEHICLE',
  'mf-locations': 'LOCATIONS',
  'mf-finance': 'FINANCE',
  'mf-account': 'ACCOUNT',
};

/** Which Worker answers an `/api/<area>` path: the area's remote, else edge-api (the write side). */
export const API_OWNERS: Array<[prefix: string, binding: keyof Env]> = [
  ['/api/search', 'SEARCH'],
  ['/api/vehicle', 'VEHICLE'],
  ['/api/locations', 'LOCATIONS'],
  ['/api/finance', 'FINANCE'],
  ['/api/account', 'ACCOUNT'],
];

export type FragmentResult =
  | { ok: true; status: number; head: FragmentHead | null; body: ReadableStream<Uint8Array>; cacheControl: string | null }
  | { ok: false; status: number; reason: string };

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
  return { ok: true, status: hit.status, head: decodeFragmentHead(hit.headValue), body: new Response(hit.html).body as unknown as ReadableStream<Uint8Array>, cacheControl: hit.cacheControl };
}

function remember(key: string, entry: CachedFragment) {
  if (fragmentCache.size >= FRAGMENT_CACHE_MAX) fragmentCache.delete(fragmentCache.keys().next().value!);
  fragmentCache.set(key, entry);
}

/**
 * Fetches a remote's fragment over its service binding with the tenant and its version key (ARCHITECTURE.md step 3).
 * Never throws: a failing or slow remote gives `{ ok: false }` so the shell can render a fallback block.
 */
export async function fetchFragment(options: FetchFragmentOptions): Promise<FragmentResult> {
  const { env, remote, page, tenant, request } = options;
  const binding = env[REMOTE_BINDING[remote]] as Fetcher;
  const url = new URL(`https://${remote}.internal/fragments/${page}`);
  for (const [k, v] of options.search ?? []) url.searchParams.append(k, v);
  for (const [k, v] of Object.entries(options.params ?? {})) url.searchParams.set(`_${k}`, v);
  const headers = new Headers({ [TENANT_HEADER]: tenant.slug, [VERSION_HEADER]: tenant.remotes[remote] });
  for (const h of ['cookie', 'accept-language', 'user-agent']) {
    const value = request.headers.get(h);
    if (value) headers.set(h, value);
  }
  headers.set('x-forecourt-url', request.url);
  const timeoutMs = options.timeoutMs ?? Number(env.FRAGMENT_TIMEOUT_MS ?? 4000);
  const cacheKey = `${remote}|${tenant.slug}|${tenant.remotes[remote]}|${url.pathname}${url.search}`;
  const cached = fromCache(cacheKey, Date.now());
  if (cached) return cached;
  try {
    const res = await binding.fetch(url.toString(), { headers, signal: AbortSignal.timeout(timeoutMs) } as never);
    if (!res.body || res.status >= 500) {
      await res.body?.cancel();
      return { ok: false, status: 503, reason: `${remote} answered ${res.status}` };
    }
    const cacheControl = res.headers.get('cache-control');
    const maxAge = res.status === 200 ? sharedMaxAge(cacheControl) : 0;
    if (maxAge > 0) {
      const html = await res.text();
      const headValue = res.headers.get(FRAGMENT_HEAD_HEADER);
      remember(cacheKey, { expires: Date.now() + maxAge * 1000, status: res.status, headValue, cacheControl, html });
      return { ok: true, status: res.status, head: decodeFragmentHead(headValue), body: new Response(html).body as unknown as ReadableStream<Uint8Array>, cacheControl };
    }
    return {
      ok: true,
      status: res.status,
      head: decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER)),
      body: res.body as unknown as ReadableStream<Uint8Array>,
      cacheControl,
    };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `${remote} timed out after ${timeoutMs} ms` : `${remote} failed`;
    console.error('fragment', reason, error instanceof Error ? error.message : error);
    return { ok: false, status: 503, reason };
  }
}
