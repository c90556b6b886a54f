/**
 * The shell's cache of whole shareable documents (contracts page-cache.ts, issue 19), in two layers:
 * - **isolate**: a Map in this isolate, bounded by bytes and entries, least recently used evicted first. A hit costs no
 *   await: the bytes are answered as they were composed. An entry is served from here for at most
 *   PAGE_CACHE_ISOLATE_SECONDS (a constant of contracts page-cache.ts, not a wrangler var) before the shared layer is
 *   asked again, so a purge that only reached the shared layer (Cloudflare's purge by tag, another isolate's PageCache
 *   purge) is seen within that time; never past the earliest expiry of its parts. The fragments a document is composed
 *   from follow the same rule when they carry a car or stock tag (fragments.ts), so a recheck that misses the shared
 *   layer composes from fresh parts.
 * - **shared**: the Workers Cache API (`caches.default`, shared by the isolates of a data centre), keyed by a synthetic
 *   URL on the request's own host naming the tenant, a digest of its config and data, the shell's assets and build, the
 *   remote versions and the path and query (without tracking parameters, sorted: contracts http.ts canonicalQuery), so a new config, build or pin never gets an older document. Each entry
 *   carries `Cache-Tag` (what Cloudflare's purge by tag matches) and is written off the response path (waitUntil).
 *
 * Purge (`purgePages`): drops every isolate document and fragment carrying one of the tags, deletes the shared entries
 * this isolate knows for them (a bounded tag -> keys index), and for a tenant tag makes its config be read again.
 * A purge bumps its tenant's epoch: a document or fragment of that tenant fetched before it is never kept after it (no
 * stale page written back by a request that was in flight during the purge); another tenant's pages are kept as usual.
 */
import { createHash } from 'node:crypto';
import { CACHE_TAGS_HEADER, PAGE_CACHE_ISOLATE_SECONDS, pageCacheTags, type PurgeAnswer, type PurgeRequest } from '@forecourt/contracts/page-cache';
import { canonicalQuery } from '@forecourt/contracts/http';
import type { ShellAssets } from './document.ts';
import type { Tenant } from './tenant.ts';

/** Which layer answered a document: response header CACHE_LAYER_HEADER (tests, the bench; it names no shopper). */
export type CacheLayer = 'isolate' | 'shared' | 'miss';
/** Response header naming the layer that answered (`isolate`, `shared`, `miss`: composed for this request). */
export const CACHE_LAYER_HEADER = 'x-forecourt-cache';

/**
 * What a browser is told about a kept document: it may be stored but must be asked again every time, so a purge (a car
 * reserved, a price dropped) is visible on the very next request; the shell's own layers answer that request cheaply.
 */
export const SHARED_DOCUMENT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Bytes of documents kept per isolate. A composed car or search page is 40-120 KB, so this is 100-300 popular pages,
 * and 12 MB is under a tenth of a Worker isolate's 128 MB, leaving the rest to the remotes' data and V8.
 */
export const DOCUMENT_CACHE_BYTES = 12 * 1024 * 1024;
/** Documents kept per isolate whatever their size (tiny documents would otherwise make the Map and its keys grow). */
export const DOCUMENT_CACHE_MAX_ENTRIES = 1_000;
/** A document larger than this share of the budget is never kept (one page must not evict all the others). */
const DOCUMENT_MAX_SHARE = 8;
/**
 * Shared-layer keys this isolate remembers for purge (tag -> keys). 5,000 keys of ~200 bytes with their tags are about
 * 2 MB; a key evicted from the index is still purged in production by Cloudflare's purge by tag, and locally it expires
 * with its parts (max-age).
 */
export const TAG_INDEX_MAX_KEYS = 5_000;
/** A document naming more tags than this is not kept at all (Cloudflare's Cache-Tag header holds 16 KB at most). */
export const MAX_DOCUMENT_TAGS = 64;
/**
 * Pages this isolate composed as not shareable (a private part, a 404, a failure) are not looked up in the shared layer
 * again for PRIVATE_PAGE_SECONDS: a Cache API lookup that cannot hit would only add to their cost. 2,000 keys of ~150
 * bytes are ~300 KB; the least recently noted goes first.
 */
export const PRIVATE_PAGES_MAX = 2_000;
export const PRIVATE_PAGE_SECONDS = 30;

type CachedDocument = {
  /** Epoch ms when the earliest part expires: never served after it. */
  expires: number;
  /** Epoch ms after which the shared layer is asked again (PAGE_CACHE_ISOLATE_SECONDS after it was filled). */
  recheckAt: number;
  config: object;
  data: object;
  tenantDigest: string;
  assets: ShellAssets;
  status: number;
  /** The answer's headers, CACHE_LAYER_HEADER `isolate` included (built once, not per hit). */
  headers: Record<string, string>;
  /**
   * The document's bytes as a Blob: a Response made from a Blob reads it where it is, while one made from a Uint8Array
   * copies it first, ~100 KB per hit; those copies (and the garbage collection they bring on) made a hit 2-4 times
   * dearer, the more so the fuller the isolate's heap (bench/RESULTS.md, twenty-first session).
   */
  body: Blob;
  /** Its size in bytes (DOCUMENT_CACHE_BYTES). */
  size: number;
  tags: string[];
  sharedKey: string | null;
};

const documents = new Map<string, CachedDocument>();
let documentBytes = 0;
const privatePages = new Map<string, number>();
const counters = { isolateHits: 0, earlyHits: 0, sharedHits: 0, sharedMisses: 0, sharedPuts: 0, misses: 0, purges: 0 };
/**
 * Tenants whose last purge epoch is remembered per isolate (a number each, ~100 bytes with the slug): far more than an
 * isolate serves. The least recently purged is let go and its epoch folds into `epochFloor`, which every tenant not in
 * the map answers, so a forgotten tenant's epoch only ever moves up (an in-flight request then keeps nothing: safe).
 */
export const PURGE_EPOCH_TENANTS_MAX = 1_000;
/** Purges so far (every tenant's): a purge sets its tenant's epoch to the next value, so epochs never repeat. */
let purgeCount = 0;
const tenantEpochs = new Map<string, number>();
let epochFloor = 0;

/**
 * The purge epoch of `tenant`: a request notes it before fetching; a purge of that tenant since means what it fetched
 * may be stale. Per tenant: one tenant's purges (a busy dealer's reservations) never stop another's pages being kept.
 */
export const purgeEpoch = (tenant: string) => tenantEpochs.get(tenant) ?? epochFloor;

function bumpEpoch(tenant: string) {
  tenantEpochs.delete(tenant);
  tenantEpochs.set(tenant, ++purgeCount);
  while (tenantEpochs.size > PURGE_EPOCH_TENANTS_MAX) {
    const [oldest, value] = tenantEpochs.entries().next().value!;
    tenantEpochs.delete(oldest);
    epochFloor = Math.max(epochFloor, value);
  }
}

function forget(key: string) {
  const hit = documents.get(key);
  if (!hit) return;
  documents.delete(key);
  documentBytes -= hit.size;
}

/** A fast 64-bit digest (cyrb53 twice over): cache keys only, never security. */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(36) + (h1 >>> 0).toString(36) + text.length.toString(36);
}

/**
 * Digest of what the chrome of a document shows of the tenant (config and data), once per loaded config object.
 * SHA-1 from the runtime (node:crypto, native), not `digest`: a dealer group's config and data are ~100 KB of JSON, which
 * `digest`'s loop, not yet optimised on a tenant's first request, took ~5-12 ms to walk (issue 19, cold start).
 */
const tenantDigests = new WeakMap<object, { data: object; digest: string }>();
export function tenantDigest(tenant: Pick<Tenant, 'config' | 'data'>): string {
  const memo = tenantDigests.get(tenant.config);
  if (memo && memo.data === tenant.data) return memo.digest;
  const value = createHash('sha1').update(JSON.stringify(tenant.config)).update('\n').update(JSON.stringify(tenant.data)).digest('base64url');
  tenantDigests.set(tenant.config, { data: tenant.data, digest: value });
  return value;
}

const assetDigests = new WeakMap<object, string>();
function assetsDigest(assets: ShellAssets): string {
  let value = assetDigests.get(assets);
  if (!value) assetDigests.set(assets, (value = digest(JSON.stringify(assets))));
  return value;
}

/**
 * The shared layer's key of a document: a URL on the request's own host (the Cache API keeps entries per zone) that
 * names the tenant, the digest of its config and data, the shell's assets and build (`build`: its Worker version id),
 * the remote versions (pinsKey) and the path and query.
 */
export function sharedDocumentKey(url: URL, tenant: Pick<Tenant, 'config' | 'data'>, assets: ShellAssets, build: string, versions: string): string {
  const version = digest(`${assetsDigest(assets)}|${build}|${versions}`);
  const query = canonicalQuery(url.searchParams);
  return `${url.protocol}//${url.host}/_forecourt/page-cache/${tenant.config.slug}/${tenantDigest(tenant)}-${version}${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The isolate layer's answer for `key`: the document (no await), `recheck` when it is older than
 * PAGE_CACHE_ISOLATE_SECONDS (ask the shared layer; the entry stays until it answers), or null. A reloaded config object
 * with the same digest keeps the entry; another config, other assets or an expired part drop it.
 */
export function isolateDocument(key: string, tenant: Pick<Tenant, 'config' | 'data'>, assets: ShellAssets, now: number): Response | 'recheck' | null {
  const hit = documents.get(key);
  if (!hit) return null;
  if (hit.config !== tenant.config || hit.data !== tenant.data) {
    if (hit.assets === assets && hit.tenantDigest === tenantDigest(tenant)) {
      hit.config = tenant.config;
      hit.data = tenant.data;
    } else {
      forget(key);
      return null;
    }
  }
  if (hit.expires <= now || hit.assets !== assets) {
    forget(key);
    return null;
  }
  if (hit.recheckAt <= now) return 'recheck';
  // Least recently used goes first: a hit moves to the end of the Map's order.
  documents.delete(key);
  documents.set(key, hit);
  counters.isolateHits++;
  return new Response(hit.body, { status: hit.status, headers: hit.headers });
}

// ---- early hit check ----------------------------------------------------------------------------------------------

/**
 * URLs (`request.url` exactly: host, path and query as asked) whose last answer was an isolate hit, with what that
 * answer stood on, so the next request for the same URL is answered before routing, tenant resolution, pins and the
 * key are worked out again (worker.ts). An entry answers only while all of these still hold, else the full path runs:
 * - the document is the one the full path found (`documents` still holds that very entry: not purged, evicted,
 *   replaced or dropped for another config);
 * - no purge of its tenant since (the tenant's purge epoch: a tenant-tag purge also makes its config be read again);
 * - before the document's recheck time and expiry, and before the tenant's cached reads (host lookup, config, data,
 *   release registry) are made again (`ResolvedTenant.freshUntil`): a config or pin change in KV is seen exactly
 *   when the full path would see it;
 * - set only by worker.ts for a GET of a route that needs no sign-in, with every remote on its stable version (a
 *   canary's breaker can switch the pins at any moment, so canary tenants always take the full path).
 */
/**
 * The document is held weakly: an evicted, purged or replaced document must be freed with the isolate layer's budget
 * (a strong reference here would keep up to FAST_HITS_MAX pages alive past DOCUMENT_CACHE_BYTES); while the isolate
 * layer keeps it, it is strongly held there, so `deref()` finds it.
 */
type FastHit = { key: string; doc: WeakRef<CachedDocument>; tenant: string; epoch: number; until: number; headers: Record<string, string> };
/**
 * Early-hit URLs kept per isolate: twice the documents (an ad click's tracking parameters give one document several
 * URLs). ~300 bytes each; the oldest noted goes first.
 */
export const FAST_HITS_MAX = 2 * DOCUMENT_CACHE_MAX_ENTRIES;
const fastHits = new Map<string, FastHit>();

/**
 * The early answer for `url` (no await, nothing parsed): the kept document's bytes with its precomputed headers
 * (the platform's header policy already applied), or null when the full path must run.
 */
export function fastDocument(url: string, now: number): Response | null {
  const fast = fastHits.get(url);
  if (!fast) return null;
  const doc = fast.doc.deref();
  if (!doc || fast.until <= now || documents.get(fast.key) !== doc || purgeEpoch(fast.tenant) !== fast.epoch) {
    fastHits.delete(url);
    return null;
  }
  documents.delete(fast.key);
  documents.set(fast.key, doc);
  counters.isolateHits++;
  counters.earlyHits++;
  return new Response(doc.body, { status: doc.status, headers: fast.headers });
}

/**
 * Notes that `url` was just answered from the isolate document at `key` (see fastHits for when it is reused).
 * `headerPolicy` gives the headers as the shell sends them (worker.ts applies the platform's policy to every answer).
 */
export function noteFastHit(url: string, key: string, tenant: string, epoch: number, freshUntil: number, headerPolicy: (headers: Record<string, string>) => Record<string, string>) {
  const doc = documents.get(key);
  if (!doc || purgeEpoch(tenant) !== epoch) return;
  const until = Math.min(freshUntil, doc.recheckAt, doc.expires);
  if (!(until > Date.now())) return;
  fastHits.delete(url);
  fastHits.set(url, { key, doc: new WeakRef(doc), tenant, epoch, until, headers: headerPolicy(doc.headers) });
  while (fastHits.size > FAST_HITS_MAX) fastHits.delete(fastHits.keys().next().value!);
}

/** Forgets an isolate document (its shared copy was purged or has expired). */
export const forgetIsolateDocument = (key: string) => forget(key);

/** Notes that the page at `key` was composed not shareable: the shared layer is skipped for it for a while. */
export function notePrivatePage(key: string, now = Date.now()) {
  privatePages.delete(key);
  privatePages.set(key, now + PRIVATE_PAGE_SECONDS * 1000);
  while (privatePages.size > PRIVATE_PAGES_MAX) privatePages.delete(privatePages.keys().next().value!);
}

/** Whether the page at `key` was composed not shareable within PRIVATE_PAGE_SECONDS. */
export function recentlyPrivate(key: string, now = Date.now()): boolean {
  const until = privatePages.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  privatePages.delete(key);
  return false;
}

export type KeptDocument = {
  expires: number;
  tenant: Pick<Tenant, 'config' | 'data'>;
  assets: ShellAssets;
  status: number;
  /** The answer's headers without CACHE_LAYER_HEADER. */
  headers: Record<string, string>;
  bytes: Uint8Array<ArrayBuffer>;
  tags: string[];
  sharedKey: string | null;
};

/** Keeps a document in the isolate layer (only status 200, within the byte and tag bounds). */
export function rememberIsolateDocument(key: string, doc: KeptDocument, now = Date.now(), isolateSeconds = PAGE_CACHE_ISOLATE_SECONDS) {
  if (doc.status !== 200 || doc.bytes.byteLength > DOCUMENT_CACHE_BYTES / DOCUMENT_MAX_SHARE || doc.tags.length > MAX_DOCUMENT_TAGS || doc.expires <= now) return;
  forget(key);
  privatePages.delete(key);
  while ((documentBytes + doc.bytes.byteLength > DOCUMENT_CACHE_BYTES || documents.size >= DOCUMENT_CACHE_MAX_ENTRIES) && documents.size) forget(documents.keys().next().value!);
  documents.set(key, {
    expires: doc.expires,
    recheckAt: Math.min(doc.expires, now + isolateSeconds * 1000),
    config: doc.tenant.config,
    data: doc.tenant.data,
    tenantDigest: tenantDigest(doc.tenant),
    assets: doc.assets,
    status: doc.status,
    headers: { ...doc.headers, [CACHE_LAYER_HEADER]: 'isolate' },
    body: new Blob([doc.bytes]),
    size: doc.bytes.byteLength,
    tags: doc.tags,
    sharedKey: doc.sharedKey,
  });
  documentBytes += doc.bytes.byteLength;
}

// ---- shared layer -------------------------------------------------------------------------------------------------

/** Internal header of a shared entry: when its earliest part expires (epoch ms). Never sent to a browser. */
const EXPIRES_HEADER = 'x-forecourt-expires';

/** `caches.default` where the runtime has it (workerd, miniflare; not Node unit tests), else null. */
function sharedCache(): Cache | null {
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

/** Shared-layer keys this isolate wrote or read, with their tags, least recently used first (TAG_INDEX_MAX_KEYS). */
const keyTags = new Map<string, string[]>();
const tagKeys = new Map<string, Set<string>>();

function unindex(key: string) {
  const tags = keyTags.get(key);
  if (!tags) return;
  keyTags.delete(key);
  for (const tag of tags) {
    const keys = tagKeys.get(tag);
    keys?.delete(key);
    if (keys && !keys.size) tagKeys.delete(tag);
  }
}

/** Remembers which tags a shared key carries, for purge (bounded: the least recently indexed key goes first). */
export function indexSharedKey(key: string, tags: string[]) {
  unindex(key);
  keyTags.set(key, tags);
  for (const tag of tags) {
    let keys = tagKeys.get(tag);
    if (!keys) tagKeys.set(tag, (keys = new Set()));
    keys.add(key);
  }
  while (keyTags.size > TAG_INDEX_MAX_KEYS) unindex(keyTags.keys().next().value!);
}

/** The shared keys this isolate knows for any of `tags`. */
export function sharedKeysTagged(tags: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const tag of tags) for (const key of tagKeys.get(tag) ?? []) out.add(key);
  return [...out];
}

/** A document the shared layer answered: its bytes, when its earliest part expires and its tags. */
export type SharedDocument = { bytes: Uint8Array<ArrayBuffer>; expires: number; tags: string[] };

/** The shared layer's document for `key`, or null (none, expired, unreadable, or no Cache API here). */
export async function sharedDocument(key: string, now = Date.now()): Promise<SharedDocument | null> {
  const cache = sharedCache();
  if (!cache) return null;
  try {
    const res = await cache.match(key);
    if (!res) {
      counters.sharedMisses++;
      return null;
    }
    const expires = Number(res.headers.get(EXPIRES_HEADER));
    if (res.status !== 200 || !(expires > now)) {
      await res.body?.cancel();
      counters.sharedMisses++;
      return null;
    }
    const tags = (res.headers.get(CACHE_TAGS_HEADER) ?? '').split(',').filter(Boolean);
    const bytes = new Uint8Array(await res.arrayBuffer());
    counters.sharedHits++;
    indexSharedKey(key, tags);
    return { bytes, expires, tags };
  } catch (error) {
    console.error('page cache: shared layer unreadable', error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * Writes a document to the shared layer (call it off the response path: waitUntil). Never a non-200, a document with
 * set-cookie, or one past its expiry; `cache-control: public, max-age=<seconds left>` and `Cache-Tag` (Cloudflare's
 * purge by tag). A purge of `tenant` since `startEpoch` deletes it again: it may hold what the purge dropped.
 */
export async function putSharedDocument(key: string, doc: Pick<KeptDocument, 'status' | 'headers' | 'bytes' | 'tags' | 'expires'>, tenant: string, startEpoch: number): Promise<void> {
  const cache = sharedCache();
  const seconds = Math.floor((doc.expires - Date.now()) / 1000);
  if (!cache || doc.status !== 200 || seconds < 1 || doc.tags.length > MAX_DOCUMENT_TAGS || Object.keys(doc.headers).some((h) => h.toLowerCase() === 'set-cookie')) return;
  if (purgeEpoch(tenant) !== startEpoch) return;
  const tags = doc.tags.join(',');
  indexSharedKey(key, doc.tags);
  try {
    await cache.put(
      key,
      new Response(doc.bytes, {
        headers: { 'content-type': doc.headers['content-type'] ?? 'text/html; charset=utf-8', 'cache-control': `public, max-age=${seconds}`, 'cache-tag': tags, [CACHE_TAGS_HEADER]: tags, [EXPIRES_HEADER]: String(doc.expires) },
      }),
    );
    counters.sharedPuts++;
    if (purgeEpoch(tenant) !== startEpoch) await cache.delete(key);
  } catch (error) {
    console.error('page cache: shared layer not written', error instanceof Error ? error.message : error);
  }
}

// ---- purge --------------------------------------------------------------------------------------------------------

/** What else a purge drops: fragments carrying the tags, a tenant's cached config (set by the modules that own them). */
export type PurgeHooks = { dropFragments(tags: Set<string>): number; forgetTenant(slug: string): void };

/**
 * Drops every kept page of `request.tenant` carrying one of `request.tags` (contracts PurgeRequestSchema, validated by
 * the caller): this isolate's documents and fragments, the shared entries it knows for those tags, and for the tenant
 * tag the tenant's cached config, data and content (so a config change shows at once).
 */
export async function purgePages(request: PurgeRequest, hooks: PurgeHooks): Promise<PurgeAnswer> {
  bumpEpoch(request.tenant);
  counters.purges++;
  const tags = new Set(request.tags);
  let dropped = 0;
  for (const [key, doc] of [...documents]) {
    if (doc.tags.some((t) => tags.has(t))) {
      forget(key);
      dropped++;
    }
  }
  hooks.dropFragments(tags);
  if (tags.has(pageCacheTags.tenant(request.tenant))) hooks.forgetTenant(request.tenant);
  const cache = sharedCache();
  const keys = sharedKeysTagged(tags);
  for (const key of keys) unindex(key);
  if (cache) {
    await Promise.all(
      keys.map((key) =>
        cache.delete(key).catch((error: unknown) => {
          console.error('page cache: shared entry not purged', error instanceof Error ? error.message : error);
          return false;
        }),
      ),
    );
  }
  console.log(`page cache: purged tenant=${request.tenant} reason=${request.reason} tags=${request.tags.length} dropped=${dropped} shared=${keys.length}`);
  return { dropped, shared: cache !== null };
}

// ---- stats and test hooks -----------------------------------------------------------------------------------------

/** What the layers hold and how they answered (tests, the bench, the local dev page). */
export function pageCacheStats() {
  return {
    isolate: { entries: documents.size, bytes: documentBytes, hits: counters.isolateHits, earlyHits: counters.earlyHits, earlyUrls: fastHits.size },
    shared: { hits: counters.sharedHits, misses: counters.sharedMisses, puts: counters.sharedPuts, indexedKeys: keyTags.size, indexedTags: tagKeys.size },
    privatePages: privatePages.size,
    purgeEpochTenants: tenantEpochs.size,
    misses: counters.misses,
    purges: counters.purges,
  };
}

/** Counts a document composed for its request (neither layer had it). */
export const countMiss = () => void counters.misses++;

/** Test hook: empties the isolate layer, the tag index and the counters (not the shared layer). */
export function clearPageCache() {
  documents.clear();
  fastHits.clear();
  documentBytes = 0;
  privatePages.clear();
  keyTags.clear();
  tagKeys.clear();
  for (const k of Object.keys(counters) as Array<keyof typeof counters>) counters[k] = 0;
}

/** The tags of the isolate documents, by key (tests). */
export const isolateDocumentTags = () => new Map([...documents].map(([k, d]) => [k, d.tags]));
