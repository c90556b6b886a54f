import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleLocation, tenantDataInput as madeUpDataInput } from '@forecourt/contracts/made-up';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { WARM_UP_NOW, WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';
import { createApp } from './app.tsx';
import { LocationsSummary } from './fragments/LocationsSummary.tsx';
import { locationsSummary } from './lib/summary.ts';
import { LOCATION_IDS, siteConfig, siteConfigInput, tenantDataInput, testEnv } from './test/tenant.ts';
import { WARM_UP_BLOCK_QUERIES, warmUpLocations } from './warm-up.tsx';

describe('mf-locations isolate warm-up (issue 19, cold start)', () => {
  it('makes the car page’s location block, the home page’s and the reviews summary each round, and matches the shell’s paths', async () => {
    const matched: string[] = [];
    const router = { match: (method: string, path: string) => matched.push(`${method} ${path}`) };
    const one = await warmUpLocations(router, { rounds: 1 });
    expect(matched).toContain(`GET /fragments/${SLOTS.locationsSummary.page}`);
    expect(matched).toContain(`GET /fragments/${SLOTS.reviewsSummary.page}`);
    // Both blocks of the made-up location (its name, map and reviews list in the first) and the reviews summary.
    expect(one).toBeGreaterThan(2_000);
    matched.length = 0;
    expect(await warmUpLocations(router, { rounds: WARM_UP_ROUNDS })).toBeGreaterThanOrEqual(WARM_UP_ROUNDS * one);
    expect(matched).toHaveLength(WARM_UP_ROUNDS * 4);
  });

  it('its car page query is the block a car page asks for: the location with its map and reviews list', () => {
    const params = readSlotParams('locationsSummary', new URLSearchParams(WARM_UP_BLOCK_QUERIES[0]));
    expect(params.success).toBe(true);
    const config = siteConfig('test-motors', { locations: [sampleLocation.id] });
    const html = renderToString(<LocationsSummary summary={locationsSummary(config, { ...parseTenantData('test-motors', madeUpDataInput()), special_hours: [] }, params.output!, new Date(WARM_UP_NOW))} />);
    expect(html).toContain(sampleLocation.name);
    expect(html).toContain('Where to find this car');
  });

  it('leaves the app answering with the real router it matched first: the location block of a seeded tenant', async () => {
    const app = createApp({ styles: [], version: '0.0.0' });
    await warmUpLocations(app.router);
    const env = testEnv([siteConfigInput('test-motors', { locations: LOCATION_IDS })], { 'test-motors': tenantDataInput() });
    const res = await app.request(`/fragments/${SLOTS.locationsSummary.page}?show=id&id=${LOCATION_IDS[0]}`, { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Springwood Toyota Sales');
  });
});
