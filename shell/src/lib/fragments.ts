import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, fragmentUrl, type FragmentHead } from '@forecourt/contracts/fragments';
import { WORKER_VERSION_HEADER } from '@forecourt/contracts/releases';
import { TENANT_HEADER, VERSION_HEADER, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import { CLIENT_IP_HEADER, isTrackingParam } from '@forecourt/contracts/http';
import { CACHE_TAGS_HEADER, PAGE_CACHE_ISOLATE_SECONDS, pageCacheTags, parseCacheTags } from '@forecourt/contracts/page-cache';
import type { Env } from '../env.ts';
import { breakerOptions, recordCanaryAnswer } from './canary-breaker.ts';
import { clientIpOf } from './proxy.ts';
import { recordRemoteAnswer, type RemoteOutcome } from './remote-metrics.ts';
import { applyOverride, remoteBinding, type ShellPin } from './remote-versions.ts';
import { digest, purgeEpoch } from './page-cache.ts';

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
      /**
       * The cache tags of what it shows (contracts CACHE_TAGS_HEADER, valid ones only) plus the tenant's: a purge of
       * any of them drops it and every document built with it.
       */
      tags?: string[];
      /**
       * The body as text when the shell already has it whole (a kept or shareable fragment, a 404's HTML): readers
       * take it instead of `body` (then made only if asked for), so no text goes to a stream and back.
       */
      html?: string;
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
  /** The version of the remote this request runs (remote-versions.ts `pinsFor`). */
  pin: ShellPin;
  /**
   * The digest of the tenant's config and data the shared document key uses (page-cache.ts `tenantDigest`), so a
   * fragment rendered under an older config is never pasted into a newer config's document. Without it, a digest of
   * `tenant` (the config alone) is used.
   */
  tenantDigest?: string;
  /** The shopper's request: cookies and language travel on; nothing else does. */
  request: Request;
  timeoutMs?: number;
};

/**
 * Fragments a remote marks `public, max-age=N` (the same for every shopper), kept per isolate with their tags.
 * `servedUntil`: when this isolate stops answering it (the fragment is fetched again): its expiry, or for a fragment
 * showing cars (a car or stock tag) at most PAGE_CACHE_ISOLATE_SECONDS after it was fetched. In production a purge is
 * Cloudflare's purge by tag, which reaches the shared document layer but never this map: a document recheck that
 * misses the shared layer must compose from a fresh car fragment, not one kept for its whole max-age.
 */
type CachedFragment = { expires: number; servedUntil: number; status: number; head: FragmentHead | null; cacheControl: string | null; html: string; tags: string[] };
/**
 * Fragments kept per isolate, least recently used evicted first; they hold the parts of the popular pages whose whole
 * documents were evicted or are being re-checked. Bounded by count and by bytes: a fragment is 1-100 KB of text (a
 * slot, a car page's body, a search results block of 21 cards), and V8 keeps a text with any character past U+00FF
 * (a ’, a –) at two bytes a character, so a search block is ~170 KB of heap. 500 of those were ~85 MB, most of a
 * Worker's 128 MB (issue 19: the shell's live heap after 1,000 distinct search pages); FRAGMENT_CACHE_BYTES counts
 * every character as two bytes, so the bound holds whatever the text.
 */
export const FRAGMENT_CACHE_MAX = 500;
/** Heap the kept fragments' text may take per isolate (two bytes a character): ~100 search blocks, ~1,000 slots. */
export const FRAGMENT_CACHE_BYTES = 16 * 1024 * 1024;
/** A fragment larger than this share of the budget is never kept (one page must not evict all the others). */
const FRAGMENT_MAX_SHARE = 8;
const fragmentCache = new Map<string, CachedFragment>();
let fragmentBytes = 0;
let fragmentHits = 0;

/** What a kept fragment counts against FRAGMENT_CACHE_BYTES: its text at two bytes a character. */
const fragmentCost = (entry: CachedFragment) => entry.html.length * 2;

function dropFragment(key: string) {
  const entry = fragmentCache.get(key);
  if (!entry) return;
  fragmentCache.delete(key);
  fragmentBytes -= fragmentCost(entry);
}

/** Seconds a response may be shared for, or 0 (only `public` with a positive max-age counts). */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl) || /no-store|private/i.test(cacheControl)) return 0;
  const m = /max-age=(\d+)/i.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

function fromCache(key: string, now: number): FragmentResult | null {
  const hit = fragmentCache.get(key);
  if (!hit) return null;
  if (hit.expires <= now || hit.servedUntil <= now) {
    dropFragment(key);
    return null;
  }
  fragmentCache.delete(key);
  fragmentCache.set(key, hit);
  fragmentHits++;
  return textResult(hit.status, hit.head, hit.html, hit.cacheControl, hit.expires, hit.tags);
}

const textStream = (text: string): ReadableStream<Uint8Array> => new Response(text).body!;

/**
 * Decoded fragment heads by their header value: a slot's head (its stylesheets, its islands) is the same text for every
 * car, and decoding is a JSON parse plus a schema check per fragment. At most 256 values of at most
 * FRAGMENT_HEAD_MEMO_CHARS each (~1 MB at worst, a slot's head is a few hundred bytes); the oldest decoded goes first.
 * A longer head (a page's own, different per car) is decoded every time. Heads are shared, so readers never change one.
 */
export const FRAGMENT_HEADS_MAX = 256;
export const FRAGMENT_HEAD_MEMO_CHARS = 4096;
const decodedHeads = new Map<string, FragmentHead | null>();
function decodeHead(value: string | null): FragmentHead | null {
  if (!value) return null;
  if (value.length > FRAGMENT_HEAD_MEMO_CHARS) return decodeFragmentHead(value);
  const known = decodedHeads.get(value);
  if (known !== undefined) return known;
  const head = decodeFragmentHead(value);
  decodedHeads.set(value, head);
  while (decodedHeads.size > FRAGMENT_HEADS_MAX) decodedHeads.delete(decodedHeads.keys().next().value!);
  return head;
}

/** How many decoded heads are kept (tests of the bound). */
export const decodedHeadCount = () => decodedHeads.size;

/**
 * An `ok` answer whose body the shell has as text: `html` for readers, and `body` made from it only when asked for.
 * The head was decoded once when the fragment arrived (a kept fragment is never decoded again): readers never change
 * it.
 */
function textResult(status: number, head: FragmentHead | null, html: string, cacheControl: string | null, sharedUntil?: number, tags?: string[]): FragmentResult {
  const result = {
    ok: true as const,
    kind: 'ok' as const,
    status,
    head,
    html,
    cacheControl,
    get body() {
      return textStream(html);
    },
  };
  return Object.assign(result, sharedUntil === undefined ? {} : { sharedUntil }, tags === undefined ? {} : { tags });
}

/** Only HTML is pasted into a page (protocol P2): a JSON error or a file must never reach the shopper as markup. */
export const isHtml = (contentType: string | null) => /^\s*text\/html\s*(;|$)/i.test(contentType ?? '');

const failed = (remote: RemoteName, reason: string): FragmentResult => {
  console.error('fragment', remote, reason);
  return { ok: false, kind: 'failed', status: 503, reason: `${remote} ${reason}` };
};

/**
 * Protocol P4: each remote names its build version in VERSION_HEADER; a version other than the one the shell asked for
 * (the request's pin) means the tenant was served code it was not configured for (an override that did not apply: the
 * version is not in the remote's deployment), so operators get one line per answer and the metrics count it.
 * A remote that sends no version says nothing either way.
 */
export function reportVersionSkew(tenant: Pick<SiteConfig, 'slug'>, remote: RemoteName, pin: Pick<ShellPin, 'version' | 'workerVersionId'>, served: string | null, servedWorker: string | null): boolean {
  const skewed = Boolean(served && served !== pin.version) || Boolean(pin.workerVersionId && servedWorker && servedWorker !== pin.workerVersionId);
  if (skewed) console.error(`remote version skew: tenant=${tenant.slug} remote=${remote} asked=${pin.version} served=${served ?? '?'} worker=${servedWorker ?? '?'}`);
  return skewed;
}

/**
 * The query of a fragment request, built once (issue 10: appending to a URL's searchParams one by one re-serialises
 * the whole query each time, so 10,000 parameters cost seconds). Route params travel as `_<name>`: a shopper's own
 * `_`-keys are dropped so a browser can never fake one. Tracking parameters (contracts TRACKING_PARAMS) are not passed
 * on, and the rest are sorted by name (stable), so an ad click or another parameter order asks (and keys) the same
 * fragment. The shell's query limits (contracts QUERY_LIMITS) bound it.
 */
export function fragmentQuery(search: URLSearchParams | undefined, params: Record<string, string> | undefined): string {
  const query = new URLSearchParams();
  for (const [k, v] of search ?? []) if (!k.startsWith('_') && !isTrackingParam(k)) query.append(k, v);
  for (const [k, v] of Object.entries(params ?? {})) query.set(`_${k}`, v);
  query.sort();
  return query.toString();
}

/** Whether a fragment shows cars (a car or stock tag): then it is answered from the isolate only briefly. */
const showsCars = (tags: readonly string[]) => tags.some((t) => t.startsWith('car:') || t.startsWith('stock:'));

const configDigests = new WeakMap<object, string>();
/** A digest of a tenant config alone (when the caller gave no tenantDigest), once per loaded config object. */
function configDigest(config: SiteConfig): string {
  let value = configDigests.get(config);
  if (!value) configDigests.set(config, (value = digest(JSON.stringify(config))));
  return value;
}

/** Test hook: empties the fragment cache. */
export const clearFragmentCache = () => {
  fragmentCache.clear();
  fragmentBytes = 0;
  fragmentHits = 0;
};

/** What the fragment cache holds (tests, the bench). */
export const fragmentCacheStats = () => ({ entries: fragmentCache.size, bytes: fragmentBytes, hits: fragmentHits });

/** Drops every kept fragment carrying one of `tags` (a purge); returns how many. */
export function dropFragmentsTagged(tags: Set<string>): number {
  let dropped = 0;
  for (const [key, entry] of [...fragmentCache]) {
    if (entry.tags.some((t) => tags.has(t))) {
      dropFragment(key);
      dropped++;
    }
  }
  return dropped;
}

function remember(key: string, entry: CachedFragment, tenant: string, startEpoch: number) {
  // A purge of its tenant while this fragment was on its way: it may show what the purge dropped, so it is not kept.
  if (purgeEpoch(tenant) !== startEpoch) return;
  dropFragment(key);
  const cost = fragmentCost(entry);
  if (cost > FRAGMENT_CACHE_BYTES / FRAGMENT_MAX_SHARE) return;
  while ((fragmentCache.size >= FRAGMENT_CACHE_MAX || fragmentBytes + cost > FRAGMENT_CACHE_BYTES) && fragmentCache.size) dropFragment(fragmentCache.keys().next().value!);
  fragmentCache.set(key, entry);
  fragmentBytes += cost;
}

/**
 * Fetches a remote's fragment over its service binding with the tenant and its version key (ARCHITECTURE.md step 3).
 * Never throws: a failing or slow remote gives `kind: 'failed'` so the shell can render a fallback block; an empty
 * 404 gives `kind: 'not-found'` (protocol P1, P2).
 */
export async function fetchFragment(options: FetchFragmentOptions): Promise<FragmentResult> {
  const { env, remote, page, tenant, request, pin } = options;
  const binding = remoteBinding(env, remote);
  const url = fragmentUrl(remote, page, fragmentQuery(options.search, options.params));
  // Only what the shell chose travels: the tenant, the pinned version (and its Worker version override), and a few of
  // the shopper's headers; nothing else a browser sent (so no browser header can pick a version).
  const headers = applyOverride(new Headers({ [TENANT_HEADER]: tenant.slug, [VERSION_HEADER]: pin.version }), remote, pin);
  for (const h of ['cookie', 'accept-language', 'user-agent']) {
    const value = request.headers.get(h);
    if (value) headers.set(h, value);
  }
  const ip = clientIpOf(request.headers);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const timeoutMs = options.timeoutMs ?? Number(env.FRAGMENT_TIMEOUT_MS ?? 4000);
  // Keyed by the version: a pin, a rollback or a fallback never gets another version's HTML; and by the tenant's
  // config digest: a new config never gets a fragment rendered under the old one.
  const cacheKey = `${remote}|${tenant.slug}|${options.tenantDigest ?? configDigest(tenant)}|${pin.version}|${url.slice(url.indexOf('/fragments/'))}`;
  const cached = fromCache(cacheKey, Date.now());
  if (cached) return cached;
  const started = Date.now();
  const result = await fetchFromRemote(binding, url, headers, timeoutMs, remote, cacheKey, tenant.slug);
  const kind = result.fragment.kind;
  const outcome: RemoteOutcome = kind === 'ok' ? 'ok' : kind === 'not-found' ? 'not-found' : result.timedOut ? 'timeout' : 'failed';
  const skewed = result.served ? reportVersionSkew(tenant, remote, pin, result.served.version, result.served.worker) : false;
  // Another version's HTML is never kept under this version's key, nor shared as this version's page.
  if (skewed) {
    dropFragment(cacheKey);
    if (result.fragment.ok) delete result.fragment.sharedUntil;
  }
  recordRemoteAnswer({ remote, version: pin.version, tenant: tenant.slug, outcome, ms: Date.now() - started, servedVersion: skewed ? result.served?.version : null, fellBack: pin.fellBack }, env.REMOTE_METRICS);
  if (!pin.stable && !pin.fellBack && recordCanaryAnswer(remote, pin.version, outcome === 'ok' || outcome === 'not-found', breakerOptions(env))) {
    console.error(`shell: canary ${remote} ${pin.version} failed ${breakerOptions(env).failures} times in a row: stable for ${breakerOptions(env).coolOffMs / 1000} s`);
  }
  return result.fragment;
}

/** A fragment as the remote answered it, with what it said it ran. */
type RemoteFetch = { fragment: FragmentResult; timedOut?: boolean; served?: { version: string | null; worker: string | null } };

async function fetchFromRemote(binding: Fetcher, url: string, headers: Headers, timeoutMs: number, remote: RemoteName, cacheKey: string, tenant: string): Promise<RemoteFetch> {
  const startEpoch = purgeEpoch(tenant);
  const done = (fragment: FragmentResult, extra: Partial<RemoteFetch> = {}): RemoteFetch => ({ fragment, ...extra });
  let res: Response;
  try {
    // A 3xx from a remote is a failure (P2): the shell never follows a fragment somewhere else.
    res = await binding.fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return done(failed(remote, timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${error instanceof Error ? error.message : String(error)}`), { timedOut });
  }
  const served = { version: res.headers.get(VERSION_HEADER), worker: res.headers.get(WORKER_VERSION_HEADER) };
  return { ...(await readFragment(res, remote, cacheKey, tenant, startEpoch)), served };
}

/** The tags a fragment answer names (valid ones only) and always its tenant's. */
function tagsOf(res: Response, tenant: string): string[] {
  const named = parseCacheTags(res.headers.get(CACHE_TAGS_HEADER));
  const own = pageCacheTags.tenant(tenant);
  return named.includes(own) ? named : [...named, own];
}

async function readFragment(res: Response, remote: RemoteName, cacheKey: string, tenant: string, startEpoch: number): Promise<RemoteFetch> {
  const done = (fragment: FragmentResult): RemoteFetch => ({ fragment });
  try {
    const contentType = res.headers.get('content-type');
    if (res.status === 404) {
      // P1: an empty 404 is the standard "not found"; a 404 with a body shows that body (if it is HTML).
      const text = await res.text();
      if (!text.trim()) return done({ ok: false, kind: 'not-found', status: 404 });
      if (!isHtml(contentType)) return done(failed(remote, `answered 404 with ${contentType ?? 'no content type'}`));
      return done(textResult(404, decodeHead(res.headers.get(FRAGMENT_HEAD_HEADER)), text, res.headers.get('cache-control')));
    }
    if (!res.body || res.status < 200 || res.status >= 500 || (res.status >= 300 && res.status < 400) || !isHtml(contentType)) {
      await res.body?.cancel();
      return done(failed(remote, `answered ${res.status} ${contentType ?? 'with no content type'}`));
    }
    const cacheControl = res.headers.get('cache-control');
    const maxAge = res.status === 200 ? sharedMaxAge(cacheControl) : 0;
    if (maxAge > 0) {
      const html = await res.text();
      const head = decodeHead(res.headers.get(FRAGMENT_HEAD_HEADER));
      const now = Date.now();
      const expires = now + maxAge * 1000;
      const tags = tagsOf(res, tenant);
      const servedUntil = showsCars(tags) ? Math.min(expires, now + PAGE_CACHE_ISOLATE_SECONDS * 1000) : expires;
      remember(cacheKey, { expires, servedUntil, status: res.status, head, cacheControl, html, tags }, tenant, startEpoch);
      return done(textResult(res.status, head, html, cacheControl, expires, tags));
    }
    return done({ ok: true, kind: 'ok', status: res.status, head: decodeHead(res.headers.get(FRAGMENT_HEAD_HEADER)), body: res.body, cacheControl, tags: tagsOf(res, tenant) });
  } catch (error) {
    // Reading a small body (404, cached fragment) broke, or the remote's head header is malformed.
    await res.body?.cancel().catch(() => {});
    return done(failed(remote, `broke: ${error instanceof Error ? error.message : String(error)}`));
  }
}
