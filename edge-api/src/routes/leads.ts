/**
 * Lead endpoints (issue 4 API). Every form of the platform submits here through the shell (`/api/...`, same origin).
 *   POST /api/leads                          { payload, userData, lead_id, turnstile_token? } or the no-JS form
 *   POST /api/leads/valuation-adjustments    { id, adjustmentAnswers }                       (spec §7)
 *   POST /api/leads/offer-accepted           { category, subcategory: '3. Offer Accepted', lead_id, form_completed, offer_accepted }
 *   POST /api/leads/phone-reveal             { call_id, car_id, dealership_id, website_id?, car_type?, page? } (spec §7 lead call)
 * JSON answers: 201 { lead_id }, 200 { lead_id, duplicate: true }, 400 { error, fields? }, 404/429 { error }, 415 { error }.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { LEAD_FAILED_MESSAGE, describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { formErrorLocation, formToLeadRequest, successLocation } from '../leads/form.ts';
import { submitLead, type LeadContext, type LeadOutcome } from '../leads/submit.ts';
import { submitAdjustments, submitOfferAccepted } from '../leads/follow-ups.ts';
import { submitPhoneReveal } from '../leads/phone-reveal.ts';
import { PhoneRevealLeadSchema } from '@forecourt/contracts/api';
import { validate } from '../lib/validate.ts';

const leadContext = (c: Context<AppEnv>): LeadContext => ({
  env: c.env,
  ctx: executionCtxOf(c),
  tenant: c.get('tenant'),
  site: c.get('siteConfig'),
  headers: c.req.raw.headers,
});

/**
 * Runs a lead action; storage failing is a 503 with the spec's 'Lead submission failed' (nothing half-written: the
 * batch is one transaction, and the same lead_id can be retried). The log names the lead id and the error only.
 */
async function run(c: Context<AppEnv>, action: () => Promise<LeadOutcome>): Promise<LeadOutcome | { ok: false; status: 503; error: string }> {
  try {
    return await action();
  } catch (err) {
    console.error(`edge-api ${c.req.path} failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
    return { ok: false, status: 503, error: LEAD_FAILED_MESSAGE };
  }
}

function json(c: Context<AppEnv>, outcome: Awaited<ReturnType<typeof run>>) {
  if (outcome.ok) return c.json(outcome.duplicate ? { lead_id: outcome.leadId, duplicate: true } : { lead_id: outcome.leadId }, outcome.status);
  if ('retryAfterSeconds' in outcome && outcome.retryAfterSeconds) c.header('retry-after', String(outcome.retryAfterSeconds));
  if (outcome.status === 503) c.header('retry-after', '5');
  const fields = 'fields' in outcome && outcome.fields && Object.keys(outcome.fields).length > 0 ? { fields: outcome.fields } : {};
  return c.json({ error: outcome.error, ...fields }, outcome.status);
}

export const leadsRoutes = new Hono<AppEnv>()
  .post('/leads', async (c) => {
    const body = await readBody(c, { form: true });
    if (!body.ok) return jsonError(c, body.status, body.error);
    if (body.kind === 'json') return json(c, await run(c, () => submitLead(leadContext(c), body.value)));
    // No-JavaScript form: the browser follows a 303 either way (issue 4 API).
    const outcome = await run(c, async () => submitLead(leadContext(c), await formToLeadRequest(body.form, c.req.raw.headers, { tenant: c.get('tenant'), env: c.env })));
    if (outcome.ok) return c.redirect(successLocation(outcome.leadId), 303);
    return c.redirect(formErrorLocation(body.form, c.req.raw.headers, outcome.error, 'fields' in outcome ? outcome.fields : {}), 303);
  })
  .post('/leads/valuation-adjustments', async (c) => {
    const body = await readBody(c);
    if (!body.ok) return jsonError(c, body.status, body.error);
    return json(c, await run(c, () => submitAdjustments(leadContext(c), body.kind === 'json' ? body.value : null)));
  })
  .post('/leads/offer-accepted', async (c) => {
    const body = await readBody(c);
    if (!body.ok) return jsonError(c, body.status, body.error);
    return json(c, await run(c, () => submitOfferAccepted(leadContext(c), body.kind === 'json' ? body.value : null)));
  })
  .post('/leads/phone-reveal', validate('json', PhoneRevealLeadSchema), async (c) => json(c, await run(c, () => submitPhoneReveal(leadContext(c), c.req.valid('json')))));
