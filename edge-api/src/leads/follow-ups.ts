/**
 * Trade-in follow-ups of a stored lead (spec §7 Lead submission: valuation adjustments `{ id, adjustmentAnswers }`,
 * offer accepted `{ category, subcategory: '3. Offer Accepted', lead_id, form_completed, offer_accepted }`).
 * Each becomes its own lead (parent_lead_id = the first one) so it travels the same outbox to the CRM and is never
 * lost; its id is derived from its content, so a retry never creates a second one.
 */
import * as v from 'valibot';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { OfferAcceptedSchema, ValuationAdjustmentsSchema, type LeadPayload } from '@forecourt/contracts/api';
import { TRADE_IN_SUBCATEGORIES, type TradeInOffer } from '@forecourt/contracts/trade-in';
import { issueField, issueText } from '../lib/validate.ts';
import { canonicalJson, derivedId, LEAD_NOT_FOUND_MESSAGE } from './http.ts';
import { LEAD_RATE_LIMIT_MESSAGE, RATE_LIMITS, clientIp, hitRateLimits } from './rate-limit.ts';
import { pagePath } from './rules.ts';
import { findLead, type LeadDocument, type LeadRow } from './store.ts';
import { storeLead, storedOutcome, type LeadContext, type LeadOutcome } from './submit.ts';
import { TOO_MANY_MESSAGE, type FieldErrors } from './validation.ts';

/** Subcategories of the follow-ups (contracts TRADE_IN_SUBCATEGORIES, their one owner; the offer's is spec'd: '3. Offer Accepted'). */
export const ADJUSTMENTS_SUBCATEGORY = TRADE_IN_SUBCATEGORIES.adjustments;
const OFFER_ACCEPTED_SUBCATEGORY = TRADE_IN_SUBCATEGORIES.accepted;
const MAX_ANSWERS = 100;

export const AdjustmentsRequestSchema = v.pipe(
  ValuationAdjustmentsSchema,
  v.forward(v.check((b) => Object.keys(b.adjustmentAnswers).length <= MAX_ANSWERS, TOO_MANY_MESSAGE), ['adjustmentAnswers']),
  v.forward(v.check((b) => Object.entries(b.adjustmentAnswers).every(([k, a]) => k.length <= 200 && (typeof a !== 'string' || a.length <= 500)), 'Too long.'), ['adjustmentAnswers']),
);

const fieldsOf = (issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema): FieldErrors => {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issueField(issue, schema) ?? 'body'] ??= issue.input === undefined ? 'This is a required field.' : issueText(issue);
  return fields;
};

const invalid = (issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema): LeadOutcome => {
  const fields = fieldsOf(issues, schema);
  return { ok: false, status: 400, error: `Please fix the following errors: ${Object.entries(fields).map(([f, m]) => `${f}: ${m}`).join('; ')}`, fields };
};

/** The parent's stored document; a row written outside this API (no document) still yields a usable one. */
function documentOf(row: LeadRow): LeadDocument {
  try {
    const doc = JSON.parse(row.payload) as Partial<LeadDocument>;
    if (doc && typeof doc === 'object' && doc.payload) return doc as LeadDocument;
  } catch {
    // fall through: stored by another writer
  }
  return {
    lead_id: row.id, category: row.category, subcategory: row.subcategory, payload: { category: row.category } as LeadPayload,
    userData: null, parent_lead_id: null, flagged: false, spam_reason: null, received_at: row.created_at,
  };
}

async function followUp(c: LeadContext, parentId: string, kind: string, build: (parent: LeadDocument, row: LeadRow, id: string) => { doc: LeadDocument; eventId: number | null }, contentKey: string): Promise<LeadOutcome> {
  const found = await findLead(c.env.DB, c.tenant, parentId);
  // A follow-up of a merged lead continues the lead it was merged into.
  const row = found?.merged_into ? await findLead(c.env.DB, c.tenant, found.merged_into) : found;
  if (!row) return { ok: false, status: 404, error: LEAD_NOT_FOUND_MESSAGE };
  const id = await derivedId(c.tenant, row.id, kind, contentKey);
  if (await findLead(c.env.DB, c.tenant, id)) return { ok: true, status: 200, leadId: id, duplicate: true };
  const now = c.now ?? Date.now();
  const limited = await hitRateLimits(c.env.DB, c.tenant, [[RATE_LIMITS.leadIp, clientIp(c.headers)]], now);
  if (!limited.ok) return { ok: false, status: 429, error: LEAD_RATE_LIMIT_MESSAGE, retryAfterSeconds: limited.retryAfterSeconds };
  const parent = documentOf(row);
  const { doc, eventId } = build(parent, row, id);
  const stored = await storeLead(c, {
    tenant: c.tenant,
    doc: { ...doc, received_at: now },
    carId: row.car_id,
    // Follow-ups never merge: they continue a lead on purpose.
    contactPhone: null,
    contactEmail: null,
    ipHash: null,
    eventId,
    page: pagePath(parent.userData?.url ?? '/'),
  });
  return storedOutcome(stored);
}

/** POST /api/leads/valuation-adjustments: the shopper's answers about their car's condition (spec §7). */
export async function submitAdjustments(c: LeadContext, body: unknown): Promise<LeadOutcome> {
  const parsed = v.safeParse(AdjustmentsRequestSchema, body);
  if (!parsed.success) return invalid(parsed.issues, AdjustmentsRequestSchema);
  const { id, adjustmentAnswers } = parsed.output;
  return followUp(c, id, 'adjustments', (parent, _row, leadId) => ({
    doc: {
      ...parent,
      lead_id: leadId,
      subcategory: ADJUSTMENTS_SUBCATEGORY,
      payload: { ...parent.payload, subcategory: ADJUSTMENTS_SUBCATEGORY, adjustmentAnswers },
      parent_lead_id: parent.lead_id,
    },
    eventId: null,
  }), canonicalJson(adjustmentAnswers));
}

/** POST /api/leads/offer-accepted: the shopper accepts the trade-in offer (spec §7, analytics 18). */
export async function submitOfferAccepted(c: LeadContext, body: unknown): Promise<LeadOutcome> {
  const parsed = v.safeParse(OfferAcceptedSchema, body);
  if (!parsed.success) return invalid(parsed.issues, OfferAcceptedSchema);
  const offer = parsed.output;
  return followUp(c, offer.lead_id, 'offer-accepted', (parent, row, leadId) => ({
    doc: {
      ...parent,
      lead_id: leadId,
      category: offer.category.trim() || parent.category,
      subcategory: OFFER_ACCEPTED_SUBCATEGORY,
      payload: { ...parent.payload, category: offer.category.trim() || parent.category, subcategory: OFFER_ACCEPTED_SUBCATEGORY },
      parent_lead_id: parent.lead_id,
      offer: { form_completed: offer.form_completed, offer_accepted: offer.offer_accepted },
      ...(row.valuation ? { valuation: JSON.parse(row.valuation) as unknown } : {}),
    },
    eventId: offer.offer_accepted ? ANALYTICS_EVENTS.OFFER_ACCEPTED : null,
  }), canonicalJson({ form_completed: offer.form_completed, offer_accepted: offer.offer_accepted }));
}

/**
 * The trade-in journey's '2. Valuation Adjustments' follow-up (issue 18): the condition answers (odometer included)
 * and the offer the shopper was shown (the journey's stored offer), as its own lead continuing the contact lead (the
 * same outbox). A journey has one offer, so it has one such follow-up: its id derives from the lead and
 * 'trade-in-adjustments' only, never from the content, so a retry or a concurrent post stores and delivers nothing twice.
 */
export async function submitTradeInAdjustments(c: LeadContext, leadId: string, adjustmentAnswers: Record<string, string | number | boolean>, offer: TradeInOffer): Promise<LeadOutcome> {
  const parsed = v.safeParse(AdjustmentsRequestSchema, { id: leadId, adjustmentAnswers });
  if (!parsed.success) return invalid(parsed.issues, AdjustmentsRequestSchema);
  const answers = parsed.output.adjustmentAnswers;
  return followUp(c, leadId, TRADE_IN_ADJUSTMENTS_KIND, (parent, _row, id) => ({
    doc: {
      ...parent,
      lead_id: id,
      subcategory: ADJUSTMENTS_SUBCATEGORY,
      payload: { ...parent.payload, subcategory: ADJUSTMENTS_SUBCATEGORY, adjustmentAnswers: answers, ...(offer.kind === 'estimate' ? { offer_price: offer.low } : {}) },
      parent_lead_id: parent.lead_id,
      valuation: offer,
    },
    eventId: null,
  }), '');
}

/** The trade-in adjustments follow-up's id key: one per lead (see submitTradeInAdjustments). */
export const TRADE_IN_ADJUSTMENTS_KIND = 'trade-in-adjustments';
