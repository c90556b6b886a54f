/**
 * Issue 19 on the composed platform (dev/platform.mjs): the shell keeps the car page whole, and a stock import that
 * drops the car's price purges it (mf-search's refresh → edge-api's purge port → the shell's PageCache entrypoint), so
 * the very next request shows the new price.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
// @ts-expect-error plain ESM script without types
import { startPlatform } from '../../dev/platform.mjs';

type Res = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request to the platform with a tenant's Host (Node's fetch ignores `host`, and does not resolve *.localhost). */
function get(origin: URL, host: string, path: string): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, path, agent: false, headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type Kv = { get(key: string, type: 'json'): Promise<unknown> };
type Platform = {
  url: URL;
  mf: { getKVNamespace(binding: string, worker: string): Promise<Kv> };
  importStock(slug: string, cars: Car[], options?: { now?: Date }): Promise<{ updated_at: string }>;
  dispose(): Promise<void>;
};
const TENANT = 'outback-used-cars';
/** The shell's response header naming the layer that answered a document (shell/src/lib/page-cache.ts). */
const CACHE_LAYER = 'x-forecourt-cache';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'none', cronSeconds: 0 });
});
afterAll(async () => {
  await platform?.dispose();
});

const page = (path: string) => get(platform.url, `${TENANT}.localhost:${platform.url.port}`, path);
const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`;

/** The tenant's stock as the import reads it (KV STOCK: meta, then its chunks). */
async function stock(): Promise<Car[]> {
  const kv = await platform.mf.getKVNamespace('STOCK', 'forecourt-mf-search');
  const meta = (await kv.get(`stock:${TENANT}:meta`, 'json')) as { chunks: number };
  const chunks = await Promise.all(Array.from({ length: meta.chunks }, (_, i) => kv.get(`stock:${TENANT}:${i}`, 'json') as Promise<Car[]>));
  return chunks.flat();
}

describe('a shared car page, purged when new stock is imported', () => {
  it('shows the new price on the very next request after an import drops it', async () => {
    const cars = await stock();
    const car = cars.find((c) => c.status === 'in_stock' && c.show_on_dealer_website && !c.sold && c.offer_price == null && c.before_price == null && c.price > 20_000)!;
    expect(car).toBeDefined();
    const first = await page(`/cars/${car.slug}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain(dollars(car.price));
    // Kept by the shell: the second request is served from its cache.
    const second = await page(`/cars/${car.slug}`);
    expect(String(second.headers[CACHE_LAYER] ?? '')).toMatch(/^(isolate|shared)$/);

    // The import: the same stock with this car's price dropped by $1,111 (a figure nothing else on the page shows).
    const dropped = car.price - 1_111;
    await platform.importStock(TENANT, cars.map((c) => (c.id === car.id ? { ...c, price: dropped } : c)));

    const after = await page(`/cars/${car.slug}`);
    expect(after.status).toBe(200);
    expect(after.body).toContain(dollars(dropped));
    expect(after.body).not.toContain(dollars(car.price));
  });
});
