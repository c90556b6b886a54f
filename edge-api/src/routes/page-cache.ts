/**
 * `POST /internal/cache/purge` (contracts INTERNAL.purgePages; under `/internal`, which the shell never proxies, so
 * only another Worker over a service binding reaches it): drops the shareable pages of the tenant carrying one of
 * the tags, through the page-cache port (src/ports/page-cache). mf-search calls it when a stock import changed cars;
 * edge-api's own writes purge through the same port directly (src/ports/page-cache/purge.ts).
 * - 400 `{ error }`: not JSON, or a body PurgeRequestSchema refuses (a tag of another tenant among them);
 * - 403 `{ error }`: the body's tenant is not the tenant header's (a caller purges its own tenant's pages only);
 * - 200 PurgeAnswer `{ dropped, shared }` once the port purged;
 * - 502 `{ error }`: the port answered a failure (the shell or Cloudflare refused or timed out); 503 when the port is
 *   misconfigured (PAGE_CACHE_ADAPTER=cloudflare without its zone or token).
 * Logs name the tenant, the reason and the error only.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { INTERNAL } from '@forecourt/contracts/internal';
import { PurgeRequestSchema } from '@forecourt/contracts/page-cache';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { formatIssues } from '../lib/validate.ts';
import type { PageCachePort } from '../ports/page-cache/port.ts';
import { purgeErrorText } from '../ports/page-cache/port.ts';
import { selectPageCache, type PageCacheEnv } from '../ports/page-cache/select.ts';

export const PURGE_TENANT_MISMATCH_MESSAGE = 'The purge names another tenant than the tenant header.';
export const PURGE_FAILED_MESSAGE = 'Pages not purged: the page cache did not answer.';
export const PURGE_UNAVAILABLE_MESSAGE = 'Pages not purged: the page cache is not configured.';

export type PageCacheRoutesOptions = {
  /** The port to purge through (tests); by default the one env.PAGE_CACHE_ADAPTER names. */
  pageCache?: (env: Env) => PageCachePort;
};

export function createPageCacheRoutes(options: PageCacheRoutesOptions = {}) {
  const portOf = options.pageCache ?? ((env: Env) => selectPageCache(env as Env & PageCacheEnv));
  return new Hono<AppEnv>().post(INTERNAL.purgePages.path, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return jsonError(c, 400, 'Invalid JSON body.');
    }
    const parsed = v.safeParse(PurgeRequestSchema, body);
    if (!parsed.success) return jsonError(c, 400, `Invalid request: ${formatIssues(parsed.issues, PurgeRequestSchema)}`);
    const tenant = c.get('tenant');
    if (parsed.output.tenant !== tenant) return jsonError(c, 403, PURGE_TENANT_MISMATCH_MESSAGE);
    let port: PageCachePort;
    try {
      port = portOf(c.env);
    } catch (err) {
      console.error(`edge-api page cache: ${parsed.output.reason} purge for tenant ${tenant} impossible: ${purgeErrorText(err)}`);
      return jsonError(c, 503, PURGE_UNAVAILABLE_MESSAGE);
    }
    const outcome = await port.purge(parsed.output);
    if (!outcome.ok) {
      console.warn(`edge-api page cache: ${parsed.output.reason} purge for tenant ${tenant} not done: ${outcome.error}`);
      return jsonError(c, 502, PURGE_FAILED_MESSAGE);
    }
    return c.json(outcome.answer);
  });
}

/** The route as edge-api mounts it: `app.route('/', pageCacheRoutes)` (its path is the contract's full path). */
export const pageCacheRoutes = createPageCacheRoutes();
