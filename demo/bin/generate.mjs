#!/usr/bin/env node
/**
 * Writes the demo data set to files (the library itself is pure TypeScript; this bundles it with esbuild first).
 *   node demo/bin/generate.mjs [--scale default|bench] [--count N] [--now YYYY-MM-DD] [--out DIR]
 * Without --out it prints a summary per tenant. With --out it writes DIR/<slug>.json (cars) and DIR/seed.json (KV entries).
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: 'default' }, count: { type: 'string' }, now: { type: 'string' }, out: { type: 'string' } },
});
if (values.scale !== 'default' && values.scale !== 'bench') throw new Error('--scale must be default or bench');

const here = dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'forecourt-demo-'));
try {
  const outfile = join(tmp, 'demo.mjs');
  await build({ entryPoints: [join(here, '../src/index.ts')], outfile, bundle: true, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'warning' });
  const demo = await import(pathToFileURL(outfile).href);
  const now = values.now ? Date.parse(`${values.now}T00:00:00Z`) : demo.defaultDemoNow();
  if (Number.isNaN(now)) throw new Error('--now must be YYYY-MM-DD');
  const options = { scale: values.scale, now, ...(values.count ? { count: Number(values.count) } : {}) };
  const stock = demo.demoStock(options);
  for (const [slug, cars] of Object.entries(stock)) {
    const by = (k) => Object.entries(cars.reduce((a, c) => ((a[c[k]] = (a[c[k]] ?? 0) + 1), a), {})).map(([x, n]) => `${x} ${n}`).join(', ');
    console.log(`${slug}: ${cars.length} cars (${by('car_type')}; ${by('status')})`);
  }
  if (values.out) {
    const dir = resolve(values.out);
    mkdirSync(dir, { recursive: true });
    for (const [slug, cars] of Object.entries(stock)) writeFileSync(join(dir, `${slug}.json`), JSON.stringify(cars));
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(demo.buildSeed(options)));
    console.log(`wrote ${dir}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
