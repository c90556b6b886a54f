/**
 * Reads tenant config and data from KV with a per-isolate cache. Shared by the shell, every remote and edge-api, so each
 * validates the same way (a bad or misfiled config fails loudly) and nothing is copied between packages.
 */
import { kvTenantKey, parseSiteConfig, TENANT_HEADER, type SiteConfig } from './tenant.ts';
import { kvSpecialHoursKey, kvTenantDataKey, parseSpecialHours, parseTenantData, type SpecialHours, type TenantData } from './tenant-data.ts';
import { KV_RELEASES_KEY, parseRemoteReleases, type RemoteReleases } from './releases.ts';
import { kvContentKey, parseTenantContent, type TenantContent } from './content.ts';
import { kvPartsKey, parsePartsCatalogue, type PartsCatalogue } from './entities/part.ts';
import { awaitSharedLoad, startSharedLoad, type SharedLoad } from './shared-load.ts';

/** The part of a KV namespace binding the store needs (structural, so contracts needs no Workers types). */
export type JsonKv = { get(key: string, options: { type: 'json'; cacheTtl?: number }): Promise<unknown> };

export type TenantStoreOptions = {
  /** How long a read (found, missing or data set) is reused; default 60 s, KV's own edge cache time. */
  ttlMs?: number;
  /**
   * KV's own edge cache for these reads, in seconds (KV's `cacheTtl`; its default is 60, its minimum 30). A reader that
   * must see changes quickly (the shell: canary pins) sets 30; a change is then seen within cacheTtl + ttlMs.
   */
  kvCacheTtl?: number;
  /** Most cached entries kept (config and data count separately); the oldest go first. Default TENANT_STORE_MAX_ENTRIES. */
  maxEntries?: number;
  now?: () => number;
};

/** Caps the per-isolate cache: slugs come from request headers, so their number must not grow memory without bound. */
export const TENANT_STORE_MAX_ENTRIES = 1_000;

/**
 * Parses the config stored under `tenant:<slug>`, null when none is stored.
 * @throws when it is invalid, or when its `slug` is not the key's: a misfiled config would serve one tenant's
 *   settings (name, contact, search service) on another tenant's site.
 */
export function parseStoredSiteConfig(slug: string, raw: unknown): SiteConfig | null {
  if (raw == null) return null;
  const config = parseSiteConfig(raw);
  if (config.slug !== slug) throw new Error(`Misfiled tenant config: ${kvTenantKey(slug)} holds the config of "${config.slug}"`);
  return config;
}

export function createTenantStore(kv: JsonKv, options: TenantStoreOptions = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const max = Math.max(1, options.maxEntries ?? TENANT_STORE_MAX_ENTRIES);
  const now = options.now ?? Date.now;
  const read = (key: string) => kv.get(key, options.kvCacheTtl ? { type: 'json', cacheTtl: options.kvCacheTtl } : { type: 'json' });
  // Map keeps insertion order: the first key is the oldest entry.
  const cache = new Map<string, { at: number; value: SharedLoad<unknown> }>();
  /** Starts a read for `key` (a shared load: anchored, and never awaited past its stall time: shared-load.ts). */
  function start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = now();
    const value = startSharedLoad(load, at);
    const entry = { at, value: value as SharedLoad<unknown> };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > max) cache.delete(cache.keys().next().value!);
    // A failure is not cached (the next request retries); only this entry goes, not a newer one for the same key.
    value.promise.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return value.promise;
  }
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    const at = now();
    if (hit && at - hit.at < ttl) {
      // A read another request started and never finished (that request cancelled) is started again, not awaited forever.
      return awaitSharedLoad(hit.value as SharedLoad<T>, () => (cache.get(key) === hit ? start(key, load) : cached(key, load)), { now: at });
    }
    return start(key, load);
  }
  /**
   * The data set, validated, and the `special_hours` list a data set stored before they had their own key still holds
   * (kept as read, only for such a data set): one KV read for `data` and `specialHours`.
   */
  const dataEntry = (slug: string) =>
    cached(`data:${slug}`, async () => {
      const raw = (await read(kvTenantDataKey(slug))) as { special_hours?: unknown } | null;
      return { data: parseTenantData(slug, raw ?? {}), legacyHours: raw?.special_hours };
    });
  return {
    /** The tenant's validated config, or null when the tenant does not exist. Throws on an invalid or misfiled config. */
    config: (slug: string): Promise<SiteConfig | null> =>
      cached(`config:${slug}`, async () => parseStoredSiteConfig(slug, await read(kvTenantKey(slug)))),
    /** The tenant's locations, dealerships, manufacturers, brands and offers (empty lists when none stored). */
    data: async (slug: string): Promise<TenantData> => (await dataEntry(slug)).data,
    /**
     * The tenant's special (holiday) hours (`special-hours:<slug>`; none stored: `[]`), for the location pages only. A
     * data set stored before they had their own key still has them in its `special_hours`: read from there when the
     * key is absent. Throws on invalid entries.
     */
    specialHours: (slug: string): Promise<SpecialHours> =>
      cached(`special-hours:${slug}`, async () => {
        // The data set's read (the one `data` shares) starts beside the key's, not after it is found absent.
        const entry = dataEntry(slug);
        entry.catch(() => {});
        const own = await read(kvSpecialHoursKey(slug));
        return parseSpecialHours(slug, own ?? (await entry).legacyHours);
      }),
    /** The tenant's content: pages, blog posts, promotions, spin-to-win campaign (content.ts; empty when none stored). */
    content: (slug: string): Promise<TenantContent> => cached(`content:${slug}`, async () => parseTenantContent(await read(kvContentKey(slug)))),
    /**
     * The tenant's parts catalogue (`parts:<slug>`, entities/part.ts; empty when none stored): read by the parts search
     * only, so every other page's tenant read stays small. Throws on an invalid catalogue.
     */
    parts: (slug: string): Promise<PartsCatalogue> => cached(`parts:${slug}`, async () => parsePartsCatalogue(slug, await read(kvPartsKey(slug)))),
    /** The release registry (releases.ts): which versions of each remote exist; null when none is stored. */
    releases: (): Promise<RemoteReleases | null> => cached('releases', async () => parseRemoteReleases(await read(KV_RELEASES_KEY))),
    /**
     * Forgets what is cached for one tenant (config, data, special hours, content, parts) and the release registry, so the next request
     * reads KV again: a purge of the tenant's pages (contracts page-cache.ts, reason `config`) shows a config change at
     * once, and a newly registered version the tenant now runs (the canary tool purges the tenants a registry write
     * moves) too. The registry is one small read shared by every tenant.
     */
    forget: (slug: string): void => {
      for (const kind of ['config', 'data', 'special-hours', 'content', 'parts']) cache.delete(`${kind}:${slug}`);
      cache.delete('releases');
    },
    /** Number of cached entries (for tests and diagnostics). */
    size: () => cache.size,
    clear: () => cache.clear(),
  };
}
export type TenantStore = ReturnType<typeof createTenantStore>;

/**
 * The part of a Worker's request context the tenant middleware uses. Structural (method shorthand), so a Hono
 * `Context` fits without contracts depending on Hono.
 */
export type TenantContext = {
  req: { header(name: string): string | undefined };
  env: { CONFIG: JsonKv };
  set(key: 'config' | 'store', value: SiteConfig | TenantStore): void;
  json(body: { error: string }, status: 404): Response;
};

/** Context variables the tenant middleware provides. */
export type TenantVariables = { config: SiteConfig; store: TenantStore };

/**
 * Middleware every remote and edge-api-like Worker uses: the tenant named by the shell's `x-forecourt-tenant`
 * header (never chosen by a browser: these Workers are reachable only over the shell's service bindings), its
 * validated config in `config`, the per-isolate store in `store`; an unknown tenant answers 404 JSON.
 * @example app.use('*', tenantMiddleware())
 */
export function tenantMiddleware() {
  let store: TenantStore | undefined;
  return async (c: TenantContext, next: () => Promise<void>): Promise<Response | void> => {
    const slug = c.req.header(TENANT_HEADER);
    store ??= createTenantStore(c.env.CONFIG);
    const config = slug ? await store.config(slug) : null;
    if (!config) return c.json({ error: 'Unknown site.' }, 404);
    c.set('config', config);
    c.set('store', store);
    await next();
  };
}
