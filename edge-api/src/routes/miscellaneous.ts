/**
 * POST /api/miscellaneous (spec §7): a valuation response plus `column_name: 'valuation'`, kept with its lead
 * (`lead_id`) in the `leads.valuation` column and copied onto the offer-accepted follow-up. Answers 200 { ok: true }.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { MiscellaneousRequestSchema } from '@forecourt/contracts/api';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { formatIssues } from '../lib/validate.ts';
import { LEAD_NOT_FOUND_MESSAGE, describeError, readBody } from '../leads/http.ts';
import { setLeadColumn } from '../leads/store.ts';

export const miscellaneousRoutes = new Hono<AppEnv>().post('/miscellaneous', async (c) => {
  const body = await readBody(c);
  if (!body.ok) return jsonError(c, body.status, body.error);
  const parsed = v.safeParse(MiscellaneousRequestSchema, body.kind === 'json' ? body.value : null);
  if (!parsed.success) return jsonError(c, 400, `Invalid request: ${formatIssues(parsed.issues, MiscellaneousRequestSchema)}`);
  const { lead_id, column_name, ...value } = parsed.output;
  try {
    if (!(await setLeadColumn(c.env.DB, c.get('tenant'), lead_id, column_name, value))) return jsonError(c, 404, LEAD_NOT_FOUND_MESSAGE);
  } catch (err) {
    console.error(`edge-api /api/miscellaneous failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
    return jsonError(c, 503, 'An unknown error occurred.');
  }
  return c.json({ ok: true as const }, 200);
});
