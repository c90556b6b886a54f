/**
 * Which cars a stock import changed, and the page purge that follows (issue 19 "Car pages shareable"): the shell keeps
 * whole car and search pages, tagged by what they show (contracts page-cache.ts); when an import changes a car (price,
 * status, photos, anything its page shows), adds one or removes one, mf-search asks edge-api's purge port to drop the
 * pages of those cars and every page listing stock.
 *
 * The import computes the changes (it has the previous stock: `stockChanges`) and leaves them in a pending-purge marker
 * beside the stock (`stock:<slug>:purge`, PendingPurge, written before the meta). mf-search purges when it notices the
 * marker for the stock version it serves (the refresh route the import calls; else the stock watch, at the latest
 * STOCK_WATCH_SECONDS later, also after a restart: `npm run stock:import` runs while `npm start` is stopped and the
 * shell's pages persist) and then deletes it. Two isolates may both purge one import: a purge is idempotent.
 * Pure but for `purgeStockPages` (calls edge-api) and `settlePendingPurge` (KV).
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import { CacheTagSchema, MAX_PURGE_TAGS, pageCacheTags, type PurgeAnswer } from '@forecourt/contracts/page-cache';
import * as v from 'valibot';

/**
 * The cars an import changed since the stock version `since` (added, removed, or any field different), by id; `all`
 * when more than fit one purge (MAX_PURGE_TAGS less the stock tag) or when the previous stock is unknown.
 */
export type StockChanges = { since: string | null; ids: string[] } | { since: string | null; all: true };

export const StockChangesSchema = v.union([
  v.object({ since: v.nullable(v.string()), ids: v.array(v.string()) }),
  v.object({ since: v.nullable(v.string()), all: v.literal(true) }),
]);

/** The pending-purge marker's key (STOCK namespace; not a chunk key: `chunkIndexOf` ignores it). */
export const kvPendingPurgeKey = (slug: string) => `stock:${slug}:purge`;

/** The marker: the stock version whose pages are still to purge, and its changes (null: unknown, purge everything). */
export const PendingPurgeSchema = v.object({ version: v.string(), changes: v.nullable(StockChangesSchema) });
export type PendingPurge = v.InferOutput<typeof PendingPurgeSchema>;

/**
 * The marker an import leaves. A marker still there from an earlier import (not purged yet: nothing ran in between)
 * makes this one purge everything, since its changes are not merged.
 */
export function pendingPurgeFor(version: string, changes: StockChanges | null, earlierPending: boolean): PendingPurge {
  return { version, changes: earlierPending ? null : changes };
}

/**
 * The STOCK binding as the marker needs it. contracts/src/worker-bindings.d.ts declares KV read-only (what the Workers
 * call); the runtime binding also deletes, and only the marker is ever deleted by mf-search.
 */
export type MarkerKv = Pick<KVNamespace, 'get'>;
const markerStore = (kv: MarkerKv) => kv as MarkerKv & { delete?: (key: string) => Promise<void> };

/** Reads a tenant's pending-purge marker as stored (unchecked; null when none, or when it cannot be read). */
export const readPendingPurge = (kv: MarkerKv, tenant: string): Promise<unknown> => kv.get(kvPendingPurgeKey(tenant), 'json').catch(() => null);

/**
 * Purges the pages of a pending import once the stock served is its version: reads the marker, purges (a failure
 * keeps the marker for the next check), deletes it. Answers what was done (null: nothing pending for `version`).
 * `stored` is the marker's read when the caller started it already (readPendingPurge, beside the stock version's
 * read: the stock watch), so the two reads are one round trip.
 */
export async function settlePendingPurge(kv: MarkerKv, edgeApi: ServiceBinding | undefined, tenant: string, version: string | null, stored?: Promise<unknown>): Promise<PurgeOutcome | null> {
  if (version === null) return null;
  const marker = v.safeParse(PendingPurgeSchema, await (stored ?? readPendingPurge(kv, tenant)));
  if (!marker.success || marker.output.version !== version) return null;
  const outcome = await purgeStockPages(edgeApi, tenant, purgeTagsFor(tenant, marker.output.changes));
  if (outcome.purged || outcome.tags === 0) await markerStore(kv).delete?.(kvPendingPurgeKey(tenant)).catch(() => {});
  return outcome;
}

/** mf-search's stock refresh route (routes/internal.ts): an import calls it after writing the stock. */
export const STOCK_REFRESH_PATH = '/internal/stock/refresh';

/** Most car tags one purge names: the rest of MAX_PURGE_TAGS is the stock tag. */
export const MAX_CHANGED_CAR_TAGS = MAX_PURGE_TAGS - 1;

/**
 * The ids of the cars that differ between two stocks: added, removed, or changed in any field (compared as JSON, so a
 * price, status, photo or description change all count). The first car of each id counts (as the index keeps it).
 */
export function changedCarIds(previous: readonly Car[], next: readonly Car[]): string[] {
  const before = new Map<string, string>();
  for (const car of previous) if (!before.has(car.id)) before.set(car.id, JSON.stringify(car));
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const car of next) {
    if (seen.has(car.id)) continue;
    seen.add(car.id);
    if (before.get(car.id) !== JSON.stringify(car)) changed.push(car.id);
  }
  for (const id of before.keys()) if (!seen.has(id)) changed.push(id);
  return changed;
}

/** The changes of an import from `previous` (as of stock version `since`) to `next`. */
export function stockChanges(previous: readonly Car[], next: readonly Car[], since: string | null = null): StockChanges {
  const ids = changedCarIds(previous, next);
  return ids.length > MAX_CHANGED_CAR_TAGS ? { since, all: true } : { since, ids };
}

/**
 * The cache tags to purge for an import's changes: each changed car's tag and the tenant's stock tag (search pages,
 * strips); the stock tag and the tenant tag when the changes are too many, unknown, or name an id no tag can carry.
 * Nothing when nothing changed.
 */
export function purgeTagsFor(tenant: string, changes: StockChanges | null): string[] {
  if (changes && 'ids' in changes) {
    if (changes.ids.length === 0) return [];
    const carTags = changes.ids.map((id) => pageCacheTags.car(tenant, id));
    if (carTags.length <= MAX_CHANGED_CAR_TAGS && carTags.every((tag) => v.is(CacheTagSchema, tag))) return [...carTags, pageCacheTags.stock(tenant)];
  }
  return [pageCacheTags.stock(tenant), pageCacheTags.tenant(tenant)];
}

/** What a purge did, for the refresh route's answer and the logs (never personal data: tags name tenant and car ids). */
export type PurgeOutcome = { tags: number; purged: boolean; dropped?: number; error?: string };

/**
 * Asks edge-api's purge port to drop the pages showing these tags. A failure is logged and answered, never thrown:
 * search goes on (the pages then live out their cache time).
 */
export async function purgeStockPages(edgeApi: ServiceBinding | undefined, tenant: string, tags: readonly string[], timeoutMs = 5_000): Promise<PurgeOutcome> {
  if (tags.length === 0) return { tags: 0, purged: false };
  if (!edgeApi) return { tags: tags.length, purged: false, error: 'no EDGE_API binding' };
  try {
    const result = await callInternal(edgeApi, 'purgePages', { tenant, body: { tenant, tags: [...tags], reason: 'stock-import' }, timeoutMs });
    if (!result.ok) {
      console.error(`mf-search: page purge after a stock import of ${tenant} refused (${result.status})`);
      return { tags: tags.length, purged: false, error: `status ${result.status}` };
    }
    return { tags: tags.length, purged: true, dropped: (result.data as PurgeAnswer).dropped };
  } catch (error) {
    console.error(`mf-search: page purge after a stock import of ${tenant} failed: ${(error as Error).message}`);
    return { tags: tags.length, purged: false, error: (error as Error).message };
  }
}
