import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { headerSlotHtml } from '../fragments/header-slot-html.ts';
import { siteConfigInput, testEnv } from '../test/tenant.ts';

// React's server renderer, counted: the header slot must answer without it.
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return { ...actual, renderToReadableStream: vi.fn(actual.renderToReadableStream), renderToString: vi.fn(actual.renderToString) };
});
// The unit project shares modules between test files (vitest.config.ts, `isolate: false`): the app is loaded afresh
// here, after the mock, or it could be one another file loaded with the real renderer.
vi.resetModules();
const server = await import('react-dom/server');
const { createApp } = await import('../app.tsx');
// And the files after this one in the worker get the real renderer and an app built on it.
afterAll(() => {
  vi.doUnmock('react-dom/server');
  vi.resetModules();
});

const env = testEnv([siteConfigInput('test-motors'), siteConfigInput('favourites-only', { features: { favourites: true, watchlist: false } }), siteConfigInput('watching', { features: { watchlist: true } })]);
const get = (path: string, tenant: string) => createApp({ styles: [], version: '1.2.3' }).request(path, { headers: { [TENANT_HEADER]: tenant } }, env);

describe('header slot route (issue 19: a tenant’s first search)', () => {
  beforeEach(() => vi.mocked(server.renderToReadableStream).mockClear());

  it('answers the island’s HTML without rendering React, for either kind of site', async () => {
    for (const [tenant, watchlist] of [['favourites-only', false], ['watching', true]] as const) {
      const res = await get('/fragments/header-account', tenant);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(headerSlotHtml(watchlist));
    }
    expect(server.renderToReadableStream).not.toHaveBeenCalled();
    expect(server.renderToString).not.toHaveBeenCalled();
  });

  it('still renders the account pages with React (the spy sees renders)', async () => {
    expect((await get('/fragments/sign-in', 'test-motors')).status).toBe(200);
    expect(server.renderToReadableStream).toHaveBeenCalled();
  });
});
