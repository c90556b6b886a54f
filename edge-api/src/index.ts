/**
 * edge-api Worker: the write side of Forecourt (ARCHITECTURE.md). Leads + outbox, OTP sign-in, watchlist,
 * views, analytics, rate limits and provider ports; owns the D1 schema. Reached from the shell over a
 * service binding, which forwards `x-forecourt-tenant` on every request.
 */
import { env } from 'cloudflare:workers';
import { warmUpWanted } from '@forecourt/contracts/warm-up';
import { app } from './app.ts';
import { runAlerts } from './alerts/index.ts';
import { deleteExpiredJourneys } from './trade-in/store.ts';
import { handleScheduled } from './outbox/index.ts';
import { ABANDONED_CHECKOUT_MS } from './ports/payments/rules.ts';
import { expireAbandonedEverywhere } from './ports/payments/store.ts';
import { deleteExpiredRows } from './lib/expiry.ts';
import { warmUp, warmUpEdgeApi } from './warm-up.ts';

// The main module exports only the handlers (workerd rejects other runtime exports) and types.
export type { AppType } from './app.ts';
/**
 * `fetch` serves the API; `scheduled` is the cron trigger: the outbox relay (the delivery guarantee), then the expiry
 * of abandoned checkouts (their contact details are dropped after 7 days), then (hourly) expired codes, sessions and providers' answers,
 * then the alerts by text (src/alerts: stock changes scanned, texts delivered).
 */
async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  await handleScheduled(controller, env, ctx);
  try {
    const now = Date.now();
    await expireAbandonedEverywhere(env.DB, now - ABANDONED_CHECKOUT_MS, now);
  } catch (error) {
    console.error('edge-api cron: abandoned checkouts not expired this time', error instanceof Error ? error.message : 'error');
  }
  try {
    // Hourly is enough (the cron fires every minute): these deletes scan their tables across tenants.
    if (new Date(controller.scheduledTime).getUTCMinutes() === 0) await deleteExpiredRows(env.DB);
  } catch (error) {
    console.error('edge-api cron: expired sign-in codes, sessions and valuations not deleted this time', error instanceof Error ? error.message : 'error');
  }
  try {
    // Trade-in journeys 30 days after their last step (their rego and phone go with them), hourly as above.
    if (new Date(controller.scheduledTime).getUTCMinutes() === 0) await deleteExpiredJourneys(env.DB);
  } catch (error) {
    console.error('edge-api cron: expired trade-in journeys not deleted this time', error instanceof Error ? error.message : 'error');
  }
  try {
    // Alerts by text (src/alerts): stock changes scanned, then at most one combined text a day per shopper.
    await runAlerts(env);
  } catch (error) {
    console.error('edge-api cron: alerts not run this time', error instanceof Error ? error.message : 'error');
  }
}

export default {
  fetch: app.fetch,
  scheduled,
  /** The Hono app itself, for tests (`app.request(...)`). */
  request: app.request,
} satisfies ExportedHandler<Env> & { request: typeof app.request };

// At module start, before any request: a made-up tenant's reads and the router warmed (warm-up.ts; issue 19, cold
// start; `WARM_UP=off` skips it: contracts warm-up.ts). Not exported: workerd takes only handlers from the main module.
if (warmUpWanted(env)) void warmUp.start(() => warmUpEdgeApi(app.router));
