/**
 * `coldstart` (issue 19, target 3): first-request latency per tenant after a restart. The platform is started afresh
 * (bench stock, nothing persisted) once per demo tenant (BENCH_COLDSTART_ROUNDS, default 3: each tenant comes first once);
 * in each start the tenants are asked in turn for their first search page and then their first car page, through
 * the shell as a shopper's request goes. The first tenant of a start meets fresh isolates (every Worker's first
 * request); the later ones find the isolates running but their own tenant's data (index, config) not yet built.
 * Also: how long a fresh platform start takes (workerd up, migrations, the bench stock seeded).
 */
import { get, phase, tenantHost } from './lib/load.mjs';
import { startBenchPlatform } from './lib/platform.mjs';
import { carPaths } from './lib/urls.mjs';

const ROUNDS = Number(process.env.BENCH_COLDSTART_ROUNDS ?? 3);
const SEARCH = '/search/new-used-and-demo-cars';
const ms = (n) => +n.toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs the section (it starts and stops its own platforms); answers its figures. */
export async function runColdStart({ tenants, stock }) {
  const starts = [];
  const rows = []; // { tenant, order, search_ms, search_again_ms, car_ms }
  for (let round = 0; round < ROUNDS; round++) {
    const order = tenants.map((_, i) => tenants[(i + round) % tenants.length]);
    phase(`coldstart: start ${round + 1}/${ROUNDS}, tenants ${order.join(', ')}`);
    const { platform, startMs } = await startBenchPlatform();
    starts.push(startMs);
    try {
      for (const [i, tenant] of order.entries()) {
        const host = tenantHost(tenant);
        const search = await get(platform.url.port, host, SEARCH);
        // The same tenant's second search (another URL): what a warm isolate answers, beside the first.
        const again = await get(platform.url.port, host, `${SEARCH}?sortBy=latest`);
        const car = await get(platform.url.port, host, carPaths(stock, tenant)[round]);
        rows.push({ tenant, cars: stock[tenant].length, position: i + 1, search_ms: ms(search.ms), search_status: search.status, second_search_ms: ms(again.ms), car_ms: ms(car.ms), car_status: car.status });
      }
    } finally {
      await platform.dispose();
    }
  }
  const perTenant = {};
  for (const tenant of tenants) {
    const mine = rows.filter((r) => r.tenant === tenant);
    const first = mine.filter((r) => r.position === 1);
    const later = mine.filter((r) => r.position > 1);
    perTenant[tenant] = {
      cars: stock[tenant].length,
      first_search_fresh_isolates_ms: first.length ? median(first.map((r) => r.search_ms)) : null,
      first_search_running_isolates_ms: later.length ? median(later.map((r) => r.search_ms)) : null,
      second_search_ms: median(mine.map((r) => r.second_search_ms)),
      first_car_fresh_isolates_ms: first.length ? median(first.map((r) => r.car_ms)) : null,
      first_car_running_isolates_ms: later.length ? median(later.map((r) => r.car_ms)) : null,
    };
  }
  const result = { rounds: ROUNDS, platform_start_ms: { median: ms(median(starts)), runs: starts.map(ms) }, tenants: perTenant, runs: rows };
  console.log(`\ncoldstart: platform start (bench stock seeded) median ${result.platform_start_ms.median} ms (${result.platform_start_ms.runs.join(', ')})`);
  console.log('  tenant (cars): first search in fresh isolates / with the isolates running / second search; first car page fresh / running');
  const f = (x) => x ?? '-';
  for (const [t, r] of Object.entries(perTenant)) console.log(`  ${t} (${r.cars}): search ${f(r.first_search_fresh_isolates_ms)} / ${f(r.first_search_running_isolates_ms)} / ${r.second_search_ms} ms; car ${f(r.first_car_fresh_isolates_ms)} / ${f(r.first_car_running_isolates_ms)} ms`);
  const bad = rows.filter((r) => r.search_status !== 200 || r.car_status !== 200);
  if (bad.length) console.log(`  non-200 answers: ${JSON.stringify(bad)}`);
  return result;
}
