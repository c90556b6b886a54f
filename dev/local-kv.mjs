/**
 * What the local import commands share (`npm run stock:import`, `npm run content:import`): loading workspace
 * TypeScript in Node, the local KV that `npm start` serves (dev/platform.mjs), and the demo tenants.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readWranglerConfig } from './workers.mjs';

/** Bundles a TS entry (a file, or `{ contents, resolveDir }`) in memory, workspace imports resolved, and imports it. */
export async function importBundle(entry) {
  // Loaded on use: --help and usage errors answer without loading esbuild or workerd.
  const { build } = await import('esbuild');
  const result = await build({
    ...(typeof entry === 'string' ? { entryPoints: [join(ROOT, entry)] } : { stdin: { ...entry, loader: 'ts' } }),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/**
 * A Miniflare holding a Worker's KV bindings over the same local state `npm start` uses; `bindings` must all be bound
 * in that Worker's wrangler.jsonc. Dispose it when done.
 * @example const mf = await openLocalKv('.wrangler/state', 'shell', ['CONFIG']); const kv = await mf.getKVNamespace('CONFIG');
 */
export async function openLocalKv(persist, worker, bindings) {
  const { Miniflare, Log, LogLevel } = await import('miniflare');
  const all = Object.fromEntries((readWranglerConfig(worker).kv_namespaces ?? []).map((ns) => [ns.binding, ns.id]));
  for (const binding of bindings) if (!all[binding]) throw new Error(`${worker}/wrangler.jsonc binds no ${binding} KV namespace`);
  return new Miniflare({
    cf: false,
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
    kvNamespaces: Object.fromEntries(bindings.map((b) => [b, all[b]])),
    kvPersist: join(persist, 'kv'),
    log: new Log(LogLevel.WARN),
  });
}

/** The demo package: its build when there is one, else its source bundled on the fly. */
export const loadDemo = () => (existsSync(join(ROOT, 'demo/dist/index.mjs')) ? import(join(ROOT, 'demo/dist/index.mjs')) : importBundle('demo/src/index.ts'));
