import { describe, expect, it } from 'vitest';
import { chromeCacheSlugs } from './lib/compose.ts';
import { pageCacheStats } from './lib/page-cache.ts';
import { liveStoreCount } from './lib/tenant.ts';
import { WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { warmUpShell } from './warm-up.ts';

const assets = { entry: '/_shell/0.0.0/assets/main.js', css: ['/_shell/0.0.0/assets/main.css'], fonts: {} };

describe('shell isolate warm-up (issue 19, cold start)', () => {
  it('makes a search page’s and the home page’s head, header, body and tail, and the not-found block, for the made-up tenant', async () => {
    const one = await warmUpShell({ assets, rounds: 1 });
    // Two documents' head, header and tail, the home page's sections and the not-found block: well over 10 KB.
    expect(one).toBeGreaterThan(10_000);
    expect(await warmUpShell({ assets })).toBe(3 * one);
  });

  it('leaves the isolate’s page layers, chrome cache and tenant stores as they were: nothing of the made-up tenant is kept', async () => {
    const before = pageCacheStats();
    const stores = liveStoreCount();
    await warmUpShell({ assets });
    expect(pageCacheStats()).toEqual(before);
    expect(chromeCacheSlugs()).not.toContain(WARM_UP_TENANT);
    // Its in-memory KV's store is let go: a purge never walks it.
    expect(liveStoreCount()).toBe(stores);
  });
});
