import { describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
import { generateCars } from '../test/engine-fixtures.ts';
import { checkFeed, isStockMeta, stockWrites } from './index.ts';
import type { TenantRules } from './validate.ts';

const RULES: TenantRules = { tenant: 'gen', dealerships: [{ id: 'd-alpha', slug: 'gen-motors' }] };

describe('checkFeed + stockWrites (engine-generated stock)', () => {
  const cars = generateCars(1203, { dealershipSlug: 'gen-motors' });

  it('round-trips a full feed: every car good, chunks concatenate back to the feed', () => {
    const text = '[\n' + cars.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n';
    const check = checkFeed(text, 'json', RULES);
    expect(check.bad).toEqual([]);
    expect(check.rows).toBe(1203);
    expect(check.good).toEqual(cars);
    const writes = stockWrites('gen', check.good, { now: new Date(0) });
    expect(writes.meta).toMatchObject({ count: 1203, chunks: 3 });
    expect(isStockMeta(writes.meta)).toBe(true);
    // The stock chunks (the index snapshot and the pending purge are checked in write.test.ts and engine/snapshot.test.ts).
    const chunks = writes.puts.slice(0, -1).filter((p) => /^stock:gen:\d+$/.test(p.key));
    expect(chunks.flatMap((p) => JSON.parse(p.value as string) as Car[])).toEqual(cars);
  });

  it('drops nothing good when every seventh row is broken, and names each broken row by line', () => {
    const rows = cars.map((c, i) => (i % 7 === 3 ? { ...c, year: String(c.year) } : c));
    const text = '[\n' + rows.map((c) => JSON.stringify(c)).join(',\n') + '\n]';
    const check = checkFeed(text, 'json', RULES);
    const brokenIndexes = cars.map((_, i) => i).filter((i) => i % 7 === 3);
    expect(check.good).toEqual(cars.filter((_, i) => i % 7 !== 3));
    expect(check.bad.map((b) => b.line)).toEqual(brokenIndexes.map((i) => i + 2));
    expect(check.bad[0]).toEqual({ line: 5, id: cars[3]!.id, reasons: [`year: Invalid type: Expected number but received "${cars[3]!.year}"`] });
  });
});
