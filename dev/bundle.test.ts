/**
 * The production Workers ship no demo code (issue 11.6): demo tenants, stock, pictures and clips belong to the local
 * runtime (dev/platform.mjs seeds the demo data and binds the local-only demo Worker to the shell). Reads what
 * `node dev/build.mjs` built: each Worker's bundle, the esbuild metafile naming every source file in it, and the client
 * assets that deploy with it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../demo/src/index.ts';
// @ts-expect-error plain ESM script without types
import { ROOT, WORKERS } from './workers.mjs';

const walk = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)])) : [];

/** Source files no production bundle may hold: demo/ itself, shared test fixtures, test support and tests. */
const NOT_SHIPPED = [/^demo\//, /^contracts\/src\/fixtures\//, /\/src\/test\//, /\.test\.tsx?$/];
/** Text only demo code carries: every demo tenant's slug and name, and the generated history report's title. */
const DEMO_MARKERS = [...DEMO_TENANTS.flatMap((t) => [t.config.slug, t.config.name]), 'Vehicle History Report (demo)'];
/** The demo's committed media (demo/public), which only the demo Worker serves. */
const DEMO_MEDIA = walk(join(ROOT, 'demo/public')).map((f) => basename(f));

describe.each((WORKERS as Array<{ dir: string }>).map((w) => w.dir))('the production bundle of %s', (dir) => {
  const worker = join(ROOT, dir, 'dist/worker');

  it('holds no demo, fixture or test source (esbuild metafile)', () => {
    const meta = join(worker, 'meta.json');
    expect(existsSync(meta), `${dir} is not built: run \`npm run build\` first`).toBe(true);
    const inputs = Object.keys((JSON.parse(readFileSync(meta, 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((path) => NOT_SHIPPED.some((re) => re.test(path.replaceAll('\\', '/'))))).toEqual([]);
  });

  it('carries no demo tenant or demo text', () => {
    const code = readFileSync(join(worker, 'index.js'), 'utf8');
    expect(DEMO_MARKERS.filter((marker) => code.includes(marker))).toEqual([]);
  });

  it('deploys no demo media with its client assets', () => {
    const shipped = walk(join(ROOT, dir, 'dist/client')).map((f) => basename(f));
    expect(shipped.filter((name) => DEMO_MEDIA.includes(name))).toEqual([]);
  });
});
