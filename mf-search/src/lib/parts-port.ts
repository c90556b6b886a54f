/**
 * Which parts search port answers a request (contracts parts-search.ts): the embedded one over the tenant's catalogue
 * in KV (`parts:<slug>`, read through the tenant store), or, with `SEARCH_ADAPTER=meilisearch` and a tenant
 * `search_service`, Meilisearch (the tenant's own parts index beside its stock index, same host and key secret).
 * The same rules as the stock search's chooser (engine/meilisearch/select.ts).
 */
import type { PartsSearchPort } from '@forecourt/contracts/parts-search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantStore } from '@forecourt/contracts/tenant-store';
import { DEFAULT_TIMEOUT_MS } from '../engine/meilisearch/adapter.ts';
import { MAX_SERVICE_PORTS, meilisearchServiceOf, portFor } from '../engine/meilisearch/select.ts';
import { createEmbeddedPartsSearch } from '../engine/parts/embedded.ts';
import { createMeilisearchPartsSearch } from '../engine/parts/meilisearch.ts';

/** The parts port for a request's env, tenant and tenant store. */
export type PartsEnginePort = (env: { SEARCH_ADAPTER?: string | undefined } & object, config: Pick<SiteConfig, 'slug' | 'search_service'>, store: Pick<TenantStore, 'parts'>) => PartsSearchPort;

/**
 * The default parts port chooser, with its Meilisearch ports kept per service (one per `createApp`, so per isolate).
 * @example const parts = createPartsPort()(c.env, c.var.config, c.var.store);
 */
export function createPartsPort(options: { fetch?: typeof fetch; timeoutMs?: number } = {}): PartsEnginePort {
  const ports = new Map<string, PartsSearchPort>();
  return (env, config, store) => {
    const service = meilisearchServiceOf(env, config);
    // The store caches each catalogue per isolate; the embedded engine keeps its words per catalogue it is given.
    if (!service) return createEmbeddedPartsSearch(async (tenant) => (await store.parts(tenant)).parts);
    const { apiKey, id } = service;
    // At most MAX_SERVICE_PORTS services kept, least recently used out.
    return portFor(ports, id, MAX_SERVICE_PORTS, () =>
      createMeilisearchPartsSearch({ host: service.host, apiKey, stockIndex: service.index, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    );
  };
}
