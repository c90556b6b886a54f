/**
 * The edge-api Hono app: middleware and routes (index.ts, the Worker's main module, serves it with the cron trigger).
 * Its own module so tests can read its route table (`app.routes`, `app.router`): the main module exports only handlers.
 */
// hono/quick: the same Hono with a router that needs no build on the isolate's first request (LinearRouter), not the
// default RegExpRouter, which compiles every route into one expression then: most of edge-api's time on a tenant's first
// search in a fresh isolate (issue 19, cold start: the first-request profile). Its few dozen routes match linearly in
// microseconds. LinearRouter takes no route with both a parameter and a wildcard (`/a/:id/*`): app.worker.test.ts
// checks every route, since such a route would throw only when a request of its method first reaches it.
import { Hono } from 'hono/quick';
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
import { accountRoutes } from './routes/account.ts';
import { tradeInRoutes } from './routes/trade-in.ts';
import { outboxDevRoutes } from './outbox/index.ts';

export const app = new Hono<AppEnv>();

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

/** Typed client shape for `hono/client` (`hc<AppType>(...)`). */
export type AppType = typeof routes;
