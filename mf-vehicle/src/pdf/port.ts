import type { Car } from '@forecourt/contracts/entities/car';
import type { SiteConfig } from '@forecourt/contracts/tenant';

/** Spec §8 "PDF failure: browser alert with message": the one text a shopper sees (PrintActions alerts `error`). */
export const PDF_FAILED = 'We could not prepare the PDF. Please try again or print this page instead.';

/** A PDF could not be made (provider error, timeout, unreachable, not a PDF). `reason` is for logs, never for shoppers. */
export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
  constructor(readonly reason: string) {
    super(PDF_FAILED);
  }
}

export type CarPdfInput = {
  tenant: SiteConfig;
  car: Car;
  /** The tenant's public print page of the car (`https://<site>/print?car_id=<slug>`), or null when the tenant has no public origin. */
  printUrl: string | null;
};

/**
 * The car as a PDF file (spec §7 "PDF by slug": PDF returns a file; §4 PDF print: idle, 'Preparing...', download).
 * Answers the bytes of a PDF document (over a plain ArrayBuffer, so they go out as a response body as they are); throws
 * PdfRenderError on any failure an adapter can foresee.
 */
export interface CarPdfPort {
  render(input: CarPdfInput): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * The public print page of a car: the tenant's site URL, else its first production host over https; null without either
 * (`*.localhost` is local only). From tenant config, never from a request header a browser could set.
 */
export function printPageUrl(config: Pick<SiteConfig, 'site_url' | 'hosts'>, slug: string): string | null {
  const host = config.hosts.find((h) => h && h !== 'localhost' && !h.endsWith('.localhost'));
  const origin = config.site_url ?? (host ? `https://${host}` : null);
  if (!origin) return null;
  const url = new URL('/print', origin);
  url.searchParams.set('car_id', slug);
  return url.toString();
}
