import type { Fetcher, KVNamespace, RateLimit } from '@cloudflare/workers-types';

/** Bindings of the mf-vehicle Worker (mf-vehicle/wrangler.jsonc). */
export type Env = {
  ASSETS: Fetcher;
  CONFIG: KVNamespace;
  /** mf-search: the vehicle page's read model (`/internal/car?slug=`). */
  SEARCH: Fetcher;
  /** edge-api: delivery and market-price ports (tenant header on every call). */
  EDGE_API: Fetcher;
  /** Workers rate-limiting binding of `/api/vehicle/*` (delivery quotes, PDFs: provider calls), per tenant and client IP. */
  VEHICLE_API_LIMITER: RateLimit;
  /** PDF by slug (src/pdf): 'embedded' (default, the text writer) or 'cloudflare' (Browser Rendering prints /print). */
  PDF_ADAPTER?: string;
  /** Cloudflare account with Browser Rendering ('cloudflare' adapter). */
  CF_ACCOUNT_ID?: string;
  /** Worker secret: API token with Browser Rendering - Edit ('cloudflare' adapter; missing -> every PDF request fails loudly). */
  CF_BROWSER_RENDERING_TOKEN?: string;
  /** Cloudflare API origin; tests point it at a local server. */
  CF_API_BASE?: string;
};
