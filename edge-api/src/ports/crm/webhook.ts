import { CrmDeliveryError, type CrmDelivery, type CrmLead, type CrmPort } from './port.ts';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './signature.ts';

/** Default time a CRM gets to answer; the outbox lease is derived from it (src/outbox/relay.ts). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** Longest Retry-After honoured: a CRM cannot park a lead for days with one header. */
const MAX_RETRY_AFTER_MS = 6 * 60 * 60 * 1000;

export type WebhookCrmOptions = {
  url: string;
  /** Shared HMAC secret (from a Worker secret, never from the repository). */
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/** The JSON a dealer's CRM receives: one lead, keyed by its id. */
export type WebhookBody = {
  lead_id: string;
  tenant: string;
  category: string;
  subcategory: string | null;
  created_at: string | null;
  payload: Record<string, unknown>;
};

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** HTTPS only; plain http is accepted for loopback hosts alone (local tests and benches). */
export function checkWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('The CRM webhook URL is not a valid URL.');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) return url;
  throw new Error(`The CRM webhook URL must use https (got ${url.protocol}//${url.hostname}).`);
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/**
 * The dealer CRM's webhook: POSTs the lead as JSON, signed (X-Forecourt-Timestamp + X-Forecourt-Signature) and keyed
 * by `Idempotency-Key: <lead id>` so the CRM stores a redelivered lead once. 2xx = delivered, 409 = the CRM already has
 * it, 408/429/5xx/timeout/network error = temporary (retry), 3xx and other 4xx = permanent (dead letter, fix, re-drive).
 */
export class WebhookCrm implements CrmPort {
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: WebhookCrmOptions) {
    this.url = checkWebhookUrl(options.url);
    if (!options.secret) throw new Error('The CRM webhook secret is not set.');
    this.timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  async deliver(lead: CrmLead): Promise<CrmDelivery> {
    const body: WebhookBody = {
      lead_id: lead.leadId,
      tenant: lead.tenant,
      category: lead.category,
      subcategory: lead.subcategory ?? null,
      created_at: lead.createdAt === undefined ? null : new Date(lead.createdAt).toISOString(),
      payload: lead.payload,
    };
    const text = JSON.stringify(body);
    const timestamp = Math.floor(this.now() / 1000);
    let res: Response;
    try {
      res = await this.fetcher(this.url.href, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Forecourt-CRM-Webhook/1',
          [IDEMPOTENCY_HEADER]: lead.leadId,
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: await signWebhook(this.options.secret, timestamp, text),
        },
        body: text,
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      // The CRM may have stored it anyway: the retry carries the same Idempotency-Key.
      throw new CrmDeliveryError(timedOut ? `CRM webhook timed out after ${this.timeoutMs} ms` : `CRM webhook unreachable: ${String(error)}`, false);
    }
    const answer = await res.text().catch(() => '');
    if (res.status >= 200 && res.status < 300) return { externalId: externalId(answer) ?? lead.leadId, duplicate: false };
    if (res.status === 409) return { externalId: externalId(answer) ?? lead.leadId, duplicate: true };
    const status = `CRM webhook answered ${res.status}`;
    if (res.status === 408 || res.status === 429 || res.status >= 500) {
      throw new CrmDeliveryError(status, false, parseRetryAfter(res.headers.get('retry-after'), this.now()));
    }
    throw new CrmDeliveryError(res.status >= 300 && res.status < 400 ? `${status} (redirect: configure the final URL)` : status, true);
  }
}

/** The CRM's record id when it answers JSON `{ id }` (or `{ external_id }`); never more than 128 characters. */
function externalId(answer: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(answer);
    if (parsed && typeof parsed === 'object') {
      const id = (parsed as Record<string, unknown>).id ?? (parsed as Record<string, unknown>).external_id;
      if ((typeof id === 'string' && id) || typeof id === 'number') return String(id).slice(0, 128);
    }
  } catch {
    // Not JSON: the CRM acknowledged without an id.
  }
  return undefined;
}
