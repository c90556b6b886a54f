import { describe, expect, it } from 'vitest';
import { SLOTS } from '@forecourt/contracts/slots';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';
import { createApp } from './app.tsx';
import { siteConfigInput, testEnv } from './test/tenant.ts';
import { warmUpFinance } from './warm-up.tsx';

describe('mf-finance isolate warm-up (issue 19, cold start)', () => {
  it('makes the car page’s finance calculator each round and matches the shell’s paths', async () => {
    const matched: string[] = [];
    const router = { match: (method: string, path: string) => matched.push(`${method} ${path}`) };
    const one = await warmUpFinance(router, { rounds: 1 });
    expect(matched).toEqual([`GET /fragments/${SLOTS.financeCalculator.page}`, 'GET /fragments/finance', 'GET /fragments/finance-enquiry']);
    // The calculator's form, its figures and the island's props are a few KB.
    expect(one).toBeGreaterThan(2_000);
    expect(await warmUpFinance(router, { rounds: WARM_UP_ROUNDS })).toBeGreaterThanOrEqual(WARM_UP_ROUNDS * one * 0.9);
  });

  it('leaves the app answering with the real router it matched first: the calculator slot of a seeded tenant', async () => {
    const app = createApp({ styles: [], version: '0.0.0' });
    await warmUpFinance(app.router);
    const env = testEnv([siteConfigInput('test-motors')]);
    const res = await app.request(`/fragments/${SLOTS.financeCalculator.page}?car_id=148223&price=31990&car_type=used&make=Toyota&year=2021`, { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('ffc');
  });
});
