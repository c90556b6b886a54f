/**
 * Reads tenant config and data from KV with a per-isolate cache. Shared by the shell and every remote, so each
 * validates the same way (a bad config fails loudly) and nothing is copied between remotes.
 */
import * as v from 'valibot';
import { kvTenantKey, parseSiteConfig, type SiteConfig } from './tenant.ts';
import { kvTenantDataKey, TenantDataSchema, type TenantData } from './tenant-data.ts';

/** The part of a KV namespace binding the store needs (structural, so contracts needs no Workers types). */
export type JsonKv = { get(key: string, type: 'json'): Promise<unknown> };

export type TenantStoreOptions = { ttlMs?: number; now?: () => number };

export function createTenantStore(kv: JsonKv, options: TenantStoreOptions = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttl) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }
  return {
    /** The tenant's validated config, or null when the tenant does not exist. Throws on an invalid config. */
    config: (slug: string): Promise<SiteConfig | null> =>
      cached(`config:${slug}`, async () => {
        const raw = await kv.get(kvTenantKey(slug), 'json');
        return raw ? parseSiteConfig(raw) : null;
      }),
    /** The tenant's locations, dealerships, manufacturers, brands and offers (empty lists when none stored). */
    data: (slug: string): Promise<TenantData> =>
      cached(`data:${slug}`, async () => v.parse(TenantDataSchema, (await kv.get(kvTenantDataKey(slug), 'json')) ?? {})),
    clear: () => cache.clear(),
  };
}
export type TenantStore = ReturnType<typeof createTenantStore>;
