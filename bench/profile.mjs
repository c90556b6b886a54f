/**
 * `profile` (issue 19, target 2): the CPU cost of an uncached car page and an uncached search page across the shell
 * and the remotes, and where it goes. Requests run one at a time, each a URL no cache has seen (a different car; a
 * different sort/page of the whole-stock search).
 *  1. Unprofiled: workerd's process CPU time (/proc, every thread) divided by the requests: the headline figure
 *     (ms of workerd CPU per page; it includes work outside the isolates: HTTP, KV/D1 storage, the cache).
 *  2. Profiled: a V8 CPU profile of every Worker isolate over workerd's inspector while another N such requests run:
 *     self time per Worker and its top functions and categories (mapped through the bundles' source maps). Sampling
 *     slows the isolates, so its ms are inflated: read them as shares (the unprofiled figure is the cost).
 * Needs a platform started with `inspectorPort` and `cronSeconds: 0`.
 */
import { join } from 'node:path';
import { DEMO_WORKER, ROOT, WORKERS, readWranglerConfig } from '../dev/workers.mjs';
import { analyse } from './lib/cpuprofile.mjs';
import { get, phase, tenantHost } from './lib/load.mjs';
import { carPaths, cursor, searchVariants } from './lib/urls.mjs';
import { processCpuMs, short, workerSessions, workerdPid } from './lib/workerd.mjs';

const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 200);
const INTERVAL_US = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 500);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 8);
const SEARCH = '/search/new-used-and-demo-cars';

/** A Worker's built modules folder by its name (where its source maps are). */
function modulesDir(name) {
  const dir = name === DEMO_WORKER.name ? DEMO_WORKER.dir : WORKERS.find((w) => readWranglerConfig(w.dir).name === name)?.dir;
  return dir ? join(ROOT, dir, 'dist/worker') : null;
}

/** N requests one at a time through `next()`; answers wall ms per request (median, mean) and non-200s. */
async function sequential(port, host, next, n) {
  const walls = [];
  let failed = 0;
  for (let i = 0; i < n; i++) {
    const res = await get(port, host, next());
    if (res.status !== 200) failed++;
    walls.push(res.ms);
  }
  walls.sort((a, b) => a - b);
  return { median_ms: +walls[Math.floor(walls.length / 2)].toFixed(1), mean_ms: +(walls.reduce((s, w) => s + w, 0) / walls.length).toFixed(1), non200: failed };
}

/** workerd's CPU while nothing is asked of it (ms per second): subtracted from the measured runs. */
async function idleCpuRate(pid, ms = 1000) {
  const c0 = processCpuMs(pid);
  await new Promise((r) => setTimeout(r, ms));
  return (processCpuMs(pid) - c0) / ms;
}

/** Runs the section; answers its figures for latest.json (and prints them). */
export async function runProfile(platform, { tenant, stock }) {
  const port = platform.url.port;
  const host = tenantHost(tenant);
  const pid = workerdPid();
  const cars = cursor(carPaths(stock, tenant));
  const searches = cursor(searchVariants(SEARCH, Math.ceil(stock[tenant].length / 21)));
  const sessions = await workerSessions(platform);
  const result = { tenant, requests: REQUESTS, sampling_interval_us: INTERVAL_US };
  // Warm: each Worker has started, the tenant's index is built, the code is hot (every URL still distinct).
  phase('profile: warm-up');
  await sequential(port, host, cars.next, 20);
  await sequential(port, host, searches.next, 20);
  for (const [kind, urls] of [['car', cars], ['search', searches]]) {
    phase(`profile: ${kind} pages, ${REQUESTS} uncached, one at a time (unprofiled, then profiled)`);
    const idle = await idleCpuRate(pid);
    const c0 = processCpuMs(pid);
    const t0 = performance.now();
    const wall = await sequential(port, host, urls.next, REQUESTS);
    const elapsed = performance.now() - t0;
    const cpu = processCpuMs(pid) - c0 - idle * elapsed;
    const out = { workerd_cpu_ms_per_request: +(cpu / REQUESTS).toFixed(2), wall: wall };

    for (const s of Object.values(sessions)) {
      await s.send('Profiler.enable');
      await s.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
    }
    for (const s of Object.values(sessions)) await s.send('Profiler.start');
    const pc0 = processCpuMs(pid);
    await sequential(port, host, urls.next, REQUESTS);
    const profiledCpu = processCpuMs(pid) - pc0;
    const workers = {};
    let sampled = 0;
    for (const [name, s] of Object.entries(sessions)) {
      const { profile } = await s.send('Profiler.stop');
      const a = analyse(profile, INTERVAL_US, modulesDir(name));
      sampled += a.total_ms;
      if (a.total_ms / REQUESTS < 0.01) continue; // a Worker the page does not reach
      workers[short(name)] = {
        ms_per_request: +(a.total_ms / REQUESTS).toFixed(2),
        categories: Object.fromEntries([...a.categories].sort((x, y) => y[1] - x[1]).filter(([, ms]) => ms / a.total_ms >= 0.02).map(([c, ms]) => [c, `${((100 * ms) / a.total_ms).toFixed(0)}%`])),
        top: [...a.functions].sort((x, y) => y[1].ms - x[1].ms).slice(0, TOP).map(([f, { ms }]) => `${(ms / REQUESTS).toFixed(2)} ms ${f}`),
      };
    }
    for (const w of Object.values(workers)) w.share = `${((100 * w.ms_per_request * REQUESTS) / Math.max(sampled, 1e-9)).toFixed(0)}%`;
    out.profiled = { workerd_cpu_ms_per_request: +(profiledCpu / REQUESTS).toFixed(2), isolates_sampled_ms_per_request: +(sampled / REQUESTS).toFixed(2), workers };
    // Across Workers: the categories in ms per request (sampled, so inflated like the rest of `profiled`).
    result[kind] = out;
    printProfile(kind, out);
  }
  result.urls_repeated = cars.wrapped + searches.wrapped;
  for (const s of Object.values(sessions)) s.close();
  return result;
}

function printProfile(kind, out) {
  console.log(`\nprofile: uncached ${kind} page: ${out.workerd_cpu_ms_per_request} ms of workerd CPU per request (unprofiled; wall median ${out.wall.median_ms} ms, ${out.wall.non200} non-200)`);
  console.log(`  profiled: ${out.profiled.isolates_sampled_ms_per_request} ms sampled in isolates per request (workerd CPU ${out.profiled.workerd_cpu_ms_per_request} ms with the profiler on)`);
  for (const [name, w] of Object.entries(out.profiled.workers)) {
    console.log(`  ${name}: ${w.share} (${w.ms_per_request} ms sampled) | ${Object.entries(w.categories).map(([c, p]) => `${c} ${p}`).join(', ')}`);
    for (const line of w.top) console.log(`      ${line}`);
  }
}
