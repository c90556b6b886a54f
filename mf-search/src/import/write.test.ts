import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { STOCK_CHUNK_SIZE, StockMetaSchema } from '@forecourt/contracts/tenant-data';
import { chunkIndexOf, stockWrites } from './write.ts';
import { decodeHead } from '../engine/snapshot.ts';
import { feedCar } from '../test/import-fixtures.ts';

const cars = (n: number): Car[] => Array.from({ length: n }, (_, i) => v.parse(CarSchema, feedCar(`w${i}`)));
const now = new Date('2026-11-21T10:00:00.000Z');

describe('stockWrites', () => {
  it('writes chunks of STOCK_CHUNK_SIZE then the meta', () => {
    const list = cars(STOCK_CHUNK_SIZE * 2 + 1);
    const { meta, puts, deletes } = stockWrites('t1', list, { now, snapshot: false });
    expect(meta).toEqual({ count: 1001, chunks: 3, updated_at: '2026-11-21T10:00:00.000Z', source: 'import' });
    expect(v.is(StockMetaSchema, meta)).toBe(true);
    expect(puts.map((p) => p.key)).toEqual(['stock:t1:0', 'stock:t1:1', 'stock:t1:2', 'stock:t1:purge', 'stock:t1:meta']);
    expect(puts.slice(0, 3).map((p) => (JSON.parse(p.value as string) as Car[]).length)).toEqual([500, 500, 1]);
    // Chunks concatenate back to the feed in order (what lib/stock.ts loadStock reads).
    expect(puts.slice(0, 3).flatMap((p) => JSON.parse(p.value as string) as Car[])).toEqual(list);
    expect(JSON.parse(puts[4]!.value as string)).toEqual(meta);
    expect(deletes).toEqual([]);
  });

  it('deletes the previous import chunks beyond the new count', () => {
    const { meta, deletes } = stockWrites('t1', cars(3), { now, previous: { chunks: 4 }, chunkSize: 2 });
    expect(meta.chunks).toBe(2);
    expect(deletes).toEqual(['stock:t1:2', 'stock:t1:3']);
  });

  it('deletes stray chunk keys of this tenant only', () => {
    const existingKeys = ['stock:t1:meta', 'stock:t1:0', 'stock:t1:1', 'stock:t1:7', 'stock:t1-b:5', 'stock:t2:3', 'stock:t1:01', 'stock:t1:x'];
    const { deletes } = stockWrites('t1', cars(1), { now, previous: { chunks: 2 }, existingKeys });
    expect(deletes).toEqual(['stock:t1:1', 'stock:t1:7']);
  });

  it('an empty feed leaves an empty meta and deletes every chunk', () => {
    const { meta, puts, deletes } = stockWrites('t1', [], { now, previous: { chunks: 2 }, snapshot: false });
    expect(meta).toMatchObject({ count: 0, chunks: 0 });
    expect(puts.map((p) => p.key)).toEqual(['stock:t1:purge', 'stock:t1:meta']);
    expect(deletes).toEqual(['stock:t1:0', 'stock:t1:1']);
  });

  it('writes the index snapshot before the meta, the meta last', () => {
    const { meta, puts } = stockWrites('t1', cars(3), { now });
    expect(puts.map((p) => p.key)).toEqual(['stock:t1:0', 'stock:t1:snap:2026-11-21T10-00-00-000Z:cars:0', 'stock:t1:snap:2026-11-21T10-00-00-000Z:cards:0', 'stock:t1:snap:2026-11-21T10-00-00-000Z:texts', 'stock:t1:snap', 'stock:t1:purge', 'stock:t1:meta']);
    // The head: binary (format 3), its header naming the stock it was made from.
    expect(decodeHead((puts[4]!.value as Uint8Array).slice().buffer)?.header).toMatchObject({ format: 3, tenant: 't1', updated_at: meta.updated_at, count: 3, cars: 3, shards: 1 });
    // The previous stock unknown: every page of the tenant is to purge.
    expect(JSON.parse(puts[5]!.value as string)).toEqual({ version: meta.updated_at, changes: null });
  });

  it('deletes the snapshot parts of earlier imports, never the head it rewrites nor another tenant\'s', () => {
    const existingKeys = ['stock:t1:snap', 'stock:t1:snap:2026-01-01T00-00-00-000Z:cars:0', 'stock:t1:snap:2026-01-01T00-00-00-000Z:core:0', 'stock:t1-b:snap', 'stock:t1-b:snap:x:cars:0'];
    expect(stockWrites('t1', cars(1), { now, existingKeys }).deletes).toEqual(['stock:t1:snap:2026-01-01T00-00-00-000Z:cars:0', 'stock:t1:snap:2026-01-01T00-00-00-000Z:core:0']);
    // Without a snapshot, the old head goes too (a stale head would be ignored anyway).
    expect(stockWrites('t1', cars(1), { now, existingKeys, snapshot: false }).deletes).toContain('stock:t1:snap');
  });

  it('leaves the cars changed since the previous import in the pending-purge marker', () => {
    const before = cars(3);
    const after = [{ ...before[0]!, price: before[0]!.price - 1_000 }, before[1]!, v.parse(CarSchema, feedCar('w9'))];
    const previous = { chunks: 1, updated_at: '2026-11-20T00:00:00.000Z' };
    const { changes, puts, meta } = stockWrites('t1', after, { now, previous, previousCars: before });
    expect(changes).toEqual({ since: '2026-11-20T00:00:00.000Z', ids: ['w0', 'w9', 'w2'] });
    expect(JSON.parse(puts.find((p) => p.key === 'stock:t1:purge')!.value as string)).toEqual({ version: meta.updated_at, changes });
    // An earlier marker still pending (not purged yet): this one purges everything (changes are not merged).
    const again = stockWrites('t1', after, { now, previous, previousCars: before, existingKeys: ['stock:t1:purge'] });
    expect(JSON.parse(again.puts.find((p) => p.key === 'stock:t1:purge')!.value as string).changes).toBeNull();
    // Nothing changed: no marker.
    expect(stockWrites('t1', before, { now, previous, previousCars: before }).puts.map((p) => p.key)).not.toContain('stock:t1:purge');
  });

  it('rejects a bad chunk size', () => {
    expect(() => stockWrites('t1', cars(1), { now, chunkSize: 0 })).toThrow(/positive integer/);
  });
});

describe('chunkIndexOf', () => {
  it('reads chunk indexes of one tenant', () => {
    expect(chunkIndexOf('a', 'stock:a:12')).toBe(12);
    expect(chunkIndexOf('a', 'stock:a:meta')).toBeNull();
    expect(chunkIndexOf('a', 'stock:a-b:1')).toBeNull();
    expect(chunkIndexOf('a', 'stock:a:007')).toBeNull();
  });
});
