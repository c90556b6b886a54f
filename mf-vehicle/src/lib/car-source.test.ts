import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { loadMarketPrice } from './car-source.ts';

const car = v.parse(CarSchema, sampleCar);
const panel = { fill: 0.5, listing_price: car.price, market_range_min: car.price - 1000, market_range_max: car.price + 1000, confidence: 0.8, description: 'x' };

/** An edge-api stand-in that records the request and answers with the given response. */
function edge(answer: () => Response | Promise<Response>) {
  const calls: { url: URL; tenant: string | null }[] = [];
  return {
    calls,
    fetch: async (input: string, init?: RequestInit) => {
      calls.push({ url: new URL(input), tenant: new Headers(init?.headers).get(TENANT_HEADER) });
      return answer();
    },
  };
}

describe('loadMarketPrice (the vehicle page asks edge-api for the market-price panel)', () => {
  it('describes the car with its NVIC and state, for the tenant, and answers the validated panel', async () => {
    const e = edge(() => Response.json(panel));
    expect(await loadMarketPrice(e, 'test-motors', car)).toEqual(panel);
    const { url, tenant } = e.calls[0]!;
    expect(tenant).toBe('test-motors');
    expect(url.pathname).toBe('/internal/autogauge');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ car_id: car.id, make: car.make, model: car.model, year: String(car.year), price: String(car.price), nvic: '0F8J21', state: 'QLD' });
  });

  it('leaves out an NVIC or state edge-api would refuse, rather than losing the panel', async () => {
    const e = edge(() => Response.json(panel));
    await loadMarketPrice(e, 't', { ...car, nvic: 'bad nvic!', state: 'Queensland' });
    expect(e.calls[0]!.url.searchParams.has('nvic')).toBe(false);
    expect(e.calls[0]!.url.searchParams.has('state')).toBe(false);
  });

  it('is null (panel hidden, spec §8) for a 404, a 502, an invalid answer or a slow edge-api', async () => {
    expect(await loadMarketPrice(edge(() => new Response(null, { status: 404 })), 't', car)).toBeNull();
    expect(await loadMarketPrice(edge(() => Response.json({ error: 'Market price unavailable.' }, { status: 502 })), 't', car)).toBeNull();
    expect(await loadMarketPrice(edge(() => Response.json({ fill: 'high' })), 't', car)).toBeNull();
    const slow = { fetch: (_: string, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) };
    expect(await loadMarketPrice(slow, 't', car, 50)).toBeNull();
  });
});
