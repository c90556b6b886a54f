/**
 * Internal only (the shell never proxies `/internal/*`): `POST /internal/youx/quote` (contracts INTERNAL.quickQuote),
 * the YouX quick quote for mf-finance's `POST /api/finance/quote`, which checks the tenant's feature, limits each
 * shopper and validates the request before it asks. edge-api owns the provider and its one rate card (ports/youx).
 * 200 FinanceQuickQuoteResponse | 400 a body outside the contract | 502 `{ error: 'Failed to get YouX quick quote' }`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { FinanceQuickQuoteRequestSchema } from '@forecourt/contracts/api';
import { INTERNAL } from '@forecourt/contracts/internal';
import { jsonError } from '../lib/http.ts';
import { QUICK_QUOTE_FAILED, QuickQuoteError, type YouxPort } from '../ports/youx/port.ts';
import { selectYoux } from '../ports/youx/select.ts';
import type { AppEnv } from '../types.ts';

export function createYouxInternalRoutes(port: (env: AppEnv['Bindings']) => YouxPort = selectYoux) {
  return new Hono<AppEnv>().post(INTERNAL.quickQuote.path, async (c) => {
    c.header('cache-control', 'no-store');
    const parsed = v.safeParse(FinanceQuickQuoteRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return jsonError(c, 400, 'Invalid quote request.');
    try {
      return c.json(await port(c.env).quickQuote(c.get('tenant'), parsed.output), 200);
    } catch (error) {
      // spec §8: the calculator ignores a failed quote; the reason stays in the logs (no personal data in a quote).
      console.warn(`edge-api youx: quick quote failed for ${c.get('tenant')}: ${error instanceof QuickQuoteError ? error.reason : error instanceof Error ? error.message : 'error'}`);
      return jsonError(c, 502, QUICK_QUOTE_FAILED);
    }
  });
}

export const youxInternalRoutes = createYouxInternalRoutes();
