import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkDeploys } from './check-deploy.mjs';

describe('each Worker deploys alone', () => {
  it('`wrangler deploy --dry-run` succeeds for every Worker', async () => {
    const results: Array<{ worker: string; ok: boolean; error?: string }> = await checkDeploys();
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.worker)).toEqual(['shell', 'mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account', 'edge-api']);
  });
});
