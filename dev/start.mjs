#!/usr/bin/env node
/** `npm start`: the whole platform on http://localhost:8787 with demo tenants at http://<slug>.localhost:8787. */
import { startPlatform } from './platform.mjs';

const port = Number(process.env.PORT ?? 8787);
const platform = await startPlatform({ port, logLevel: process.env.LOG_LEVEL ?? 'info' });
const demo = await import('../demo/dist/index.mjs');
console.log(`\nForecourt is running on ${platform.url.origin}\n`);
for (const tenant of demo.demoTenants()) console.log(`  ${tenant.name.padEnd(36)} ${platform.tenantUrl(tenant.slug)}/`);
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
