/** A stock import shows on a running site without a restart: the Worker notices the new stock meta. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { startPlatform } from '../../dev/platform.mjs';

type Platform = { url: URL; mf: { dispatchFetch: (url: string, init?: unknown) => Promise<Response>; getKVNamespace: (b: string, w: string) => Promise<{ get: (k: string, t: 'json') => Promise<unknown>; put: (k: string, v: string) => Promise<void> }> }; dispose: () => Promise<void> };
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'none', only: ['mf-search'], overrides: { 'mf-search': { bindings: { SEARCH_ADAPTER: 'embedded', STOCK_WATCH_SECONDS: '0' } } } });
});
afterAll(() => platform?.dispose());

const cards = async () => {
  const res = await platform.mf.dispatchFetch(`${platform.url.origin}/api/search/view?path=/search/new-used-and-demo-cars`, { headers: { 'x-forecourt-tenant': 'outback-used-cars' } });
  return ((await res.json()) as { count: number; cards: Array<{ id: string }> });
};

describe('re-imported stock', () => {
  it('replaces the index of a running Worker once the stock meta changes', async () => {
    const before = await cards();
    expect(before.count).toBeGreaterThan(100);
    const stock = await platform.mf.getKVNamespace('STOCK', 'forecourt-mf-search');
    const first = (await stock.get('stock:outback-used-cars:0', 'json')) as Array<Record<string, unknown>>;
    const kept = first.filter((car) => car.status === 'in_stock' && car.show_on_dealer_website).slice(0, 2);
    await stock.put('stock:outback-used-cars:0', JSON.stringify(kept));
    await stock.put('stock:outback-used-cars:meta', JSON.stringify({ count: kept.length, chunks: 1, updated_at: new Date().toISOString(), source: 'import' }));
    const after = await cards();
    expect(after.count).toBe(2);
    expect(after.cards.map((c) => c.id).sort()).toEqual(kept.map((c) => String(c.id)).sort());
  });
});
