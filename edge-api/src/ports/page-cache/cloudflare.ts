/**
 * The page-cache port in production (PAGE_CACHE_ADAPTER=cloudflare): Cloudflare's purge by tag, which drops the
 * shell's Cache API entries (`caches.default`, tagged with `Cache-Tag` by the shell) in every data centre. Another
 * isolate's own copy lives at most PAGE_CACHE_ISOLATE_SECONDS more (contracts page-cache.ts). Wire format
 * (https://developers.cloudflare.com/api/resources/cache/methods/purge/):
 *
 *   POST {CF_API_URL}/client/v4/zones/{CF_ZONE_ID}/purge_cache
 *     Authorization: Bearer {CF_PURGE_TOKEN}   Content-Type: application/json
 *     { "tags": ["car:<tenant>:<id>", "stock:<tenant>"] }                 (at most 30 tags a call: batched)
 *   200 { "success": true, "errors": [], "messages": [], "result": { "id": "<zone id>" } }
 *   4xx/5xx { "success": false, "errors": [{ "code": 10000, "message": "Authentication error" }], ... }
 *
 * Every batch is tried (one failing does not stop the others); the outcome is failed when any batch failed. Never
 * throws: the caller logs the outcome.
 */
import * as v from 'valibot';
import type { PurgeRequest } from '@forecourt/contracts/page-cache';
import { isHttpUrl } from '../adapter-name.ts';
import { checkPurgeRequest, purgeErrorText, type PageCachePort, type PurgeOutcome } from './port.ts';

/** Cloudflare's API origin (the `CF_API_URL` var overrides it: tests, an API proxy). */
export const CLOUDFLARE_API_URL = 'https://api.cloudflare.com';
/** Cloudflare takes at most this many tags in one purge call. */
export const CLOUDFLARE_TAGS_PER_PURGE = 30;
/** A purge follows a committed write in the background: past this a batch counts as failed. */
export const CLOUDFLARE_PURGE_TIMEOUT_MS = 5_000;

export type CloudflarePageCacheOptions = {
  /** The API origin (env CF_API_URL, default CLOUDFLARE_API_URL). */
  apiUrl?: string;
  /** The zone the shop hosts are served from (env CF_ZONE_ID). */
  zoneId: string;
  /** An API token with Zone > Cache Purge on that zone (Worker secret CF_PURGE_TOKEN). */
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Cloudflare's v4 envelope; extra fields are ignored. */
const CloudflareAnswerSchema = v.object({
  success: v.boolean(),
  errors: v.optional(v.array(v.object({ code: v.optional(v.number()), message: v.optional(v.string()) })), []),
});

export class CloudflarePageCache implements PageCachePort {
  readonly adapter = 'cloudflare' as const;
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: CloudflarePageCacheOptions) {
    const apiUrl = options.apiUrl?.trim() || CLOUDFLARE_API_URL;
    if (!isHttpUrl(apiUrl)) throw new Error(`CF_API_URL="${apiUrl}" is not a URL.`);
    // The token travels in a header: over https only (plain http to this machine for tests and local stand-ins).
    const { protocol, hostname } = new URL(apiUrl);
    if (protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) throw new Error(`CF_API_URL must use https (got ${protocol}//${hostname}).`);
    if (!/^[A-Za-z0-9]{1,64}$/.test(options.zoneId ?? '')) throw new Error('CF_ZONE_ID is not set (or not a zone id): the cloudflare page-cache adapter needs the zone to purge.');
    if (!options.token) throw new Error('CF_PURGE_TOKEN is not set: the cloudflare page-cache adapter needs an API token with Cache Purge.');
    this.endpoint = `${apiUrl.replace(/\/+$/, '')}/client/v4/zones/${options.zoneId}/purge_cache`;
    this.timeoutMs = options.timeoutMs ?? CLOUDFLARE_PURGE_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async purge(request: PurgeRequest): Promise<PurgeOutcome> {
    const checked = checkPurgeRequest(request);
    if (!checked.ok) return checked;
    const { tags } = checked.request;
    const batches: string[][] = [];
    for (let i = 0; i < tags.length; i += CLOUDFLARE_TAGS_PER_PURGE) batches.push(tags.slice(i, i + CLOUDFLARE_TAGS_PER_PURGE));
    const errors: string[] = [];
    for (const batch of batches) {
      const error = await this.purgeBatch(batch);
      if (error) errors.push(error);
    }
    if (errors.length) return { ok: false, error: `Cloudflare purge failed for ${errors.length} of ${batches.length} batches (${[...new Set(errors)].join('; ')})` };
    // Cloudflare does not say how many entries it dropped; this isolate keeps no layer of its own.
    return { ok: true, answer: { dropped: 0, shared: true } };
  }

  /** One call of at most 30 tags: null when Cloudflare accepted it, else why not. */
  private async purgeBatch(tags: string[]): Promise<string | null> {
    let response: Response;
    try {
      response = await this.fetcher(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return `unreachable (${purgeErrorText(err)})`;
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      if (timedOut) return `unreachable (${(err as Error).name})`;
    }
    const parsed = v.safeParse(CloudflareAnswerSchema, body);
    if (response.ok && parsed.success && parsed.output.success) return null;
    const reasons = parsed.success ? parsed.output.errors.map((e) => `${e.code ?? '?'} ${e.message ?? ''}`.trim()).join(', ') : '';
    return `answered ${response.status}${reasons ? `: ${reasons}` : parsed.success ? '' : ' without its JSON envelope'}`;
  }
}
