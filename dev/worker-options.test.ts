/** dev/worker-options.mjs: the options kept on disk are wrangler's own for each Worker's wrangler.jsonc. */
import { join } from 'node:path';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { loadWorkerOptions } from './worker-options.mjs';
// @ts-expect-error plain ESM module without types
import { ROOT, WORKERS } from './workers.mjs';

describe('loadWorkerOptions', () => {
  it("answers wrangler's unstable_getMiniflareWorkerOptions for every Worker, as JSON, loaded again from disk", async () => {
    const paths = (WORKERS as Array<{ dir: string }>).map(({ dir }) => join(ROOT, dir, 'wrangler.jsonc'));
    const first = await loadWorkerOptions(paths);
    const again = await loadWorkerOptions(paths);
    for (const path of paths) {
      const { workerOptions } = unstable_getMiniflareWorkerOptions(path);
      expect(first(path)).toEqual({ workerOptions: JSON.parse(JSON.stringify(workerOptions)) });
      expect(again(path)).toEqual(first(path));
    }
    expect(() => first(join(ROOT, 'nowhere/wrangler.jsonc'))).toThrow(/No worker options/);
  });
});
