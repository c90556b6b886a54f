/** The search paths' catalogue (issue 19, cold start): the stock's facets are asked for while the tenant data is read. */
import { describe, expect, it } from 'vitest';
import { siteConfig, tenantData } from '@forecourt/contracts/fixtures/tenant';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import { generateCars, scopeOf } from '../test/engine-fixtures.ts';
import { buildCatalogue } from './catalogue.ts';

describe('buildCatalogue', () => {
  it('queries the engine without waiting for the tenant data, and names what both answer', async () => {
    const slug = 'test-motors';
    const cars = generateCars(30, { seed: 5 });
    const embedded = createEmbeddedSearch({ [slug]: cars });
    let searched = 0;
    const engine = { ...embedded, search: (...args: Parameters<typeof embedded.search>) => (searched++, embedded.search(...args)) };
    let release!: () => void;
    const data = tenantData(slug);
    const pending = new Promise<typeof data>((r) => (release = () => r(data)));
    const config = siteConfig(slug, { locations: data.locations.map((l) => l.id) });
    const catalogue = buildCatalogue(engine, scopeOf(slug), config, pending);
    await new Promise((r) => setTimeout(r, 0));
    // The data is still being read, and the engine was asked already.
    expect(searched).toBe(1);
    release();
    const out = await catalogue;
    expect(out.makes.length).toBeGreaterThan(0);
    expect(out.places.map((p) => p.slug)).toEqual(data.locations.map((l) => l.slug));
  });
});
