import { kvHostKey, kvTenantKey, type SiteConfig } from '@forecourt/contracts/tenant';
import { KV_RELEASES_KEY, type RemoteReleases } from '@forecourt/contracts/releases';
import { kvTenantDataKey, type TenantData } from '@forecourt/contracts/tenant-data';
import { EMPTY_CONTENT, kvContentKey, type TenantContent } from '@forecourt/contracts/content';
import { awaitSharedLoad, startSharedLoad, type SharedLoad } from '@forecourt/contracts/shared-load';
import { createTenantStore, TENANT_STORE_MAX_ENTRIES, type TenantStore } from '@forecourt/contracts/tenant-store';

/**
 * A request's tenant as its host resolves it (`resolveTenant`): its config and data, and the release registry its
 * remote versions are resolved with. No content: only the pages the shell renders itself show it, so a search or car
 * page never reads nor validates the tenant's content document (tens of KB: issue 19, cold start); those pages ask
 * for it with `withTenantContent`.
 * `freshUntil` (epoch ms): until when resolving the same host again in this isolate answers the same objects (the
 * earliest time one of its cached reads, the host lookup included, is made again); absent or past when not known (a
 * read failed, a cache entry was let go). The shell's early hit check (page-cache.ts `fastDocument`) never outlives it.
 */
export type ResolvedTenant = { config: SiteConfig; data: TenantData; releases: RemoteReleases | null; freshUntil?: number };
/** A tenant with its content (`withTenantContent`): what the shell's own pages (home, content, brand, blog) render. */
export type Tenant = ResolvedTenant & { content: TenantContent };

/** The part of a KV binding tenant resolution reads (structural, so tests can pass a plain object). */
export type ConfigKv = Pick<KVNamespace, 'get'>;

const HOST_TTL_MS = 60_000;
/**
 * How long the shell reuses a tenant's config, data and the release registry per isolate (wrangler var
 * CONFIG_CACHE_SECONDS): a canary pin or a rollback reaches every page within this time plus KV's own edge cache
 * (KV_CACHE_TTL), so it is short.
 */
export const CONFIG_CACHE_SECONDS = 10;
/** KV's edge cache for those reads, in seconds: its minimum (KV's default is 60). */
export const KV_CACHE_TTL = 30;
/** Hosts remembered per isolate: any Host header reaches the shell, so the cache must not grow without bound. */
export const HOST_CACHE_MAX = 1000;

/** A host lookup: when it was made, its answer, and the answer once it has arrived (forgetTenant reads it). */
type HostEntry = { at: number; slug: SharedLoad<string | null>; resolved?: string | null };
const stores = new WeakMap<object, TenantStore>();
const hostCaches = new WeakMap<object, Map<string, HostEntry>>();
/**
 * The stores a purge reaches (forgetTenant), newest last. A Worker has one CONFIG binding, so one store; the bound is
 * for unit tests, which make a KV per test (the oldest store is let go, and with it its KV).
 */
export const LIVE_STORES_MAX = 4;
const liveStores: TenantStore[] = [];
/** The host caches a purge reaches (forgetTenant), bounded like liveStores. */
const liveHostCaches: Map<string, HostEntry>[] = [];

/**
 * Per store: when each KV key was last read (epoch ms), so a resolution knows when its parts are read again
 * (`ResolvedTenant.freshUntil`). The store reads a key only when its cached entry is missing, older than its ttl or stalled,
 * and stamps the entry in the same synchronous step as the read starts (the same instant on Workers, whose clock
 * stands still while code runs), so `read time + ttl` is when the store reads it again.
 * Bounded like the store (the oldest key goes first); a key no longer listed gives no `freshUntil`.
 */
type ReadTimes = { ttlMs: number; at: Map<string, number> };
const readTimes = new WeakMap<TenantStore, ReadTimes>();

function storeFor(kv: ConfigKv, cacheSeconds: number): TenantStore {
  let store = stores.get(kv);
  if (!store) {
    const times: ReadTimes = { ttlMs: cacheSeconds * 1000, at: new Map() };
    const timed = {
      get: (key: string, options: { type: 'json'; cacheTtl?: number }) => {
        times.at.delete(key);
        times.at.set(key, Date.now());
        while (times.at.size > TENANT_STORE_MAX_ENTRIES) times.at.delete(times.at.keys().next().value!);
        return kv.get(key, options);
      },
    };
    stores.set(kv, (store = createTenantStore(timed, { ttlMs: times.ttlMs, kvCacheTtl: KV_CACHE_TTL })));
    readTimes.set(store, times);
    liveStores.push(store);
    if (liveStores.length > LIVE_STORES_MAX) liveStores.shift();
  }
  return store;
}

/** The earliest time one of `keys` is read again by `store` (0 when one was never read or is no longer listed). */
function readAgainAt(store: TenantStore, keys: string[]): number {
  const times = readTimes.get(store);
  if (!times || times.ttlMs <= 0) return 0;
  let until = Infinity;
  for (const key of keys) {
    const at = times.at.get(key);
    if (at === undefined) return 0;
    until = Math.min(until, at + times.ttlMs);
  }
  return until;
}

/**
 * Forgets a tenant's cached config, data and content in this isolate (a purge of its tenant tag): the next request
 * reads KV again, so a config change shows at once here. Its host lookups go too (a config change may move or drop a
 * host), and so do the hosts remembered as unknown and those still being looked up (it may have added one). KV itself
 * may still answer the older value from its edge cache for up to KV_CACHE_TTL seconds in production.
 */
export function forgetTenant(slug: string): void {
  for (const store of liveStores) store.forget(slug);
  for (const cache of liveHostCaches) {
    for (const [host, entry] of [...cache]) if (entry.resolved === undefined || entry.resolved === null || entry.resolved === slug) cache.delete(host);
  }
}

/** How many stores a purge reaches (tests). */
export const liveStoreCount = () => liveStores.length;

/** Lets a KV's store and host cache go (the isolate warm-up's in-memory KV, once it is done: shell warm-up.ts). */
export function releaseStoreOf(kv: object): void {
  const store = stores.get(kv);
  const at = store ? liveStores.indexOf(store) : -1;
  if (at >= 0) liveStores.splice(at, 1);
  const hosts = hostCaches.get(kv);
  const hostAt = hosts ? liveHostCaches.indexOf(hosts) : -1;
  if (hostAt >= 0) liveHostCaches.splice(hostAt, 1);
  stores.delete(kv);
  hostCaches.delete(kv);
}

/** `harbourside-toyota.localhost:8787` -> `harbourside-toyota`; other hosts are looked up in KV (`host:<hostname>`). */
export function slugFromLocalHost(host: string): string | null {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.localhost$/.exec(hostname);
  return m ? m[1]! : null;
}

/**
 * Host -> slug through KV, cached per isolate for a minute as a small LRU (a Map keeps insertion order: a hit moves
 * to the end, the oldest is evicted). A lookup that fails is dropped at once, so a KV hiccup is not cached.
 */
function slugForHost(kv: ConfigKv, hostname: string, now: number): HostEntry {
  let cache = hostCaches.get(kv);
  if (!cache) {
    hostCaches.set(kv, (cache = new Map()));
    liveHostCaches.push(cache);
    if (liveHostCaches.length > LIVE_STORES_MAX) liveHostCaches.shift();
  }
  const hit = cache.get(hostname);
  if (hit && now - hit.at < HOST_TTL_MS) {
    cache.delete(hostname);
    cache.set(hostname, hit);
    return hit;
  }
  // A shared load (contracts shared-load.ts): anchored to this request, never awaited past its stall time by others.
  const entry: HostEntry = { at: now, slug: startSharedLoad(() => kv.get(kvHostKey(hostname)), now) };
  entry.slug.promise.then((slug) => void (entry.resolved = slug), () => {});
  cache.delete(hostname);
  cache.set(hostname, entry);
  while (cache.size > HOST_CACHE_MAX) cache.delete(cache.keys().next().value!);
  entry.slug.promise.catch(() => {
    // Only this entry: a newer lookup for the same host may have replaced it meanwhile.
    if (cache.get(hostname) === entry) cache.delete(hostname);
  });
  return entry;
}

export type ResolveTenantOptions = {
  /** Accept `<slug>.localhost` (local runs only: binding LOCAL_HOSTS="on"); otherwise such hosts go through KV too. */
  localHosts?: boolean;
  now?: number;
  /** CONFIG_CACHE_SECONDS unless given (the Worker passes its var). */
  cacheSeconds?: number;
  /**
   * The request's page shows the tenant's content (worker.ts knows from the route): its read starts beside the
   * config's, so `withTenantContent` then finds it under way in the store instead of reading KV after the config.
   */
  prefetchContent?: boolean;
};

/**
 * Resolves the tenant of a request from its Host header (ARCHITECTURE.md step 1); null for an unknown host. Its
 * content is not read (see ResolvedTenant) unless `prefetchContent` starts that read for `withTenantContent`.
 */
export async function resolveTenant(kv: ConfigKv, host: string | undefined, options: ResolveTenantOptions = {}): Promise<ResolvedTenant | null> {
  if (!host) return null;
  const local = options.localHosts ? slugFromLocalHost(host) : null;
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const now = options.now ?? Date.now();
  let lookup = local ? null : slugForHost(kv, hostname, now);
  const slug =
    local ??
    (await awaitSharedLoad(lookup!.slug, () => {
      // Another request's lookup that never finished (that request cancelled): look the host up again.
      const stalled = lookup!;
      const cache = hostCaches.get(kv);
      if (cache?.get(hostname) === stalled) cache.delete(hostname);
      lookup = slugForHost(kv, hostname, now);
      return lookup.slug.promise;
    }, { now }));
  if (!slug) return null;
  const store = storeFor(kv, options.cacheSeconds ?? CONFIG_CACHE_SECONDS);
  // Started, not awaited: withTenantContent awaits (and reports) this very read, a failed one included (the store
  // drops a failure, so asking the store again would read KV twice). Handled here so a request that never gets to its
  // page (a redirect, an error) leaves no unhandled rejection.
  const content = options.prefetchContent ? store.content(slug) : null;
  content?.catch(() => {});
  const [config, data, releases] = await Promise.all([store.config(slug), store.data(slug), releasesOf(store, options.cacheSeconds ?? CONFIG_CACHE_SECONDS, options.now)]);
  if (!config) return null;
  const readAgain = readAgainAt(store, [kvTenantKey(slug), kvTenantDataKey(slug), KV_RELEASES_KEY]);
  const freshUntil = lookup ? Math.min(readAgain, lookup.at + HOST_TTL_MS) : readAgain;
  const tenant: ResolvedTenant = { config, data, releases, freshUntil };
  if (content) prefetched.set(tenant, content);
  return tenant;
}

/** Content reads resolveTenant started for a resolution (`prefetchContent`), by that resolution (withTenantContent). */
const prefetched = new WeakMap<ResolvedTenant, Promise<TenantContent>>();

/**
 * The tenant with its content (`content:<slug>`, read and validated through the per-isolate store, so once per
 * CONFIG_CACHE_SECONDS, not per request), for the pages that show it. `freshUntil` then covers the content read too
 * (0 when it failed). Content that cannot be read (KV failing, a document the schema refuses) is none: content pages
 * are 404s for a moment, but the home page and every other page keep working. Logged, not cached (the store drops a
 * failed read, so the next request tries again).
 */
export async function withTenantContent(kv: ConfigKv, tenant: ResolvedTenant, options: Pick<ResolveTenantOptions, 'cacheSeconds'> = {}): Promise<Tenant> {
  const slug = tenant.config.slug;
  const store = storeFor(kv, options.cacheSeconds ?? CONFIG_CACHE_SECONDS);
  try {
    const content = await (prefetched.get(tenant) ?? store.content(slug));
    const freshUntil = Math.min(tenant.freshUntil ?? 0, readAgainAt(store, [kvContentKey(slug)]));
    return { ...tenant, content, freshUntil };
  } catch (error) {
    console.error(`shell: content of ${slug} unreadable, serving none:`, error instanceof Error ? error.message : error);
    return { ...tenant, content: EMPTY_CONTENT, freshUntil: 0 };
  }
}

/** A registry read that failed is not tried again for at least this long (or the config cache time, if longer). */
export const RELEASES_RETRY_SECONDS = 5;
/** Per store: the last registry read well, and when a read last failed (not retried within the cache time). */
const lastGood = new WeakMap<TenantStore, { releases: RemoteReleases | null; failedAt: number | null }>();

/**
 * The release registry (null when none is stored). When it cannot be read (KV failing, an invalid document written by
 * hand), the last one read well stays in use, so pinned tenants keep their versions, and KV is not asked again until
 * the config cache time (at least RELEASES_RETRY_SECONDS) has passed; the failure is logged once per such period.
 */
async function releasesOf(store: TenantStore, cacheSeconds: number, now = Date.now()): Promise<RemoteReleases | null> {
  const known = lastGood.get(store);
  if (known?.failedAt != null && now - known.failedAt < Math.max(cacheSeconds, RELEASES_RETRY_SECONDS) * 1000) return known.releases;
  try {
    const releases = await store.releases();
    lastGood.set(store, { releases, failedAt: null });
    return releases;
  } catch (error) {
    console.error('shell: release registry unreadable, keeping the last one read:', error instanceof Error ? error.message : error);
    const releases = known?.releases ?? null;
    lastGood.set(store, { releases, failedAt: now });
    return releases;
  }
}

/** The release registry alone (for `/_mf/*`, which has no tenant). */
export function releasesFor(kv: ConfigKv, cacheSeconds = CONFIG_CACHE_SECONDS): Promise<RemoteReleases | null> {
  return releasesOf(storeFor(kv, cacheSeconds), cacheSeconds);
}
