import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig, tenantData } from '@forecourt/contracts/fixtures/tenant';
import { vehicleFragment } from './routes/fragments.tsx';
import { warmUpVehicle } from './warm-up.ts';

describe('mf-vehicle isolate warm-up (issue 19, cold start)', () => {
  it('renders a made-up car’s whole page each round through the route’s vehicleFragment', async () => {
    const one = await warmUpVehicle({ rounds: 1 });
    // A car page with its gallery, specs, sidebar and dialogs is tens of KB.
    expect(one).toBeGreaterThan(20_000);
    expect(await warmUpVehicle({ rounds: 3 })).toBeGreaterThan(3 * 20_000);
  });

  it('vehicleFragment is the page the route answers: head with the car’s title, JSON-LD, slots and a shareable cache time', () => {
    const config = siteConfig('test-motors');
    const parts = vehicleFragment({ config, car: sampleCar as never, reservationKnown: true, data: tenantData('test-motors'), market: null, delivery: null, postcode: '', content: null, today: new Date('2026-11-28T00:00:00Z') });
    expect(parts.head.title).toBe(`${sampleCar.name} | Test Motors`);
    expect(parts.head.jsonLd).toHaveLength(1);
    expect(parts.head.slots?.map((s) => s.remote)).toContain('mf-search');
    // Content unreadable (null): the page is degraded, so shared only briefly (lib/page-cache.ts).
    expect(parts.cacheControl).toMatch(/public/);
    expect(renderToString(parts.element)).toContain(sampleCar.name);
  });
});
