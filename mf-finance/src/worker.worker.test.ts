/**
 * The deployed mf-finance Worker inside workerd: its fetch handler with KV CONFIG seeded, ASSETS from dist/client, and
 * edge-api faked at the service-binding boundary (src/test/fake-services.ts).
 */
import { describe, expect, it } from 'vitest';
import { inOneWindow } from '@forecourt/contracts/fixtures/rate-limit';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { FAKE_QUOTE } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';
import { warmUp } from './warm-up.tsx';

const get = (path: string, tenant?: string) => fetchWorker(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} });
const quote = (tenant: string, ip: string, body: unknown = { purchasePrice: 30000, loanTerm: 5 }) =>
  fetchWorker('/api/finance/quote', {
    method: 'POST',
    headers: { [TENANT_HEADER]: tenant, [CLIENT_IP_HEADER]: ip, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('mf-finance Worker (workerd)', () => {
  it('warmed up at module start inside workerd: the car page’s calculator, a made-up tenant’s reads and the router (issue 19)', async () => {
    expect((await get('/fragments/finance-calculator?car_id=1&price=30000&make=Toyota&year=2021', 'test-motors')).status).toBe(200);
    expect(warmUp.state()).toMatchObject({ status: 'done' });
    expect(warmUp.state().result).toBeGreaterThan(2_000);
  });

  it('answers the finance page for a seeded tenant: HTML, head, version, shareable for a minute', async () => {
    const res = await get('/fragments/finance?vehiclePriceBudget=30000', 'test-motors');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Finance | Test Motors', styles: manifest.css });
    expect(await res.text()).toContain('data-island="mf-finance/FinanceCalculator"');
  });

  it('fills the calculator slot for good params and answers the protocol’s empty 404 for params it refuses', async () => {
    const slot = await get('/fragments/finance-calculator?car_id=148223&price=31990&car_type=used', 'test-motors');
    expect(slot.status).toBe(200);
    // Shared, and named by the car it prices (issue 19: dropped with the car page's purge).
    expect(slot.headers.get('cache-control')).toBe('public, max-age=60');
    expect(slot.headers.get('x-forecourt-cache-tags')).toBe('car:test-motors:148223');
    expect(await slot.text()).toContain('data-island="mf-finance/FinanceCalculator"');
    const refused = await get('/fragments/finance-calculator?price=lots', 'test-motors');
    await expectProtocolNotFound(refused, { version: manifest.version, tenantName: 'Test Motors' });
  });

  it('answers an unknown tenant, or none, with 404 JSON, and an unknown page with the protocol’s empty 404', async () => {
    for (const tenant of ['nobody', undefined]) {
      const res = await get('/fragments/finance', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
    await expectProtocolNotFound(await get('/fragments/vehicle', 'test-motors'), { version: manifest.version, tenantName: 'Test Motors' });
  });

  it('quotes through edge-api’s YouX port where the site has quick quotes, and 404s where it has not', async () => {
    const res = await quote('quotes', '203.0.113.10');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(FAKE_QUOTE);
    expect((await quote('test-motors', '203.0.113.10')).status).toBe(404);
  });

  it('limits quotes per client with the QUOTE_LIMITER binding (30 a minute), other clients unaffected', async () => {
    // One window of the binding's clock-aligned minute (a burst across its end would start counting again).
    const statuses = await inOneWindow(60, async (attempt) => {
      const out: number[] = [];
      for (let i = 0; i < 31; i++) out.push((await quote('quotes', `203.0.113.${20 + attempt * 2}`)).status);
      return out;
    });
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await quote('quotes', '203.0.113.27')).status).toBe(200);
  });

  it('the pre-approval: Your Details texts a code and quotes (edge-api), keeps the application; limited per client by PREAPPROVAL_LIMITER (20 a minute); 404 without the switch', async () => {
    const details = (tenant: string, ip: string) =>
      fetchWorker('/api/finance/preapproval', {
        method: 'POST',
        headers: { [TENANT_HEADER]: tenant, [CLIENT_IP_HEADER]: ip, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'details', vehiclePriceBudget: '30000', loanTerm: '5', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '0412345678', postCode: '4000' }),
      });
    const first = await details('preapproval', '203.0.113.30');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ step: 3, quote: FAKE_QUOTE, phone: '0412 ••• 678' });
    expect(first.headers.get('set-cookie')).toMatch(/^__Host-fc_finance_application=[A-Za-z0-9_-]+; Path=\/; Secure; HttpOnly; SameSite=Lax; Max-Age=1800$/);
    const statuses = await inOneWindow(60, async (attempt) => {
      const out: number[] = [];
      for (let i = 0; i < 21; i++) out.push((await details('preapproval', `203.0.113.${31 + attempt * 2}`)).status);
      return out;
    });
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await details('preapproval', '203.0.113.38')).status).toBe(200);
    expect((await details('test-motors', '203.0.113.33')).status).toBe(404);
  });

  it('serves its built client bundle under /_mf/ from ASSETS, no tenant needed', async () => {
    const res = await get(manifest.entry!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).includes('./FinanceCalculator')).toBe(true); // an island it exposes
  });
});
