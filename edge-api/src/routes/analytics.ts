import { Hono } from 'hono';
import * as v from 'valibot';
import { ANALYTICS_EVENT_IDS, AnalyticsEventSchema } from '@forecourt/contracts/analytics';
import type { AppEnv } from '../types.ts';
import { validate, type IssueMessage } from '../lib/validate.ts';

/** Largest serialised `meta` kept per event: analytics context, not a data dump. */
export const MAX_META_BYTES = 4096;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

/** The contracts' event schema (spec §7 ids) plus a server-side cap on `meta`. */
export const AnalyticsEventRequestSchema = v.pipe(
  AnalyticsEventSchema,
  v.forward(
    v.check((event) => event.meta === undefined || jsonBytes(event.meta) <= MAX_META_BYTES, `meta must be at most ${MAX_META_BYTES} bytes as JSON.`),
    ['meta'],
  ),
);

/** Names the allowed ids instead of valibot's generic 'Invalid type' for an event id that is none of them (never the id sent). */
const eventIdMessage: IssueMessage = (issue, path) =>
  path === 'event_id' && issue.input !== undefined
    ? `Unknown analytics event id, expected one of ${[...ANALYTICS_EVENT_IDS].sort((x, y) => x - y).join(', ')}.`
    : undefined;

/**
 * POST /api/analytics: records one event for the request's tenant (a `tenant` in the body is ignored)
 * and answers 202, the browser does not wait on analytics.
 */
export const analyticsRoutes = new Hono<AppEnv>().post('/analytics', validate('json', AnalyticsEventRequestSchema, eventIdMessage), async (c) => {
  const event = c.req.valid('json');
  await c.env.DB
    .prepare('INSERT INTO analytics_events (tenant, event_id, page, car_id, meta, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(c.get('tenant'), event.event_id, event.page, event.car_id ?? null, event.meta ? JSON.stringify(event.meta) : null, Date.now())
    .run();
  return c.json({ accepted: true as const }, 202);
});
