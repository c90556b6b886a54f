/**
 * edge-api Worker: the write side of Forecourt (ARCHITECTURE.md). Leads + outbox, OTP sign-in, watchlist,
 * views, analytics, rate limits and provider ports; owns the D1 schema. Reached from the shell over a
 * service binding, which forwards `x-forecourt-tenant` on every request.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import type { AppEnv } from './types.ts';
import { MAX_BODY_BYTES, jsonError, notFound, onError } from './lib/http.ts';
import { tenantMiddleware } from './lib/tenant.ts';
import { healthRoutes } from './routes/health.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { leadsRoutes } from './routes/leads.ts';
import { miscellaneousRoutes } from './routes/miscellaneous.ts';
import { rateLimitRoutes } from './routes/rate-limit.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { vehicleInternalRoutes, viewsRoutes } from './routes/views.ts';
import { geocodeRoutes } from './routes/geocode.ts';
import { pageCacheRoutes } from './routes/page-cache.ts';
import { youxApiRoutes, youxInternalRoutes } from './routes/youx.ts';
import { authRoutes } from './routes/auth.ts';
import { spinRoutes } from './routes/spin.ts';
import { watchlistRoutes } from './routes/watchlist.ts';
import { alertRoutes } from './routes/alerts.ts';
import { runAlerts } from './alerts/index.ts';
import { accountRoutes } from './routes/account.ts';
import { tradeInRoutes } from './routes/trade-in.ts';
import { deleteExpiredJourneys } from './trade-in/store.ts';
import { handleScheduled, outboxDevRoutes } from './outbox/index.ts';
import { ABANDONED_CHECKOUT_MS } from './ports/payments/rules.ts';
import { expireAbandonedEverywhere } from './ports/payments/store.ts';
import { deleteExpiredRows } from './lib/expiry.ts';

const app = new Hono<AppEnv>();

// Per-isolate caches (tenant configs) share loads between requests: each runs to completion even if its request ends.
app.use('*', anchorSharedLoads());

// Security headers: the shell sets the platform's one header policy on every answer it sends (shell/src/lib/security.ts).
app.use('/api/*', async (c, next) => {
  await next();
  // Answers are per shopper or per tenant: never stored by shared caches.
  if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
});
app.use('/api/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => jsonError(c, 413, 'Request body too large.') }));
app.use('/api/*', tenantMiddleware);
// Worker-to-Worker routes: the shell proxies only /api/*, so nothing under /internal is reachable from a browser.
app.use('/internal/*', tenantMiddleware);

const routes = app
  .route('/api', healthRoutes)
  .route('/api', analyticsRoutes)
  .route('/api', leadsRoutes)
  .route('/api', miscellaneousRoutes)
  .route('/api', rateLimitRoutes)
  .route('/api', paymentsRoutes)
  .route('/api', viewsRoutes)
  // Mounted at the root: its routes are contracts' INTERNAL paths (/internal/autogauge, /internal/delivery).
  .route('/', vehicleInternalRoutes)
  .route('/', youxInternalRoutes)
  // The dealer locator's place lookup for mf-locations (/internal/geocode, routes/geocode.ts).
  .route('/', geocodeRoutes)
  // The page-cache purge port for mf-search's stock imports (/internal/cache/purge, routes/page-cache.ts).
  .route('/', pageCacheRoutes)
  .route('/api', authRoutes)
  .route('/api', spinRoutes)
  .route('/api', youxApiRoutes)
  .route('/api', watchlistRoutes)
  .route('/api', alertRoutes)
  .route('/api', accountRoutes)
  // The trade-in / sell-my-car valuation journey (issue 18, contracts TRADE_IN_API).
  .route('/api', tradeInRoutes)
  // Dev-only CRM inbox and outbox pages: 404 unless CRM_ADAPTER is 'embedded' (outbox/index.ts).
  .route('/api/dev/outbox', outboxDevRoutes);

app.notFound(notFound);
app.onError(onError);

// The main module exports only the handlers (workerd rejects other runtime exports) and types.
/** Typed client shape for `hono/client` (`hc<AppType>(...)`). */
export type AppType = typeof routes;
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
