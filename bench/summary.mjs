/**
 * The closing table of `npm run bench`: each figure beside issue 19's target (and the older budgets), met or not.
 * Reads the results object run.mjs writes to bench/out/latest.json; sections that did not run are left out.
 */

/** Next.js dealer demos' car page throughput at c=20 (issue 19's table): the car page's target is 10x the faster. */
const NEXT_DEMOS_CAR_RPS = 116;

const verdict = (ok) => (ok === null || ok === undefined ? '' : ok ? 'met' : 'NOT met');
/** A target check over figures that may be missing (a run with no answers): no verdict then. */
const check = (...figures) => (test) => (figures.every((f) => Number.isFinite(f)) ? test() : null);
const lat = (r) => (r ? `${r.rps} req/s; p50 ${r.p50_ms}, p95 ${r.p95_ms}, p99 ${r.p99_ms} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}` : '-');

export function summaryRows(r) {
  const rows = [];
  const add = (figure, value, target = '', ok = null) => rows.push([figure, value, target, verdict(ok)]);
  if (r.car) {
    add('car page cached, c=20', lat(r.car.cached), `p95 <= 30 ms; >= ${10 * NEXT_DEMOS_CAR_RPS} req/s (10x Next.js demos)`, check(r.car.cached.p95_ms)(() => r.car.cached.p95_ms <= 30 && r.car.cached.rps >= 10 * NEXT_DEMOS_CAR_RPS));
    add('car page uncached (distinct cars), c=20', lat(r.car.uncached), 'p95 <= 30 ms (reported)', check(r.car.uncached.p95_ms)(() => r.car.uncached.p95_ms <= 30));
    add('car page uncached: workerd event-loop ms/page (1000/rps)', `${r.car.uncached_event_loop_ms_per_page} ms`, '<= 3.2 ms (half of 6.4)', check(r.car.uncached_event_loop_ms_per_page)(() => r.car.uncached_event_loop_ms_per_page <= 3.2));
  }
  if (r.ssr) {
    const perPage = r.ssr.search_distinct_urls.rps > 0 ? +(1000 / r.ssr.search_distinct_urls.rps).toFixed(2) : null;
    add('search cached URL, c=20', lat(r.ssr.search), 'p95 <= 30 ms', check(r.ssr.search.p95_ms)(() => r.ssr.search.p95_ms <= 30));
    add('search distinct URLs, c=20', lat(r.ssr.search_distinct_urls), '');
    add('search uncached: workerd event-loop ms/page (1000/rps)', `${perPage ?? '-'} ms`, '<= 3.5 ms (half of ~7)', check(perPage)(() => perPage <= 3.5));
  }
  if (r.hello) add('bare Hono hello, same runtime (ceiling)', lat(r.hello));
  if (r.profile) {
    for (const kind of ['car', 'search']) {
      const p = r.profile[kind];
      if (!p) continue;
      const shares = Object.entries(p.profiled.workers).map(([w, x]) => `${w} ${x.share}`).join(', ');
      add(`uncached ${kind} page: workerd CPU per request (one at a time)`, `${p.workerd_cpu_ms_per_request} ms (${shares})`, 'halved vs before (record both)');
    }
  }
  if (r.coldstart) {
    for (const [t, c] of Object.entries(r.coldstart.tenants)) {
      const first = c.first_search_fresh_isolates_ms ?? c.first_search_running_isolates_ms;
      const ms = (x) => (x === null || x === undefined ? '-' : `${x} ms`);
      add(`cold start ${t}: first search`, `${c.cars} cars: fresh isolates ${ms(c.first_search_fresh_isolates_ms)}, isolates running ${ms(c.first_search_running_isolates_ms)}; first car ${ms(c.first_car_fresh_isolates_ms ?? c.first_car_running_isolates_ms)}`, '<= 50 ms', check(first)(() => Math.max(first, c.first_search_running_isolates_ms ?? 0) <= 50));
    }
    const only = r.coldstart.search_isolate_fresh;
    if (only) add(`cold start ${only.tenant}: first search, only mf-search's isolate fresh`, `${only.cars} cars: ${only.median_ms} ms (median of ${only.runs.length}; the other Workers running)`, "<= 50 ms (the index's isolate)", check(only.median_ms)(() => only.median_ms <= 50));
    add('platform start (bench stock seeded)', `${r.coldstart.platform_start_ms.median} ms`);
    if (r.coldstart.module_start)
      add('module start: the isolate warm-up adds', Object.entries(r.coldstart.module_start).map(([w, m]) => (m.error ? `${w} ?` : `${w} ${m.warm_up_ms} ms`)).join(', '));
  }
  if (r.memory) {
    const m = r.memory;
    const limit = m.isolate_limit_mb;
    const headroom = limit * (m.headroom_share ?? 0.75);
    const workers = Object.keys(m.after_soak.heap_after_gc ?? m.after_soak.heap);
    const heaps = (w) => [m.after_start.heap[w]?.used_mb, m.after_soak.heap[w]?.used_mb, m.after_soak.heap_after_gc?.[w]?.used_mb, m.after_idle.heap_after_gc?.[w]?.used_mb].map((x) => x ?? '-').join(' / ');
    const mix = m.mix ? `; ${(m.mix.first_seen_share * 100).toFixed(1)}% first-seen pages (Zipf s=${m.mix.zipf_s})` : '';
    add(`memory soak: ${m.soak_requests} requests, every page type, 3 tenants`, `${m.soak.seconds} s, ${m.soak.rps_overall ?? m.soak.rps} req/s, p95 ${m.soak.p95_ms} ms, ${m.soak.non2xx} non-2xx, ${m.soak.errors} errors${mix}`, 'finishes, 0 errors, 0 non-2xx', check(m.soak.errors, m.soak.non2xx)(() => m.soak.errors === 0 && m.soak.non2xx === 0));
    for (const w of workers) {
      const live = m.after_soak.heap_after_gc?.[w]?.used_mb;
      add(`heap MB ${w}: start / soak / soak+GC / idle+GC`, heaps(w), `< ${limit} MB with headroom (live < ${headroom})`, check(live)(() => live < headroom));
    }
    add(`largest Worker heap after the soak`, `${m.largest_heap_after_soak_mb} MB as is (garbage V8 had not collected yet), ${m.largest_heap_after_soak_gc_mb} MB after GC`, `< ${limit} MB with headroom`, check(m.largest_heap_after_soak_gc_mb)(() => m.largest_heap_after_soak_gc_mb < headroom));
    const x = m.rss_reading;
    add('workerd RSS: start / soak / soak+GC / idle+GC', [m.after_start.rss.rss_mb, m.after_soak.rss.rss_mb, m.after_soak.rss_after_gc.rss_mb, m.after_idle.rss_after_gc.rss_mb].map((v) => `${v}`).join(' / ') + ' MB' + (x ? ` (+${x.rss_growth_mb}: heaps +${x.isolate_heaps_growth_mb}, outside heaps +${x.outside_heaps_mb})` : ''), 'growth explained (bench/README.md "memory")');
  }
  if (r.js) {
    for (const [path, j] of Object.entries(r.js)) {
      const key = path === '/' ? 'home' : path.startsWith('/search') ? 'search' : path.startsWith('/cars/') ? 'car' : path;
      const bounded = key === 'search' || key === 'car';
      add(`first-visit JS, ${key}`, `${j.gzip_kb} KB gzip (${j.files} files)${j.after_scroll ? `; scrolled through ${j.after_scroll.gzip_kb} KB (${j.after_scroll.files})` : ''}`, bounded ? '<= 120 KB' : '', bounded ? j.gzip_kb <= 120 : null);
    }
  }
  for (const [section, served] of [['lighthouse', 'HTTP/1.1'], ['lighthouse_h2', 'HTTPS, HTTP/2']]) {
    if (!r[section]) continue;
    for (const [path, l] of Object.entries(r[section])) {
      const key = path === '/' ? 'home' : path.startsWith('/search') ? 'search' : path.startsWith('/cars/') ? 'car' : path;
      if (l.error) {
        add(`Lighthouse mobile, ${key}, ${served}`, l.error);
        continue;
      }
      add(`Lighthouse mobile, ${key}, ${served} (median of ${l.runs.length}${r.browser ? `, ${r.browser.split('/').pop()}` : ''})`, `${l.performance}; TBT ${l.tbt_ms} ms, LCP ${l.lcp_ms} ms, FCP ${l.fcp_ms} ms, CLS ${l.cls} (runs: ${l.runs.map((x) => x.performance ?? 'err').join('/')}, TBT ${l.runs.map((x) => x.tbt_ms ?? '-').join('/')})`, '100, TBT <= 50 ms', l.performance === 100 && l.tbt_ms <= 50);
      if (l.tbt_cpu_ms !== undefined && l.tbt_cpu_ms !== null)
        add(`  the same runs on the page thread's CPU time (lower bound)`, `${l.performance_cpu}; TBT ${l.tbt_cpu_ms} ms (runs: TBT ${l.runs.map((x) => x.tbt_cpu_ms ?? '-').join('/')}; waited for a core ${l.runs.map((x) => x.waited_ms ?? '-').join('/')} ms)`);
    }
  }
  if (r.engine) {
    const f = r.engine.facetsRangeSort;
    add(`engine: 3 facets + range + sort (${r.engine.tenantCars} cars)`, f ? `median ${f.medianMs} ms, p95 ${f.p95Ms} ms; index build ${r.engine.indexBuildMs} ms` : 'see above', 'p95 <= 10 ms', f ? f.p95Ms <= 10 : null);
  }
  return rows;
}

/** Prints the table (plain text, aligned columns). */
export function printSummary(results) {
  const rows = summaryRows(results);
  if (!rows.length) return;
  const head = ['figure', 'value', 'target (issue 19)', ''];
  const widths = head.map((h, i) => Math.min(Math.max(h.length, ...rows.map((r) => r[i].length)), i === 1 ? 90 : 60));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\nsummary (tenant ${results.tenant}, c=20, ${results.seconds} s per load run)`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
}
