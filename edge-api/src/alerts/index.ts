/**
 * Saved-search and watchlist alerts by text (issue 16, README "Alerts"): the cron's scan of stock changes (scan.ts),
 * the delivery of at most one combined text a day per shopper (deliver.ts), and the signed opt-out link (token.ts,
 * routes/alerts.ts). `runAlerts` is what edge-api's `scheduled` calls every minute.
 */
import { describeError } from '../leads/http.ts';
import { deliverAlerts, type DeliverEnv, type DeliverOptions, type DeliverReport } from './deliver.ts';
import { scanAll, type ScanEnv, type ScanReport } from './scan.ts';

export { scanAll, scanTenant, alertTenants, insertAlerts, readSnapshot, writeSnapshot } from './scan.ts';
export { deliverAlerts, alertOrigin } from './deliver.ts';
export { signOptOut, verifyOptOut, alertLinkKey } from './token.ts';

export type AlertsEnv = ScanEnv & DeliverEnv;

/** A day's texts are kept a week (the cap reads today's only); sent and cancelled alerts 90 days (their dedupe keys). */
export const ALERT_MESSAGES_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
export const ALERTS_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

/** Deletes what alerts no longer need (hourly): old day claims, and sent or cancelled alerts past their dedupe use. */
export async function purgeAlerts(db: D1Database, now: number): Promise<number> {
  const [messages, alerts] = await db.batch([
    db.prepare('DELETE FROM alert_messages WHERE created_at < ?').bind(now - ALERT_MESSAGES_KEEP_MS),
    db.prepare("DELETE FROM alert_outbox WHERE status IN ('sent', 'cancelled') AND created_at < ?").bind(now - ALERTS_KEEP_MS),
  ]);
  return (messages?.meta.changes ?? 0) + (alerts?.meta.changes ?? 0);
}

/**
 * One cron pass: the scan, then the delivery (each on its own: a failing mf-search never holds back texts already
 * due), then, at the top of the hour, the purge. Never throws; the reports are logged when something happened.
 */
export async function runAlerts(env: AlertsEnv, options: DeliverOptions = {}): Promise<{ scan: ScanReport | null; delivery: DeliverReport | null; ms: { scan: number; delivery: number } }> {
  const now = options.now ?? Date.now();
  let scan: ScanReport | null = null;
  let delivery: DeliverReport | null = null;
  const started = Date.now();
  try {
    scan = await scanAll(env, now);
  } catch (error) {
    console.error(`alerts: scan failed this time: ${describeError(error)}`);
  }
  const scanned = Date.now();
  try {
    delivery = await deliverAlerts(env, { ...options, now });
  } catch (error) {
    console.error(`alerts: delivery failed this time: ${describeError(error)}`);
  }
  // Wall time of each step (Workers' clock moves on I/O only: what the step spent waiting on D1, mf-search and SMS).
  const ms = { scan: scanned - started, delivery: Date.now() - scanned };
  try {
    if (new Date(now).getUTCMinutes() === 0) await purgeAlerts(env.DB, now);
  } catch (error) {
    console.error(`alerts: purge failed this time: ${describeError(error)}`);
  }
  if ((scan && (scan.alerts || scan.failed.length)) || (delivery && (delivery.sent || delivery.retried || delivery.dead || delivery.failedTenants.length))) {
    console.log(`alerts: ${JSON.stringify({ scan, delivery, ms })}`);
  }
  return { scan, delivery, ms };
}
