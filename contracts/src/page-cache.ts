/**
 * Shareable pages and their purge (issue 19). The shell keeps whole documents built only from shareable parts (every
 * fragment and slot answered `public, max-age=N`) in two layers: per isolate (a bounded map) and the Workers Cache API
 * (`caches.default`, shared by the isolates of a data centre). Each document carries the tags its parts named, so a
 * change drops exactly the pages that show it:
 * - a car's page: `car:<tenant>:<carId>` (mf-vehicle names it in CACHE_TAGS_HEADER);
 * - pages listing stock (search, home strips): `stock:<tenant>`;
 * - every page of a tenant: `t:<tenant>` (a config change).
 *
 * Who purges: edge-api owns the writes that change a car (a reservation, a payment, a refund, a hold that lapses) and
 * the purge port (`/internal/cache/purge`, INTERNAL.purgePages); mf-search owns stock and calls that endpoint when an
 * import changes cars (price, status, photos). The port's adapters: locally the shell's `PageCache` entrypoint over a
 * service binding (drops both layers at once); in production Cloudflare's purge by tag (every data centre's Cache API
 * entries), while another isolate's own copy lives at most PAGE_CACHE_ISOLATE_SECONDS.
 */
import * as v from 'valibot';
import { SlugSchema } from './entities/common.ts';

/** Response header of a fragment (or slot) answer naming the cache tags of what it shows, comma-separated. */
export const CACHE_TAGS_HEADER = 'x-forecourt-cache-tags';

/** The tags, built in one place so the writer's purge and the page's tag always agree. */
export const pageCacheTags = {
  tenant: (tenant: string) => `t:${tenant}`,
  stock: (tenant: string) => `stock:${tenant}`,
  car: (tenant: string, carId: string) => `car:${tenant}:${carId}`,
} as const;

/** A tag as it travels (Cloudflare's limit on a cache tag is 1,024 bytes; ours are far shorter; no commas or spaces). */
export const CacheTagSchema = v.pipe(v.string(), v.minLength(3), v.maxLength(256), v.regex(/^(t|stock|car):[a-z0-9-]+(:[A-Za-z0-9_.-]+)?$/, 'A cache tag is t:<tenant>, stock:<tenant> or car:<tenant>:<car id>'));

/** The most tags one purge names (an import that changed more cars purges the tenant's stock tag instead). */
export const MAX_PURGE_TAGS = 500;

/** Why pages are purged (logged and counted; never personal data). */
export const PURGE_REASONS = ['reservation', 'payment', 'refund', 'hold-lapsed', 'stock-import', 'config', 'operator'] as const;
export type PurgeReason = (typeof PURGE_REASONS)[number];

/**
 * `POST /internal/cache/purge` (edge-api's purge port) and the shell's `PageCache` entrypoint `POST /purge`: drop every
 * kept page of `tenant` carrying one of `tags`. Every tag must belong to that tenant (checked: a purge never reaches
 * another tenant's pages).
 */
export const PurgeRequestSchema = v.pipe(
  v.object({
    tenant: SlugSchema,
    tags: v.pipe(v.array(CacheTagSchema), v.minLength(1), v.maxLength(MAX_PURGE_TAGS)),
    reason: v.picklist(PURGE_REASONS),
  }),
  v.check((r) => r.tags.every((tag) => tag.split(':')[1] === r.tenant), 'Every tag must belong to the tenant'),
);
export type PurgeRequest = v.InferOutput<typeof PurgeRequestSchema>;

/** What a purge did: pages dropped from this isolate's layer, and whether the shared layer was asked too. */
export const PurgeAnswerSchema = v.object({ dropped: v.pipe(v.number(), v.integer(), v.minValue(0)), shared: v.boolean() });
export type PurgeAnswer = v.InferOutput<typeof PurgeAnswerSchema>;

/** The shell's purge path on its `PageCache` entrypoint (not reachable from the internet: only over a service binding). */
export const SHELL_PURGE_PATH = '/purge';

/**
 * How long an isolate serves its own copy of a purgeable page before asking the shared layer again: a purge that
 * reached another isolate (or Cloudflare's purge by tag) is seen everywhere within this time.
 */
export const PAGE_CACHE_ISOLATE_SECONDS = 5;

/** Parses CACHE_TAGS_HEADER: the valid tags only (a malformed one is dropped, never trusted). */
export function parseCacheTags(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((t) => t.trim()).filter((t) => v.is(CacheTagSchema, t)))];
}

/**
 * Names the tags of what a fragment (or slot) answer shows in CACHE_TAGS_HEADER, the valid ones only (a car id that
 * cannot be a tag is left out: that part is then dropped only by its max-age or a wider tag). Answers the response.
 * @example return withCacheTags(fragmentResponse(body, { head, version, cacheControl }), [pageCacheTags.car(tenant, car.id)])
 */
export function withCacheTags(response: Response, tags: readonly string[]): Response {
  // Each tag checked whole (a car id with a comma must not become another, shorter tag once joined).
  const valid = [...new Set(tags.filter((tag) => v.is(CacheTagSchema, tag)))];
  if (valid.length) response.headers.set(CACHE_TAGS_HEADER, valid.join(','));
  return response;
}
