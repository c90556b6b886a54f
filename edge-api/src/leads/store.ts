/**
 * D1 side of leads (issue 4 "Never lose a lead"): the lead row, its outbox row and its analytics event are written
 * in ONE batch (a D1 transaction) before the shopper sees success. Idempotent per (tenant, client lead id).
 */
import type { LeadPayload, LeadUserData } from '@forecourt/contracts/api';
import type { SpamReason } from './spam.ts';
import { DUPLICATE_WINDOW_MS } from './rules.ts';

/** What `leads.payload` holds, and what the relay hands to the dealer's CRM: the lead as submitted, with its context. */
export type LeadDocument = {
  lead_id: string;
  category: string;
  subcategory: string | null;
  payload: LeadPayload;
  userData: LeadUserData | null;
  /** Set on a trade-in follow-up (valuation adjustments, offer accepted). */
  parent_lead_id: string | null;
  /** Accepted but worth a look: Turnstile missing where required, or siteverify unreachable. */
  flagged: boolean;
  spam_reason: SpamReason | null;
  /** Offer-accepted follow-up flags (spec §7 Lead submission). */
  offer?: { form_completed: boolean; offer_accepted: boolean };
  /** The valuation response stored by POST /api/miscellaneous, copied onto an offer-accepted follow-up. */
  valuation?: unknown;
  received_at: number;
};

/**
 * A phone-reveal lead call (spec §7): no contact details exist, so the payload holds only the car, and `call` the
 * dealership and website the number was revealed for.
 */
export type CallDocument = Omit<LeadDocument, 'payload'> & {
  payload: { category: string; car_id: string; car_type?: 'new' | 'used' | 'demo' };
  call: { dealership_id: string; website_id: string; page: string | null };
};

/**
 * A spin-to-win prize (issue 14): the signed-in shopper's contact as their session knows it (the phone always, names and
 * email when they gave them), the prize as the subcategory, the campaign and prize beside it.
 */
export type SpinDocument = Omit<LeadDocument, 'payload'> & {
  payload: { category: string; subcategory: string; phone: string; name?: string; last_name?: string; email?: string; message: string };
  spin: { campaign_id: string; campaign_title: string; prize_id: string; prize_label: string; claim: string | null; spun_at: number };
};

export type NewLead = {
  tenant: string;
  doc: LeadDocument | CallDocument | SpinDocument;
  carId: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  ipHash: string | null;
  /** spec §7 analytics id recorded with the lead (null: none). */
  eventId: number | null;
  /** Page path of the analytics event. */
  page: string;
  /** More analytics context beside the lead id and category (e.g. analytics 25's 'New Car' / 'Used Car' type). */
  eventMeta?: Record<string, string>;
};

export type StoredLead = {
  /** The lead the shopper's submission lives in: its own id, or the earlier lead it was merged into. */
  leadId: string;
  /** False when the id existed already (a retry or double click). */
  inserted: boolean;
  mergedInto: string | null;
};

export type LeadRow = { id: string; category: string; subcategory: string | null; payload: string; car_id: string | null; merged_into: string | null; valuation: string | null; created_at: number };

export async function findLead(db: D1Database, tenant: string, id: string): Promise<LeadRow | null> {
  return db
    .prepare('SELECT id, category, subcategory, payload, car_id, merged_into, valuation, created_at FROM leads WHERE tenant = ? AND id = ?')
    .bind(tenant, id)
    .first<LeadRow>();
}

/**
 * Writes a lead in one batch: the row (merged into an earlier lead of the same shopper and car within 10 minutes,
 * spec'd by rules.isDuplicateLead and decided inside the transaction), its analytics event (not for a merged lead)
 * and its outbox row for the CRM (state pending, due now) unless it merely repeats the earlier lead. A conflicting id
 * changes nothing.
 */
export async function insertLead(db: D1Database, lead: NewLead): Promise<StoredLead> {
  const { tenant, doc } = lead;
  const now = doc.received_at;
  const mergeable = lead.carId !== null && doc.parent_lead_id === null;
  const insertLeadRow = db.prepare(
    `INSERT INTO leads (tenant, id, category, subcategory, payload, car_id, dealership_slug, location_id, source, user_agent,
       contact_phone, contact_email, merged_into, parent_lead_id, flagged, spam_reason, ip_hash, event_id, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
       CASE WHEN ?13 = 1 THEN (
         SELECT id FROM leads
         WHERE tenant = ?1 AND car_id = ?6 AND created_at >= ?14 AND merged_into IS NULL AND parent_lead_id IS NULL
           AND ((?11 IS NOT NULL AND contact_phone = ?11) OR (?12 IS NOT NULL AND contact_email = ?12))
         ORDER BY created_at LIMIT 1
       ) END,
       ?15, ?16, ?17, ?18, ?19, ?20, ?20)
     ON CONFLICT (tenant, id) DO NOTHING`,
  ).bind(
    tenant, doc.lead_id, doc.category, doc.subcategory, JSON.stringify(doc), lead.carId, ('dealership_slug' in doc.payload ? doc.payload.dealership_slug ?? null : null),
    ('location' in doc.payload ? doc.payload.location ?? null : null), doc.userData?.source ?? 'Website', doc.userData?.user_agent || null,
    lead.contactPhone, lead.contactEmail, mergeable ? 1 : 0, now - DUPLICATE_WINDOW_MS,
    doc.parent_lead_id, doc.flagged ? 1 : 0, doc.spam_reason, lead.ipHash, lead.eventId, now,
  );
  // changes() is the lead insert just above (same transaction): a retried id records no second event.
  const insertEvent = db.prepare(
    `INSERT INTO analytics_events (tenant, event_id, page, car_id, meta, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6
     WHERE ?2 IS NOT NULL AND changes() = 1 AND EXISTS (SELECT 1 FROM leads WHERE tenant = ?1 AND id = ?7 AND merged_into IS NULL)`,
  ).bind(tenant, lead.eventId, lead.page, lead.carId, JSON.stringify({ ...lead.eventMeta, lead_id: doc.lead_id, category: doc.category }), now, doc.lead_id);
  // Delivered: every lead that was not merged, and a merged one that says something new (another journey, e.g. a
  // test drive after an enquiry, or another message): it reaches the CRM as an update of the earlier lead
  // (`merged_into` in the document), so merging never loses what the shopper sent. A pure repeat (same category and
  // the same message) is not delivered twice.
  const insertOutbox = db.prepare(
    `INSERT INTO lead_outbox (tenant, lead_id, target, state, attempts, next_attempt_at, created_at, updated_at)
     SELECT l.tenant, l.id, 'crm', 'pending', 0, ?3, ?3, ?3 FROM leads l WHERE l.tenant = ?1 AND l.id = ?2 AND (
       l.merged_into IS NULL OR NOT EXISTS (
         SELECT 1 FROM leads e WHERE e.tenant = l.tenant AND e.id = l.merged_into AND e.category = l.category
           AND COALESCE(e.subcategory, '') = COALESCE(l.subcategory, '')
           AND TRIM(COALESCE(json_extract(e.payload, '$.payload.message'), '')) = TRIM(COALESCE(json_extract(l.payload, '$.payload.message'), ''))))
     ON CONFLICT (tenant, lead_id, target) DO NOTHING`,
  ).bind(tenant, doc.lead_id, now);
  const readBack = db.prepare('SELECT merged_into FROM leads WHERE tenant = ? AND id = ?').bind(tenant, doc.lead_id);
  const [leadResult, , , row] = await db.batch([insertLeadRow, insertEvent, insertOutbox, readBack]);
  const mergedInto = (row?.results[0] as { merged_into: string | null } | undefined)?.merged_into ?? null;
  return { leadId: mergedInto ?? doc.lead_id, inserted: leadResult?.meta.changes === 1, mergedInto };
}

/** Stores a document in a named column of a lead (POST /api/miscellaneous); false when the lead does not exist. */
export async function setLeadColumn(db: D1Database, tenant: string, leadId: string, column: 'valuation', value: unknown, now = Date.now()): Promise<boolean> {
  // The column name comes from a fixed list (contracts MISCELLANEOUS_COLUMNS), never from the request as text.
  const sql = { valuation: 'UPDATE leads SET valuation = ?, updated_at = ? WHERE tenant = ? AND id = ?' }[column];
  const result = await db.prepare(sql).bind(JSON.stringify(value), now, tenant, leadId).run();
  return result.meta.changes > 0;
}
