#!/usr/bin/env node
/**
 * Builds every part for a local run or a deploy:
 *  1. each remote's and the shell's browser bundle with Vite + Module Federation (dist/client/...),
 *  2. an asset manifest per package (dist/asset-manifest.json) the Worker imports to name its CSS/entries,
 *  3. each Worker bundled with esbuild into dist/worker/index.js (what the local runtime loads),
 *  4. each remote's contract surface beside its bundle (`/_mf/<remote>/<version>/contracts.json`: contracts'
 *     contract-surface.ts), so another version of the platform can check it can run beside this one.
 * Usage: node dev/build.mjs [--only shell,mf-search] [--skip-client] [--version <label>]
 *   --version builds one remote (`--only <remote>`) under another version label than its package version: a canary.
 */
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, relative } from 'node:path';
import { ROOT, WORKERS, buildVersion, readWranglerConfig } from './workers.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const skipClient = args.includes('--skip-client');
if (args.includes('--version')) {
  if (only?.length !== 1 || only[0] === 'shell') throw new Error('--version <label> builds one remote: pass --only <remote> with it');
  // Read by buildVersion() here and in dev/vite-remote.mjs (the remote's Vite config, loaded in this process).
  process.env.FORECOURT_BUILD_VERSION = args[args.indexOf('--version') + 1];
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

async function buildClient(worker) {
  const dir = join(ROOT, worker.dir);
  const configFile = join(dir, 'vite.config.mjs');
  if (!existsSync(configFile)) return { css: [], entry: null };
  await viteBuild({ configFile, logLevel: 'warn' });
  // The shell's client proper, built after its island host into the same folder (shell/vite.main.config.mjs).
  if (existsSync(join(dir, 'vite.main.config.mjs'))) await viteBuild({ configFile: join(dir, 'vite.main.config.mjs'), logLevel: 'warn' });
  const version = worker.dir === 'shell' ? JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version : buildVersion(dir);
  const clientRoot = join(dir, 'dist/client');
  const files = walk(clientRoot).map((f) => '/' + relative(clientRoot, f).split('\\').join('/'));
  const css = files.filter((f) => f.endsWith('.css'));
  let entry = files.find((f) => f.endsWith('/remoteEntry.js')) ?? null;
  if (entry) writeFileSync(join(clientRoot, entry.slice(1, -'remoteEntry.js'.length), 'contracts.json'), await contractSurfaceJson());
  let fonts;
  if (worker.dir === 'shell') {
    const base = `/_shell/${version}/`;
    const viteManifest = JSON.parse(readFileSync(join(clientRoot, base.slice(1), 'manifest.json'), 'utf8'));
    const main = Object.values(viteManifest).find((c) => c.isEntry);
    entry = base + main.file;
    fonts = await copyWebFonts(join(clientRoot, base.slice(1), 'fonts'), `${base}fonts/`);
  }
  return { version, css, entry, ...(fonts ? { fonts } : {}) };
}

/**
 * The self-hosted web fonts (ui/src/fonts.ts WEB_FONTS): each family's latin variable woff2 from its @fontsource
 * package, copied beside the shell's client under a stable name; returns `{ <family>: <url> }` for the asset manifest.
 */
async function copyWebFonts(dir, urlBase) {
  const { outputFiles } = await esbuild({ entryPoints: [join(ROOT, 'ui/src/fonts.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'warning' });
  const { WEB_FONTS, webFontFile } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  const require = createRequire(join(ROOT, 'ui/package.json'));
  mkdirSync(dir, { recursive: true });
  const urls = {};
  for (const [family, font] of Object.entries(WEB_FONTS)) {
    copyFileSync(join(dirname(require.resolve(`${font.package}/package.json`)), 'files', font.file), join(dir, webFontFile(family)));
    urls[family] = urlBase + webFontFile(family);
  }
  return urls;
}

let surface;
/** This tree's contract surface as JSON (contracts/src/contract-surface.ts, bundled and run once per build). */
async function contractSurfaceJson() {
  if (!surface) {
    const { outputFiles } = await esbuild({ entryPoints: [join(ROOT, 'contracts/src/contract-surface.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'warning' });
    const mod = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
    surface = `${JSON.stringify(mod.contractSurface())}\n`;
  }
  return surface;
}

/** esbuild options of a Worker bundle: the platform's Workers and the local-only demo Worker. */
const workerBundle = (entry, outdir) => ({
  entryPoints: [entry],
  outfile: join(outdir, 'index.js'),
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
  mainFields: ['module', 'browser', 'main'],
  jsx: 'automatic',
  // Stylesheets ship through the Vite client build; the server bundle only needs the markup.
  loader: { '.css': 'empty' },
  external: ['cloudflare:*', 'node:*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});

async function buildWorker(worker) {
  const dir = join(ROOT, worker.dir);
  const outdir = join(dir, 'dist/worker');
  const result = await esbuild({ ...workerBundle(join(dir, readWranglerConfig(worker.dir).main), outdir), metafile: true });
  // Which source files the bundle holds (paths relative to the repository): dev/bundle.test.ts checks no demo code ships.
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile) + '\n');
}

/**
 * demo/ as one Node module, for the local runtime's seeding and the CLI tools; and the demo Worker (local runs only:
 * dev/platform.mjs binds it to the shell as DEMO for `/demo-img/*` and `/demo-video/*`), its clips embedded.
 */
async function buildDemo() {
  await esbuild({
    entryPoints: [join(ROOT, 'demo/src/index.ts')],
    outfile: join(ROOT, 'demo/dist/index.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const bundle = workerBundle(join(ROOT, 'demo/src/worker.ts'), join(ROOT, 'demo/dist/worker'));
  await esbuild({ ...bundle, loader: { ...bundle.loader, '.mp4': 'binary' } });
}

const t0 = performance.now();
if (!only || only.includes('demo')) await buildDemo();
for (const worker of WORKERS) {
  if (only && !only.includes(worker.dir)) continue;
  const dir = join(ROOT, worker.dir);
  mkdirSync(join(dir, 'dist'), { recursive: true });
  const manifestPath = join(dir, 'dist/asset-manifest.json');
  if (!skipClient || !existsSync(manifestPath)) {
    const t = performance.now();
    const manifest = await buildClient(worker);
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
    if (manifest.entry) console.log(`client  ${worker.dir.padEnd(12)} ${Math.round(performance.now() - t)} ms`);
  }
  const t = performance.now();
  await buildWorker(worker);
  console.log(`worker  ${worker.dir.padEnd(12)} ${Math.round(performance.now() - t)} ms`);
}
console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
