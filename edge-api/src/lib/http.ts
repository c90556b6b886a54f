import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
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
 * Expected client errors (HTTPException below 500, e.g. malformed JSON) keep their message;
 * anything else is logged server-side and answered with the generic text, never a stack trace.
 */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HTTPException && err.status < 500) {
    return jsonError(c, err.status as ContentfulStatusCode, err.message || 'Bad request.');
  }
  console.error(`edge-api ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err);
  return jsonError(c, 500, UNKNOWN_ERROR);
};
