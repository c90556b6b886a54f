/**
 * The operator tools' page purge (issue 19: a shareable page is purged when its tenant's config changes, and the purge
 * shows on the very next request). `npm run canary` (canary-cli.mjs) and `npm run content:import` (content-import.mjs)
 * call it after every write of a tenant's config or content: each changed tenant's page-cache tag
 * (contracts page-cache.ts `pageCacheTags.tenant`, `t:<slug>`, which every kept page and fragment of the tenant
 * carries) goes through Cloudflare's purge by tag:
 *
 *   POST {api base}/zones/{zone id}/purge_cache   Authorization: Bearer {token}   { "tags": ["t:<slug>", ...] }
 *   200 { "success": true, "errors": [], ... }    4xx/5xx { "success": false, "errors": [{ "code", "message" }] }
 *
 * (https://developers.cloudflare.com/api/resources/cache/methods/purge/; at most 30 tags a call, so tenants are
 * batched). Deployed, that is api.cloudflare.com and the zone the shop hosts are served from: it drops every data
 * centre's Cache API copy, and the shell's isolates take the new config within CONFIG_CACHE_SECONDS. Locally, the same
 * API on the local runtime's origin (cloudflare-api.mjs) hands the tags to the shell's `PageCache` entrypoint, which
 * drops the tenant's pages and fragments and forgets its cached config and content, so the next request shows the
 * change. With the runtime stopped nothing is cached, so nothing is purged.
 *
 * A purge follows a write that has happened: it never undoes it and never throws. A failed purge is a warning (the
 * pages then show the change once the shell's config cache expires) and the tools still exit 0: their exit codes say
 * whether the change was made.
 */
import { join } from 'node:path';
import { importBundle } from './local-kv.mjs';
import { ROOT } from './workers.mjs';

/** Cloudflare's v4 API (canary-cli's `--api-base` replaces it). */
export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com/client/v4';
/** The local runtime of `npm start` when FORECOURT_LOCAL_URL does not name another. */
export const LOCAL_RUNTIME_URL = 'http://127.0.0.1:8787';
/** Cloudflare takes at most this many tags in one purge call (edge-api's cloudflare adapter batches the same way). */
export const TAGS_PER_PURGE = 30;
/** A batch without an answer in this time counts as failed (the write it follows is done either way). */
export const PURGE_TIMEOUT_MS = 10_000;
/** What the pages do when no purge reached them: the shell re-reads a tenant's config and content this often. */
export const UNPURGED_DELAY = "the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed)";

/** contracts' page-cache tags and valibot, bundled once per process (the tools run in Node 20: no TypeScript). */
let contracts;
const loadContracts = () =>
  (contracts ??= importBundle({ contents: `export { pageCacheTags, CacheTagSchema } from './page-cache.ts'; export * as v from 'valibot';`, resolveDir: join(ROOT, 'contracts/src') }).then(({ pageCacheTags, CacheTagSchema, v }) => ({
    pageCacheTags,
    v,
    /** One purge call's body: 1 to TAGS_PER_PURGE page-cache tags (contracts CacheTagSchema each). */
    PurgeCallSchema: v.strictObject({ tags: v.pipe(v.array(CacheTagSchema), v.minLength(1), v.maxLength(TAGS_PER_PURGE)) }),
    /** Cloudflare's v4 envelope; its other fields are ignored. */
    AnswerSchema: v.object({ success: v.boolean(), errors: v.optional(v.array(v.object({ code: v.optional(v.number()), message: v.optional(v.string()) })), []) }),
  })));

/**
 * The local runtime's origin when it answers its Cloudflare API (`/client/v4/`, served while `npm start` runs), else
 * null. FORECOURT_LOCAL_URL names another runtime (tests run theirs on a free port).
 */
export async function localRuntime(origin = process.env.FORECOURT_LOCAL_URL ?? LOCAL_RUNTIME_URL) {
  try {
    const res = await fetch(`${origin.replace(/\/+$/, '')}/client/v4/`, { signal: AbortSignal.timeout(1500) });
    // Read to the end (a short error envelope): a cancelled body makes workerd log a broken pipe.
    await res.arrayBuffer().catch(() => {});
    return origin.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * @typedef {{ kind: 'api', apiBase: string, zoneId: string, token: string, where: string }} ApiTarget  where purges go
 * @typedef {{ kind: 'none', reason: string }} NoTarget  why no purge is made (said after the write)
 * @typedef {ApiTarget | NoTarget} PurgeTarget
 */

/**
 * The local runtime's purge (cloudflare-api.mjs: any zone id and token; it answers on 127.0.0.1 only).
 * @returns {ApiTarget}
 */
export const localPurgeTarget = (origin) => ({ kind: 'api', apiBase: `${origin}/client/v4`, zoneId: 'local', token: 'local', where: `the local runtime at ${origin}` });

/** No runtime running: the tools changed its saved state, and no page is cached anywhere. @type {NoTarget} */
export const NOT_RUNNING = { kind: 'none', reason: 'the local runtime is not running, so no pages are cached' };

/**
 * Cloudflare's purge for a deployment: the zone the shop hosts are served from and a token with Zone > Cache Purge on
 * it. Without a zone id the write still goes ahead and its pages show it within UNPURGED_DELAY (said in the output):
 * an operator with a KV-only token can still pin and roll back.
 * @param {{ apiBase?: string | null, zoneId?: string | null, token: string }} options
 * @returns {PurgeTarget}
 */
export function cloudflarePurgeTarget({ apiBase, zoneId, token }) {
  if (!zoneId) return { kind: 'none', reason: `no zone id (--zone-id or CLOUDFLARE_ZONE_ID), so they show it within ${UNPURGED_DELAY}` };
  return { kind: 'api', apiBase: apiBase ?? CLOUDFLARE_API_BASE, zoneId, token, where: `Cloudflare zone ${zoneId}` };
}

const timedOut = (err) => err?.name === 'TimeoutError' || err?.name === 'AbortError';
/** Why a call failed, for the operator (Node's fetch puts the system error, e.g. ECONNREFUSED, in `cause`). */
const errorText = (err) => (err instanceof Error ? `${err.cause?.code ?? err.name}: ${err.cause?.message ?? err.message}` : String(err));

/**
 * Purges the pages of `tenants` (their tenant tags, TAGS_PER_PURGE a call). Every batch is tried, one failing does not
 * stop the others. Never throws.
 * @param {ApiTarget} target
 * @param {readonly string[]} tenants tenant slugs
 * @param {{ fetch?: typeof fetch, timeoutMs?: number }} [options]
 * @returns {Promise<{ purged: string[], failed: Array<{ tenants: string[], error: string }> }>}
 */
export async function purgeTenantPages(target, tenants, { fetch: doFetch = fetch, timeoutMs = PURGE_TIMEOUT_MS } = {}) {
  const { pageCacheTags, v, PurgeCallSchema, AnswerSchema } = await loadContracts();
  const slugs = [...new Set(tenants)];
  const purged = [];
  const failed = [];
  const endpoint = `${target.apiBase.replace(/\/+$/, '')}/zones/${encodeURIComponent(target.zoneId)}/purge_cache`;
  for (let i = 0; i < slugs.length; i += TAGS_PER_PURGE) {
    const batch = slugs.slice(i, i + TAGS_PER_PURGE);
    const body = v.safeParse(PurgeCallSchema, { tags: batch.map((slug) => pageCacheTags.tenant(slug)) });
    if (!body.success) {
      failed.push({ tenants: batch, error: `not page-cache tags (${body.issues.map((issue) => issue.message).join('; ')})` });
      continue;
    }
    const error = await (async () => {
      let res;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body.output),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        return timedOut(err) ? `${target.where} gave no answer in ${timeoutMs / 1000} s` : `${target.where} unreachable (${errorText(err)})`;
      }
      let json = null;
      try {
        json = await res.json();
      } catch (err) {
        if (timedOut(err)) return `${target.where} gave no answer in ${timeoutMs / 1000} s`;
      }
      const answer = v.safeParse(AnswerSchema, json);
      if (res.ok && answer.success && answer.output.success) return null;
      const reasons = answer.success ? answer.output.errors.map((e) => `${e.code ?? '?'} ${e.message ?? ''}`.trim()).join(', ') : '';
      return `${target.where} answered ${res.status}${reasons ? `: ${reasons}` : answer.success ? '' : ' without its JSON envelope'}`;
    })();
    if (error) failed.push({ tenants: batch, error });
    else purged.push(...batch);
  }
  return { purged, failed };
}

/**
 * After a write of `tenants`' config or content: purges their pages and says so through `log`, or says why none were
 * purged; a failed purge is a warning through `warn` (the write stays). Answers whether every tenant was purged (or
 * nothing needed it); the tools exit 0 either way.
 * @param {PurgeTarget} target
 * @param {readonly string[]} tenants
 * @param {{ log: (line: string) => void, warn: (line: string) => void, fetch?: typeof fetch, timeoutMs?: number }} io
 */
export async function purgeAfterWrite(target, tenants, { log, warn, ...options }) {
  const slugs = [...new Set(tenants)];
  if (!slugs.length) return true;
  if (target.kind === 'none') {
    log(`pages not purged: ${target.reason}`);
    return true;
  }
  const { purged, failed } = await purgeTenantPages(target, slugs, options);
  if (purged.length) log(`pages purged: ${purged.join(', ')} (through ${target.where}; the next request shows the change)`);
  for (const f of failed) warn(`warning: the pages of ${f.tenants.join(', ')} were not purged: ${f.error}. The change is saved; they show it within ${UNPURGED_DELAY}.`);
  return failed.length === 0;
}
