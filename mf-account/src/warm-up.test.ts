import { describe, expect, it } from 'vitest';
import { fakeKv, siteConfig, siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { warmUpTenantReads, WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';
import { createApp } from './app.tsx';
import { headerSlotHtml } from './fragments/header-slot-html.ts';
import { WARM_UP_DIALOG_FORMS, warmUpAccount } from './warm-up.ts';

describe('mf-account isolate warm-up (issue 19, cold start)', () => {
  it('makes the header slot of both kinds of tenant and matches the shell’s paths, each round', async () => {
    const matched: string[] = [];
    const chars = await warmUpAccount({ match: (method, path) => matched.push(`${method} ${path}`) });
    expect(matched).toHaveLength(WARM_UP_ROUNDS * 4);
    expect(matched).toContain('GET /fragments/header-account');
    expect(chars).toBeGreaterThan(WARM_UP_ROUNDS * (headerSlotHtml(true).length + headerSlotHtml(false).length));
  });

  it('makes the four lead forms of a car page’s dialogs each round, a form of several KB each', async () => {
    const withForms = await warmUpAccount({ match: () => {} }, 1);
    const headerAndReads = await warmUpTenantReads(1) + headerSlotHtml(true).length + headerSlotHtml(false).length;
    expect(WARM_UP_DIALOG_FORMS).toEqual(['enquire', 'test-drive', 'request-photos', 'car-contact']);
    expect(withForms - headerAndReads).toBeGreaterThan(WARM_UP_DIALOG_FORMS.length * 2_000);
  });

  it('leaves the app answering: the real router matched first by the warm-up still routes every method', async () => {
    const app = createApp({ styles: [], version: '0.0.0' });
    await warmUpAccount(app.router);
    const env = { CONFIG: fakeKv(tenantEntries([siteConfigInput('test-motors')])) };
    const res = await app.request('/fragments/header-account', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(headerSlotHtml(siteConfig('test-motors').features.watchlist));
    // A POST after the warm-up's GETs is routed too (an unknown tenant: the tenant middleware's 404 JSON).
    const post = await app.request('/fragments/sign-in', { method: 'POST', headers: { [TENANT_HEADER]: 'nobody' } }, env);
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: 'Unknown site.' });
  });
});
