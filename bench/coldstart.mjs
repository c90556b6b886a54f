/**
 * `coldstart` (issue 19, target 3): first-request latency per tenant after a restart. The platform is started afresh
 * (bench stock, nothing persisted) once per demo tenant (BENCH_COLDSTART_ROUNDS, default 3: each tenant comes first once);
 * in each start the tenants are asked in turn for their first search page and then their first car page, through
 * the shell as a shopper's request goes. The first tenant of a start meets fresh isolates (every Worker's first
 * request); the later ones find the isolates running but their own tenant's data (index, config) not yet built.
 * Then, once per round, a start where only mf-search's isolate (the one that builds or loads the index) is fresh: the
 * largest tenant's first search after the other Workers answered another tenant's locations page and a reserved-cars
 * read. Also: how long a fresh platform start takes (workerd up, migrations, the bench stock seeded).
 *
 * With `BENCH_COLDSTART_PROFILE=1` each start also takes a V8 CPU profile of every Worker isolate over workerd's
 * inspector around each tenant's first search (and only that request), and prints per Worker its sampled ms and top
 * functions (bench/lib/cpuprofile.mjs): where a first search's time goes, Worker by Worker. Sampling slows the isolates,
 * so the wall figures of a profiled run are not the unprofiled ones: read the per-Worker ms as shares of the first
 * request, and take the latencies from a run without it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { DEMO_WORKER, ROOT, WARMED_WORKERS, WORKERS, readWranglerConfig } from '../dev/workers.mjs';
import { analyse } from './lib/cpuprofile.mjs';
import { get, phase, tenantHost } from './lib/load.mjs';
import { startBenchPlatform } from './lib/platform.mjs';
import { carPaths } from './lib/urls.mjs';
import { short, workerSessions } from './lib/workerd.mjs';

const ROUNDS = Number(process.env.BENCH_COLDSTART_ROUNDS ?? 3);
/** Starts per Worker and variant for the module-start figure (`BENCH_WARMUP_STARTS`). */
const WARMUP_STARTS = Number(process.env.BENCH_WARMUP_STARTS ?? 7);
const PROFILE = process.env.BENCH_COLDSTART_PROFILE === '1';
const INTERVAL_US = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 100);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 8);
/** `BENCH_PROFILE_DUMP=<dir>`: each profile taken is also written there (`<worker>-<n>.cpuprofile`, for DevTools). */
const DUMP = process.env.BENCH_PROFILE_DUMP;
if (DUMP) mkdirSync(DUMP, { recursive: true });
let dumped = 0;
const SEARCH = '/search/new-used-and-demo-cars';
const ms = (n) => +n.toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A Worker's built modules folder by its name (where its source maps are). */
function modulesDir(name) {
  const dir = name === DEMO_WORKER.name ? DEMO_WORKER.dir : WORKERS.find((w) => readWranglerConfig(w.dir).name === name)?.dir;
  return dir ? join(ROOT, dir, 'dist/worker') : null;
}

/** Runs `request()` with every isolate profiled; answers its result and, per Worker reached, sampled ms and top functions. */
async function profiled(sessions, request) {
  for (const s of Object.values(sessions)) {
    await s.send('Profiler.enable');
    await s.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  }
  for (const s of Object.values(sessions)) await s.send('Profiler.start');
  const res = await request();
  const workers = {};
  const spans = [];
  for (const [name, s] of Object.entries(sessions)) {
    const { profile } = await s.send('Profiler.stop');
    if (DUMP) writeFileSync(join(DUMP, `${short(name)}-${++dumped}.cpuprofile`), JSON.stringify(profile));
    const a = analyse(profile, INTERVAL_US, modulesDir(name));
    if (a.total_ms < 0.05) continue; // a Worker the request did not reach
    spans.push(...busySpans(profile, short(name)));
    workers[short(name)] = {
      ms: ms(a.total_ms),
      categories: Object.fromEntries([...a.categories].sort((x, y) => y[1] - x[1]).filter(([, v]) => v >= 0.2).map(([c, v]) => [c, ms(v)])),
      top: [...a.functions].sort((x, y) => y[1].ms - x[1].ms).slice(0, TOP).map(([f, { ms: v }]) => `${v.toFixed(2)} ms ${f}`),
    };
  }
  return { res, workers, timeline: timeline(spans) };
}

/**
 * When a Worker's isolate ran during the request: its samples' times (V8's profile clock is workerd's monotonic clock,
 * the same for every isolate of the process), merged into spans wherever samples follow each other within 3 sampling
 * intervals (workerd samples an isolate only while it runs). The gaps between every Worker's spans are waits: KV, the
 * Cache API, a service binding's transport, the socket.
 */
function busySpans(profile, worker) {
  const idle = new Set(profile.nodes.filter((n) => ['(idle)', '(root)'].includes(n.callFrame.functionName)).map((n) => n.id));
  const spans = [];
  let t = profile.startTime;
  let span = null;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (idle.has(id)) return;
    if (span && t - span.end <= 3 * INTERVAL_US) span.end = t;
    else spans.push((span = { worker, start: t - INTERVAL_US, end: t }));
  });
  return spans;
}

/** Every Worker's spans on one clock from the first (ms), and the wall they cover together. */
function timeline(spans) {
  if (!spans.length) return { spans: [], busy_ms: 0, first_to_last_ms: 0 };
  spans.sort((a, b) => a.start - b.start);
  const t0 = spans[0].start;
  let busy = 0;
  let reach = -Infinity;
  for (const s of spans) {
    busy += Math.max(0, s.end - Math.max(s.start, reach));
    reach = Math.max(reach, s.end);
  }
  const at = (us) => +((us - t0) / 1000).toFixed(1);
  return {
    // Spans under 0.3 ms are folded into the totals only (a timer, a stream chunk).
    spans: spans.filter((s) => s.end - s.start >= 300).map((s) => `${at(s.start)}-${at(s.end)} ${s.worker}`),
    busy_ms: +(busy / 1000).toFixed(1),
    first_to_last_ms: at(reach),
  };
}

function printWorkers(label, workers) {
  const total = Object.values(workers).reduce((s, w) => s + w.ms, 0);
  console.log(`  ${label}: ${ms(total)} ms sampled in isolates: ${Object.entries(workers).map(([n, w]) => `${n} ${w.ms}`).join(', ')}`);
  for (const [n, w] of Object.entries(workers)) {
    console.log(`    ${n} (${w.ms} ms): ${Object.entries(w.categories).map(([c, v]) => `${c} ${v}`).join(', ')}`);
    for (const line of w.top) console.log(`        ${line}`);
  }
}


/**
 * What each Worker's isolate warm-up costs its module start: its built bundle started alone in workerd (Miniflare, no
 * bindings: module scope needs none), as built and with the warm-up's start call cut out, WARMUP_STARTS times each in
 * turn; the median time to ready of each and their difference. The other side of the first-request figures above:
 * the warm-up moves V8's first runs there.
 */
export async function moduleStartCost() {
  const out = {};
  for (const dir of WARMED_WORKERS) {
    const code = readFileSync(join(ROOT, dir, 'dist/worker/index.js'), 'utf8').replace(/\/\/# sourceMappingURL.*$/m, '');
    // The bundle ends `…&&W.start(()=>…);export{…}`: the start call becomes `void 0` (names may hold `$`).
    const without = code.replace(/(?<![\w$])[\w$]+\.start\(\(\)=>[^;]*(?=;export\{)/, 'void 0');
    if (without === code) {
      out[dir] = { error: 'no warm-up call found in the bundle' };
      continue;
    }
    const times = { with: [], without: [] };
    let failed = null;
    try {
      for (let i = 0; i < WARMUP_STARTS; i++) {
        // In turn, each variant first every other time (no order bias).
        const pair = [['with', code], ['without', without]];
        for (const [variant, script] of i % 2 ? pair.reverse() : pair) {
          let logged = '';
          const collect = (stream) => stream.on('data', (chunk) => (logged += chunk));
          const started = performance.now();
          const mf = new Miniflare({ modules: true, script, compatibilityDate: '2026-04-01', compatibilityFlags: ['nodejs_compat'], handleRuntimeStdio: (stdout, stderr) => (collect(stdout), collect(stderr)) });
          await mf.ready;
          times[variant].push(performance.now() - started);
          await mf.dispose();
          // A warm-up that failed costs less: its figure would mislead (contracts warm-up.ts logs `<worker>: warm-up failed`).
          if (/warm-up failed/.test(logged)) failed = logged.match(/.*warm-up failed.*/)?.[0] ?? 'warm-up failed';
        }
      }
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error);
    }
    out[dir] = failed ? { error: failed } : { with_ms: ms(median(times.with)), without_ms: ms(median(times.without)), warm_up_ms: ms(median(times.with) - median(times.without)) };
  }
  return out;
}

/** Runs the section (it starts and stops its own platforms); answers its figures. */
export async function runColdStart({ tenants, stock }) {
  const starts = [];
  const rows = []; // { tenant, order, search_ms, search_again_ms, car_ms }
  const profiles = []; // BENCH_COLDSTART_PROFILE: per first search, each Worker's sampled ms and top functions
  for (let round = 0; round < ROUNDS; round++) {
    const order = tenants.map((_, i) => tenants[(i + round) % tenants.length]);
    phase(`coldstart: start ${round + 1}/${ROUNDS}, tenants ${order.join(', ')}`);
    const { platform, startMs } = await startBenchPlatform(PROFILE ? { inspectorPort: 0 } : {});
    starts.push(startMs);
    const sessions = PROFILE ? await workerSessions(platform) : null;
    try {
      for (const [i, tenant] of order.entries()) {
        const host = tenantHost(tenant);
        const first = () => get(platform.url.port, host, SEARCH);
        let search;
        if (sessions) {
          const p = await profiled(sessions, first);
          search = p.res;
          profiles.push({ round: round + 1, tenant, position: i + 1, wall_ms: ms(search.ms), workers: p.workers, timeline: p.timeline });
          printWorkers(`start ${round + 1}, ${tenant} first search (${i === 0 ? 'fresh isolates' : 'isolates running'}, wall ${ms(search.ms)} ms profiled)`, p.workers);
          console.log(`    timeline: isolates busy ${p.timeline.busy_ms} of ${p.timeline.first_to_last_ms} ms: ${p.timeline.spans.join(', ')}`);
        } else search = await first();
        // The same tenant's second search (another URL): what a warm isolate answers, beside the first.
        const again = await get(platform.url.port, host, `${SEARCH}?sortBy=latest`);
        const car = await get(platform.url.port, host, carPaths(stock, tenant)[round]);
        rows.push({ tenant, cars: stock[tenant].length, position: i + 1, search_ms: ms(search.ms), search_status: search.status, second_search_ms: ms(again.ms), car_ms: ms(car.ms), car_status: car.status });
      }
    } finally {
      for (const sess of Object.values(sessions ?? {})) sess.close();
      await platform.dispose();
    }
  }
  // The index's own isolate fresh, the others running: the largest tenant's first search after the shell, mf-locations,
  // mf-account and edge-api have answered another tenant's locations page and a reserved-cars read (neither reaches
  // mf-search, checked by profile), one extra start per round (not profiled).
  const largest = [...tenants].sort((a, b) => stock[b].length - stock[a].length)[0];
  const other = tenants.find((t) => t !== largest) ?? largest;
  const searchIsolateFresh = [];
  for (let round = 0; round < ROUNDS; round++) {
    phase(`coldstart: start ${round + 1}/${ROUNDS}, ${largest} with only mf-search's isolate fresh`);
    const { platform } = await startBenchPlatform();
    try {
      for (const path of ['/locations', '/api/payments/reserved?car_ids=1']) {
        const warm = await get(platform.url.port, tenantHost(other), path);
        if (warm.status !== 200) throw new Error(`coldstart: ${other} ${path} answered ${warm.status}`);
      }
      const search = await get(platform.url.port, tenantHost(largest), SEARCH);
      if (search.status !== 200) throw new Error(`coldstart: ${largest}'s first search answered ${search.status}`);
      searchIsolateFresh.push(ms(search.ms));
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
  phase('coldstart: module start with and without each warm-up');
  const moduleStart = await moduleStartCost();
  const result = {
    rounds: ROUNDS,
    module_start: moduleStart,
    platform_start_ms: { median: ms(median(starts)), runs: starts.map(ms) },
    tenants: perTenant,
    runs: rows,
    search_isolate_fresh: { tenant: largest, cars: stock[largest].length, warmed_by: other, median_ms: median(searchIsolateFresh), runs: searchIsolateFresh }, ...(PROFILE ? { profiled: true, sampling_interval_us: INTERVAL_US, profiles } : {}) };
  if (PROFILE) console.log('\ncoldstart was profiled (BENCH_COLDSTART_PROFILE=1): its latencies are inflated by sampling');
  console.log(`\ncoldstart: platform start (bench stock seeded) median ${result.platform_start_ms.median} ms (${result.platform_start_ms.runs.join(', ')})`);
  console.log('  tenant (cars): first search in fresh isolates / with the isolates running / second search; first car page fresh / running');
  const f = (x) => x ?? '-';
  for (const [t, r] of Object.entries(perTenant)) console.log(`  ${t} (${r.cars}): search ${f(r.first_search_fresh_isolates_ms)} / ${f(r.first_search_running_isolates_ms)} / ${r.second_search_ms} ms; car ${f(r.first_car_fresh_isolates_ms)} / ${f(r.first_car_running_isolates_ms)} ms`);
  console.log(`  ${largest} (${stock[largest].length}): first search with only mf-search's isolate fresh (the others warmed by ${other}) median ${result.search_isolate_fresh.median_ms} ms (${searchIsolateFresh.join(', ')})`);
  console.log(`  module start (median of ${WARMUP_STARTS}, alone in workerd) with / without the isolate warm-up: ${Object.entries(moduleStart).map(([w, m]) => (m.error ? `${w} ${m.error}` : `${w} ${m.with_ms} / ${m.without_ms} (+${m.warm_up_ms})`)).join(', ')} ms`);
  const bad = rows.filter((r) => r.search_status !== 200 || r.car_status !== 200);
  if (bad.length) console.log(`  non-200 answers: ${JSON.stringify(bad)}`);
  return result;
}
