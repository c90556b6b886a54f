import { adapterName } from '../adapter-name.ts';
import { CloudflarePageCache } from './cloudflare.ts';
import { EmbeddedPageCache, type ShellCacheBinding } from './embedded.ts';
import type { PageCachePort } from './port.ts';

/** Adapters of the page-cache port: the shell's `PageCache` entrypoint (local runs) or Cloudflare's purge by tag. */
export const PAGE_CACHE_ADAPTERS = ['embedded', 'cloudflare'] as const;

export type PageCacheEnv = {
  PAGE_CACHE_ADAPTER?: string;
  /**
   * The shell's `PageCache` entrypoint, needed by 'embedded'. Bound by dev/platform.mjs in local runs only (not in
   * wrangler.jsonc: a deployed edge-api purges through Cloudflare).
   */
  SHELL_CACHE?: ShellCacheBinding;
  /** Cloudflare's API origin for 'cloudflare' (default https://api.cloudflare.com). */
  CF_API_URL?: string;
  /** The zone of the shop hosts, needed by 'cloudflare'. */
  CF_ZONE_ID?: string;
  /** Worker secret (`wrangler secret put CF_PURGE_TOKEN`): an API token with Zone > Cache Purge, needed by 'cloudflare'. */
  CF_PURGE_TOKEN?: string;
};

/**
 * Picks the page-cache adapter named by env.PAGE_CACHE_ADAPTER (default 'embedded'); 'cloudflare' without its zone
 * or token throws (the caller logs it: a purge never fails a write).
 */
export function selectPageCache(env: PageCacheEnv, options: { fetch?: typeof fetch } = {}): PageCachePort {
  switch (adapterName('PAGE_CACHE_ADAPTER', env.PAGE_CACHE_ADAPTER, PAGE_CACHE_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedPageCache(env.SHELL_CACHE);
    case 'cloudflare':
      return new CloudflarePageCache({ ...(env.CF_API_URL ? { apiUrl: env.CF_API_URL } : {}), zoneId: env.CF_ZONE_ID ?? '', token: env.CF_PURGE_TOKEN ?? '', ...(options.fetch ? { fetch: options.fetch } : {}) });
  }
}
