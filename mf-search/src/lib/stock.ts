import type { Car } from '@forecourt/contracts/entities/car';
import { kvStockChunkKey, kvStockMetaKey, StockMetaSchema } from '@forecourt/contracts/tenant-data';
import * as v from 'valibot';

/**
 * Loads a tenant's stock feed from KV (meta + chunks of STOCK_CHUNK_SIZE cars) for the embedded engine.
 * The feed was validated when imported; here only its envelope is checked.
 */
export async function loadStock(kv: Pick<KVNamespace, 'get'>, tenant: string): Promise<Car[]> {
  const meta = v.parse(StockMetaSchema, (await kv.get(kvStockMetaKey(tenant), 'json')) ?? { count: 0, chunks: 0, updated_at: new Date(0).toISOString() });
  const chunks = await Promise.all(Array.from({ length: meta.chunks }, (_, i) => kv.get<Car[]>(kvStockChunkKey(tenant, i), 'json')));
  return chunks.flatMap((c) => c ?? []);
}
