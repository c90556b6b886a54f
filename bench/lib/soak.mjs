/**
 * The memory soak's plan and its watch (bench/memory.mjs): which page each request asks for, drawn up front so the mix
 * and its share of first-seen pages are known before the load starts, and a sampler that reads throughput, workerd's
 * resident memory and the local Cache API's size while the load runs.
 *
 * Why a popularity curve: a site's traffic repeats its popular pages (the newest cars, page 1 of the main search) and
 * reaches its long tail now and then. Asking for every car and every search page once each (a cursor through the
 * stock) makes almost every request a page nobody asked for before, which measures the uncached render rate
 * (~50-60 pages/s here: the `car` and `profile` sections' figure) for the whole soak, not what a site's memory does
 * under its traffic. A Zipf law (P(rank k) ∝ 1/k^s) over each tenant's cars and search pages keeps every page type and
 * every tenant in the mix and still reaches thousands of never-seen cars and searches; the plan counts them
 * (`first_seen`), so the figure says what share of the soak was rendered from scratch.
 */
import { readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { processMemory } from './workerd.mjs';

/** A small seeded PRNG (mulberry32): the same plan every run on the same stock. */
export function random(seed = 19) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Zipf draw over ranks 0..n-1 with exponent `s` (`rand` in [0, 1)): P(rank k) ∝ 1/(k+1)^s. Inverse CDF over a
 * precomputed cumulative table (n is at most a tenant's stock).
 */
export function zipf(n, s, rand) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * The soak's requests: `total` of them, tenants in turn, each a page type drawn by `weights` and a page of that type
 * drawn by popularity (Zipf `s` over the list's order: each list is given most popular first). A type a tenant has no
 * page of falls back to its cars. Answers the requests (`{ tenant, kind, path, first }`, `first` when no earlier
 * request of the soak asked for that tenant's path) and the mix's figures: requests and first-seen requests (its
 * distinct pages) per type, and how many pages each type had to draw from.
 */
export function soakPlan({ tenants, mixes, weights, total, s = 1, seed = 19 }) {
  const rand = random(seed);
  const kinds = Object.keys(weights);
  const wheel = kinds.flatMap((k) => Array(weights[k]).fill(k));
  const draws = Object.fromEntries(tenants.map((t) => [t, Object.fromEntries(kinds.filter((k) => mixes[t][k]?.length).map((k) => [k, zipf(mixes[t][k].length, s, rand)]))]));
  const seen = new Set();
  const byKind = {};
  const requests = new Array(total);
  for (let n = 0; n < total; n++) {
    const tenant = tenants[n % tenants.length];
    let kind = wheel[Math.floor(rand() * wheel.length)];
    if (!draws[tenant][kind]) kind = 'car';
    const path = mixes[tenant][kind][draws[tenant][kind]()];
    const key = `${tenant} ${path}`;
    const first = !seen.has(key);
    if (first) seen.add(key);
    // A type's first-seen requests are also its distinct pages.
    const k = (byKind[kind] ??= { requests: 0, first_seen: 0 });
    k.requests++;
    if (first) k.first_seen++;
    requests[n] = { tenant, kind, path, first };
  }
  const firstSeen = requests.reduce((sum, r) => sum + (r.first ? 1 : 0), 0);
  const pool = Object.fromEntries(tenants.map((t) => [t, Object.fromEntries(Object.entries(mixes[t]).map(([k, v]) => [k, v.length]))]));
  return {
    requests,
    figures: {
      zipf_s: s,
      requests: total,
      distinct_pages: seen.size,
      first_seen: firstSeen,
      first_seen_share: total ? +(firstSeen / total).toFixed(3) : 0,
      by_kind: byKind,
      pages_to_draw_from: pool,
    },
  };
}

/**
 * The local Cache API's files: miniflare (persist off) keeps `caches.default` in a temporary folder, an SQLite
 * database of the entries' metadata and one blob file per body, both on disk (`<tmp>/cache/`), not in workerd's heap.
 * Found through the files workerd holds open (its cache database). Answers the folder or null.
 */
export function cacheFolder(pid) {
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const at = target.indexOf('/cache/');
      if (target.startsWith('/') && at > 0 && /miniflare/.test(target)) return target.slice(0, at + '/cache'.length);
    }
  } catch {
    // no /proc (not Linux)
  }
  return null;
}

/** Files and bytes under `dir` (recursive); blobs are the cached bodies. */
export function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        files++;
        try {
          bytes += statSync(p).size;
        } catch {
          // removed meanwhile
        }
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return null;
  }
  return { files, mb: +(bytes / 2 ** 20).toFixed(1) };
}

/** workerd's anonymous (heap, malloc) and file-backed resident memory in MB (/proc/<pid>/status RssAnon, RssFile). */
export function rssParts(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name) => +((Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? NaN)) / 1024).toFixed(1);
  return { anon_mb: mb('RssAnon'), file_mb: mb('RssFile') };
}

/**
 * Watches a load run: every `everyMs`, the requests answered since the last sample (req/s of the window), how many of
 * them were first-seen pages, their p95, workerd's RSS (anonymous and file-backed), the local Cache API's folder and,
 * when `heaps(row)` is given, the fields it answers (each isolate's heap); with `cacheStats` (the shell's page-cache counters)
 * the pages it composed and each layer's hits in the window. `onResponse(request, ms)` is called by the load
 * for each answer; `stop()` ends it and answers the samples.
 */
export async function soakWatch(pid, { everyMs = 15_000, heaps, cacheStats, log = () => {} } = {}) {
  const folder = cacheFolder(pid);
  const samples = [];
  const started = performance.now();
  let window = { answered: 0, first: 0, latencies: [] };
  let answered = 0;
  let last = started;
  let busy = false;
  let lastCache = cacheStats ? await cacheStats() : null;
  const sample = async (final = false) => {
    if (busy) return;
    busy = true;
    const now = performance.now();
    const done = window;
    window = { answered: 0, first: 0, latencies: [] };
    const lat = done.latencies.sort((a, b) => a - b);
    const row = {
      at_s: Math.round((now - started) / 1000),
      answered,
      rps: Math.round(done.answered / ((now - last) / 1000)),
      first_seen: done.first,
      p95_ms: lat.length ? Math.round(lat[Math.ceil(lat.length * 0.95) - 1]) : null,
      ...(final ? { final: true } : {}),
      ...processMemory(pid),
      ...rssParts(pid),
      cache_api: folder ? folderSize(folder) : null,
    };
    last = now;
    if (heaps) Object.assign(row, await heaps(row).catch(() => ({})));
    if (cacheStats) {
      // The shell's own counters over the window: pages composed (neither cache layer had them) and each layer's hits.
      const now = await cacheStats();
      if (now && lastCache) row.shell = { composed: now.misses - lastCache.misses, isolate_hits: now.isolate.hits - lastCache.isolate.hits, shared_hits: now.shared.hits - lastCache.shared.hits, shared_puts: now.shared.puts - lastCache.shared.puts };
      lastCache = now ?? lastCache;
    }
    samples.push(row);
    log(row);
    busy = false;
  };
  const timer = setInterval(() => sample(), everyMs);
  return {
    folder,
    onResponse(request, ms) {
      answered++;
      window.answered++;
      if (request?.first) window.first++;
      window.latencies.push(ms);
    },
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 50));
      if (window.answered) await sample(true);
      return samples;
    },
  };
}
