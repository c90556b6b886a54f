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

describe('createStockWatch bound and hooks', () => {
  it('remembers at most maxTenants tenants (STOCK_WATCH_MAX_TENANTS by default), least recently checked out', async () => {
    const { STOCK_WATCH_MAX_TENANTS } = await import('./stock-watch.ts');
    expect(STOCK_WATCH_MAX_TENANTS).toBe(1_000);
    let t = 0;
    const changed: string[] = [];
    const check = createStockWatch(async () => 'v1', (tenant) => changed.push(tenant), { ttlMs: 10, now: () => t, maxTenants: 2 });
    await check('a');
    await check('b');
    await check('c');
    expect(check.size()).toBe(2);
    expect(check.seen('a')).toBeUndefined();
    expect(check.seen('c')).toBe('v1');
    // A forgotten tenant is only recorded again: no change reported.
    t = 20;
    await check('a');
    expect(changed).toEqual([]);
  });

  it('reports the previous and new version, calls onRead after each read, and note() records a version', async () => {
    let t = 0;
    let version = 'v1';
    const changes: string[] = [];
    const reads: string[] = [];
    const check = createStockWatch(async () => version, (tenant, previous, next) => changes.push(`${tenant}:${previous}->${next}`), { ttlMs: 10, now: () => t, onRead: (tenant, v) => reads.push(`${tenant}@${v}`) });
    await check('a');
    version = 'v2';
    t = 10;
    await check('a');
    expect(changes).toEqual(['a:v1->v2']);
    expect(reads).toEqual(['a@v1', 'a@v2']);
    check.note('a', 'v3');
    version = 'v3';
    t = 30;
    await check('a');
    expect(changes).toEqual(['a:v1->v2']);
  });
});

describe('createStockWatch checks under way', () => {
  it('shares a check under way: one read, one onRead, for every request that asks meanwhile (issue 19: the prefetch and the request)', async () => {
    let reads = 0;
    let release!: (v: string) => void;
    const onRead: string[] = [];
    const check = createStockWatch(() => (reads++, new Promise<string>((resolve) => (release = resolve))), () => {}, { onRead: (tenant, v) => onRead.push(`${tenant}@${v}`) });
    const first = check('a');
    const second = check('a');
    expect(reads).toBe(1);
    release('v1');
    await Promise.all([first, second]);
    expect(onRead).toEqual(['a@v1']);
    expect(check.seen('a')).toBe('v1');
  });

  it('forget drops a tenant, also the result of its check under way', async () => {
    let release!: (v: string) => void;
    const onRead: string[] = [];
    const check = createStockWatch(() => new Promise<string>((resolve) => (release = resolve)), () => {}, { onRead: (tenant, v) => onRead.push(`${tenant}@${v}`) });
    const under = check('a');
    check.forget('a');
    release('v1');
    await under;
    expect(check.seen('a')).toBeUndefined();
    expect(check.size()).toBe(0);
    expect(onRead).toEqual([]);
  });

  it('note() supersedes a check under way: a version read before an import never overwrites the refresh (no false change)', async () => {
    let release!: (v: string) => void;
    const changes: string[] = [];
    const check = createStockWatch(() => new Promise<string>((resolve) => (release = resolve)), (tenant, previous, next) => void changes.push(`${tenant}:${previous}->${next}`), { ttlMs: 0 });
    const under = check('a');
    check.note('a', 'v2'); // the refresh of an import
    release('v1'); // the check read the version before it
    await under;
    expect(check.seen('a')).toBe('v2');
    expect(changes).toEqual([]);
  });
});
