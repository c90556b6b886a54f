/**
 * Delivery of alert texts (cron, right after the scan; issue 16): per shopper with pending alerts due, at most one text
 * a day (ALERTS_PER_DAY, a row in `alert_messages` claimed before sending, so two crons never both send), never in
 * quiet hours (ALERT_QUIET_HOURS in the tenant's time zone: held until 8 am), combining every pending alert in one text
 * with the signed opt-out link, through the SMS port. A failed send gives the day back, retries with the lead outbox's
 * backoff and parks the alerts as `dead` after MAX_ATTEMPTS (the dead letter, for an operator). Only shoppers whose
 * `sms_alerts` is on when the text goes get it: an opted-out shopper's pending alerts are cancelled, and so are alerts
 * of a car no longer watched or a search removed or switched off. Logs name the tenant and counts, never a phone.
 */
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { MAX_ATTEMPTS, nextAttemptAt, type BackoffOptions } from '../outbox/backoff.ts';
import { describeError } from '../leads/http.ts';
import { tenantStore } from '../lib/tenant.ts';
import type { SmsPort } from '../ports/sms/port.ts';
import { selectSms, type SmsEnv } from '../ports/sms/select.ts';
import type { AlertPayload } from './diff.ts';
import { composeMessage, inQuietHours, localDay, nextDayRelease, quietHoursEnd, type MessageAlert } from './message.ts';
import { alertLinkKey, signOptOut, type AlertLinkEnv } from './token.ts';

export type DeliverEnv = SmsEnv &
  AlertLinkEnv & {
    DB: D1Database;
    CONFIG: KVNamespace;
    /**
     * The origin of the links in texts, `{slug}` replaced by the tenant (`http://{slug}.localhost:8787`); unset: the
     * tenant's `site_url`, else its first host (local runs, DEV_PAGES on: `http://<slug>.localhost:8787`).
     */
    ALERT_LINK_ORIGIN?: string;
    /**
     * 'off' lets texts go in quiet hours, in local runs only (DEV_PAGES on: an e2e test at any hour of the day);
     * ignored when deployed, and a tenant's config cannot change quiet hours.
     */
    ALERT_QUIET_HOURS?: string;
    OUTBOX_RETRY_BASE_MS?: string;
    OUTBOX_RETRY_CAP_MS?: string;
  };

export type DeliverOptions = {
  now?: number;
  /** The SMS port (tests); default selectSms(env). */
  sms?: SmsPort;
  random?: () => number;
  /** Shoppers handled per run at most (default 500). */
  limit?: number;
  /** One tenant only (tests, an operator's run); default every tenant with alerts due. */
  tenant?: string;
};

export type DeliverReport = { sent: number; alertsSent: number; quiet: number; capped: number; cancelled: number; retried: number; dead: number; failedTenants: string[] };

/** Shoppers handled at once. */
const DELIVERY_LANES = 6;
/** Alerts combined into one text at most (the rest go the next day). */
const ALERTS_PER_MESSAGE = 200;

/** The origin links in a tenant's texts use (see DeliverEnv.ALERT_LINK_ORIGIN); null when the tenant has no site address. */
export function alertOrigin(config: Pick<SiteConfig, 'slug' | 'site_url' | 'hosts'>, env: Pick<DeliverEnv, 'ALERT_LINK_ORIGIN' | 'DEV_PAGES'>): string | null {
  const template = env.ALERT_LINK_ORIGIN?.trim();
  if (template) return template.replaceAll('{slug}', config.slug).replace(/\/+$/, '');
  if (env.DEV_PAGES === 'on') return `http://${config.slug}.localhost:8787`;
  if (config.site_url) return new URL(config.site_url).origin;
  return config.hosts[0] ? `https://${config.hosts[0]}` : null;
}

// Tenants with pending alerts due: a loose index scan of alert_outbox_tenant_due.
const DUE_TENANTS_SQL = `
WITH RECURSIVE t(slug) AS (
  SELECT (SELECT MIN(tenant) FROM alert_outbox)
  UNION ALL
  SELECT (SELECT MIN(tenant) FROM alert_outbox WHERE tenant > t.slug) FROM t WHERE t.slug IS NOT NULL
)
SELECT slug FROM t WHERE slug IS NOT NULL
  AND EXISTS (SELECT 1 FROM alert_outbox o WHERE o.tenant = t.slug AND o.status = 'pending' AND o.next_attempt_at <= ?1)`;

type PendingRow = { id: string; kind: MessageAlert['kind']; car_id: string; search_id: string | null; payload: string; attempts: number; created_at: number };

const CANCEL_STALE_SQL = `
UPDATE alert_outbox SET status = 'cancelled'
WHERE tenant = ?1 AND user_id = ?2 AND status = 'pending' AND (
  (kind IN ('price_drop', 'sold') AND car_id NOT IN (SELECT car_id FROM watchlist WHERE tenant = ?1 AND user_id = ?2))
  OR (kind = 'new_match' AND (search_id IS NULL OR search_id NOT IN (SELECT id FROM saved_searches WHERE tenant = ?1 AND user_id = ?2 AND alerts = 1)))
)`;

class Delivery {
  readonly report: DeliverReport = { sent: 0, alertsSent: 0, quiet: 0, capped: 0, cancelled: 0, retried: 0, dead: 0, failedTenants: [] };
  private smsPort: SmsPort | undefined;
  private readonly backoff: BackoffOptions;

  constructor(
    private readonly env: DeliverEnv,
    private readonly options: DeliverOptions,
    private readonly now: number,
  ) {
    const positive = (value: string | undefined) => (Number(value) > 0 ? Number(value) : undefined);
    this.backoff = { baseMs: positive(env.OUTBOX_RETRY_BASE_MS), capMs: positive(env.OUTBOX_RETRY_CAP_MS), random: options.random };
  }

  sms(): SmsPort {
    this.smsPort ??= this.options.sms ?? selectSms(this.env);
    return this.smsPort;
  }

  async tenant(tenant: string, budget: { left: number }): Promise<void> {
    const db = this.env.DB;
    const config = await tenantStore(this.env.CONFIG).config(tenant);
    const origin = config ? alertOrigin(config, this.env) : null;
    if (!config || !origin) {
      // An unknown tenant, or one without a site address: its alerts wait (they are never sent without a working link).
      console.error(`alerts: tenant ${tenant} has ${config ? 'no site address' : 'no config'}, its alerts wait`);
      this.report.failedTenants.push(tenant);
      return;
    }
    try {
      this.sms();
    } catch (error) {
      // A misconfigured SMS port: the alerts wait without spending attempts (as the lead relay does with a CRM).
      console.error(`alerts: SMS port unavailable, alerts of ${tenant} wait: ${describeError(error)}`);
      this.report.failedTenants.push(tenant);
      return;
    }
    const { results: users } = await db
      .prepare("SELECT DISTINCT user_id FROM alert_outbox WHERE tenant = ? AND status = 'pending' AND next_attempt_at <= ? LIMIT ?")
      .bind(tenant, this.now, budget.left)
      .all<{ user_id: string }>();
    const key = alertLinkKey(this.env);
    // A few shoppers at a time (each a handful of D1 round trips and one SMS call), as the lead relay's lanes.
    let next = 0;
    const lane = async () => {
      while (next < users.length && budget.left > 0) {
        const { user_id } = users[next++]!;
        budget.left--;
        try {
          await this.user(config, origin, key, user_id);
        } catch (error) {
          // D1 failed mid-way: this shopper's alerts stay pending (a claimed day without a text is given back tomorrow).
          console.error(`alerts: a shopper of ${tenant} not handled this time: ${describeError(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELIVERY_LANES, users.length) }, lane));
  }

  private async user(config: SiteConfig, origin: string, key: string, userId: string): Promise<void> {
    const db = this.env.DB;
    const tenant = config.slug;
    const user = await db.prepare('SELECT phone, sms_alerts FROM users WHERE tenant = ? AND id = ?').bind(tenant, userId).first<{ phone: string; sms_alerts: number }>();
    if (!user || user.sms_alerts !== 1) {
      const { meta } = await db.prepare("UPDATE alert_outbox SET status = 'cancelled' WHERE tenant = ? AND user_id = ? AND status = 'pending'").bind(tenant, userId).run();
      this.report.cancelled += meta.changes ?? 0;
      return;
    }
    const stale = await db.prepare(CANCEL_STALE_SQL).bind(tenant, userId).run();
    this.report.cancelled += stale.meta.changes ?? 0;

    const hold = async (until: number) =>
      db.prepare("UPDATE alert_outbox SET next_attempt_at = ?1 WHERE tenant = ?2 AND user_id = ?3 AND status = 'pending' AND next_attempt_at < ?1").bind(until, tenant, userId).run();
    const quietHoursOff = this.env.ALERT_QUIET_HOURS === 'off' && this.env.DEV_PAGES === 'on';
    if (!quietHoursOff && inQuietHours(config.time_zone, this.now)) {
      await hold(quietHoursEnd(config.time_zone, this.now));
      this.report.quiet++;
      return;
    }
    const day = localDay(config.time_zone, this.now);
    const sentToday = await db.prepare('SELECT 1 AS one FROM alert_messages WHERE tenant = ? AND user_id = ? AND day = ?').bind(tenant, userId, day).first<number>('one');
    if (sentToday === 1) {
      await hold(nextDayRelease(config.time_zone, this.now));
      this.report.capped++;
      return;
    }
    const { results: rows } = await db
      .prepare("SELECT id, kind, car_id, search_id, payload, attempts, created_at FROM alert_outbox WHERE tenant = ? AND user_id = ? AND status = 'pending' AND next_attempt_at <= ? ORDER BY created_at, id LIMIT ?")
      .bind(tenant, userId, this.now, ALERTS_PER_MESSAGE)
      .all<PendingRow>();
    if (rows.length === 0) return;
    // The day's text, claimed before it is sent: the unique (tenant, user_id, day) lets one cron run win.
    const claimId = crypto.randomUUID();
    const claimed = await db
      .prepare('INSERT INTO alert_messages (tenant, id, user_id, day, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant, user_id, day) DO NOTHING RETURNING id')
      .bind(tenant, claimId, userId, day, this.now)
      .first<string>('id');
    if (claimed !== claimId) {
      this.report.capped++;
      return;
    }
    const ids = JSON.stringify(rows.map((r) => r.id));
    const alerts: MessageAlert[] = rows.map((r) => ({ kind: r.kind, car_id: r.car_id, search_id: r.search_id, created_at: r.created_at, payload: JSON.parse(r.payload) as AlertPayload }));
    let receipt: { id: string };
    try {
      const token = await signOptOut(key, tenant, userId, this.now);
      const body = composeMessage({ siteName: config.name, origin, alerts, token });
      receipt = await this.sms().send({ tenant, to: user.phone, body });
    } catch (error) {
      // Not sent: the day's claim is given back, and each alert waits by its own attempts (or is dead-lettered alone).
      const attempt = Math.max(...rows.map((r) => r.attempts)) + 1;
      const error_ = describeError(error).slice(0, 500);
      const statements = [db.prepare('DELETE FROM alert_messages WHERE tenant = ? AND id = ?').bind(tenant, claimId)];
      let dead = 0;
      for (const row of rows) {
        const next = nextAttemptAt(row.attempts + 1, this.now, undefined, this.backoff);
        if (next === null || row.attempts + 1 >= MAX_ATTEMPTS) dead++;
        statements.push(
          db.prepare(
            `UPDATE alert_outbox SET attempts = attempts + 1, last_error = ?1, next_attempt_at = ?2,
               status = CASE WHEN attempts + 1 >= ?3 OR ?4 THEN 'dead' ELSE status END
             WHERE tenant = ?5 AND id = ?6 AND status = 'pending'`,
          ).bind(error_, next ?? this.now, MAX_ATTEMPTS, next === null ? 1 : 0, tenant, row.id),
        );
      }
      await db.batch(statements);
      this.report.dead += dead;
      this.report.retried += rows.length - dead;
      console.error(`alerts: a text to a shopper of ${tenant} failed (${rows.length} alerts, attempt ${attempt}${dead ? `, ${dead} dead-lettered` : ''}): ${describeError(error)}`);
      return;
    }
    // Sent: the claim stays whatever happens next (never a second text today), and the rows are marked sent, retried
    // a few times when D1 fails, so they are not sent again on another day either.
    this.report.sent++;
    this.report.alertsSent += rows.length;
    for (let tries = 1; ; tries++) {
      try {
        await db
          .prepare("UPDATE alert_outbox SET status = 'sent', message_id = ?1, sent_at = ?2, attempts = attempts + 1 WHERE tenant = ?3 AND status = 'pending' AND id IN (SELECT value FROM json_each(?4))")
          .bind(receipt.id, this.now, tenant, ids)
          .run();
        return;
      } catch (error) {
        if (tries >= 3) {
          console.error(`alerts: a text to a shopper of ${tenant} was sent but ${rows.length} alerts are not marked sent: ${describeError(error)}`);
          return;
        }
      }
    }
  }
}

/** One delivery pass over every tenant with alerts due. */
export async function deliverAlerts(env: DeliverEnv, options: DeliverOptions = {}): Promise<DeliverReport> {
  const now = options.now ?? Date.now();
  const delivery = new Delivery(env, options, now);
  const budget = { left: options.limit ?? 500 };
  const { results } = await env.DB.prepare(DUE_TENANTS_SQL).bind(now).all<{ slug: string }>();
  for (const { slug } of results) {
    if (budget.left <= 0) break;
    if (options.tenant !== undefined && slug !== options.tenant) continue;
    try {
      await delivery.tenant(slug, budget);
    } catch (error) {
      delivery.report.failedTenants.push(slug);
      console.error(`alerts: delivery for tenant ${slug} stopped this time: ${describeError(error)}`);
    }
  }
  return delivery.report;
}
