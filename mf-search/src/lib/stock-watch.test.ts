import { describe, expect, it } from 'vitest';
import { createStockWatch } from './stock-watch.ts';

describe('createStockWatch', () => {
  it('invalidates a tenant when its stock version changes, checking at most once per ttl', async () => {
    let t = 0;
    let version = 'v1';
    let reads = 0;
    const changed: string[] = [];
    const check = createStockWatch(async () => (reads++, version), (tenant) => changed.push(tenant), { ttlMs: 1000, now: () => t });
    await check('a');
    expect(changed).toEqual([]);
    version = 'v2';
    t = 500;
    await check('a');
    expect(reads).toBe(1);
    t = 1000;
    await check('a');
    expect(changed).toEqual(['a']);
    t = 2000;
    await check('a');
    expect(changed).toEqual(['a']);
  });
  it('keeps the current index when the version cannot be read', async () => {
    const changed: string[] = [];
    let fail = false;
    let t = 0;
    const check = createStockWatch(async () => {
      if (fail) throw new Error('kv down');
      return 'v1';
    }, (tenant) => changed.push(tenant), { ttlMs: 10, now: () => t });
    await check('a');
    fail = true;
    t = 20;
    await check('a');
    expect(changed).toEqual([]);
  });
});
