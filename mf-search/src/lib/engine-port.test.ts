/**
 * The default engine port's prefetch (issue 19, cold start): where every tenant is embedded, a tenant's index is asked
 * for before its config is read, and the query that follows finds it (loaded once); in Meilisearch mode nothing is.
 */
import { describe, expect, it, vi } from 'vitest';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import type { Env } from '../env.ts';
import { kvSnapshotHeadKey, snapshotWrites } from '../engine/snapshot.ts';
import { generateCars } from '../test/engine-fixtures.ts';
import { fakeKv } from '../test/fake-kv.ts';
import { createEnginePort } from './engine-port.ts';
import { kvPendingPurgeKey } from './stock-changes.ts';

const SLUG = 'acme-motors';
const cars = generateCars(40, { seed: 3 });
const meta = { count: cars.length, chunks: 0, updated_at: '2026-11-21T00:00:00.000Z', source: 'import' as const };

/** A STOCK holding the tenant's snapshot; every key asked, in order. */
function stock() {
  const kv = fakeKv(snapshotWrites(SLUG, cars, meta));
  kv.data.set(kvStockMetaKey(SLUG), JSON.stringify(meta));
  const asked: string[] = [];
  return { asked, stock: { get: (key: string, type?: 'text' | 'json') => (asked.push(key), kv.get(key, type)) } };
}

const envOf = (kv: unknown, vars: Partial<Env> = {}) => ({ STOCK: kv, SEARCH_ADAPTER: 'embedded', ...vars }) as unknown as Env;

describe('createEnginePort prefetch', () => {
  it('asks for the index at once where every tenant is embedded; the port and its query then read no head again', async () => {
    for (const adapter of ['embedded', undefined]) {
      const { stock: kv, asked } = stock();
      const port = createEnginePort();
      const env = envOf(kv, { SEARCH_ADAPTER: adapter });
      port.prefetch!(env, SLUG);
      // Synchronously: the head is asked for before anything else of the request runs.
      expect(asked).toContain(kvSnapshotHeadKey(SLUG));
      const engine = await port(env, siteConfig(SLUG));
      const page = await engine.search({ tenant: SLUG, include_sold_cars_days: 3, used_only: false, in_stock_only: false, excluded_stocknums: [], older_than_days: 0, now: Date.now() }, { query: '', page: 1, sortBy: 'relevance', hitsPerPage: 5, filters: {}, ranges: {}, facets: ['make'] });
      expect(page.hits.length).toBeGreaterThan(0);
      expect(asked.filter((k) => k === kvSnapshotHeadKey(SLUG))).toHaveLength(1);
    }
  });

  it('does nothing in Meilisearch mode or with an unknown adapter (the config or the port decide there)', () => {
    const { stock: kv, asked } = stock();
    const port = createEnginePort();
    port.prefetch!(envOf(kv, { SEARCH_ADAPTER: 'meilisearch' }), SLUG);
    port.prefetch!(envOf(kv, { SEARCH_ADAPTER: 'nonsense' }), SLUG);
    expect(asked).toEqual([]);
  });

  it("starts the stock watch's check with the index: the stock meta read once for both, the purge marker beside it; the port reads neither again", async () => {
    const { stock: kv, asked } = stock();
    const port = createEnginePort();
    const env = envOf(kv);
    port.prefetch!(env, SLUG);
    expect(asked.filter((k) => k === kvStockMetaKey(SLUG))).toHaveLength(1);
    expect(asked).toContain(kvPendingPurgeKey(SLUG));
    await port(env, siteConfig(SLUG));
    await port(env, siteConfig(SLUG));
    expect(asked.filter((k) => k === kvStockMetaKey(SLUG))).toHaveLength(1);
    expect(asked.filter((k) => k === kvPendingPurgeKey(SLUG))).toHaveLength(1);
    // A request of a tenant already held asks for nothing (no meta read of its own).
    port.prefetch!(env, SLUG);
    expect(asked.filter((k) => k === kvStockMetaKey(SLUG))).toHaveLength(1);
  });

  it("reads the pending-purge marker beside the stock version, not after it, on the port's own check", async () => {
    const { stock: kv, asked } = stock();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = { get: async (key: string, type?: 'text' | 'json') => (key === kvStockMetaKey(SLUG) ? (asked.push(key), await held, kv.get(key, type)) : kv.get(key, type)) };
    const port = createEnginePort();
    const answered = port(envOf(slow, { SEARCH_ADAPTER: 'meilisearch' }), siteConfig(SLUG));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The version's read is still pending, and the marker is asked for already.
    expect(asked).toContain(kvPendingPurgeKey(SLUG));
    release();
    await answered;
  });

  it('forget drops what a prefetch kept of a slug the tenant store does not know (its index, its stock watch entry)', async () => {
    const { stock: kv, asked } = stock();
    const port = createEnginePort();
    const env = envOf(kv);
    port.prefetch!(env, SLUG);
    await vi.waitFor(() => expect(port.embedded?.()?.peek(SLUG)).toBeDefined());
    port.forget!(SLUG);
    expect(port.embedded?.()?.peek(SLUG)).toBeUndefined();
    // Forgotten while its stock watch check is under way (the 404 answers before it ends): nothing kept either.
    const { stock: other } = stock();
    const unknown = createEnginePort();
    unknown.prefetch!(envOf(other), 'nobody');
    unknown.forget!('nobody');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unknown.embedded?.()?.peek('nobody')).toBeUndefined();
    // The watch checks the tenant again (it kept no entry): its meta is read anew.
    const before = asked.filter((k) => k === kvStockMetaKey(SLUG)).length;
    await port(env, siteConfig(SLUG));
    expect(asked.filter((k) => k === kvStockMetaKey(SLUG)).length).toBe(before + 1);
  });
});
