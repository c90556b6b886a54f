/**
 * The alerts scan (cron, issue 16 "alerts are computed when stock changes"): for each tenant with opted-in shoppers,
 * asks mf-search for its stock digest since the version last scanned (contracts INTERNAL.stockDigest: nothing comes
 * back while the stock is unchanged), compares it with the stored snapshot (diff.ts), asks mf-search which saved
 * searches list the new cars (INTERNAL.searchMatches), and inserts the alerts into `alert_outbox`. The unique
 * `(tenant, user_id, dedupe_key)` makes a second scan of the same change, or a re-run
 * import, insert nothing.
 */
import { callInternal, SEARCH_MATCHES_MAX_CARS, SEARCH_MATCHES_MAX_SEARCHES, type ServiceBinding } from '@forecourt/contracts/internal';
import { describeError } from '../leads/http.ts';
import { tenantStore } from '../lib/tenant.ts';
import { decodeSnapshot, diffStock, encodeSnapshot, matchAlerts, snapshotOf, watchAlerts, type AlertDraft, type SavedSearchRef, type Snapshot } from './diff.ts';

export type ScanEnv = { DB: D1Database; SEARCH?: ServiceBinding; CONFIG?: KVNamespace };

export type ScanReport = { tenants: number; changed: number; alerts: number; failed: string[] };

export type TenantScan = {
  /** The digest's version was new (the stock changed since the last scan, or this was the first). */
  changed: boolean;
  /** This scan only recorded the stock (no snapshot before it). */
  baseline: boolean;
  /** Alerts inserted (duplicates of earlier ones not counted). */
  alerts: number;
};

/** Alerts inserted per statement (one JSON parameter each). */
const INSERT_CHUNK = 500;

// Tenants with at least one opted-in shopper: a loose index scan of users_tenant_sms_alerts (one seek per tenant).
const TENANTS_SQL = `
WITH RECURSIVE t(slug) AS (
  SELECT (SELECT MIN(tenant) FROM users WHERE sms_alerts = 1)
  UNION ALL
  SELECT (SELECT MIN(tenant) FROM users WHERE sms_alerts = 1 AND tenant > t.slug) FROM t WHERE t.slug IS NOT NULL
)
SELECT slug FROM t WHERE slug IS NOT NULL`;

/** Every tenant with at least one shopper who turned alerts on. */
export async function alertTenants(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare(TENANTS_SQL).all<{ slug: string }>();
  return results.map((r) => r.slug);
}

const INSERT_SQL = `
INSERT INTO alert_outbox (tenant, id, user_id, kind, car_id, search_id, dedupe_key, payload, next_attempt_at, created_at)
SELECT ?1, lower(hex(randomblob(16))), json_extract(value, '$.user_id'), json_extract(value, '$.kind'), json_extract(value, '$.car_id'),
       json_extract(value, '$.search_id'), json_extract(value, '$.dedupe_key'), json(json_extract(value, '$.payload')), ?2, ?2
FROM json_each(?3)
WHERE 1
ON CONFLICT (tenant, user_id, dedupe_key) DO NOTHING`;

/** Inserts drafts (a duplicate of an alert already made is skipped); answers how many rows were new. */
export async function insertAlerts(db: D1Database, tenant: string, drafts: readonly AlertDraft[], now: number): Promise<number> {
  if (drafts.length === 0) return 0;
  const statements = [];
  for (let i = 0; i < drafts.length; i += INSERT_CHUNK) {
    const chunk = drafts.slice(i, i + INSERT_CHUNK).map((d) => ({ ...d, payload: JSON.stringify(d.payload) }));
    statements.push(db.prepare(INSERT_SQL).bind(tenant, now, JSON.stringify(chunk)));
  }
  const results = await db.batch(statements);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** The stored snapshot of a tenant's stock and its version; null when the tenant was never scanned. */
export async function readSnapshot(db: D1Database, tenant: string): Promise<{ version: string | null; snapshot: Snapshot } | null> {
  const { results } = await db.prepare('SELECT version, cars FROM stock_scans WHERE tenant = ? ORDER BY part').bind(tenant).all<{ version: string | null; cars: string }>();
  if (results.length === 0) return null;
  return { version: results[0]!.version, snapshot: decodeSnapshot(results.map((r) => r.cars)) };
}

/** Replaces the stored snapshot (all its parts in one batch: a reader never sees half of one). */
export async function writeSnapshot(db: D1Database, tenant: string, version: string | null, snapshot: Snapshot, now: number): Promise<void> {
  const parts = encodeSnapshot(snapshot);
  await db.batch([
    db.prepare('DELETE FROM stock_scans WHERE tenant = ?').bind(tenant),
    ...parts.map((cars, part) => db.prepare('INSERT INTO stock_scans (tenant, part, version, cars, scanned_at) VALUES (?, ?, ?, ?, ?)').bind(tenant, part, version, cars, now)),
  ]);
}

// Whether any opted-in shopper of the tenant watches a car or has a search with alerts on (stops at the first).
const WANTED_SQL = `
SELECT 1 AS one FROM users u
WHERE u.tenant = ?1 AND u.sms_alerts = 1 AND (
  EXISTS (SELECT 1 FROM watchlist w WHERE w.tenant = u.tenant AND w.user_id = u.id)
  OR EXISTS (SELECT 1 FROM saved_searches s WHERE s.tenant = u.tenant AND s.user_id = u.id AND s.alerts = 1)
)
LIMIT 1`;

/**
 * One tenant's scan; throws when mf-search fails (the snapshot is then left as it was, so the next scan redoes it).
 * A pass over an unchanged stock costs two small reads (who wants alerts, the version scanned) and a digest call that
 * answers the version only: the snapshot, the watchlists and the searches are read only when the stock changed.
 */
export async function scanTenant(env: ScanEnv, tenant: string, now: number): Promise<TenantScan> {
  const db = env.DB;
  const unchanged: TenantScan = { changed: false, baseline: false, alerts: 0 };
  if ((await db.prepare(WANTED_SQL).bind(tenant).first<number>('one')) !== 1) {
    // Nobody wants texts here now: no snapshot is kept, so whoever opts in later starts from a fresh baseline (never
    // from a months-old one that would make every car since then "new" and every old drop an alert).
    await db.prepare('DELETE FROM stock_scans WHERE tenant = ?').bind(tenant).run();
    return unchanged;
  }
  if (!env.SEARCH) throw new Error('no SEARCH binding (mf-search)');

  const scanned = await db.prepare('SELECT version FROM stock_scans WHERE tenant = ? AND part = 0').bind(tenant).first<{ version: string | null }>();
  const since = scanned?.version ?? undefined;
  const digest = await callInternal(env.SEARCH, 'stockDigest', { tenant, query: since === undefined ? {} : { since }, timeoutMs: 20_000 });
  if (!digest.ok) throw new Error(`mf-search answered ${digest.status} for the stock digest`);
  if (!digest.data.cars) return unchanged;

  const [stored, watchers, searchRows] = await Promise.all([
    readSnapshot(db, tenant),
    db.prepare(
      `SELECT w.user_id, w.car_id FROM watchlist w JOIN users u ON u.tenant = w.tenant AND u.id = w.user_id
       WHERE w.tenant = ? AND u.sms_alerts = 1`,
    ).bind(tenant).all<{ user_id: string; car_id: string }>(),
    db.prepare(
      `SELECT s.id, s.user_id, s.url, s.label FROM saved_searches s JOIN users u ON u.tenant = s.tenant AND u.id = s.user_id
       WHERE s.tenant = ? AND s.alerts = 1 AND u.sms_alerts = 1`,
    ).bind(tenant).all<SavedSearchRef>(),
  ]);
  const next = snapshotOf(digest.data.cars);
  // Watched cars are texted about only where the site runs the server watchlist (rows kept from before it was switched
  // off stay silent: their texts would point at a watchlist page the site no longer has).
  const config = env.CONFIG ? await tenantStore(env.CONFIG).config(tenant).catch(() => null) : null;
  const watchersOn = config ? config.features.watchlist : true;
  const watching = watchersOn ? watchers.results : [];
  const watched = new Set(watching.map((w) => w.car_id));
  const { changes, newIds } = diffStock(stored?.snapshot ?? null, next, watched);
  const info = (id: string) => next.get(id) ?? stored?.snapshot.get(id) ?? { name: 'A car', slug: '', price: 0 };
  const drafts: AlertDraft[] = watchAlerts(changes, watching, info);

  if (newIds.length > 0 && searchRows.results.length > 0) {
    const searches = new Map(searchRows.results.map((s) => [s.id, s]));
    const list = [...searches.values()];
    for (let s = 0; s < list.length; s += SEARCH_MATCHES_MAX_SEARCHES) {
      for (let c = 0; c < newIds.length; c += SEARCH_MATCHES_MAX_CARS) {
        const answer = await callInternal(env.SEARCH, 'searchMatches', {
          tenant,
          body: { searches: list.slice(s, s + SEARCH_MATCHES_MAX_SEARCHES).map(({ id, url }) => ({ id, url })), car_ids: newIds.slice(c, c + SEARCH_MATCHES_MAX_CARS) },
          timeoutMs: 20_000,
        });
        if (!answer.ok) throw new Error(`mf-search answered ${answer.status} for the search matches`);
        drafts.push(...matchAlerts(answer.data.matches, searches, info));
      }
    }
  }
  // Alerts first, then the snapshot: a scan that dies between the two is redone by the next, its alerts deduplicated.
  const alerts = await insertAlerts(db, tenant, drafts, now);
  await cancelOutdated(db, tenant, next);
  await writeSnapshot(db, tenant, digest.data.version, next, now);
  return { changed: true, baseline: stored === null, alerts };
}

/**
 * Pending price-drop and new-car alerts of cars now sold or gone are cancelled: a text never offers a car that is no
 * longer for sale (its watchers get the `sold` alert instead). Pending alerts are few (a day's at most).
 */
async function cancelOutdated(db: D1Database, tenant: string, next: Snapshot): Promise<void> {
  const { results } = await db
    .prepare("SELECT id, car_id FROM alert_outbox WHERE tenant = ? AND status = 'pending' AND kind IN ('price_drop', 'new_match')")
    .bind(tenant)
    .all<{ id: string; car_id: string }>();
  const outdated = results.filter((r) => next.get(r.car_id)?.status !== 'available' && next.get(r.car_id)?.status !== 'reserved').map((r) => r.id);
  if (outdated.length === 0) return;
  await db.prepare("UPDATE alert_outbox SET status = 'cancelled' WHERE tenant = ? AND status = 'pending' AND id IN (SELECT value FROM json_each(?))").bind(tenant, JSON.stringify(outdated)).run();
}

/** The scan of every tenant with opted-in shoppers; a tenant that fails is logged (its name only) and retried next run. */
export async function scanAll(env: ScanEnv, now = Date.now()): Promise<ScanReport> {
  const report: ScanReport = { tenants: 0, changed: 0, alerts: 0, failed: [] };
  const tenants = await alertTenants(env.DB);
  // Snapshots of sites where nobody wants texts any more are dropped (a later opt-in starts from a fresh baseline).
  await env.DB.prepare('DELETE FROM stock_scans WHERE tenant NOT IN (SELECT value FROM json_each(?))').bind(JSON.stringify(tenants)).run();
  for (const tenant of tenants) {
    report.tenants++;
    try {
      const scan = await scanTenant(env, tenant, now);
      if (scan.changed) report.changed++;
      report.alerts += scan.alerts;
    } catch (error) {
      report.failed.push(tenant);
      console.error(`alerts scan: tenant ${tenant} not scanned this time: ${describeError(error)}`);
    }
  }
  return report;
}
