import type { Server } from 'node:http';
import { closedPort, serveOnLocalhost } from '../../test/serve.ts';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeliveryEstimateSchema } from '@forecourt/contracts/entities/vdp';
import { EmbeddedDelivery } from './embedded.ts';
import { DeliveryUnavailableError, HttpDelivery, quoteDollars } from './http.ts';
import { selectDelivery } from './select.ts';
import { createFakeDeliveryPartner } from './testing.ts';

const KEY = 'dk_local_only';
// The partner serves Brisbane and Sydney metro from Brisbane-area origins; Perth is not served.
const fake = createFakeDeliveryPartner({
  apiKey: KEY,
  quote: (origin, destination) => {
    if (!origin.startsWith('4')) return null;
    if (destination >= '4000' && destination <= '4207') return { region: 'Brisbane Metro', price_aud: 190 };
    if (destination >= '2000' && destination <= '2249') return { region: 'Sydney Metro', price_aud: 757.8 };
    return null;
  },
});

const provider = serveOnLocalhost(fake.handle);
beforeEach(() => fake.reset());

const adapter = (opts: Partial<ConstructorParameters<typeof HttpDelivery>[0]> = {}) => new HttpDelivery({ apiUrl: provider.url, apiKey: KEY, timeoutMs: 2_000, ...opts });
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const toSydney = { tenant: 'springwood-toyota', postcode: '2150', originPostcode: '4127' };

describe('HttpDelivery against a local quote API on 127.0.0.1', () => {
  it('POSTs the run as JSON with the Bearer key and answers the region and whole-dollar price', async () => {
    const estimate = await adapter({ apiUrl: `${provider.url}/` }).estimate({ ...toSydney, postcode: ' 2150 ' });
    expect(fake.requests).toHaveLength(1);
    const [call] = fake.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/quotes' });
    expect(call!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers['x-forecourt-tenant']).toBe('springwood-toyota');
    expect(call!.body).toEqual({ origin_postcode: '4127', destination_postcode: '2150', vehicle: { type: 'car' } });
    // 757.80 rounds up to 758; extra answer fields (quote_id, currency, expires_at) are dropped.
    expect(estimate).toEqual({ name: 'Sydney Metro', price: 758 });
    expect(v.safeParse(DeliveryEstimateSchema, estimate).success).toBe(true);
    await expect(adapter().estimate({ ...toSydney, postcode: '4000' })).resolves.toEqual({ name: 'Brisbane Metro', price: 190 });
  });

  it('rounds the quote up to whole dollars, never down, and not past an exact cent', () => {
    expect(quoteDollars(757.8)).toBe(758);
    expect(quoteDollars(757.01)).toBe(758);
    expect(quoteDollars(190)).toBe(190);
    expect(quoteDollars(190.000000001)).toBe(190); // float noise under a cent
    expect(quoteDollars(0)).toBe(0);
  });

  it('answers null (spec §8 no-estimate text) when the partner does not serve the destination: 422 or 404', async () => {
    await expect(adapter().estimate({ ...toSydney, postcode: '6000' })).resolves.toBeNull();
    expect(fake.requests).toHaveLength(1);
    fake.overrideNext(json(404, { error: { code: 'no_route', message: 'No route.' } }));
    await expect(adapter().estimate(toSydney)).resolves.toBeNull();
  });

  it('sends nothing for a postcode that is not 4 digits', async () => {
    for (const postcode of ['', '21', '21500', 'abcd']) await expect(adapter().estimate({ ...toSydney, postcode })).resolves.toBeNull();
    await expect(adapter().estimate({ ...toSydney, originPostcode: '' })).resolves.toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('throws DeliveryUnavailableError on an error status, a refused key, a body that is not JSON or not a quote', async () => {
    const cases: Array<[() => Response, RegExp]> = [
      [json(500, { error: { code: 'internal' } }), /answered 500/],
      [json(503, {}), /answered 503/],
      [json(400, { error: { code: 'invalid_request' } }), /answered 400/],
      [() => new Response('<html>bad gateway</html>', { status: 200 }), /without JSON/],
      [json(200, { region: 'Sydney Metro', price_aud: '757.80' }), /unexpected body.*price_aud/],
      [json(200, { region: '', price_aud: 100 }), /unexpected body.*region/],
      [json(200, { region: 'Sydney Metro', price_aud: -5 }), /unexpected body/],
    ];
    for (const [answer, message] of cases) {
      fake.overrideNext(answer);
      const error = await adapter().estimate(toSydney).catch((e: unknown) => e);
      expect(error, String(message)).toBeInstanceOf(DeliveryUnavailableError);
      expect((error as Error).message).toMatch(message);
    }
    const refused = await new HttpDelivery({ apiUrl: provider.url, apiKey: 'wrong' }).estimate(toSydney).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryUnavailableError);
    expect((refused as Error).message).toBe('Delivery quote API answered 401');
  });

  it('gives up on a hanging partner at its timeout', async () => {
    fake.delay(400);
    const started = Date.now();
    const error = await adapter({ timeoutMs: 100 }).estimate(toSydney).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryUnavailableError);
    expect((error as Error).message).toMatch(/unreachable \((TimeoutError|AbortError)\)/);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('fails when nothing listens', async () => {
    const port = await closedPort();
    await expect(adapter({ apiUrl: `http://127.0.0.1:${port}` }).estimate(toSydney)).rejects.toThrow(/unreachable/);
  });
});

describe('selectDelivery', () => {
  it('builds the http adapter from env; URL and key are required', async () => {
    expect(selectDelivery({})).toBeInstanceOf(EmbeddedDelivery);
    const http = selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: provider.url, DELIVERY_API_KEY: KEY });
    expect(http).toBeInstanceOf(HttpDelivery);
    await expect(http.estimate(toSydney)).resolves.toEqual({ name: 'Sydney Metro', price: 758 });
    expect(() => selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_KEY: KEY })).toThrow(/DELIVERY_API_URL is not set/);
    expect(() => selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: provider.url })).toThrow(/DELIVERY_API_KEY is not set/);
    expect(() => selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: 'quotes', DELIVERY_API_KEY: KEY })).toThrow(/DELIVERY_API_URL="quotes" is not a URL/);
    const inProcess = selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: 'https://quotes.example.com.au', DELIVERY_API_KEY: KEY }, { fetch: fake.fetch });
    await expect(inProcess.estimate({ ...toSydney, postcode: '4000' })).resolves.toEqual({ name: 'Brisbane Metro', price: 190 });
  });
});
