import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { PAGES } from '@forecourt/contracts/routes';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import pkg from '../package.json';
import type { Env } from './env.ts';
import { createApp } from './app.tsx';
import { siteConfigInput, testEnv } from './test/tenant.ts';

const styles = ['/_mf/mf-finance/0.1.0/assets/style-abc123.css'];
const version = '9.8.7';
const env = testEnv([siteConfigInput('test-motors')]);
const get = (path: string, tenant?: string, bindings: Env = env) =>
  createApp({ styles, version }).request(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} }, bindings);

describe('mf-finance Worker', () => {
  it('answers 404 JSON for a missing or unknown tenant', async () => {
    for (const tenant of [undefined, 'nobody']) {
      const res = await get('/fragments/finance', tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
  });

  it('answers every page the route table gives it with a fragment, its head and styles', async () => {
    for (const page of PAGES['mf-finance']) {
      const res = await get(`/fragments/${page}?car_id=148223&vehiclePriceBudget=30000`, 'test-motors');
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get(VERSION_HEADER)).toBe(version);
      // Every page but the shopper's personalised quote depends only on its query and tenant.
      const personal = page === 'personalised-finance';
      expect(res.headers.get('cache-control')).toBe(personal ? 'private, no-store' : 'public, max-age=60');
      const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
      expect(head?.styles).toEqual(styles);
      expect(head?.title).toMatch(/ \| Test Motors$/);
      // Real pages, indexable; the shopper's own quote is not.
      expect(head?.robots).toBe(personal ? 'noindex' : undefined);
      const html = await res.text();
      expect(html).not.toMatch(/<html|<head/);
      expect(html).toContain('<h1>');
    }
  });

  it('answers an unknown page with the protocol\'s empty 404 (the shell draws the not-found block)', async () => {
    for (const page of ['vehicle', 'constructor']) {
      await expectProtocolNotFound(await get(`/fragments/${page}`, 'test-motors'), { version, tenantName: 'Test Motors', label: page });
    }
  });

  it('the deployed Worker sends its package version', async () => {
    const { default: worker } = await import('./worker.tsx');
    const res = await worker.request('/fragments/finance', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(pkg.version);
  });

  it('serves the client bundle from ASSETS without a tenant', async () => {
    const res = await get('/_mf/mf-finance/0.1.0/remoteEntry.js');
    expect(await res.text()).toBe('asset /_mf/mf-finance/0.1.0/remoteEntry.js');
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken: Env = { ...env, CONFIG: { get: async () => { throw new Error('KV down'); } } };
    const res = await get('/fragments/finance', 'test-motors', broken);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
  });
});
