import { Hono } from 'hono';
import * as v from 'valibot';
import { FinanceQuickQuoteRequestSchema } from '@forecourt/contracts/api';
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { QUICK_QUOTE_FAILED, QuickQuoteError } from '../quote/port.ts';
import type { AppEnv, QuickQuoteFor } from './context.ts';

export const QUOTE_RATE_LIMIT_MESSAGE = 'Too many quote requests. Please try again in a minute.';

/**
 * `POST /api/finance/quote` (spec §7 quick quote): body FinanceQuickQuoteRequest -> 200 `{ weeklyRepaymentAmount,
 * advertisedRate, comparisonRate }` | 400 bad body | 404 the site has no external quote | 429 too many quotes from one
 * client (QUOTE_LIMITER) | 502 `{ error: 'Failed to get YouX quick quote' }`. Never cached: a quote is per request.
 */
export function quoteRoutes(port: QuickQuoteFor) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    c.header('cache-control', 'no-store');
    // spec §5 External quote: only when the site turns it on (or runs the YouX pre-approval, whose first step quotes).
    const { youx_quote, finance_preapproval } = c.var.config.features;
    if (!youx_quote && !finance_preapproval) return c.json({ error: 'Not found.' }, 404);
    // Every quote costs a provider call: limited per tenant and client IP before anything else is done.
    const ip = rateLimitAddress(c.req.header(CLIENT_IP_HEADER)) ?? 'unknown';
    const { success } = await c.env.QUOTE_LIMITER.limit({ key: `${c.var.config.slug}:${ip}` });
    if (!success) return c.json({ error: QUOTE_RATE_LIMIT_MESSAGE }, 429, { 'retry-after': '60' });
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'The request body must be JSON.' }, 400);
    }
    const parsed = v.safeParse(FinanceQuickQuoteRequestSchema, body);
    if (!parsed.success) return c.json({ error: 'Invalid quote request.', fields: Object.keys(v.flatten(parsed.issues).nested ?? {}) }, 400);
    try {
      return c.json(await port(c.env).quickQuote(c.var.config.slug, parsed.output));
    } catch (error) {
      // spec §8: the calculator ignores a failed quote; the reason stays in the logs.
      console.warn('quick quote failed', error instanceof QuickQuoteError ? error.reason : error instanceof Error ? error.message : error);
      return c.json({ error: QUICK_QUOTE_FAILED }, 502);
    }
  });
  return app;
}
