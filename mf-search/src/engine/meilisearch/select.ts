/**
 * Which search port serves a tenant (ARCHITECTURE.md "Data"): `SEARCH_ADAPTER` (embedded | meilisearch) picks the
 * platform's mode; in meilisearch mode a tenant with `search_service` in its SiteConfig is served by Meilisearch
 * (host, index, and the API key read from the Worker secret *named* by `key_secret`), every other tenant by the
 * embedded engine. Ports are created once per isolate and service. Pure ESM, no Node APIs.
 */
import { VEHICLE_QUERY_CACHE_CAP, withQueryCache } from '../cache.ts';
import type { SearchPort } from '@forecourt/contracts/search';
import { SECRET_NAME, secretNamed } from '@forecourt/contracts/secrets';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { createMeilisearchSearch, DEFAULT_TIMEOUT_MS } from './adapter.ts';

export const SEARCH_ADAPTERS = ['embedded', 'meilisearch'] as const;
export type SearchAdapterName = (typeof SEARCH_ADAPTERS)[number];

export class SearchConfigError extends Error {
  override name = 'SearchConfigError';
}

/** The platform mode from the env var; unset means embedded, anything unknown is a configuration error. */
export function searchAdapterOf(value: string | undefined): SearchAdapterName {
  const name = (value ?? '').trim().toLowerCase() || 'embedded';
  if (!(SEARCH_ADAPTERS as readonly string[]).includes(name)) throw new SearchConfigError(`Unknown SEARCH_ADAPTER ${JSON.stringify(value)} (embedded | meilisearch)`);
  return name as SearchAdapterName;
}

export type SelectOptions = { timeoutMs?: number; fetch?: typeof fetch; maxPorts?: number };

/**
 * Meilisearch ports an isolate keeps (one per service: host, index, key), least recently used out beyond: each holds a
 * vehicle query cache of VEHICLE_QUERY_CACHE_CAP answers. Shared by the parts ports (lib/parts-port.ts).
 */
export const MAX_SERVICE_PORTS = 64;

/** Least-recently-used get-or-create over a map bounded by `max` (the service port caches). */
export function portFor<P>(ports: Map<string, P>, id: string, max: number, make: () => P): P {
  let port = ports.get(id);
  if (port) ports.delete(id);
  else port = make();
  ports.set(id, port);
  while (ports.size > max) ports.delete(ports.keys().next().value!);
  return port;
}

/**
 * A tenant's Meilisearch service and key (the secret its config names), or null when the platform runs embedded or
 * the tenant has no `search_service`; `id` names the service for a per-isolate port cache (the key's length, never
 * its value). One rule for the stock search and the parts search (lib/parts-port.ts).
 * @throws SearchConfigError when the secret name is malformed or the secret is not set (its value is never logged).
 */
export function meilisearchServiceOf(env: { SEARCH_ADAPTER?: string | undefined } & object, config: Pick<SiteConfig, 'slug' | 'search_service'>): { host: string; index: string; apiKey: string; id: string } | null {
  const service = config.search_service;
  if (searchAdapterOf(env.SEARCH_ADAPTER) === 'embedded' || !service) return null;
  if (!SECRET_NAME.test(service.key_secret)) throw new SearchConfigError(`Tenant ${config.slug}: search_service.key_secret must be an env secret name (A-Z, 0-9, _)`);
  const apiKey = secretNamed(env, service.key_secret);
  if (apiKey === undefined) throw new SearchConfigError(`Tenant ${config.slug}: secret ${service.key_secret} is not set`);
  return { host: service.host, index: service.index, apiKey, id: JSON.stringify([service.host, service.index, service.key_secret, apiKey.length]) };
}

/**
 * A chooser bound to one isolate's ports. `env` is the Worker env (SEARCH_ADAPTER and the secrets).
 * @example
 * const choose = createSearchPortChooser(embedded);
 * const port = choose(c.env, c.var.config); // then port.search(scopeFor(config, now), request)
 */
export function createSearchPortChooser(embedded: SearchPort, options: SelectOptions = {}) {
  const ports = new Map<string, SearchPort>();
  return (env: { SEARCH_ADAPTER?: string | undefined } & object, config: Pick<SiteConfig, 'slug' | 'search_service'>): SearchPort => {
    const service = meilisearchServiceOf(env, config);
    if (!service) return embedded;
    const { apiKey, id } = service;
    // Spec §9 vehicle search cache: repeated queries (query, filters, offset, sort) skip the round trip.
    return portFor(ports, id, options.maxPorts ?? MAX_SERVICE_PORTS, () =>
      withQueryCache(
        createMeilisearchSearch({ host: service.host, apiKey, indexUid: service.index, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(options.fetch ? { fetch: options.fetch } : {}) }),
        { cap: VEHICLE_QUERY_CACHE_CAP },
      ),
    );
  };
}
