/**
 * One lead submission from validated input to stored row (issue 4): idempotency by client lead id, rate limits,
 * Turnstile, duplicate merge, one D1 batch, then the outbox fast path. Answers an outcome the route renders as
 * JSON or as the no-JavaScript form's redirect.
 */
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { deliverSoon } from '../outbox/index.ts';
import { selectTurnstile, type TurnstileEnv } from '../ports/turnstile/select.ts';
import { describeError } from './http.ts';
import { LEAD_RATE_LIMIT_MESSAGE, RATE_LIMITS, clientIp, hitRateLimits, scopedHash } from './rate-limit.ts';
import { pagePath } from './rules.ts';
import { SPAM_CHECK_FAILED_MESSAGE, checkSpam } from './spam.ts';
import { findLead, insertLead, type LeadDocument, type NewLead, type StoredLead } from './store.ts';
import { validateLeadRequest, type FieldErrors } from './validation.ts';

export type LeadOutcome =
  | { ok: true; status: 201 | 200; leadId: string; duplicate: boolean }
  | { ok: false; status: 400 | 404 | 429; error: string; fields?: FieldErrors; retryAfterSeconds?: number };

export type LeadContext = {
  env: Env & TurnstileEnv;
  ctx: ExecutionContext | null;
  tenant: string;
  site: Pick<SiteConfig, 'features'>;
  headers: Headers;
  now?: number;
};

/** Starts the outbox's fast path; a failure there is logged only, the cron relay still delivers the stored row. */
export function deliverInBackground(c: LeadContext, leadId: string): void {
  if (!c.ctx) return;
  try {
    deliverSoon(c.env, c.ctx, c.tenant, leadId);
  } catch (err) {
    console.error(`edge-api leads: fast delivery of ${leadId} not started, the relay will deliver it (${describeError(err)})`);
  }
}

/** Writes a new lead and starts its delivery; shared by submissions and trade-in follow-ups. */
export async function storeLead(c: LeadContext, lead: NewLead): Promise<StoredLead> {
  const stored = await insertLead(c.env.DB, lead);
  if (stored.inserted && !stored.mergedInto) deliverInBackground(c, lead.doc.lead_id);
  return stored;
}

export const storedOutcome = (stored: StoredLead): LeadOutcome =>
  stored.inserted && !stored.mergedInto
    ? { ok: true, status: 201, leadId: stored.leadId, duplicate: false }
    : { ok: true, status: 200, leadId: stored.leadId, duplicate: true };

export async function submitLead(c: LeadContext, body: unknown): Promise<LeadOutcome> {
  const valid = validateLeadRequest(body, c.site);
  if (!valid.ok) return { ok: false, status: 400, error: valid.error, fields: valid.fields };
  const db = c.env.DB;

  // A retry or a double click: the first answer again, before any limit or bot check could refuse it.
  const existing = await findLead(db, c.tenant, valid.leadId);
  if (existing) return { ok: true, status: 200, leadId: existing.merged_into ?? existing.id, duplicate: true };

  const ip = clientIp(c.headers);
  const now = c.now ?? Date.now();
  // Per IP before the bot check (a flood never reaches siteverify); per phone only after it, so requests with junk
  // tokens cannot use up a real shopper's allowance by naming their phone.
  const byIp = await hitRateLimits(db, c.tenant, [[RATE_LIMITS.leadIp, ip]], now);
  if (!byIp.ok) return { ok: false, status: 429, error: LEAD_RATE_LIMIT_MESSAGE, retryAfterSeconds: byIp.retryAfterSeconds };

  const spam = await checkSpam(() => selectTurnstile(c.env), valid.turnstileToken, { required: c.site.features.turnstile, remoteIp: ip });
  if (!spam.accept) return { ok: false, status: 400, error: SPAM_CHECK_FAILED_MESSAGE, fields: { turnstile_token: SPAM_CHECK_FAILED_MESSAGE } };

  const byPhone = await hitRateLimits(db, c.tenant, [[RATE_LIMITS.leadPhone, valid.contactPhone]], now);
  if (!byPhone.ok) return { ok: false, status: 429, error: LEAD_RATE_LIMIT_MESSAGE, retryAfterSeconds: byPhone.retryAfterSeconds };

  const doc: LeadDocument = {
    lead_id: valid.leadId,
    category: valid.payload.category,
    subcategory: valid.payload.subcategory ?? null,
    payload: valid.payload,
    userData: valid.userData,
    parent_lead_id: null,
    flagged: spam.flagged,
    spam_reason: spam.flagged ? spam.reason : null,
    received_at: now,
  };
  const stored = await storeLead(c, {
    tenant: c.tenant,
    doc,
    carId: valid.carId,
    contactPhone: valid.contactPhone,
    contactEmail: valid.contactEmail,
    ipHash: ip ? await scopedHash(c.tenant, ip) : null,
    eventId: valid.eventId,
    page: pagePath(valid.userData.url),
  });
  return storedOutcome(stored);
}
