/**
 * Issue 19: the car page (and its print and test-drive pages) are the same for every shopper, so they answer
 * `public, max-age` with their cache tags (contracts page-cache.ts); one shopper's pages stay private.
 */
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { DEFAULT_FRAGMENT_CACHE_CONTROL } from '@forecourt/contracts/fragments';
import { CACHE_TAGS_HEADER, parseCacheTags } from '@forecourt/contracts/page-cache';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { CAR_PAGE_CACHE, DEGRADED_PAGE_CACHE, PRIVATE_PAGE_CACHE, carPageCacheControl, withKnownReservation } from './lib/page-cache.ts';
import { FAKE_TENANT } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';

const get = (path: string, headers: Record<string, string> = {}) => fetchWorker(path, { headers: { [TENANT_HEADER]: FAKE_TENANT, ...headers } });
const carTags = [`car:${FAKE_TENANT}:${sampleCar.id}`, `stock:${FAKE_TENANT}`];

describe('shareable vehicle pages (workerd)', () => {
  it('the car page answers public, max-age=300 and names the car’s and the stock’s cache tags', async () => {
    const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(parseCacheTags(res.headers.get(CACHE_TAGS_HEADER))).toEqual(carTags);
    const html = await res.text();
    // Nothing of one shopper in it: no lead id (minted at submit) and no per-render token.
    expect(html).not.toContain('name="lead_id"');
    expect(html).not.toContain('fc-lead-id-per-render');
  });

  it('is the same page whoever asks: a session cookie or another client changes nothing', async () => {
    const a = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`);
    const b = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, { cookie: 'fc_session=someone; fc_saved=car-1', 'x-forecourt-client-ip': '203.0.113.9' });
    expect(b.headers.get('cache-control')).toBe(a.headers.get('cache-control'));
    expect(await b.text()).toBe(await a.text());
  });

  it('the print page is dated by the day it is printed, so it is never kept: private, no-store, no cache tags', async () => {
    const res = await get(`/fragments/print?car_id=${sampleCar.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get(CACHE_TAGS_HEADER)).toBeNull();
  });

  it('the test-drive page is shared the same way, named by the car', async () => {
    for (const path of [`/fragments/test-drive?car_id=${sampleCar.slug}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(CAR_PAGE_CACHE);
      expect(parseCacheTags(res.headers.get(CACHE_TAGS_HEADER)), path).toEqual(carTags);
    }
    // The test-drive page without a car: shared, about no car.
    const general = await get('/fragments/test-drive');
    expect(general.headers.get('cache-control')).toBe(CAR_PAGE_CACHE);
    expect(general.headers.get(CACHE_TAGS_HEADER)).toBeNull();
  });

  it('one shopper’s pages stay private: checkout, the checkout journey, the trade-in journey; and a car not found', async () => {
    for (const path of [`/fragments/checkout?car_id=${sampleCar.slug}`, `/fragments/checkout-journey?car_id=${sampleCar.slug}&payment=pay_x&status=pending`, '/fragments/trade-in', `/fragments/vehicle?_slug=no-such-car-9`]) {
      const res = await get(path);
      expect(res.headers.get('cache-control'), path).toBe(DEFAULT_FRAGMENT_CACHE_CONTROL);
      expect(res.headers.get(CACHE_TAGS_HEADER), path).toBeNull();
    }
  });
});

describe('the car page’s policy (lib/page-cache.ts)', () => {
  it('private while the reservation is unknown, briefly shared when a deferred part is missing', () => {
    expect(carPageCacheControl({ reservationKnown: true, degraded: false })).toBe(CAR_PAGE_CACHE);
    expect(carPageCacheControl({ reservationKnown: true, degraded: true })).toBe(DEGRADED_PAGE_CACHE);
    expect(carPageCacheControl({ reservationKnown: false, degraded: false })).toBe(PRIVATE_PAGE_CACHE);
    expect(PRIVATE_PAGE_CACHE).toBe('private, no-store');
  });

  it('knows the reservation only when edge-api answered (or the feed says reserved)', async () => {
    const car = { id: 'c1', reserved: false };
    const answering = (res: () => Response) => ({ fetch: async () => res() });
    expect(await withKnownReservation(answering(() => Response.json({ reserved: ['c1'] })), 't', car)).toEqual({ car: { id: 'c1', reserved: true }, known: true });
    expect(await withKnownReservation(answering(() => Response.json({ reserved: [] })), 't', car)).toEqual({ car, known: true });
    expect(await withKnownReservation(answering(() => new Response('down', { status: 503 })), 't', car)).toEqual({ car, known: false });
    expect(await withKnownReservation(undefined, 't', car)).toEqual({ car, known: false });
    expect(await withKnownReservation(undefined, 't', { id: 'c1', reserved: true })).toEqual({ car: { id: 'c1', reserved: true }, known: true });
  });
});
