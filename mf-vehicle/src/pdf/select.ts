import { CloudflareCarPdf } from './cloudflare.ts';
import { EmbeddedCarPdf } from './embedded.ts';
import type { CarPdfPort } from './port.ts';

/** Adapters of the PDF port: the text writer in the Worker, or Cloudflare Browser Rendering printing the print page. */
export const CAR_PDF_ADAPTERS = ['embedded', 'cloudflare'] as const;

export type CarPdfEnv = {
  /** 'embedded' (default) or 'cloudflare'. */
  PDF_ADAPTER?: string;
  /** Account id with Browser Rendering, needed by 'cloudflare'. */
  CF_ACCOUNT_ID?: string;
  /** Worker secret (`wrangler secret put CF_BROWSER_RENDERING_TOKEN`), needed by 'cloudflare'. */
  CF_BROWSER_RENDERING_TOKEN?: string;
  /** API origin for 'cloudflare'; only tests change it (default https://api.cloudflare.com). */
  CF_API_BASE?: string;
};

/** Picks the adapter named by env.PDF_ADAPTER; an unknown name or a missing secret fails loudly, never silently. */
export function selectCarPdf(env: CarPdfEnv): CarPdfPort {
  const name = env.PDF_ADAPTER?.trim() || 'embedded';
  switch (name) {
    case 'embedded':
      return new EmbeddedCarPdf();
    case 'cloudflare':
      return new CloudflareCarPdf({ accountId: env.CF_ACCOUNT_ID?.trim() ?? '', token: env.CF_BROWSER_RENDERING_TOKEN?.trim() ?? '', ...(env.CF_API_BASE ? { apiBase: env.CF_API_BASE } : {}) });
    default:
      throw new Error(`PDF_ADAPTER="${name}" is not an available adapter (available: ${CAR_PDF_ADAPTERS.join(', ')}).`);
  }
}
