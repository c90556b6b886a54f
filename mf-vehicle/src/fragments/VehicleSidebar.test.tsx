import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { BEACON_ATTR, parseIslandWhen } from '@forecourt/contracts/islands';
import { parseIslandProps } from '@forecourt/contracts/fragments';
import { siteConfig } from '../test/tenant.ts';
import { VehiclePage } from './VehiclePage.tsx';
import { VIEW_BEACON_ID, viewBeacon } from './VehicleSidebar.tsx';

const car = v.parse(CarSchema, sampleCar);

describe('the car page view beacon (issue 19: a view counts without scrolling or touching the page)', () => {
  it('counts the view, sends analytics 4 for a used car and puts the car first in the viewed-cars list', () => {
    const beacon = viewBeacon(car, 'test-motors', `/cars/${car.slug}`);
    expect(beacon.send[0]!.path).toBe(`/api/cars/${car.slug}/view.json?photos_count=${car.photos_count ?? car.images.length}&updated_at=${encodeURIComponent(car.created_at)}&website_id=test-motors`);
    expect(beacon.send[1]).toEqual({ path: '/api/analytics', method: 'POST', body: { event_id: 4, page: `/cars/${car.slug}`, car_id: car.id } });
    expect(beacon.push).toEqual({ key: 'forecourt:viewed', item: { id: car.id, stocknum: car.stocknum ?? null, make: car.make, model: car.model, body: car.body ?? null, simple_body: car.simple_body ?? null }, limit: 20, event: { name: 'viewed.changed.v1', field: 'viewed' } });
    expect(viewBeacon({ ...car, car_type: 'new' }, 'test-motors', '/cars/x').send).toHaveLength(1);
  });

  it('the page carries the beacon, the same for every shopper, and the ViewCount island (loaded on engaged) names it', () => {
    const html = renderToString(<VehiclePage car={car} config={siteConfig('test-motors', { site_url: 'https://www.test-motors.com.au' })} locations={[]} market={null} now={new Date('2024-06-01T00:00:00Z')} />);
    const script = new RegExp(`<script type="application/json" ${BEACON_ATTR}="${VIEW_BEACON_ID}">(.*?)</script>`).exec(html);
    expect(script).not.toBeNull();
    expect(parseIslandProps(script![1]!)).toEqual(viewBeacon(car, 'test-motors', `/cars/${car.slug}`));
    const island = /<span id="fv-views" data-island="mf-vehicle\/ViewCount"[^>]*data-island-when="([^"]*)"/.exec(html);
    expect(parseIslandWhen(island?.[1])).toEqual([{ kind: 'engaged' }]);
    expect(html).toContain(`"beacon":"${VIEW_BEACON_ID}"`);
  });
});
