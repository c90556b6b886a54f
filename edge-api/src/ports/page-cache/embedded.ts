/**
 * The page-cache port in local runs (PAGE_CACHE_ADAPTER=embedded): the shell's `PageCache` named entrypoint over the
 * SHELL_CACHE service binding (dev/platform.mjs binds it; a deployed edge-api has no such binding and uses
 * cloudflare.ts). Wire format (contracts page-cache.ts):
 *
 *   POST https://shell.internal/purge        (SHELL_PURGE_PATH; the host is a placeholder: a binding has no address)
 *     Content-Type: application/json   X-Forecourt-Tenant: {tenant}
 *     { "tenant": "...", "tags": ["car:<tenant>:<id>", "stock:<tenant>"], "reason": "reservation" }
 *   200 { "dropped": 2, "shared": true }     (contracts PurgeAnswerSchema; anything else is a failed purge)
 */
import * as v from 'valibot';
import { PurgeAnswerSchema, SHELL_PURGE_PATH, type PurgeRequest } from '@forecourt/contracts/page-cache';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { checkPurgeRequest, purgeErrorText, type PageCachePort, type PurgeOutcome } from './port.ts';

/** The shell answers from memory: past this the purge counts as failed (the write it follows has long committed). */
export const SHELL_PURGE_TIMEOUT_MS = 3_000;
/** The URL the request goes to over the binding (only its path is read by the shell). */
export const SHELL_PURGE_URL = `https://shell.internal${SHELL_PURGE_PATH}`;

/** A service binding (the shell's `PageCache` entrypoint) or anything with its `fetch`. */
export type ShellCacheBinding = { fetch(input: string, init?: RequestInit): Promise<Response> };

export class EmbeddedPageCache implements PageCachePort {
  readonly adapter = 'embedded' as const;

  constructor(private readonly shell: ShellCacheBinding | undefined, private readonly timeoutMs = SHELL_PURGE_TIMEOUT_MS) {}

  async purge(request: PurgeRequest): Promise<PurgeOutcome> {
    const checked = checkPurgeRequest(request);
    if (!checked.ok) return checked;
    // A run without the shell (a Worker test, `startPlatform({ only })`, or a deployed Worker left on 'embedded'):
    // nothing to purge here; a deployment sets PAGE_CACHE_ADAPTER=cloudflare (README "Page cache purge").
    if (!this.shell) return { ok: false, unbound: true, error: 'SHELL_CACHE is not bound: no shell page cache to purge (deployed: set PAGE_CACHE_ADAPTER=cloudflare)' };
    let response: Response;
    try {
      response = await this.shell.fetch(SHELL_PURGE_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TENANT_HEADER]: checked.request.tenant },
        body: JSON.stringify(checked.request),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return { ok: false, error: `shell page cache unreachable (${purgeErrorText(err)})` };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `shell page cache answered ${response.status}` };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, error: 'shell page cache answered without JSON' };
    }
    const answer = v.safeParse(PurgeAnswerSchema, body);
    return answer.success ? { ok: true, answer: answer.output } : { ok: false, error: 'shell page cache answered an unexpected body' };
  }
}
