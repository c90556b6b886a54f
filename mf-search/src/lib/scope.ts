import type { SearchScope } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';

/** The server-side scope of every query for a tenant (spec §4 Stock visibility, §9 stock filters). */
export function scopeFor(config: SiteConfig, now: number): SearchScope {
  return {
    tenant: config.slug,
    include_sold_cars_days: config.include_sold_cars_days,
    used_only: config.search.used_only,
    in_stock_only: config.search.in_stock_only,
    demo_max_km: config.search.demo_max_km,
    excluded_stocknums: config.search.excluded_stocknums,
    older_than_days: config.search.older_than_days,
    now,
  };
}
