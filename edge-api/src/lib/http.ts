import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** spec §8 generic server error text: the only thing a shopper sees of an unexpected failure. */
export const UNKNOWN_ERROR = 'An unknown error occurred.';

/** Largest request body any edge-api route accepts (leads included). */
export const MAX_BODY_BYTES = 64 * 1024;

export type ErrorBody = { error: string };

export const jsonError = (c: Context, status: ContentfulStatusCode, error: string) => c.json<ErrorBody>({ error }, status);

/** Unknown routes answer JSON, never the framework's text page. */
export const notFound: NotFoundHandler = (c) => jsonError(c, 404, 'Not found.');

/**
 * The route's pattern for logs ('/api/trade-in/journeys/:id'), never the request's path: paths carry capabilities
 * (trade-in journey ids), car slugs and other ids that must not reach logs. The last matched route is the endpoint
 * even when a middleware before it threw.
 */
export function routePattern(c: Context): string {
  try {
    return routePath(c, -1) || 'unmatched route';
  } catch {
    return 'unmatched route';
  }
}

/**
 * Expected client errors (HTTPException below 500, e.g. malformed JSON) keep their message;
 * anything else is logged server-side (method and route pattern only, see routePattern) and answered with the
 * generic text, never a stack trace.
 */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HTTPException && err.status < 500) {
    return jsonError(c, err.status as ContentfulStatusCode, err.message || 'Bad request.');
  }
  console.error(`edge-api ${c.req.method} ${routePattern(c)} failed:`, err);
  return jsonError(c, 500, UNKNOWN_ERROR);
};
