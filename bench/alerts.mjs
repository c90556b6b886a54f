#!/usr/bin/env node
/**
 * Alerts bench (issue 16): alerts computed for 10,000 watched cars (3,000 shoppers, 15,000 watchlist rows) and 1,000
 * saved searches x an import of 10,500 cars (the bench stock of the largest demo tenant, then an import with 3% price
 * drops, 1% sold, 1% withdrawn and 3% new cars). Prints time and memory (heap, RSS) of:
 *  - compute: the pure path in Node: mf-search's digest of the stock, edge-api's snapshot (encode/decode, as stored in
 *    D1), the diff, the watch alerts, mf-search's saved-search matching of the new cars, one text per shopper;
 *  - d1 (unless `BENCH_ALERTS_D1=0`): the whole cron through miniflare (edge-api + mf-search in workerd, real local D1
 *    and KV): the baseline scan, the import (dev/platform.mjs importStock), the scan of the change (digest, matches,
 *    alert inserts, snapshot) and the delivery of the texts (embedded SMS port, quiet hours off).
 * Writes bench/out/alerts.json. `node bench/alerts.mjs` after `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importBundle, loadDemo } from '../dev/local-kv.mjs';
import { startPlatform } from '../dev/platform.mjs';
import { ROOT } from '../dev/workers.mjs';

const USERS = 3000;
const WATCHED_CARS = 10_000;
const WATCH_ROWS = 15_000;
const SEARCHES = 1000;
const results = { date: new Date().toISOString() };

/** A small deterministic random source (the same import every run). */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
/** Heap and RSS now, and the process's peak RSS so far (resourceUsage().maxRSS, in KB). */
const memory = () => {
  const m = process.memoryUsage();
  return { heap_mb: mb(m.heapUsed), rss_mb: mb(m.rss), peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024) };
};
/** RSS of the workerd processes this bench started (its descendants), in MB; null where `ps` is not available. */
function workerdRssMb() {
  try {
    const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/));
    const children = new Set([String(process.pid)]);
    let total = 0;
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid, rss, comm] of rows) {
        if (children.has(ppid) && !children.has(pid)) {
          children.add(pid);
          grew = true;
          if (comm.includes('workerd')) total += Number(rss) * 1024;
        }
      }
    }
    return mb(total);
  } catch {
    return null;
  }
}
async function timed(label, out, fn) {
  const started = performance.now();
  const value = await fn();
  out[label] = Math.round((performance.now() - started) * 10) / 10;
  return value;
}

const demo = await loadDemo();
const stock = demo.demoStock({ scale: 'bench' });
// The bench stock of every demo tenant (10,500 cars) as one tenant's: the largest's, whose site lists all its cars.
const [tenant] = Object.entries(stock).sort((a, b) => b[1].length - a[1].length)[0];
const seenIds = new Set();
const before = Object.values(stock).flat().map((car) => {
  const id = seenIds.has(car.id) ? `${car.id}-b` : car.id;
  seenIds.add(id);
  return id === car.id ? car : { ...car, id, slug: `${car.slug}-b`, stocknum: `B${car.stocknum ?? car.id}` };
});
const config = demo.demoTenants().find((t) => t.slug === tenant);
const data = demo.demoTenantData(tenant);

/** The next import: 3% price drops, 1% sold, 1% withdrawn, 3% new cars (copies of existing ones under new ids). */
function nextImport(cars) {
  const random = rng(16);
  const out = [];
  const fresh = [];
  for (const car of cars) {
    const r = random();
    if (r < 0.01) continue; // withdrawn
    if (r < 0.02) out.push({ ...car, status: 'sold', sold: true, sold_date_timestamp: Date.now() });
    else if (r < 0.05) out.push({ ...car, price: Math.max(1000, car.price - 500 - Math.floor(random() * 2000)), offer_price: null });
    else out.push(car);
    if (random() < 0.03) fresh.push({ ...car, id: `new-${car.id}`, slug: `${car.slug}-new`, stocknum: `N${car.stocknum ?? car.id}`, status: 'in_stock', sold: false });
  }
  return [...out, ...fresh];
}
const after = nextImport(before);

/** Watchlists: the first 10,000 cars watched, spread over 3,000 shoppers, 15,000 rows. */
function watchlists(cars) {
  const random = rng(7);
  const rows = [];
  const ids = cars.slice(0, WATCHED_CARS).map((c) => c.id);
  ids.forEach((id, i) => rows.push({ user_id: `u${i % USERS}`, car_id: id }));
  while (rows.length < WATCH_ROWS) rows.push({ user_id: `u${Math.floor(random() * USERS)}`, car_id: ids[Math.floor(random() * ids.length)] });
  return [...new Map(rows.map((r) => [`${r.user_id}:${r.car_id}`, r])).values()];
}
const watchRows = watchlists(before);

/** 1,000 saved searches as shoppers save them: a make, a make and model, a body, a price cap, words. */
function savedSearches(cars) {
  const random = rng(3);
  const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const out = [];
  for (let i = 0; i < SEARCHES; i++) {
    const car = cars[Math.floor(random() * cars.length)];
    const kind = i % 5;
    const url =
      kind === 0 ? `/search/${slug(car.make)}`
      : kind === 1 ? `/search/${slug(car.make)}/${slug(car.model)}`
      : kind === 2 ? `/search/${car.simple_body ? `${slug(car.simple_body)}-cars` : 'used-cars'}?price_max=${Math.round(car.price / 1000) * 1000 + 5000}`
      : kind === 3 ? `/search/used-cars?make=${encodeURIComponent(car.make)}&year_min=${car.year - 2}`
      : `/search/new-used-and-demo-cars?query=${encodeURIComponent(`${car.model}`)}`;
    out.push({ id: `s${i}`, user_id: `u${i % USERS}`, url, label: `Search ${i}` });
  }
  return out;
}
const searches = savedSearches(before);

// --- compute: the pure path in Node -----------------------------------------------------------------------------
{
  const alerts = await importBundle('edge-api/src/alerts/diff.ts');
  const message = await importBundle('edge-api/src/alerts/message.ts');
  const search = await importBundle('mf-search/src/routes/alerts.ts');
  const scope = { tenant, include_sold_cars_days: config.include_sold_cars_days, used_only: config.search.used_only, in_stock_only: config.search.in_stock_only, demo_max_km: config.search.demo_max_km, excluded_stocknums: config.search.excluded_stocknums, older_than_days: config.search.older_than_days, now: Date.now() };
  global.gc?.();
  const start = memory();
  const ms = {};
  const total = performance.now();
  const previous = await timed('digest_before_ms', ms, () => search.stockDigest(before, scope));
  const digest = await timed('digest_after_ms', ms, () => search.stockDigest(after, scope));
  const stored = await timed('snapshot_encode_ms', ms, () => alerts.encodeSnapshot(alerts.snapshotOf(previous)));
  const prevSnap = await timed('snapshot_decode_ms', ms, () => alerts.decodeSnapshot(stored));
  const next = alerts.snapshotOf(digest);
  const diff = await timed('diff_ms', ms, () => alerts.diffStock(prevSnap, next, new Set(watchRows.map((r) => r.car_id))));
  const info = (id) => next.get(id) ?? prevSnap.get(id);
  const watchDrafts = await timed('watch_alerts_ms', ms, () => alerts.watchAlerts(diff.changes, watchRows, info));
  const matched = await timed('search_matches_ms', ms, () => search.matchSearches(after, searches, diff.newIds, config, data, Date.now()));
  const matchDrafts = alerts.matchAlerts(matched.matches, new Map(searches.map((s) => [s.id, s])), info);
  const byUser = new Map();
  for (const d of [...watchDrafts, ...matchDrafts]) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), { ...d, created_at: 0 }]);
  const texts = await timed('compose_texts_ms', ms, () => [...byUser.values()].map((list) => message.composeMessage({ siteName: config.name, origin: config.site_url, alerts: list, token: 'x'.repeat(60) })));
  ms.total_ms = Math.round((performance.now() - total) * 10) / 10;
  const end = memory();
  // What the path holds at its end (digests, snapshots, index of the new cars, drafts, texts), before a collection.
  const held = { heap_delta_mb: Math.round((end.heap_mb - start.heap_mb) * 10) / 10 };
  results.compute = {
    tenant,
    cars_before: before.length,
    cars_after: after.length,
    watched_cars: new Set(watchRows.map((r) => r.car_id)).size,
    watch_rows: watchRows.length,
    shoppers: USERS,
    saved_searches: SEARCHES,
    changes: { price_drops: [...diff.changes.values()].filter((c) => c.kind === 'price_drop').length, sold_or_gone: [...diff.changes.values()].filter((c) => c.kind === 'sold').length, new_cars: diff.newIds.length },
    alerts: { watch: watchDrafts.length, new_match: matchDrafts.length, texts: texts.length, longest_text: Math.max(...texts.map((t) => t.length)) },
    snapshot: { parts: stored.length, bytes: stored.reduce((n, p) => n + p.length, 0) },
    ms,
    memory: { start, end, ...held },
  };
  console.log('alerts compute', JSON.stringify(results.compute, null, 2));
}

// --- d1: the cron through miniflare -------------------------------------------------------------------------------
if (process.env.BENCH_ALERTS_D1 !== '0') {
  const platform = await startPlatform({ port: 0, persist: false, scale: 'bench', only: ['edge-api', 'mf-search'], cronSeconds: 0, logLevel: 'error', vars: { 'edge-api': { ALERT_QUIET_HOURS: 'off' } } });
  try {
    const db = await platform.mf.getD1Database('DB', 'forecourt-edge-api');
    const worker = await platform.mf.getWorker('forecourt-edge-api');
    const seedStarted = performance.now();
    const insert = async (sql, rows, per) => {
      for (let i = 0; i < rows.length; i += per) await db.prepare(sql).bind(tenant, JSON.stringify(rows.slice(i, i + per))).run();
    };
    const users = Array.from({ length: USERS }, (_, i) => ({ id: `u${i}`, phone: `04${String(10_000_000 + i).padStart(8, '0')}` }));
    await insert("INSERT INTO users (tenant, id, phone, sms_alerts) SELECT ?1, json_extract(value, '$.id'), json_extract(value, '$.phone'), 1 FROM json_each(?2)", users, 1000);
    await insert("INSERT INTO watchlist (tenant, user_id, car_id) SELECT ?1, json_extract(value, '$.user_id'), json_extract(value, '$.car_id') FROM json_each(?2)", watchRows, 2000);
    await insert("INSERT INTO saved_searches (tenant, id, user_id, url, label) SELECT ?1, json_extract(value, '$.id'), json_extract(value, '$.user_id'), json_extract(value, '$.url'), json_extract(value, '$.label') FROM json_each(?2)", searches, 500);
    const ms = { seed_ms: Math.round(performance.now() - seedStarted) };
    // The cron as Cloudflare fires it: the first pass records the baseline, the second sees the import.
    // edge-api's own figures: each cron pass logs `alerts: { scan, delivery, ms }` (read from workerd's output).
    const passes = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk, ...rest) => {
      for (const line of String(chunk).split('\n')) if (line.startsWith('alerts: {')) passes.push(JSON.parse(line.slice('alerts: '.length)));
      return write(chunk, ...rest);
    };
    await platform.importStock(tenant, before);
    await timed('baseline_cron_ms', ms, () => worker.scheduled({ cron: '* * * * *' }));
    await timed('import_ms', ms, () => platform.importStock(tenant, after));
    const workerdBefore = workerdRssMb();
    await timed('change_cron_ms', ms, () => worker.scheduled({ cron: '* * * * *' }));
    const workerdAfter = workerdRssMb();
    // Every shopper's text: the delivery takes 500 a pass; then one idle pass (the digest unchanged, nothing due).
    const texts = () => db.prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE tenant = ?').bind(tenant).first('n');
    for (let i = 1, last = -1; i <= 10 && last !== (last = await texts()); i++) await timed(`cron_${i + 1}_ms`, ms, () => worker.scheduled({ cron: '* * * * *' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.stdout.write = write;
    const count = (sql) => db.prepare(sql).bind(tenant).first('n');
    results.d1 = {
      ms,
      alerts: await count('SELECT COUNT(*) AS n FROM alert_outbox WHERE tenant = ?'),
      sent_alerts: await count("SELECT COUNT(*) AS n FROM alert_outbox WHERE tenant = ? AND status = 'sent'"),
      texts: await count('SELECT COUNT(*) AS n FROM sms_outbox WHERE tenant = ?'),
      snapshot_bytes: await count('SELECT SUM(length(cars)) AS n FROM stock_scans WHERE tenant = ?'),
      passes: passes.map((p) => ({ scan_ms: p.ms?.scan, delivery_ms: p.ms?.delivery, alerts: p.scan?.alerts, texts: p.delivery?.sent })),
      node_memory: memory(),
      workerd_rss_mb: { before_change_cron: workerdBefore, after_change_cron: workerdAfter },
    };
    console.log('alerts d1', JSON.stringify(results.d1, null, 2));
  } finally {
    await platform.dispose();
  }
}

mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
writeFileSync(join(ROOT, 'bench/out/alerts.json'), `${JSON.stringify(results, null, 2)}\n`);
