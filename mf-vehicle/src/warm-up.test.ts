import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig, tenantData } from '@forecourt/contracts/fixtures/tenant';
import * as v from 'valibot';
import { EMPTY_CONTENT } from '@forecourt/contracts/content';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { CAR_PAGE_CACHE, DEGRADED_PAGE_CACHE, PRIVATE_PAGE_CACHE } from './lib/page-cache.ts';
import { vehicleFragment } from './routes/fragments.tsx';
import { warmUpVehicle } from './warm-up.ts';

describe('mf-vehicle isolate warm-up (issue 19, cold start)', () => {
  it('renders a made-up car’s whole page each round through the route’s vehicleFragment', async () => {
    const one = await warmUpVehicle({ rounds: 1 });
    // A car page with its gallery, specs, sidebar and dialogs is tens of KB.
    expect(one).toBeGreaterThan(20_000);
    expect(await warmUpVehicle({ rounds: 3 })).toBeGreaterThan(3 * 20_000);
  });

  it('vehicleFragment is the page the route answers: head with the car’s title, JSON-LD and slots, and its cache time', () => {
    const config = siteConfig('test-motors');
    const car = v.parse(CarSchema, sampleCar);
    const page = (over: Partial<Parameters<typeof vehicleFragment>[0]>) =>
      vehicleFragment({ config, car, reservationKnown: true, data: tenantData('test-motors'), market: null, delivery: null, postcode: '', content: EMPTY_CONTENT, today: new Date('2026-11-28T00:00:00Z'), ...over });
    const parts = page({});
    expect(parts.head.title).toBe(`${sampleCar.name} | Test Motors`);
    expect(parts.head.jsonLd).toHaveLength(1);
    expect(parts.head.slots?.map((s) => s.remote)).toContain('mf-search');
    expect(renderToString(parts.element)).toContain(sampleCar.name);
    // Shared for everyone; briefly when the content could not be read; never when the reservation is unknown.
    expect(parts.cacheControl).toBe(CAR_PAGE_CACHE);
    expect(page({ content: null }).cacheControl).toBe(DEGRADED_PAGE_CACHE);
    expect(page({ reservationKnown: false }).cacheControl).toBe(PRIVATE_PAGE_CACHE);
  });
});
