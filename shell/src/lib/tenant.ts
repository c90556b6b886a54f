import type { KVNamespace } from '@cloudflare/workers-types';
import { kvHostKey, type SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { createTenantStore, type TenantStore } from '@forecourt/contracts/tenant-store';

export type Tenant = { config: SiteConfig; data: TenantData };

const HOST_TTL_MS = 60_000;
const stores = new WeakMap<KVNamespace, TenantStore>();
const hostCache = new Map<string, { at: number; slug: Promise<string | null> }>();

function storeFor(kv: KVNamespace): TenantStore {
  let store = stores.get(kv);
  if (!store) stores.set(kv, (store = createTenantStore(kv as never)));
  return store;
}

/** `harbourside-toyota.localhost:8787` -> `harbourside-toyota`; other hosts are looked up in KV (`host:<hostname>`). */
export function slugFromLocalHost(host: string): string | null {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.localhost$/.exec(hostname);
  return m ? m[1]! : null;
}

async function slugForHost(kv: KVNamespace, host: string, now: number): Promise<string | null> {
  const local = slugFromLocalHost(host);
  if (local) return local;
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const hit = hostCache.get(hostname);
  if (hit && now - hit.at < HOST_TTL_MS) return hit.slug;
  const slug = kv.get(kvHostKey(hostname));
  hostCache.set(hostname, { at: now, slug });
  return slug;
}

/** Resolves the tenant of a request from its Host header (ARCHITECTURE.md step 1); null for an unknown host. */
export async function resolveTenant(kv: KVNamespace, host: string | undefined, now = Date.now()): Promise<Tenant | null> {
  if (!host) return null;
  const slug = await slugForHost(kv, host, now);
  if (!slug) return null;
  const store = storeFor(kv);
  const [config, data] = await Promise.all([store.config(slug), store.data(slug)]);
  return config ? { config, data } : null;
}
