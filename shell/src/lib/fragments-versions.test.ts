/** fetchFragment and the canary: the pinned version travels, the cache is keyed by it, failures feed the breaker. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteReleases } from '@forecourt/contracts/releases';
import { clearFragmentCache, fetchFragment } from './fragments.ts';
import { resetBreaker } from './canary-breaker.ts';
import { remoteMetrics, resetRemoteMetrics } from './remote-metrics.ts';
import { pinsFor } from './remote-versions.ts';
import { testEnv } from '../test/env.ts';
import { demoTenant } from '../test/tenants.ts';

const STABLE_ID = '11111111-1111-4111-8111-111111111111';
const CANARY_ID = '22222222-2222-4222-8222-222222222222';
const tenant = demoTenant('outback-used-cars', (c) => ({ ...c, remotes: { ...c.remotes, 'mf-search': '0.2.0-canary' } }));
const stableVersion = demoTenant('outback-used-cars').config.remotes['mf-search'];
const releases: RemoteReleases = {
  'mf-search': { stable: stableVersion, versions: [{ version: stableVersion, worker_version_id: STABLE_ID }, { version: '0.2.0-canary', worker_version_id: CANARY_ID }] },
};

afterEach(() => {
  clearFragmentCache();
  resetBreaker();
  resetRemoteMetrics();
  vi.restoreAllMocks();
});

/** mf-search that answers by the override it was sent, as a gradual deployment would; records every request. */
function versionedSearch(answer: (version: 'canary' | 'stable') => Response) {
  const seen: Headers[] = [];
  const env = testEnv({
    SEARCH: {
      fetch: async (_url: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        seen.push(headers);
        return answer((headers.get('cloudflare-workers-version-overrides') ?? '').includes(CANARY_ID) ? 'canary' : 'stable');
      },
    },
    FRAGMENT_TIMEOUT_MS: '1000',
    CANARY_FALLBACK_AFTER: '3',
  });
  return { env, seen };
}
const page = (version: string, cache = 'public, max-age=30') => new Response(`<p>${version}</p>`, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-forecourt-version': version, 'cache-control': cache } });
const shopper = () =>
  new Request('https://dealer.test/search/used-cars?make=kia', { headers: { 'cloudflare-workers-version-overrides': `forecourt-mf-search="${STABLE_ID}"`, 'x-forecourt-version': stableVersion } });
const get = (env: ReturnType<typeof testEnv>, t = tenant) =>
  fetchFragment({ env, remote: 'mf-search', page: 'search', params: { segments: 'used-cars' }, search: new URLSearchParams('make=kia'), tenant: t.config, pin: pinsFor(t.config, releases)['mf-search'], request: shopper() });
const text = async (r: Awaited<ReturnType<typeof fetchFragment>>) => (r.ok ? new Response(r.body).text() : r.kind);

describe('fetchFragment with a pinned version', () => {
  it('asks for the pinned Worker version and names the version; nothing the browser sent about versions travels', async () => {
    const { env, seen } = versionedSearch((v) => page(v === 'canary' ? '0.2.0-canary' : stableVersion, 'private, no-store'));
    expect(await text(await get(env))).toBe('<p>0.2.0-canary</p>');
    expect(seen[0]!.get('cloudflare-workers-version-overrides')).toBe(`forecourt-mf-search="${CANARY_ID}"`);
    expect(seen[0]!.get('x-forecourt-version')).toBe('0.2.0-canary');
    const stableTenant = demoTenant('outback-used-cars');
    expect(await text(await get(env, stableTenant))).toBe(`<p>${stableVersion}</p>`);
    expect(seen[1]!.get('cloudflare-workers-version-overrides')).toBe(`forecourt-mf-search="${STABLE_ID}"`);
  });

  it('keeps shared fragments per version: a rollback never gets the canary’s HTML from the cache', async () => {
    const { env, seen } = versionedSearch((v) => page(v === 'canary' ? '0.2.0-canary' : stableVersion));
    expect(await text(await get(env))).toBe('<p>0.2.0-canary</p>');
    expect(await text(await get(env))).toBe('<p>0.2.0-canary</p>');
    expect(seen).toHaveLength(1);
    const rolledBack = demoTenant('outback-used-cars');
    expect(await text(await get(env, rolledBack))).toBe(`<p>${stableVersion}</p>`);
    expect(seen).toHaveLength(2);
  });

  it('counts a skewed answer (the override did not apply) and does not keep it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env, seen } = versionedSearch(() => page(stableVersion));
    await get(env);
    await get(env);
    expect(seen).toHaveLength(2);
    expect(remoteMetrics()).toEqual([expect.objectContaining({ remote: 'mf-search', version: '0.2.0-canary', answers: 2, skewed: 2 })]);
    expect(errors.mock.calls[0]!.join(' ')).toContain(`asked=0.2.0-canary served=${stableVersion}`);
  });

  it('falls back to stable after the canary fails CANARY_FALLBACK_AFTER times in a row', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env } = versionedSearch((v) => (v === 'canary' ? new Response('down', { status: 500 }) : page(stableVersion, 'private, no-store')));
    for (let i = 0; i < 3; i++) expect((await get(env)).kind).toBe('failed');
    expect(errors.mock.calls.some((c) => c.join(' ').includes('canary mf-search 0.2.0-canary failed 3 times in a row'))).toBe(true);
    const pin = pinsFor(tenant.config, releases)['mf-search'];
    expect(pin).toEqual({ version: stableVersion, workerVersionId: STABLE_ID, stable: true, fellBack: true });
    expect(await text(await get(env))).toBe(`<p>${stableVersion}</p>`);
    const byVersion = Object.fromEntries(remoteMetrics().map((r) => [r.version, r]));
    expect(byVersion['0.2.0-canary']).toMatchObject({ answers: 3, failed: 3 });
    expect(byVersion[stableVersion]).toMatchObject({ answers: 1, ok: 1, fellBack: 1 });
  });
});
