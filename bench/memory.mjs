/**
 * `memory` (issue 19, target 4): each Worker's JS heap (`Runtime.getHeapUsage` per isolate over workerd's inspector)
 * and workerd's resident memory (/proc VmRSS) after start, after a soak, and after a further idle period; at the
 * soak's end and after the idle period read first as they are, then after a forced full GC in every isolate
 * (the one V8 runs before a heap snapshot: workerd does not answer `HeapProfiler.collectGarbage`). Heap after GC that
 * stays flat while RSS grows means V8 (or workerd) keeping freed memory, not a leak of ours; heap after GC that grows
 * with the requests is something kept.
 *
 * The soak: BENCH_SOAK_REQUESTS (default 100,000) at 20 concurrent over all three tenants with the bench stock, mixing
 * every page type: home, search (the whole stock in every sort and page, filtered searches the site links to), car
 * pages of many cars, locations, finance, content pages and API GETs (the pages each tenant's site links to, crawled
 * first). Needs a platform started with `inspectorPort` (bench stock).
 */
import { cannon, phase, tenantHost } from './lib/load.mjs';
import { apiGets, carPaths, crawl, cursor, searchVariants, shuffled } from './lib/urls.mjs';
import { heapUsage, processMemory, workerSessions, workerdPid } from './lib/workerd.mjs';

const SOAK = Number(process.env.BENCH_SOAK_REQUESTS ?? 100_000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** Workers isolates' memory limit (MB) and the headroom the issue asks for. */
const ISOLATE_LIMIT_MB = 128;

/** The soak's mix for one tenant: weighted like a site's traffic (cars and searches most). */
async function tenantMix(port, tenant, stock) {
  const crawled = await crawl(port, tenant, { limit: Number(process.env.BENCH_SOAK_CRAWL ?? 80) });
  const api = await apiGets(port, tenant);
  const byKind = (k) => crawled.filter((p) => p.kind === k).map((p) => p.path);
  return {
    car: carPaths(stock, tenant),
    search: shuffled([...searchVariants('/search/new-used-and-demo-cars', Math.ceil(stock[tenant].length / 21)), ...byKind('search')]),
    home: ['/'],
    locations: byKind('locations'),
    finance: byKind('finance'),
    content: byKind('content'),
    api: api.map((p) => p.path),
  };
}

/** Share of the soak's requests per page type. */
const WEIGHTS = { car: 35, search: 30, home: 8, locations: 7, finance: 5, content: 8, api: 7 };

/**
 * Reads every isolate's heap (as is, then after a forced GC when `gc`) and workerd's RSS, over inspector sessions opened
 * for the reading (nothing of the inspector stays attached during the soak).
 */
async function reading(platform, pid, { gc }) {
  const sessions = await workerSessions(platform);
  try {
    const out = { rss: processMemory(pid), heap: await heapUsage(sessions) };
    if (gc) {
      out.heap_after_gc = await heapUsage(sessions, { gc: true });
      out.rss_after_gc = processMemory(pid);
    }
    return out;
  } finally {
    for (const s of Object.values(sessions)) s.close();
  }
}

/** Runs the section on a running platform; answers its figures. */
export async function runMemory(platform, { tenants, stock }) {
  const port = platform.url.port;
  const pid = workerdPid();
  const result = { soak_requests: SOAK, idle_seconds: IDLE_SECONDS, isolate_limit_mb: ISOLATE_LIMIT_MB };
  phase('memory: after start');
  // After start, before any page: no GC forced (it would make the later "as is" readings incomparable).
  result.after_start = await reading(platform, pid, { gc: false });

  phase('memory: crawling each tenant for the soak mix');
  const mixes = {};
  for (const tenant of tenants) mixes[tenant] = await tenantMix(port, tenant, stock);
  // One cursor per tenant and page type; each request picks a tenant in turn and a type by weight.
  const cursors = Object.fromEntries(tenants.map((t) => [t, Object.fromEntries(Object.entries(mixes[t]).filter(([, paths]) => paths.length).map(([k, paths]) => [k, cursor(paths)]))]));
  const wheel = Object.entries(WEIGHTS).flatMap(([k, w]) => Array(w).fill(k));
  let n = 0;
  const kinds = {};
  const next = () => {
    const tenant = tenants[n % tenants.length];
    let kind = wheel[Math.floor(n / tenants.length) % wheel.length];
    if (!cursors[tenant][kind]) kind = 'car';
    n++;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    return { tenant, path: cursors[tenant][kind].next() };
  };
  result.mix = Object.fromEntries(tenants.map((t) => [t, Object.fromEntries(Object.entries(mixes[t]).map(([k, v]) => [k, v.length]))]));

  phase(`memory: soak of ${SOAK} requests at 20 concurrent`);
  const started = performance.now();
  const soak = await cannon({
    url: `${platform.url.origin}/`,
    amount: SOAK,
    duration: undefined,
    requests: [{ method: 'GET', setupRequest: (req) => {
      const { tenant, path } = next();
      return { ...req, path, headers: { ...req.headers, host: tenantHost(tenant) } };
    } }],
  });
  result.soak = { ...soak, seconds: Math.round((performance.now() - started) / 1000), by_kind: kinds, distinct_cars_repeated: Object.values(cursors).some((c) => c.car?.wrapped > 0) };
  phase('memory: after the soak');
  result.after_soak = await reading(platform, pid, { gc: true });
  phase(`memory: idle ${IDLE_SECONDS} s`);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  result.after_idle = await reading(platform, pid, { gc: true });

  const peak = Math.max(...Object.values(result.after_soak.heap).map((h) => h.used_mb));
  result.largest_heap_after_soak_mb = peak;
  result.largest_heap_after_soak_gc_mb = Math.max(...Object.values(result.after_soak.heap_after_gc).map((h) => h.used_mb));
  printMemory(result);
  return result;
}

function printMemory(r) {
  const workers = Object.keys(r.after_soak.heap);
  console.log(`\nmemory: JS heap used MB per Worker isolate (limit ${r.isolate_limit_mb} MB each); soak of ${r.soak_requests} requests in ${r.soak.seconds} s (${r.soak.requests} answered 2xx) (${r.soak.rps} req/s, p95 ${r.soak.p95_ms} ms, ${r.soak.non2xx} non-2xx, ${r.soak.errors} errors)`);
  console.log(`  ${'worker'.padEnd(14)} ${['start', 'soak', 'soak+GC', 'idle', 'idle+GC'].map((h) => h.padStart(8)).join('')}`);
  for (const w of workers) {
    const cells = [r.after_start.heap[w]?.used_mb, r.after_soak.heap[w]?.used_mb, r.after_soak.heap_after_gc[w]?.used_mb, r.after_idle.heap[w]?.used_mb, r.after_idle.heap_after_gc[w]?.used_mb];
    console.log(`  ${w.padEnd(14)} ${cells.map((c) => String(c ?? '-').padStart(8)).join('')}`);
  }
  const rss = [r.after_start.rss.rss_mb, r.after_soak.rss.rss_mb, r.after_soak.rss_after_gc.rss_mb, r.after_idle.rss.rss_mb, r.after_idle.rss_after_gc.rss_mb];
  console.log(`  ${'workerd RSS'.padEnd(14)} ${rss.map((c) => String(c).padStart(8)).join('')}   (peak ${r.after_idle.rss_after_gc.peak_rss_mb} MB)`);
  const heapSum = (h) => +Object.values(h).reduce((s, x) => s + x.total_mb, 0).toFixed(1);
  console.log(`  sum of isolate heaps (total, as allocated by V8): start ${heapSum(r.after_start.heap)} MB, soak ${heapSum(r.after_soak.heap)} MB, soak+GC ${heapSum(r.after_soak.heap_after_gc)} MB, idle+GC ${heapSum(r.after_idle.heap_after_gc)} MB`);
}
