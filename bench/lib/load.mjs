/**
 * Load generation for the benchmarks: autocannon runs that keep every response's latency (autocannon's own summary
 * stops at p97.5 among p90..p99, and the targets are p95), one-at-a-time requests, and percentiles.
 */
import autocannon from 'autocannon';
import { request } from 'node:http';

/** Load-run length in seconds (`BENCH_SECONDS`, default 10). */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

/** The p-th percentile (0..100) of ascending `sorted` values (nearest rank, as HdrHistogram reports). */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

const round = (n, digits = 1) => (Number.isFinite(n) ? +n.toFixed(digits) : null);

/** p50/p90/p95/p97.5/p99 in ms (one decimal) of latencies in ms. */
export function latencySummary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return { p50_ms: round(percentile(sorted, 50)), p90_ms: round(percentile(sorted, 90)), p95_ms: round(percentile(sorted, 95)), p97_5_ms: round(percentile(sorted, 97.5)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1)) };
}

/**
 * One autocannon run (20 connections, DURATION seconds unless given) that records each 2xx response's latency and
 * answers the summary: req/s, p50..p99 (p95 from the recorded latencies), errors, non-2xx. Every other autocannon
 * option passes through (`requests` with `setupRequest` for a different path per request). `onResponse(context, status,
 * ms)` is called for every answer with the connection's setupRequest context (what that request was).
 */
export function cannon({ onResponse, ...opts }) {
  const latencies = [];
  return new Promise((resolve, reject) => {
    // Options given as undefined fall back to the defaults (a run by `amount` drops the duration).
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
    const defaults = given.amount ? { connections: 20 } : { connections: 20, duration: DURATION };
    const instance = autocannon({ ...defaults, ...given }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: Math.round(r.requests.average), requests: r.latency.totalCount, ...latencySummary(latencies), non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts });
    });
    instance.on('response', (client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      // The request answered is the one the client's setupRequest built last (one request in flight per connection).
      onResponse?.(client.requestIterator?.context, status, ms);
    });
  });
}

/**
 * GET `path` from the platform with a tenant's Host, reading the whole body. Answers status, wall ms, bytes and the
 * headers. `port` is the platform's port.
 */
export function get(port, host, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // A request that never answers (a hung part) fails the bench instead of stalling it.
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path} (${host}) took over 60 s`)));
    req.end();
  });
}

/** A tenant's Host header on the local platform (`<slug>.localhost`). */
export const tenantHost = (slug) => `${slug}.localhost`;

/** Prints a timestamped phase line on stderr (long runs say where they are). */
export const phase = (name) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${name}`);
