/**
 * The isolate's warm-up (issue 19, cold start): at module start, before any request, mf-search renders the search page
 * of a made-up tenant three times through the very code a shopper's first search runs (the tenant store's config
 * parse, the stock import's writes and snapshot, the snapshot load, the engine's query and facets, the view, React's
 * render and the card HTML: routes/fragments.tsx `searchFragment`). A fresh isolate's first real search then runs
 * compiled, type-fed code instead of paying V8's first-run costs on the shopper's clock.
 *
 * It costs module start what it saves the first search, and more (bench/RESULTS.md): worth it where the isolate starts
 * ahead of its first request (workerd locally starts every Worker at boot), not where it starts on that request; the
 * deployment chooses with `WARM_UP` (contracts warm-up.ts). Global scope may do no I/O, set no timer, draw no random
 * value and make no Response: the warm-up reads an in-memory KV and stops before the Response.
 * Everything it builds is its own (a separate engine port, path resolver, tenant store and card memo) and dropped when
 * it ends: the app's caches never hold the made-up tenant.
 */
import type { Car, CarInput } from '@forecourt/contracts/entities/car';
import { memoryKv, photoImages, richSiteConfigInput, richTenantDataInput, sampleCar, tenantEntries } from '@forecourt/contracts/made-up';
import { createTenantStore } from '@forecourt/contracts/tenant-store';
import { createWarmUp, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { stockWrites } from './import/write.ts';
import { createCardHtmlCache, type CardHtmlCache } from './lib/card-html.ts';
import { createEnginePort } from './lib/engine-port.ts';
import { createSearchPathFor } from './routes/context.ts';
import { searchFragment } from './routes/fragments.tsx';
import type { Env } from './env.ts';

/** Its stock: a page of the default 21 cards and a second page, of every car type, two makes and two bodies. */
export const WARM_UP_CARS = 24;

const MAKES = [
  { make: 'Toyota', model: 'Corolla', simple_body: 'hatch', body: 'Hatchback' },
  { make: 'Mazda', model: 'CX-5', simple_body: 'suv', body: 'Wagon' },
] as const;

/**
 * The made-up stock: the contracts' sample car varied in what the search page shows (type, make, price, km, year). Valid
 * cars of the contract (checked by its test, not at module start: validation is not on the search path).
 */
export function warmUpStock(count = WARM_UP_CARS): Car[] {
  return Array.from({ length: count }, (_, i) => {
    const { make, model, simple_body, body } = MAKES[i % MAKES.length]!;
    const carType = (['used', 'new', 'demo'] as const)[i % 3]!;
    const id = String(900_000 + i);
    const name = `${2018 + (i % 7)} ${make} ${model}`;
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`;
    return {
      ...sampleCar,
      id,
      name,
      slug,
      path: `/cars/${slug}`,
      year: 2018 + (i % 7),
      make,
      model,
      make_model: `${make} ${model}`,
      body,
      simple_body,
      car_type: carType,
      price: 18_990 + i * 750,
      before_price: i % 4 === 0 ? 20_990 + i * 750 : null,
      // Under any tenant's demo-km limit for demo cars (spec §4: a demo over it is hidden).
      km: carType === 'new' ? 10 : carType === 'demo' ? 1_500 + i * 10 : 20_000 + i * 1_300,
      stocknum: `W${id}`,
      // A feed's photos (JPEGs through the image CDN), as a real card shows them.
      ...photoImages(6 + (i % 3) * 4, `/demo-img/photo/${simple_body}/${id}`),
      created_at_timestamp: sampleCar.created_at_timestamp + i * 86_400_000,
    } satisfies CarInput as Car;
  });
}

/** Runs the warm-up (WARM_UP_ROUNDS renders); answers the last render's HTML length (a test's proof cards were made). */
export async function warmUpSearch({ assetBase, renders = WARM_UP_ROUNDS, cardHtml = createCardHtmlCache() }: { assetBase: string; renders?: number; cardHtml?: CardHtmlCache }): Promise<number> {
  const cars = warmUpStock();
  const entries: Record<string, unknown> = tenantEntries([richSiteConfigInput(WARM_UP_TENANT)], { [WARM_UP_TENANT]: richTenantDataInput() });
  for (const put of stockWrites(WARM_UP_TENANT, cars, { now: new Date(sampleCar.created_at_timestamp) }).puts) entries[put.key] = put.value;
  // The bindings the engine port and the tenant store read, and no other: the warm-up's env is these three.
  const kv = memoryKv(entries) as unknown as KVNamespace;
  const env: Pick<Env, 'CONFIG' | 'STOCK' | 'SEARCH_ADAPTER'> = { CONFIG: kv, STOCK: kv, SEARCH_ADAPTER: 'embedded' };
  const store = createTenantStore(kv);
  const config = await store.config(WARM_UP_TENANT);
  if (!config) throw new Error('warm-up: the made-up tenant has no config');
  const engine = await createEnginePort()(env as Env, config);
  // The made-up data's clock: module scope reads 0 from Date.now() on Cloudflare.
  const searchPathFor = createSearchPathFor(() => WARM_UP_NOW);
  let length = 0;
  for (let i = 0; i < renders; i++) {
    // The default search page, then its second page and a price sort: the paths a first shopper's clicks take.
    const params = new URLSearchParams(i === 0 ? '' : i === 1 ? 'page=2' : 'sortBy=price_asc');
    const parts = await searchFragment({ var: { config, store, engine } }, { segments: 'new-used-and-demo-cars', params, assetBase, searchPathFor, cardHtml, now: WARM_UP_NOW });
    if (!parts) throw new Error('warm-up: no search page for the made-up tenant');
    length = parts.body.length;
  }
  return length;
}

/** The isolate's warm-up record (contracts warm-up.ts): worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-search');
