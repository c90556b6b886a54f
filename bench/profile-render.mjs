#!/usr/bin/env node
/**
 * Where an uncached car page and search page spend their time (issue 19 item 2), in Node: prints ms per render split
 * into the parts of bench/profile-render-entry.tsx (whole fragment request, service-binding hop, data, view model, React
 * render, island props JSON) and writes bench/out/profile-render.json. Figures only. Needs `demo/dist` (npm run build).
 *
 *   node bench/profile-render.mjs [--only car|search] [--runs 200]
 *   node bench/profile-render.mjs --cpu-prof [--only car|search] [--whole]   # also: CPU self time per package / source
 *     file (--whole: the whole fragment requests only; --fns a,b: inclusive time of functions by name)
 *
 * Each figure is CPU ms per render, the lowest mean of batches of 10 (see `time` in the entry): steady on a busy machine.
 *
 * With --cpu-prof the same process runs under V8's sampling profiler (Session, 100 us interval) and the samples are
 * attributed to the source file esbuild bundled them from (its `// path` module comments), so "react-dom", "valibot",
 * "mf-search/src/engine", "contracts/src/..." read as shares of the measured time.
 */
import { build } from 'esbuild';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { ROOT } from '../dev/workers.mjs';

const args = process.argv.slice(2);
const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const outDir = join(ROOT, 'bench/out');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'profile-render.mjs');
await build({
  entryPoints: [join(ROOT, 'bench/profile-render-entry.tsx')], outfile, bundle: true, format: 'esm', platform: 'node', target: 'es2022',
  conditions: ['workerd', 'worker', 'import'], logLevel: 'warning', jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.svg': 'text', '.png': 'dataurl', '.woff2': 'dataurl' },
  external: ['cloudflare:*', 'node:*', ...(arg('--only') === 'search' ? ['./profile-render-car.tsx'] : [])],
});

const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
const { profileRender } = await import(outfile);
const options = { runs: Number(arg('--runs') ?? 200), only: arg('--only'), wholeOnly: args.includes('--whole') };

let session;
if (args.includes('--cpu-prof')) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  // Started once the setup (stock, indexes, tenant reads) is done: the profile is the timed requests only.
  options.beforeTiming = () => session.post('Profiler.start');
}
const figures = await profileRender(demo, options);
console.log(JSON.stringify(figures, null, 2));
writeFileSync(join(outDir, 'profile-render.json'), JSON.stringify(figures, null, 2));

if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(join(outDir, 'profile-render.cpuprofile'), JSON.stringify(profile));
  // Module of each bundle line: esbuild writes `// <path>` before each module's code.
  const lines = readFileSync(outfile, 'utf8').split('\n');
  const starts = [];
  lines.forEach((line, i) => {
    const m = /^\/\/ ((?:\.\.\/)*[\w@./-]+\.(?:m?js|cjs|tsx?|json))$/.exec(line);
    if (m) starts.push([i, m[1].replace(/^(\.\.\/)+/, '')]);
  });
  const moduleAt = (line) => {
    let lo = 0, hi = starts.length - 1, found = '(bundle prelude)';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) { found = starts[mid][1]; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  };
  const group = (file) => {
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (nm) return nm[1];
    return file.replace(/^(?:main\/)?/, '');
  };
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map();
  const byFn = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    if (!us) continue;
    total += us;
    const f = node.callFrame;
    const file = f.url.endsWith('profile-render.mjs') && f.url.includes('bench/out') ? group(moduleAt(f.lineNumber)) : f.url ? f.url.replace(/^file:\/\/\/work\/main\//, '') : f.functionName || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const fn = `${f.functionName || '(anonymous)'} ${file}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\nCPU self time by source (${(total / 1000).toFixed(0)} ms sampled):`);
  console.log(top(byFile, 30).join('\n'));
  console.log('\nCPU self time by function:');
  console.log(top(byFn, 40).join('\n'));
  // Inclusive time of named functions (--fns a,b,c): each call tree's outermost call of the name, with all it called.
  const names = (arg('--fns') ?? '').split(',').filter(Boolean);
  if (names.length) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const totals = new Map();
    const walk = (node, open) => {
      let total = dt.get(node.id) ?? 0;
      const name = node.callFrame.functionName;
      const outer = names.includes(name) && !open.has(name);
      const next = outer ? new Set([...open, name]) : open;
      for (const child of node.children ?? []) total += walk(byId.get(child), next);
      if (outer) totals.set(name, (totals.get(name) ?? 0) + total);
      return total;
    };
    walk(profile.nodes[0], new Set());
    console.log('\nCPU inclusive time of named functions:');
    for (const name of names) console.log(`${(((totals.get(name) ?? 0) / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}
