/**
 * Stock feed storage (issue 3 "Stock import"): the STOCK KV entries the mf-search Worker reads (lib/stock.ts):
 * `stock:<slug>:meta` and chunks `stock:<slug>:<i>` of STOCK_CHUNK_SIZE cars. Pure: returns the writes; the caller
 * applies them in order (chunks, then meta, then deletes) so the meta never names a chunk not yet written.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { kvStockChunkKey, kvStockMetaKey, STOCK_CHUNK_SIZE, stockChunkCount, type StockMeta } from '@forecourt/contracts/tenant-data';

export type KvPut = { key: string; value: string };
export type StockWrites = { meta: StockMeta; puts: KvPut[]; deletes: string[] };

export type StockWriteOptions = {
  /** Time of the import (meta.updated_at). */
  now: Date;
  /** The tenant's meta before this import, if any: its chunks beyond the new count are deleted. */
  previous?: Pick<StockMeta, 'chunks'> | null;
  /** Keys currently in STOCK (e.g. from a list by prefix): stray chunk keys of this tenant are deleted too. */
  existingKeys?: readonly string[];
  chunkSize?: number;
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
  puts.push({ key: kvStockMetaKey(slug), value: JSON.stringify(meta) });

  const stale = new Set<number>();
  for (let i = chunks; i < (options.previous?.chunks ?? 0); i++) stale.add(i);
  for (const key of options.existingKeys ?? []) {
    const index = chunkIndexOf(slug, key);
    if (index !== null && index >= chunks) stale.add(index);
  }
  const deletes = [...stale].sort((a, b) => a - b).map((i) => kvStockChunkKey(slug, i));
  return { meta, puts, deletes };
}
