import { PdfRenderError, type CarPdfInput, type CarPdfPort } from './port.ts';

/** Past this the shopper has waited long enough: the route answers the §8 failure and the page can still be printed. */
export const PDF_TIMEOUT_MS = 20_000;
/** A print page with four photos is a few MB; a bigger answer is refused rather than held in the Worker's 128 MB. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com';

export type CloudflareCarPdfOptions = {
  /** env CF_ACCOUNT_ID: the account that has Browser Rendering. */
  accountId: string;
  /** env CF_BROWSER_RENDERING_TOKEN: a Worker secret (`wrangler secret put`), an API token with Browser Rendering - Edit. */
  token: string;
  /** env CF_API_BASE: tests point it at a local server; default https://api.cloudflare.com. */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * Cloudflare Browser Rendering's REST `/pdf` quick action: headless Chrome prints the tenant's public print page
 * (`/print?car_id=`), so the PDF is the page the shopper sees, styled by the shell and the page's `@media print` rules.
 *
 * Wire format (developers.cloudflare.com/browser-rendering, `pdf` endpoint): `POST {base}/client/v4/accounts/{account_id}/
 * browser-rendering/pdf` with `Authorization: Bearer`, a JSON body `{ url, gotoOptions, pdfOptions, ... }` and
 * `Accept: application/pdf`; 200 answers the PDF bytes, errors answer 4xx/5xx JSON `{ success: false, errors: [{ code, message }] }`.
 *
 * `url` rather than `html`: mf-vehicle renders only the print fragment; the document around it (theme, fonts, the
 * remote's stylesheet, same-origin image paths) is composed by the shell, so only the public URL gives the real page.
 * The print page is public (robots-disallowed, not secret), so the cost is that a tenant needs a public origin.
 */
export class CloudflareCarPdf implements CarPdfPort {
  private readonly fetcher: typeof fetch;
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: CloudflareCarPdfOptions) {
    if (!options.accountId) throw new Error('CF_ACCOUNT_ID is not set: the cloudflare PDF adapter needs the account with Browser Rendering.');
    if (!options.token) throw new Error('CF_BROWSER_RENDERING_TOKEN is not set: the cloudflare PDF adapter needs the API token secret.');
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.endpoint = new URL(`/client/v4/accounts/${encodeURIComponent(options.accountId)}/browser-rendering/pdf`, options.apiBase || CLOUDFLARE_API_BASE).toString();
    this.timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  }

  async render({ printUrl }: CarPdfInput): Promise<Uint8Array<ArrayBuffer>> {
    if (!printUrl) throw new PdfRenderError('the tenant has no public origin (site_url or a production host) for its print page');
    // One deadline for the whole exchange, body included.
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await this.fetcher(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json', accept: 'application/pdf' },
        body: JSON.stringify(pdfRequest(printUrl, this.timeoutMs)),
        signal,
      });
    } catch (error) {
      throw new PdfRenderError(failure(error, this.timeoutMs));
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readCapped(response, MAX_PDF_BYTES);
    } catch (error) {
      throw new PdfRenderError(error instanceof PdfRenderError ? error.reason : failure(error, this.timeoutMs));
    }
    if (!response.ok) throw new PdfRenderError(`Browser Rendering answered ${response.status}${providerErrors(bytes)}`);
    if (!isPdf(bytes)) throw new PdfRenderError(`Browser Rendering answered ${response.status} without a PDF (${response.headers.get('content-type') ?? 'no content-type'})${providerErrors(bytes)}`);
    return bytes;
  }
}

/** The request body: the print page, fully loaded, on A4 with backgrounds (the page's own print CSS hides the chrome). */
export function pdfRequest(url: string, timeoutMs: number = PDF_TIMEOUT_MS) {
  return {
    url,
    // The print page is server-rendered: without JavaScript the headless visit records no analytics 61 (spec §7) and
    // opens no promo popup; networkidle0 still waits for the photos.
    setJavaScriptEnabled: false,
    // The provider gives up (and says why, in JSON) a little before this adapter stops listening.
    gotoOptions: { waitUntil: 'networkidle0', timeout: Math.max(1_000, timeoutMs - 2_000) },
    pdfOptions: { format: 'a4', printBackground: true },
  } as const;
}

/** A PDF file starts with its header `%PDF-` (ISO 32000-1 §7.5.2). */
export const isPdf = (bytes: Uint8Array): boolean => bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';

function failure(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `timeout: no PDF within ${timeoutMs} ms`;
  return `unreachable: ${name || 'error'}${error instanceof Error && error.message ? ` (${error.message})` : ''}`;
}

/** `: [code] message; ...` from the provider's JSON error envelope, or '' when the body is not one. */
function providerErrors(bytes: Uint8Array): string {
  if (bytes.length === 0 || bytes.length > 64 * 1024) return '';
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { errors?: Array<{ code?: unknown; message?: unknown }> };
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    const text = errors.map((e) => `[${String(e?.code ?? '?')}] ${String(e?.message ?? '')}`.trim()).join('; ');
    return text ? `: ${text.slice(0, 500)}` : '';
  } catch {
    return '';
  }
}

/** The body, refused past `max` bytes (by Content-Length when given, else while reading). */
async function readCapped(response: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new PdfRenderError(`Browser Rendering answered ${declared} bytes, over the ${max} byte limit`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new PdfRenderError(`Browser Rendering answered over the ${max} byte limit`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
