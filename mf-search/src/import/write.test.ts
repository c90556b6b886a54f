import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { STOCK_CHUNK_SIZE, StockMetaSchema } from '@forecourt/contracts/tenant-data';
import { chunkIndexOf, stockWrites } from './write.ts';
import { feedCar } from '../test/import-fixtures.ts';

const cars = (n: number): Car[] => Array.from({ length: n }, (_, i) => v.parse(CarSchema, feedCar(`w${i}`)));
const now = new Date('2026-11-21T10:00:00.000Z');

describe('stockWrites', () => {
  it('writes chunks of STOCK_CHUNK_SIZE then the meta', () => {
    const list = cars(STOCK_CHUNK_SIZE * 2 + 1);
    const { meta, puts, deletes } = stockWrites('t1', list, { now });
    expect(meta).toEqual({ count: 1001, chunks: 3, updated_at: '2026-11-21T10:00:00.000Z', source: 'import' });
    expect(v.is(StockMetaSchema, meta)).toBe(true);
    expect(puts.map((p) => p.key)).toEqual(['stock:t1:0', 'stock:t1:1', 'stock:t1:2', 'stock:t1:meta']);
    expect(puts.slice(0, 3).map((p) => (JSON.parse(p.value) as Car[]).length)).toEqual([500, 500, 1]);
    // Chunks concatenate back to the feed in order (what lib/stock.ts loadStock reads).
    expect(puts.slice(0, 3).flatMap((p) => JSON.parse(p.value) as Car[])).toEqual(list);
    expect(JSON.parse(puts[3]!.value)).toEqual(meta);
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
    const { meta, puts, deletes } = stockWrites('t1', [], { now, previous: { chunks: 2 } });
    expect(meta).toMatchObject({ count: 0, chunks: 0 });
    expect(puts.map((p) => p.key)).toEqual(['stock:t1:meta']);
    expect(deletes).toEqual(['stock:t1:0', 'stock:t1:1']);
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
