#!/usr/bin/env node
/**
 * `npm start`: the whole platform on http://localhost:8787 with demo tenants at http://<slug>.localhost:8787.
 * `node dev/start.mjs --only mf-search` runs one Worker alone (seeded), to call its fragments and API directly
 * with an `x-forecourt-tenant` header.
 */
import { startPlatform } from './platform.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
const port = Number(process.env.PORT ?? 8787);
const platform = await startPlatform({ port, logLevel: process.env.LOG_LEVEL ?? 'info', only });
const demo = await import('../demo/dist/index.mjs');
if (only && !only.includes('shell')) {
  const slug = demo.demoTenants()[0].slug;
  console.log(`\n${only.join(', ')} running alone on ${platform.url.origin}, e.g.\n`);
  console.log(`  curl -H 'x-forecourt-tenant: ${slug}' '${platform.url.origin}/fragments/search?_segments=used-cars'`);
} else {
  console.log(`\nForecourt is running on ${platform.url.origin}\n`);
  for (const tenant of demo.demoTenants()) console.log(`  ${tenant.name.padEnd(36)} ${platform.tenantUrl(tenant.slug)}/`);
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
