/**
 * Canary one remote for one tenant, as shoppers see it (issue 12): one tenant on the canary build of mf-search (the
 * demo's canary: its results count says "in stock now"), the other two on stable, in the same run. The canary's
 * server HTML hydrates with the canary's own bundle (one React, no console error), works with the stable remotes
 * around it, and after `npm run canary -- --rollback` the tenant is back on stable without a restart. A browser's own
 * version headers change nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectErrors, installReactCounter, launchChromium, shopperContext, hydrateIsland } from './support.ts';
// @ts-expect-error plain ESM modules without types
import { localWorkerVersionId, prepareCanary } from '../dev/canary.mjs';
// @ts-expect-error plain ESM modules without types
import { main as canaryCli } from '../dev/canary-cli.mjs';
// @ts-expect-error plain ESM modules without types
import { startPlatform } from '../dev/platform.mjs';

type Platform = { url: URL; tenantUrl(slug: string): string; dispose(): Promise<void> };
const CANARY_TENANT = 'outback-used-cars';
const STABLE_TENANTS = ['harbourside-toyota', 'southern-cross-motor-group'];
let platform: Platform;
let browser: Browser;
let canaryVersion: string;

beforeAll(async () => {
  const canary = await prepareCanary({ remote: 'mf-search', source: 'demo' });
  canaryVersion = canary.version;
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error', canaries: [canary], pins: { [CANARY_TENANT]: { 'mf-search': canary.version } }, configCacheSeconds: 1 });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await platform?.dispose();
});

/** Opens a tenant's used-car search, waits for the results island to hydrate; the page, its console errors. */
async function openSearch(slug: string, headers: Record<string, string> = {}) {
  const context = await shopperContext(browser, { extraHTTPHeaders: headers });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await installReactCounter(page);
  const entries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/_mf/mf-search/')) entries.push(new URL(r.url()).pathname.split('/')[3]!);
  });
  await page.goto(`${platform.tenantUrl(slug)}/search/used-cars`, { waitUntil: 'load' });
  await hydrateIsland(page, '#fs-results');
  return { page, errors, entries, close: () => context.close() };
}

const count = (page: Page) => page.locator('.fs-results__count').textContent();
const renderers = (page: Page) => page.evaluate(() => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length);

describe('one tenant on the canary, the others on stable', () => {
  it('the canary tenant gets the canary’s server HTML and its hydrated island, one React, working beside stable remotes', async () => {
    const { page, errors, entries, close } = await openSearch(CANARY_TENANT);
    expect(await count(page)).toMatch(/^[\d,]+ vehicles in stock now$/);
    // The island's own render (a sort through the API) is the canary's code too.
    const apiCall = page.waitForResponse((r) => r.url().includes('/api/search/view'));
    await page.selectOption('#fs-sort-select', 'price_asc');
    expect((await apiCall).status()).toBe(200);
    await expect.poll(() => page.locator('.fs-results[data-state="hasData"]').count()).toBe(1);
    expect(await count(page)).toMatch(/in stock now$/);
    expect(new Set(entries)).toEqual(new Set([canaryVersion]));
    // Across remotes: the canary's compare control fills the stable mf-account comparison, which reads the canary's API.
    const buttons = page.locator('.fs-card__compare:not([data-compared])');
    await buttons.nth(0).click();
    await expect.poll(() => page.locator('.fs-card__compare[data-compared]').count()).toBe(1);
    await page.getByRole('link', { name: 'Compare cars (1)' }).click();
    await page.waitForURL(/\/watchlist#compare$/);
    await expect.poll(() => page.locator('.fa-compare__table thead th[scope="col"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await renderers(page)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('the other tenants see stable in the same run', async () => {
    for (const slug of STABLE_TENANTS) {
      const { page, errors, entries, close } = await openSearch(slug);
      expect(await count(page), slug).toMatch(/^[\d,]+ vehicles found$/);
      expect(new Set(entries), slug).toEqual(new Set(['0.1.0']));
      expect(await renderers(page)).toBe(1);
      expect(errors, slug).toEqual([]);
      await close();
    }
  });

  it('a browser’s forged Cloudflare-Workers-Version-Overrides or x-forecourt-version changes nothing', async () => {
    const { page, errors, entries, close } = await openSearch(STABLE_TENANTS[0]!, {
      'Cloudflare-Workers-Version-Overrides': `forecourt-mf-search="${localWorkerVersionId('mf-search', canaryVersion)}"`,
      'x-forecourt-version': canaryVersion,
    });
    expect(await count(page)).toMatch(/vehicles found$/);
    await page.selectOption('#fs-sort-select', 'price_desc');
    await expect.poll(() => page.url()).toContain('sortBy=price_desc');
    await expect.poll(() => page.locator('.fs-results[data-state="hasData"]').count()).toBe(1);
    expect(await count(page)).toMatch(/vehicles found$/);
    expect(new Set(entries)).toEqual(new Set(['0.1.0']));
    expect(errors).toEqual([]);
    await close();
  });

  it('after `npm run canary -- --rollback` the canary tenant sees stable, without a restart', async () => {
    process.env.FORECOURT_LOCAL_URL = platform.url.origin;
    try {
      const lines: string[] = [];
      expect(await canaryCli(['--tenant', CANARY_TENANT, '--remote', 'mf-search', '--rollback'], { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) })).toBe(0);
      expect(lines).toContain(`${CANARY_TENANT}: mf-search ${canaryVersion} -> 0.1.0`);
    } finally {
      delete process.env.FORECOURT_LOCAL_URL;
    }
    // The shell re-reads the manifest within its config cache time (1 s here; 10 s by default).
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { page, errors, entries, close } = await openSearch(CANARY_TENANT);
      const text = await count(page);
      if (/vehicles found$/.test(text ?? '')) {
        expect(new Set(entries)).toEqual(new Set(['0.1.0']));
        expect(await renderers(page)).toBe(1);
        expect(errors).toEqual([]);
        await close();
        break;
      }
      await close();
      if (Date.now() > deadline) throw new Error(`still "${text}" 10 s after the rollback`);
      await new Promise((r) => setTimeout(r, 300));
    }
  });
});
