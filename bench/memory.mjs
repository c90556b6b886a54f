/**
 * `memory` (issue 19, target 4): each Worker's JS heap (`Runtime.getHeapUsage` per isolate over workerd's inspector)
 * and workerd's resident memory (/proc VmRSS) after start, after a soak, and after a further idle period; at the
 * soak's end and after the idle period read first as they are, then after a forced full GC in every isolate
 * (the one V8 runs before a heap snapshot: workerd does not answer `HeapProfiler.collectGarbage`). Heap after GC that
 * stays flat while RSS grows means V8 (or workerd) keeping freed memory, not a leak of ours; heap after GC that grows
 * with the requests is something kept.
 *
 * The soak: BENCH_SOAK_REQUESTS (default 100,000) at 20 concurrent over all three tenants with the bench stock, mixing
 * every page type by weight (WEIGHTS) and each type's pages by popularity (a Zipf law, BENCH_SOAK_ZIPF, over every
 * in-stock car, every sort and page of the whole-stock search and the filtered searches, home, locations, finance,
 * content pages and API GETs the site links to: crawled first), drawn up front (lib/soak.mjs) so its share of
 * first-seen pages is known. While it runs: req/s, first-seen and composed pages, RSS, the local Cache API's size and
 * the heaps every BENCH_SOAK_SAMPLE_SECONDS, live heaps at each quarter. bench/README.md "The memory soak" reads the
 * figures. Needs a platform started with `inspectorPort` (bench stock).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../dev/workers.mjs';
import { cannon, phase, tenantHost } from './lib/load.mjs';
import { soakPlan, soakWatch } from './lib/soak.mjs';
import { apiGets, crawl, searchVariants } from './lib/urls.mjs';
import { heapUsage, processCpuMs, processMemory, workerSessions, workerdPid } from './lib/workerd.mjs';

const SOAK = Number(process.env.BENCH_SOAK_REQUESTS ?? 100_000);
const OUT_DIR = join(ROOT, 'bench/out');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** Zipf exponent of the pages' popularity (1 = the classic web-traffic law; 0 = every page equally likely). */
const ZIPF_S = Number(process.env.BENCH_SOAK_ZIPF ?? 1);
/** Seconds between the soak's progress samples (req/s, first-seen pages, RSS, the local Cache API's size). */
const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 15);
/** Workers isolates' memory limit (MB) and the headroom the issue asks for. */
const ISOLATE_LIMIT_MB = 128;
/** "With headroom": the largest heap at the soak's end stays under this share of the limit. */
const HEADROOM_SHARE = 0.75;

/**
 * The soak's pages for one tenant, each list most popular first (the plan draws from them by a Zipf law):
 * - car: every in-stock car the tenant shows, newest listing first (a dealer's newest cars are the ones shoppers open);
 * - search: the whole-stock search in every sort and page (page 1 before page 2, the default sort first), interleaved
 *   with the filtered searches the site links to (makes, body types, new/used: crawled);
 * - home, locations, finance, content: the pages the site links to (crawled, breadth first from home);
 * - api: the API GETs its islands make.
 */
async function tenantMix(port, tenant, stock) {
  const crawled = await crawl(port, tenant, { limit: Number(process.env.BENCH_SOAK_CRAWL ?? 80) });
  const api = await apiGets(port, tenant);
  const byKind = (k) => crawled.filter((p) => p.kind === k).map((p) => p.path);
  const cars = stock[tenant]
    .filter((c) => c.status === 'in_stock' && c.show_on_dealer_website !== false)
    .sort((a, b) => b.created_at_timestamp - a.created_at_timestamp || String(a.id).localeCompare(String(b.id)))
    .map((c) => c.path);
  const variants = searchVariants('/search/new-used-and-demo-cars', Math.ceil(stock[tenant].length / 21)).sort(byPageThenSort);
  const filtered = byKind('search').filter((p) => !variants.includes(p));
  const search = [];
  for (let i = 0; i < Math.max(variants.length, filtered.length); i++) {
    if (i < variants.length) search.push(variants[i]);
    if (i < filtered.length) search.push(filtered[i]);
  }
  return { car: cars, search, home: ['/'], locations: byKind('locations'), finance: byKind('finance'), content: byKind('content'), api: api.map((p) => p.path) };
}

const SORT_RANK = ['relevance', 'latest', 'price_asc', 'price_desc', 'km_asc', 'subscription_price'];
/** Popularity order of the whole-stock search's variants: lower pages first, then the sorts shoppers pick most. */
function byPageThenSort(a, b) {
  const q = (u) => new URLSearchParams(u.split('?')[1]);
  const [qa, qb] = [q(a), q(b)];
  return Number(qa.get('page')) - Number(qb.get('page')) || SORT_RANK.indexOf(qa.get('sortBy')) - SORT_RANK.indexOf(qb.get('sortBy'));
}

/** Share of the soak's requests per page type (a dealer site's traffic: car pages and searches most). */
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

/** The shell's page-cache figures (its dev route: isolate layer, shared-layer hits/misses/puts, fragments). */
async function shellCacheStats(platform, tenant) {
  try {
    const res = await fetch(`${platform.url.origin}/_forecourt/page-cache`, { headers: { host: tenantHost(tenant) } });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

/**
 * Each isolate's heap during the soak: as is at every sample (cheap: nothing stays attached), and after a forced full
 * GC at each quarter of the soak (the load waits the few seconds that takes): live heap growing from one quarter to the
 * next is something kept per request; flat is garbage V8 collects when it must.
 */
function soakHeaps(platform) {
  const checkpoints = [0.25, 0.5, 0.75].map((q) => Math.round(q * SOAK));
  return async (row) => {
    const sessions = await workerSessions(platform);
    try {
      const asIs = (h) => Object.fromEntries(Object.entries(h).map(([w, x]) => [w, x.used_mb]));
      const out = { heaps: asIs(await heapUsage(sessions)) };
      if (!row.final && checkpoints.length && row.answered >= checkpoints[0]) {
        while (checkpoints.length && row.answered >= checkpoints[0]) checkpoints.shift();
        out.heaps_after_gc = asIs(await heapUsage(sessions, { gc: true }));
      }
      return out;
    } finally {
      for (const s of Object.values(sessions)) s.close();
    }
  };
}

/** Runs the section on a running platform; answers its figures. */
export async function runMemory(platform, { tenants, stock }) {
  const port = platform.url.port;
  const pid = workerdPid();
  const result = { soak_requests: SOAK, idle_seconds: IDLE_SECONDS, isolate_limit_mb: ISOLATE_LIMIT_MB, headroom_share: HEADROOM_SHARE };
  phase('memory: after start');
  // After start, before any page: no GC forced (it would make the later "as is" readings incomparable).
  result.after_start = await reading(platform, pid, { gc: false });

  phase('memory: crawling each tenant for the soak mix');
  const mixes = {};
  for (const tenant of tenants) mixes[tenant] = await tenantMix(port, tenant, stock);
  const plan = soakPlan({ tenants, mixes, weights: WEIGHTS, total: SOAK, s: ZIPF_S });
  result.mix = { weights: WEIGHTS, ...plan.figures };
  phase(`memory: soak plan: ${plan.figures.distinct_pages} distinct pages, ${plan.figures.first_seen} first-seen requests (${(plan.figures.first_seen_share * 100).toFixed(1)}%), Zipf s=${ZIPF_S}`);

  phase(`memory: soak of ${SOAK} requests at 20 concurrent`);
  const watch = await soakWatch(pid, {
    everyMs: SAMPLE_SECONDS * 1000,
    heaps: soakHeaps(platform),
    cacheStats: () => shellCacheStats(platform, tenants[0]),
    log: (x) => phase(`memory: soak ${x.at_s} s: ${x.answered} answered, ${x.rps} req/s (${x.first_seen} first-seen${x.shell ? `, ${x.shell.composed} composed, ${x.shell.shared_hits} shared hits` : ''}), p95 ${x.p95_ms} ms; RSS ${x.rss_mb} MB (anon ${x.anon_mb}); Cache API ${x.cache_api ? `${x.cache_api.files} files ${x.cache_api.mb} MB` : '-'}; heaps ${x.heaps ? Object.entries(x.heaps).map(([w, h]) => `${w} ${h}`).join(', ') : '-'}${x.heaps_after_gc ? `; after GC ${Object.entries(x.heaps_after_gc).map(([w, h]) => `${w} ${h}`).join(', ')}` : ''}`),
  });
  let n = 0;
  const layers = {};
  const cpuBefore = processCpuMs(pid);
  const started = performance.now();
  const soak = await cannon({
    url: `${platform.url.origin}/`,
    amount: SOAK,
    duration: undefined,
    requests: [{ method: 'GET', setupRequest: (req, context) => {
      // Each connection builds its next request ahead: the last few built are never sent (hence the modulo).
      const entry = plan.requests[n++ % SOAK];
      context.entry = entry;
      return { ...req, path: entry.path, headers: { ...req.headers, host: tenantHost(entry.tenant) } };
    }, onResponse: (status, _body, context, headers) => {
      // Which shell layer answered (its x-forecourt-cache header: isolate, shared, miss = composed), per page type.
      const kind = context?.entry?.kind ?? '?';
      const layer = status >= 200 && status < 300 ? String(Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'x-forecourt-cache')?.[1] ?? 'none') : `status ${status}`;
      const row = (layers[kind] ??= {});
      row[layer] = (row[layer] ?? 0) + 1;
    } }],
    onResponse: (context, _status, ms) => watch.onResponse(context?.entry, ms),
  });
  const samples = await watch.stop();
  const seconds = (performance.now() - started) / 1000;
  // workerd's CPU over the soak (every thread; it runs all the Workers on one): how close to a core the soak kept it.
  const cpuSeconds = (processCpuMs(pid) - cpuBefore) / 1000;
  result.soak = { ...soak, seconds: Math.round(seconds), rps_overall: Math.round(soak.requests / seconds), workerd_cpu_s: Math.round(cpuSeconds), workerd_cpu_ms_per_request: +((cpuSeconds * 1000) / SOAK).toFixed(2), workerd_cpu_share_of_a_core: +(cpuSeconds / seconds).toFixed(2), layers_by_kind: layers, samples, cache_api_folder: watch.folder };
  result.cache_api_after_soak = samples.at(-1)?.cache_api ?? null;
  result.shell_page_cache = await shellCacheStats(platform, tenants[0]);
  phase('memory: after the soak');
  result.after_soak = await reading(platform, pid, { gc: true });
  phase(`memory: idle ${IDLE_SECONDS} s`);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  result.after_idle = await reading(platform, pid, { gc: true });

  const largest = (h) => Math.max(...Object.values(h).map((x) => x.used_mb));
  result.largest_heap_after_soak_mb = largest(result.after_soak.heap);
  result.largest_heap_after_soak_gc_mb = largest(result.after_soak.heap_after_gc);
  result.largest_heap_after_idle_gc_mb = largest(result.after_idle.heap_after_gc);
  result.heaps_within_headroom = result.largest_heap_after_soak_mb < ISOLATE_LIMIT_MB * HEADROOM_SHARE;
  result.rss_reading = rssReading(result);
  // Its own file too (as alerts and leads do): bench/out/latest.json is rewritten by any later run of another section.
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, 'memory.json'), JSON.stringify(result, null, 1) + '\n');
  printMemory(result);
  return result;
}

/**
 * What the resident-memory figures say, in one sentence for the output: the growth from start to the soak's end split
 * into the isolates' heaps (allocated by V8, "total") and the rest (V8 pages freed but kept, malloc, workerd's buffers);
 * and whether the heaps after a full GC stay near their start (nothing of ours kept) or not.
 */
export function rssReading(r) {
  const total = (h) => Object.values(h).reduce((s, x) => s + x.total_mb, 0);
  const used = (h) => Object.values(h).reduce((s, x) => s + x.used_mb, 0);
  const rssGrowth = r.after_soak.rss.rss_mb - r.after_start.rss.rss_mb;
  const heapGrowth = total(r.after_soak.heap) - total(r.after_start.heap);
  const keptAfterGc = used(r.after_idle.heap_after_gc) - used(r.after_start.heap);
  const returned = r.after_soak.rss.rss_mb - r.after_idle.rss_after_gc.rss_mb;
  // RSS as the soak went on (the sample nearest each quarter): a plateau is memory kept and reused, not a leak.
  const samples = r.soak.samples ?? [];
  const at = (q) => samples.find((x) => x.answered >= q * r.soak_requests)?.rss_mb ?? null;
  return {
    rss_at_quarters_mb: [0.25, 0.5, 0.75, 1].map(at),
    rss_growth_mb: +rssGrowth.toFixed(1),
    isolate_heaps_growth_mb: +heapGrowth.toFixed(1),
    outside_heaps_mb: +(rssGrowth - heapGrowth).toFixed(1),
    heaps_used_after_idle_gc_minus_start_mb: +keptAfterGc.toFixed(1),
    rss_returned_by_gc_and_idle_mb: +returned.toFixed(1),
  };
}

export function printMemory(r) {
  const workers = Object.keys(r.after_soak.heap);
  const m = r.mix;
  console.log(`\nmemory: soak of ${r.soak_requests} requests at c=20 over ${Object.keys(m.pages_to_draw_from).length} tenants in ${r.soak.seconds} s: ${r.soak.rps_overall} req/s overall, p95 ${r.soak.p95_ms} ms, ${r.soak.non2xx} non-2xx, ${r.soak.errors} errors`);
  if (r.soak.workerd_cpu_s !== undefined) console.log(`  workerd CPU over the soak: ${r.soak.workerd_cpu_s} s (${r.soak.workerd_cpu_ms_per_request} ms a request; ${Math.round(r.soak.workerd_cpu_share_of_a_core * 100)}% of one core: it runs every Worker on one thread)`);
  console.log(`  mix (Zipf s=${m.zipf_s} over each tenant's pages, most popular first): ${m.distinct_pages} distinct pages, ${m.first_seen} first-seen requests = ${(m.first_seen_share * 100).toFixed(1)}% of the soak`);
  console.log(`    ${Object.entries(m.by_kind).map(([k, x]) => `${k} ${x.requests} (${x.first_seen} first-seen)`).join(', ')}`);
  console.log(`  answered by (shell layer: isolate, shared = the Cache API, miss = composed; none = not a shell page): ${Object.entries(r.soak.layers_by_kind).map(([k, l]) => `${k} ${Object.entries(l).map(([layer, c]) => `${layer} ${c}`).join('/')}`).join('; ')}`);
  console.log(`  over the soak, every ${SAMPLE_SECONDS} s: req/s (first-seen pages / pages the shell composed in the window) workerd RSS MB:`);
  const cells = r.soak.samples.map((x) => `${x.at_s}s ${x.rps}/s (${x.first_seen}/${x.shell?.composed ?? '-'}) ${Math.round(x.rss_mb)}`);
  for (let i = 0; i < cells.length; i += 6) console.log(`    ${cells.slice(i, i + 6).join(' | ')}`);
  const checkpoints = r.soak.samples.filter((x) => x.heaps_after_gc);
  if (checkpoints.length) {
    console.log(`  live heap MB (after a full GC) as the soak went on; growth from one to the next would be something kept per request:`);
    for (const x of [...checkpoints, { answered: r.soak_requests, heaps_after_gc: Object.fromEntries(Object.entries(r.after_soak.heap_after_gc).map(([w, h]) => [w, h.used_mb])) }]) console.log(`    after ${String(x.answered).padStart(6)} requests: ${Object.entries(x.heaps_after_gc).map(([w, h]) => `${w} ${h}`).join(', ')}`);
  }
  console.log(`\n  JS heap used MB per Worker isolate (limit ${r.isolate_limit_mb} MB each; "+GC" after a forced full GC)`);
  console.log(`  ${'worker'.padEnd(16)} ${['start', 'soak', 'soak+GC', 'idle', 'idle+GC'].map((h) => h.padStart(8)).join('')}`);
  for (const w of workers) {
    const row = [r.after_start.heap[w]?.used_mb, r.after_soak.heap[w]?.used_mb, r.after_soak.heap_after_gc[w]?.used_mb, r.after_idle.heap[w]?.used_mb, r.after_idle.heap_after_gc[w]?.used_mb];
    console.log(`  ${w.padEnd(16)} ${row.map((c) => String(c ?? '-').padStart(8)).join('')}`);
  }
  const rss = [r.after_start.rss.rss_mb, r.after_soak.rss.rss_mb, r.after_soak.rss_after_gc.rss_mb, r.after_idle.rss.rss_mb, r.after_idle.rss_after_gc.rss_mb];
  console.log(`  ${'workerd RSS'.padEnd(16)} ${rss.map((c) => String(c).padStart(8)).join('')}   (peak ${r.after_idle.rss_after_gc.peak_rss_mb} MB)`);
  const heapSum = (h) => +Object.values(h).reduce((sum, x) => sum + x.total_mb, 0).toFixed(1);
  console.log(`  ${'sum of heaps'.padEnd(16)} ${[r.after_start.heap, r.after_soak.heap, r.after_soak.heap_after_gc, r.after_idle.heap, r.after_idle.heap_after_gc].map((h) => String(heapSum(h)).padStart(8)).join('')}   (total allocated by V8, every isolate)`);
  console.log(`  largest heap at the soak's end: ${r.largest_heap_after_soak_mb} MB as is, ${r.largest_heap_after_soak_gc_mb} MB after GC (limit ${r.isolate_limit_mb}, headroom target < ${r.isolate_limit_mb * r.headroom_share} MB): ${r.heaps_within_headroom ? 'met' : 'NOT met'}`);
  const c = r.cache_api_after_soak;
  const x = r.rss_reading;
  console.log(`  RSS: +${x.rss_growth_mb} MB from start to the soak's end, of which the Workers' heaps +${x.isolate_heaps_growth_mb} MB and outside them +${x.outside_heaps_mb} MB (workerd and miniflare's own isolates and buffers); ${x.rss_returned_by_gc_and_idle_mb} MB given back after GC and idling; heaps used after idle+GC minus at start: ${x.heaps_used_after_idle_gc_minus_start_mb} MB`);
  console.log(`  RSS as the soak went on (25% / 50% / 75% / end of the requests): ${x.rss_at_quarters_mb.join(' / ')} MB`);
  if (c) console.log(`  local Cache API (the shell's shared page layer, miniflare): ${c.files} files, ${c.mb} MB on disk under ${r.soak.cache_api_folder} (its bodies are files, not workerd memory)`);
  const sc = r.shell_page_cache;
  if (sc) console.log(`  shell page cache (one isolate): isolate layer ${sc.isolate.entries} documents ${(sc.isolate.bytes / 2 ** 20).toFixed(1)} MB, ${sc.isolate.hits} hits; shared layer ${sc.shared.hits} hits, ${sc.shared.misses} misses, ${sc.shared.puts} puts; ${sc.misses} pages composed = ${((sc.misses / r.soak_requests) * 100).toFixed(1)}% of the soak (first-seen ${(m.first_seen_share * 100).toFixed(1)}%: the rest were composed again after their parts expired, or are never kept)`);
}
