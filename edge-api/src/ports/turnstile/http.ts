import type { TurnstilePort, TurnstileVerdict } from './port.ts';

/** Cloudflare's siteverify endpoint (developers.cloudflare.com/turnstile/get-started/server-side-validation). */
export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** A lead must not wait long on the bot check: past this, siteverify counts as unreachable. */
export const SITEVERIFY_TIMEOUT_MS = 5_000;

/** siteverify did not give a usable answer (network error, timeout, 5xx, not JSON, or its own 'internal-error'). */
export class TurnstileUnavailableError extends Error {
  override name = 'TurnstileUnavailableError';
}

export type HttpTurnstileOptions = {
  /** The widget's secret key, from the Worker secret TURNSTILE_SECRET_KEY (never in the repository). */
  secret: string;
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** siteverify's JSON answer (only the fields the verdict uses). */
type SiteverifyBody = { success?: unknown; 'error-codes'?: unknown };

/**
 * Real Turnstile adapter: POSTs `secret`, `response` and `remoteip` form-encoded to siteverify and returns its
 * `success` and `error-codes` as they are. Throws TurnstileUnavailableError when siteverify cannot answer, so
 * the caller can accept and flag the lead instead of losing it.
 */
export class HttpTurnstile implements TurnstilePort {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpTurnstileOptions) {
    if (!options.secret) throw new Error('TURNSTILE_SECRET_KEY is not set: the http Turnstile adapter needs the widget secret.');
    this.url = options.url ?? SITEVERIFY_URL;
    this.timeoutMs = options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async verify(token: string | null | undefined, remoteIp?: string | null): Promise<TurnstileVerdict> {
    // siteverify would answer the same: no call for a token that cannot pass.
    if (!token?.trim()) return { success: false, errorCodes: ['missing-input-response'] };
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let response: Response;
    try {
      // A string body (not a stream): nothing is left writing when the connection fails.
      response = await this.fetcher(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new TurnstileUnavailableError(`siteverify unreachable: ${err instanceof Error ? err.name : 'error'}`);
    }
    if (response.status >= 500) throw new TurnstileUnavailableError(`siteverify answered ${response.status}`);
    let body: SiteverifyBody;
    try {
      body = (await response.json()) as SiteverifyBody;
    } catch {
      throw new TurnstileUnavailableError(`siteverify answered ${response.status} without JSON`);
    }
    const errorCodes = Array.isArray(body['error-codes']) ? body['error-codes'].filter((c): c is string => typeof c === 'string') : [];
    if (errorCodes.includes('internal-error')) throw new TurnstileUnavailableError('siteverify internal-error');
    return { success: body.success === true, errorCodes };
  }
}
