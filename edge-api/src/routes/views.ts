/**
 * Vehicle-page routes of edge-api (issue 5):
 * - `GET /api/cars/:slug/view.json` (spec §7): counts one view of the car and answers its total (`views`), kept in
 *   D1 `car_views` per tenant. The row key is the car's slug (the only key the call carries, spec §7); `car_fields`
 *   is `{}` because edge-api holds no stock (the page's copy comes fresh from the search read model). Only a car of
 *   the site's stock counts (checked through mf-search; an unknown car is a 404 and writes nothing), once per visitor
 *   and car per VIEW_VISIT_PERIOD_MS (a repeat answers the total unchanged), and each address may ask
 *   RATE_LIMITS.viewIp times per window (429). When mf-search cannot answer, the total is answered uncounted.
 * Internal only (mounted under `/internal`, which the shell never proxies: only Workers with an EDGE_API binding reach
 * them, so a browser cannot make the paid providers run with made-up cars or postcodes):
 * - `GET /internal/autogauge` (spec §7 "{car path}/autogauge"): the autograb port's market valuation of the car described
 *   by the query (mf-vehicle's server sends the car it read from mf-search, with its NVIC and state when known); 404
 *   when no valuation applies, 502 when the provider fails (the panel hides, spec §8). Answers, including "none", are
 *   kept a day in D1 `market_prices` per car, price and km (src/lib/provider-cache.ts).
 * - `GET /internal/delivery?postcode=&origin=` (spec §7 Delivery cost by postcode): the delivery port's estimate
 *   `{ name, price }`; 404 with the spec §8 text when it has none, 503 with the same text when the partner fails.
 *   Estimates (and "none") are kept a week in D1 `delivery_quotes` per route.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ViewJsonQuerySchema, type ViewJsonResponse } from '@forecourt/contracts/api';
import { SlugSchema } from '@forecourt/contracts/entities/common';
import { AutogaugeQuerySchema, DeliveryQuerySchema, INTERNAL, MAX_CAR_SLUG_LENGTH } from '@forecourt/contracts/internal';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { validate } from '../lib/validate.ts';
import { lookUpCar } from '../lib/cars.ts';
import { describeError } from '../leads/http.ts';
import { UNKNOWN_CAR_MESSAGE } from '../leads/phone-reveal.ts';
import { RATE_LIMITS, VIEW_VISIT_PERIOD_MS, clientIp, hitRateLimits, viewVisitKey } from '../leads/rate-limit.ts';
import { selectAutograb } from '../ports/autograb/select.ts';
import { selectDelivery } from '../ports/delivery/select.ts';
import { cachedDeliveryEstimate, cachedValuation } from '../lib/provider-cache.ts';

/**
 * A provider lookup finishes (and its answer is kept) even when the caller stops waiting: mf-vehicle gives the market
 * price 800 ms, a first AutoGrab valuation can take longer, and the next view should find it kept.
 */
function completing<T>(c: Context<AppEnv>, work: Promise<T>): Promise<T> {
  try {
    c.executionCtx.waitUntil(work.catch(() => undefined));
  } catch {
    // No execution context (a direct app.request in tests): the await below is all there is.
  }
  return work;
}

/** Spec §8 delivery text when no estimate can be given. */
export const NO_DELIVERY_ESTIMATE = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

export const VIEW_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

/** A car slug as the stock has them (lowercase words and dashes, at most MAX_CAR_SLUG_LENGTH), or null. */
export function carSlug(raw: string): string | null {
  if (raw.length === 0 || raw.length > MAX_CAR_SLUG_LENGTH) return null;
  const parsed = v.safeParse(SlugSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** The car's total, not counting anything. */
const currentViews = (db: D1Database, tenant: string, slug: string) =>
  db.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?').bind(tenant, slug).first<number>('views').then((n) => n ?? 0);

/**
 * Counts this visitor's view unless it already counted within VIEW_VISIT_PERIOD_MS, and answers the total, in one batch:
 * the visit row is (re)written only when absent or stale, carrying this request's marker, and the count is added only
 * where that marker is found, so a visitor's simultaneous requests count once (no read-then-write race).
 */
async function countView(db: D1Database, tenant: string, slug: string, visitKey: string, now: number): Promise<number> {
  const claim = crypto.randomUUID();
  const results = await db.batch([
    db.prepare(
      `INSERT INTO car_view_visits (tenant, visit_key, seen_at, claim) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (tenant, visit_key) DO UPDATE SET seen_at = excluded.seen_at, claim = excluded.claim WHERE car_view_visits.seen_at <= ?5`,
    ).bind(tenant, visitKey, now, claim, now - VIEW_VISIT_PERIOD_MS),
    db.prepare(
      `INSERT INTO car_views (tenant, car_id, views, updated_at)
       SELECT ?1, ?2, 1, ?3 WHERE EXISTS (SELECT 1 FROM car_view_visits WHERE tenant = ?1 AND visit_key = ?4 AND claim = ?5)
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = views + 1, updated_at = excluded.updated_at`,
    ).bind(tenant, slug, now, visitKey, claim),
    db.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?').bind(tenant, slug),
  ]);
  return (results[2]?.results[0] as { views: number } | undefined)?.views ?? 0;
}

export const viewsRoutes = new Hono<AppEnv>()
  .get('/cars/:slug/view.json', validate('query', ViewJsonQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    const slug = carSlug(c.req.param('slug'));
    if (!slug) return jsonError(c, 400, `Invalid request: the car slug must be a lowercase slug of at most ${MAX_CAR_SLUG_LENGTH} characters.`);
    const tenant = c.get('tenant');
    const db = c.env.DB;
    const now = Date.now();
    const limited = await hitRateLimits(db, tenant, [[RATE_LIMITS.viewIp, clientIp(c.req.raw.headers)]], now);
    if (!limited.ok) {
      c.header('retry-after', String(limited.retryAfterSeconds));
      return c.json({ error: VIEW_RATE_LIMIT_MESSAGE, retry_after: limited.retryAfterSeconds }, 429);
    }
    // Only a car of this site's stock is counted (mf-search's read model, as the phone-reveal lead call checks it).
    let car;
    try {
      car = await lookUpCar(c.env, tenant, slug);
    } catch (error) {
      console.error(`edge-api view.json: car not checked for ${tenant}: ${describeError(error)}`);
    }
    if (car === null) return jsonError(c, 404, UNKNOWN_CAR_MESSAGE);
    // The stock cannot say (no SEARCH binding, or mf-search failing): the page still gets its total, uncounted.
    const views = car ? await countView(db, tenant, slug, await viewVisitKey(tenant, slug, c.req.raw.headers), now) : await currentViews(db, tenant, slug);
    return c.json({ views, car_fields: {} } satisfies ViewJsonResponse, 200);
  });

/** The vehicle page's provider calls, for mf-vehicle's server only (see above). */
export const vehicleInternalRoutes = new Hono<AppEnv>()
  .get(INTERNAL.marketPrice.path, validate('query', AutogaugeQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const car = { id: q.car_id, make: q.make, model: q.model, badge: q.badge ?? null, year: q.year, km: q.km ?? null, price: q.price, nvic: q.nvic ?? null, state: q.state?.toUpperCase() ?? null };
    let valuation;
    try {
      valuation = await completing(c, cachedValuation(c.env.DB, c.get('tenant'), car, () => selectAutograb(c.env).marketValuation(c.get('tenant'), car)));
    } catch (error) {
      console.error(`edge-api autogauge: the market-price provider failed for ${c.get('tenant')}/${q.car_id}: ${error instanceof Error ? error.message : 'error'}`);
      return jsonError(c, 502, 'Market price unavailable.');
    }
    if (!valuation) return jsonError(c, 404, 'No market price for this car.');
    const { fill, listing_price, market_range_min, market_range_max, confidence, description } = valuation;
    return c.json({ fill, listing_price, market_range_min, market_range_max, confidence, description }, 200, { 'cache-control': 'private, max-age=300' });
  })
  .get(INTERNAL.delivery.path, validate('query', DeliveryQuerySchema), async (c) => {
    const { postcode, origin } = c.req.valid('query');
    let estimate;
    try {
      estimate = await completing(c, cachedDeliveryEstimate(c.env.DB, c.get('tenant'), origin, postcode, () => selectDelivery(c.env).estimate({ tenant: c.get('tenant'), postcode, originPostcode: origin })));
    } catch (error) {
      // spec §8: the shopper gets the no-estimate text either way; the cause stays in the log.
      console.error(`edge-api delivery: the delivery partner failed for ${c.get('tenant')}: ${error instanceof Error ? error.message : 'error'}`);
      return jsonError(c, 503, NO_DELIVERY_ESTIMATE);
    }
    if (!estimate) return jsonError(c, 404, NO_DELIVERY_ESTIMATE);
    return c.json(estimate, 200);
  });
