import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { TradeInVehicleSchema } from '@forecourt/contracts/trade-in';
import { closedPort, serveOnLocalhost } from '../../test/serve.ts';
import { HttpRegoLookup, REGO_LOOKUP_TIMEOUT_MS } from './http.ts';
import { RegoLookupUnavailableError } from './port.ts';
import { selectRegoLookup } from './select.ts';
import { createFakeAutograbRegos } from './testing.ts';

const KEY = 'ag_local_only_key';
const fake = createFakeAutograbRegos({
  apiKey: KEY,
  registrations: [
    { rego: 'ABC123', state: 'QLD', vehicle: { id: 'ag-corolla-2021', title: '2021 Toyota Corolla Ascent Sport', year: 2021, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', body_type: 'Hatchback', transmission_type: 'Automatic', fuel_type: 'Petrol' } },
    { rego: 'BARE1', state: 'NSW', vehicle: { id: 'ag-bare', title: '2019 Mazda CX-5', year: 2019, make: 'Mazda', model: 'CX-5', badge: '' } },
  ],
});
const provider = serveOnLocalhost(fake.handle);
beforeEach(() => fake.reset());

const adapter = (opts: Partial<ConstructorParameters<typeof HttpRegoLookup>[0]> = {}) => new HttpRegoLookup({ apiUrl: provider.url, apiKey: KEY, timeoutMs: 2_000, ...opts });
const ask = (rego: string, state: 'QLD' | 'NSW' = 'QLD', a = adapter()) => a.lookup({ rego, state, tenant: 'acme-motors' });

describe('HttpRegoLookup against a local AutoGrab-format API on 127.0.0.1', () => {
  it('looks a rego up by state with the key, region and reference, and maps the vehicle', async () => {
    const vehicle = await ask('ABC123');
    expect(fake.requests).toEqual([{ method: 'GET', path: '/v2/vehicles/registrations/ABC123', query: { region: 'au', state: 'QLD', reference_id: 'acme-motors' }, apiKey: KEY }]);
    expect(vehicle).toEqual({ year: 2021, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', body: 'Hatchback', transmission: 'Automatic', fuel: 'Petrol', provider_id: 'ag-corolla-2021', source: 'rego' });
    expect(v.safeParse(TradeInVehicleSchema, vehicle).success).toBe(true);
    // Blank and missing details are left out.
    expect(await ask('BARE1', 'NSW')).toEqual({ year: 2019, make: 'Mazda', model: 'CX-5', provider_id: 'ag-bare', source: 'rego' });
  });

  it('answers null for a registration AutoGrab does not know (404, or in another state) and for vehicle: null', async () => {
    expect(await ask('NOPE1')).toBeNull();
    expect(await ask('ABC123', 'NSW')).toBeNull();
    fake.overrideNext(() => Response.json({ success: true, vehicle: null }));
    expect(await ask('ABC123')).toBeNull();
  });

  it('throws RegoLookupUnavailableError on 5xx, a refused key, a body outside the format or not JSON, naming no rego', async () => {
    fake.overrideNext(() => Response.json({ error: true, message: 'Upstream failure for ABC123' }, { status: 502 }));
    const err = await ask('ABC123').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegoLookupUnavailableError);
    expect(String((err as Error).message)).toContain('answered 502');
    expect(String((err as Error).message)).not.toContain('ABC123');
    await expect(ask('ABC123', 'QLD', adapter({ apiKey: 'wrong' }))).rejects.toThrow(/answered 401/);
    fake.overrideNext(() => Response.json({ success: true, vehicle: { id: 'x', year: 'new' } }));
    await expect(ask('ABC123')).rejects.toThrow(/unexpected body/);
    fake.overrideNext(() => new Response('<html>oops</html>', { status: 200 }));
    await expect(ask('ABC123')).rejects.toThrow(/without JSON/);
  });

  it('gives up after its timeout (below the shopper’s wait), and when nothing listens', async () => {
    expect(REGO_LOOKUP_TIMEOUT_MS).toBeLessThan(10_000);
    fake.delay(500);
    await expect(ask('ABC123', 'QLD', adapter({ timeoutMs: 100 }))).rejects.toThrow(/unreachable \((TimeoutError|AbortError)\)/);
    fake.reset();
    const port = await closedPort();
    await expect(ask('ABC123', 'QLD', adapter({ apiUrl: `http://127.0.0.1:${port}` }))).rejects.toBeInstanceOf(RegoLookupUnavailableError);
  });

  it('is chosen by REGO_LOOKUP_ADAPTER=http with its key secret', async () => {
    const chosen = selectRegoLookup({ REGO_LOOKUP_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY, AUTOGRAB_API_URL: provider.url });
    expect(chosen).toBeInstanceOf(HttpRegoLookup);
    expect(await ask('ABC123', 'QLD', chosen as HttpRegoLookup)).toMatchObject({ provider_id: 'ag-corolla-2021' });
    expect(() => selectRegoLookup({ REGO_LOOKUP_ADAPTER: 'http', AUTOGRAB_API_KEY: KEY, AUTOGRAB_API_URL: 'ftp://x' })).toThrow(/AUTOGRAB_API_URL="ftp:\/\/x" is not a URL/);
  });
});
