/**
 * Stock feed storage (issue 3 "Stock import"): the STOCK KV entries the mf-search Worker reads (lib/stock.ts):
 * `stock:<slug>:meta` and chunks `stock:<slug>:<i>` of STOCK_CHUNK_SIZE cars, and (issue 19) the index snapshot a
 * cold isolate loads instead of building (engine/snapshot.ts), with the cars this import changed (stock-changes.ts)
 * for the page purge. Pure: returns the writes; the caller applies them in order (chunks and snapshot, then meta,
 * then deletes) so the meta never names a chunk not yet written: the meta is always the last put.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { kvStockChunkKey, kvStockMetaKey, STOCK_CHUNK_SIZE, stockChunkCount, type StockMeta } from '@forecourt/contracts/tenant-data';
import { isSnapshotKey, snapshotWrites, type KvPut } from '../engine/snapshot.ts';
import { kvPendingPurgeKey, pendingPurgeFor, stockChanges, type StockChanges } from '../lib/stock-changes.ts';

export type { KvPut };
export type StockWrites = { meta: StockMeta; puts: KvPut[]; deletes: string[]; changes: StockChanges | null };

export type StockWriteOptions = {
  /** Time of the import (meta.updated_at). */
  now: Date;
  /** The tenant's meta before this import, if any: its chunks beyond the new count are deleted. */
  previous?: (Pick<StockMeta, 'chunks'> & Partial<Pick<StockMeta, 'updated_at'>>) | null;
  /** Keys currently in STOCK (e.g. from a list by prefix): stray chunk keys of this tenant are deleted too. */
  existingKeys?: readonly string[];
  chunkSize?: number;
  /** Write the index snapshot too (default true). */
  snapshot?: boolean;
  /** The tenant's cars before this import (its previous chunks), for the changed cars; unknown: every page purged. */
  previousCars?: readonly Car[] | null;
};

/** Chunk index of a key of this tenant (`stock:<slug>:<i>`), or null for its meta and other tenants' keys. */
export function chunkIndexOf(slug: string, key: string): number | null {
  const prefix = `stock:${slug}:`;
  if (!key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  return /^(0|[1-9]\d*)$/.test(rest) ? Number(rest) : null;
}

/** The puts and deletes that replace a tenant's stock with `cars`. */
export function stockWrites(slug: string, cars: readonly Car[], options: StockWriteOptions): StockWrites {
  const size = options.chunkSize ?? STOCK_CHUNK_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size must be a positive integer, got ${size}`);
  const chunks = stockChunkCount(cars.length, size);
  const meta: StockMeta = { count: cars.length, chunks, updated_at: options.now.toISOString(), source: 'import' };
  const puts: KvPut[] = [];
  for (let i = 0; i < chunks; i++) puts.push({ key: kvStockChunkKey(slug, i), value: JSON.stringify(cars.slice(i * size, (i + 1) * size)) });
  const changes = options.previousCars ? stockChanges(options.previousCars, cars, options.previous?.updated_at ?? null) : null;
  if (options.snapshot !== false) puts.push(...snapshotWrites(slug, cars, meta));
  // The pages this import changes, purged by mf-search once it serves this stock (lib/stock-changes.ts).
  if (!changes || !('ids' in changes) || changes.ids.length > 0) {
    const earlier = (options.existingKeys ?? []).includes(kvPendingPurgeKey(slug));
    puts.push({ key: kvPendingPurgeKey(slug), value: JSON.stringify(pendingPurgeFor(meta.updated_at, changes, earlier)) });
  }
  puts.push({ key: kvStockMetaKey(slug), value: JSON.stringify(meta) });

  const stale = new Set<number>();
  for (let i = chunks; i < (options.previous?.chunks ?? 0); i++) stale.add(i);
  for (const key of options.existingKeys ?? []) {
    const index = chunkIndexOf(slug, key);
    if (index !== null && index >= chunks) stale.add(index);
  }
  const deletes = [...stale].sort((a, b) => a - b).map((i) => kvStockChunkKey(slug, i));
  // Snapshot parts of earlier imports (the head is overwritten, or dropped when no snapshot is written).
  const written = new Set(puts.map((p) => p.key));
  for (const key of options.existingKeys ?? []) if (isSnapshotKey(slug, key) && !written.has(key)) deletes.push(key);
  return { meta, puts, deletes, changes };
}
