import * as v from 'valibot';
import { PurgeRequestSchema, type PurgeAnswer, type PurgeRequest } from '@forecourt/contracts/page-cache';

/** Names of the page-cache adapters (env PAGE_CACHE_ADAPTER). */
export type PageCacheAdapter = 'embedded' | 'cloudflare';

/** What a purge did: the answer (contracts PurgeAnswerSchema), or why it did not happen (logged, never thrown). */
export type PurgeOutcome = { ok: true; answer: PurgeAnswer } | { ok: false; error: string; /** No page cache in this run (logged once). */ unbound?: true };

/**
 * Drops the shareable pages (contracts page-cache.ts) that show what a write just changed: every kept page of
 * `tenant` carrying one of `tags`. Adapters: embedded.ts (local runs: the shell's `PageCache` entrypoint over the
 * SHELL_CACHE service binding, both of its layers at once) and cloudflare.ts (production: Cloudflare's purge by tag,
 * every data centre's Cache API entries). `purge` never throws: a purge that failed is an outcome the caller logs; a
 * write is never failed by it (the page then lives until its max-age).
 */
export interface PageCachePort {
  readonly adapter: PageCacheAdapter;
  purge(request: PurgeRequest): Promise<PurgeOutcome>;
}

/** The request as the contract takes it (every tag of the tenant), or why not: checked before anything is sent. */
export function checkPurgeRequest(request: PurgeRequest): { ok: true; request: PurgeRequest } | { ok: false; error: string } {
  const parsed = v.safeParse(PurgeRequestSchema, request);
  return parsed.success ? { ok: true, request: parsed.output } : { ok: false, error: `invalid purge request (${parsed.issues.map((i) => i.message).join('; ')})` };
}

/** An error's name and message for the log only (no request data: tags name tenants and car ids, never shoppers). */
export const purgeErrorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : 'unknown error');
