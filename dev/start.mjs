#!/usr/bin/env node
/**
 * `npm start`: the whole platform on http://localhost:8787 with demo tenants at http://<slug>.localhost:8787.
 * `node dev/start.mjs --only mf-search` runs one Worker alone (seeded), to call its fragments and API directly
 * with an `x-forecourt-tenant` header.
 * `npm start -- --canary mf-search=<git ref|folder|demo>[@<label>] [--canary-tenant <slug>]` also builds and runs a
 * second version of one remote beside the current tree's (dev/canary.mjs), registered in the local release registry;
 * `--canary-tenant` pins that demo tenant to it (with `demo`, the first demo tenant unless named). Pin, roll back or
 * promote while it runs with `npm run canary` (dev/canary-cli.mjs).
 */
import { parseCanaryArg, prepareCanary } from './canary.mjs';
import { startPlatform } from './platform.mjs';

const args = process.argv.slice(2);
const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const only = valueOf('--only')?.split(',');
const port = Number(process.env.PORT ?? 8787);
const demo = await import('../demo/dist/index.mjs');

const canaries = [];
const pins = {};
const canaryArgs = args.flatMap((a, i) => (a === '--canary' ? [args[i + 1]] : a.startsWith('--canary=') ? [a.slice('--canary='.length)] : []));
for (const arg of canaryArgs) {
  const { remote, source, label } = parseCanaryArg(arg);
  const canary = await prepareCanary({ remote, source, label, log: (line) => console.log(line) });
  canaries.push(canary);
  const tenant = valueOf('--canary-tenant') ?? (source === 'demo' ? demo.demoTenants()[0].slug : undefined);
  if (tenant) {
    if (!demo.demoTenants().some((t) => t.slug === tenant)) throw new Error(`--canary-tenant: no demo tenant "${tenant}"`);
    pins[tenant] = { ...pins[tenant], [remote]: canary.version };
  }
}

const platform = await startPlatform({ port, logLevel: process.env.LOG_LEVEL ?? 'info', only, canaries, pins });
if (only && !only.includes('shell')) {
  const slug = demo.demoTenants()[0].slug;
  console.log(`\n${only.join(', ')} running alone on ${platform.url.origin}, e.g.\n`);
  console.log(`  curl -H 'x-forecourt-tenant: ${slug}' '${platform.url.origin}/fragments/search?_segments=used-cars'`);
} else {
  console.log(`\nForecourt is running on ${platform.url.origin}\n`);
  for (const tenant of demo.demoTenants()) {
    const pinned = Object.entries(pins[tenant.slug] ?? {}).map(([remote, version]) => `${remote} ${version} (canary)`);
    console.log(`  ${tenant.name.padEnd(36)} ${platform.tenantUrl(tenant.slug)}/${pinned.length ? `   ${pinned.join(', ')}` : ''}`);
  }
  if (canaries.length) {
    console.log(`\nCanary: ${canaries.map((c) => `${c.remote} ${c.version}`).join(', ')} runs beside stable. Compare them at ${platform.url.origin}/_forecourt/remote-versions`);
    console.log('Pin, roll back or promote without a restart: npm run canary -- --status');
  }
}
console.log('\nCtrl-C stops everything.');
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await platform.dispose();
    process.exit(0);
  });
}
