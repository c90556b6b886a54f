/**
 * D1 side of the signed-in shopper's area (issue 16, README "Account"): the profile and contact preference, saved
 * searches, the shopper's reservations and enquiries on this site, the export and the deletion. Every statement names
 * the tenant; a shopper is a user id of that tenant, and leads and payments are found by the session's phone (local
 * form, as leads store it). Nothing here logs.
 */
import { MAX_SAVED_SEARCHES, type AccountEnquiry, type AccountReservation, type ProfileUpdate, type SavedSearch } from '@forecourt/contracts/account';
import type { SessionUser } from '@forecourt/contracts/sign-in';

/** The most reservations and enquiries an answer lists (newest first): far more than one shopper makes on one site. */
export const ACCOUNT_LIST_MAX = 100;

export type UserRow = {
  id: string; phone: string; first_name: string | null; last_name: string | null; email: string | null;
  sms_alerts: number; created_at: number; updated_at: number;
};

export async function findUser(db: D1Database, tenant: string, userId: string): Promise<UserRow | null> {
  return db
    .prepare('SELECT id, phone, first_name, last_name, email, sms_alerts, created_at, updated_at FROM users WHERE tenant = ? AND id = ?')
    .bind(tenant, userId)
    .first<UserRow>();
}

export const sessionUserOf = (row: UserRow): SessionUser => ({ id: row.id, phone: row.phone, first_name: row.first_name, last_name: row.last_name, email: row.email });

/**
 * Applies a profile update: fields absent stay as they are, an empty name or email is cleared (NULL), the email kept
 * lower-case (as sign-in stores it).
 */
export async function updateProfile(db: D1Database, tenant: string, userId: string, update: ProfileUpdate, now: number): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [];
  const text = (column: 'first_name' | 'last_name' | 'email', value: string | undefined) => {
    if (value === undefined) return;
    sets.push(`${column} = ?`);
    values.push(value === '' ? null : column === 'email' ? value.toLowerCase() : value);
  };
  text('first_name', update.first_name);
  text('last_name', update.last_name);
  text('email', update.email);
  if (update.sms_alerts !== undefined) {
    sets.push('sms_alerts = ?');
    values.push(update.sms_alerts ? 1 : 0);
  }
  if (sets.length === 0) return;
  await db.prepare(`UPDATE users SET ${sets.join(', ')}, updated_at = ? WHERE tenant = ? AND id = ?`).bind(...values, now, tenant, userId).run();
}

// Saved searches ---------------------------------------------------------------------------------------------------

type SavedSearchRow = { id: string; url: string; label: string; alerts: number; created_at: number };
const toSavedSearch = (r: SavedSearchRow): SavedSearch => ({ id: r.id, url: r.url, label: r.label, alerts: r.alerts === 1, created_at: r.created_at });

/** The shopper's saved searches, newest first. */
export async function listSavedSearches(db: D1Database, tenant: string, userId: string): Promise<SavedSearch[]> {
  const { results } = await db
    .prepare('SELECT id, url, label, alerts, created_at FROM saved_searches WHERE tenant = ? AND user_id = ? ORDER BY created_at DESC, id DESC')
    .bind(tenant, userId)
    .all<SavedSearchRow>();
  return results.map(toSavedSearch);
}

/**
 * Saves a search once per shopper and URL, within MAX_SAVED_SEARCHES: one statement decides both (the count and the
 * insert are one transaction), so simultaneous saves can neither pass the limit nor make two rows. A URL saved before
 * answers its row unchanged. Null: the limit is reached.
 */
export async function saveSearch(db: D1Database, tenant: string, userId: string, search: { url: string; label: string; alerts: boolean }, now: number): Promise<{ id: string; created: boolean } | null> {
  const [inserted, read] = await db.batch([
    db.prepare(
      `INSERT INTO saved_searches (tenant, id, user_id, url, label, alerts, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE (SELECT COUNT(*) FROM saved_searches WHERE tenant = ?1 AND user_id = ?3) < ?8
       ON CONFLICT (tenant, user_id, url) DO NOTHING`,
    ).bind(tenant, crypto.randomUUID(), userId, search.url, search.label, search.alerts ? 1 : 0, now, MAX_SAVED_SEARCHES),
    db.prepare('SELECT id FROM saved_searches WHERE tenant = ? AND user_id = ? AND url = ?').bind(tenant, userId, search.url),
  ]);
  const id = (read?.results[0] as { id: string } | undefined)?.id;
  return id ? { id, created: inserted?.meta.changes === 1 } : null;
}

/** Switches a search's alerts, or removes it (alerts undefined). False: the shopper has no such search here. */
export async function changeSavedSearch(db: D1Database, tenant: string, userId: string, id: string, alerts: boolean | undefined): Promise<boolean> {
  const statement = alerts === undefined
    ? db.prepare('DELETE FROM saved_searches WHERE tenant = ? AND user_id = ? AND id = ?').bind(tenant, userId, id)
    : db.prepare('UPDATE saved_searches SET alerts = ? WHERE tenant = ? AND user_id = ? AND id = ?').bind(alerts ? 1 : 0, tenant, userId, id);
  return (await statement.run()).meta.changes > 0;
}

// Reservations and enquiries ---------------------------------------------------------------------------------------

/**
 * The shopper's reservations on this site: payments whose lead (`payment_intents.lead_id`) carries the phone (as its
 * contact phone, or in the document the shopper sent: a reservation's lead has no contact phone, so that it is never
 * merged), or, before it became a lead, whose stored lead request does. `sent` is what the shopper typed (export only).
 * Checkouts that failed or were refunded before a lead was made hold no contact details any more: they are found by
 * their `contact_key` (a keyed hash of the tenant and phone, auth/code.ts contactKey), e.g. a payment refunded because
 * someone else reserved the car first.
 */
async function reservationRows(db: D1Database, tenant: string, phone: string, key: string | null) {
  const { results } = await db
    .prepare(
      `SELECT p.id AS payment_id, p.car_id, p.car_slug, p.amount_cents, p.status, p.refund_reason, p.created_at, p.paid_at, p.refunded_at,
         COALESCE(json_extract(l.payload, '$.payload'), json_extract(p.lead_request, '$.payload')) AS sent
       FROM payment_intents p LEFT JOIN leads l ON l.tenant = p.tenant AND l.id = p.lead_id
       WHERE p.tenant = ?1 AND (
         (?4 IS NOT NULL AND p.contact_key = ?4)
         OR (p.lead_id IS NOT NULL AND (l.contact_phone = ?2 OR json_extract(l.payload, '$.payload.phone') = ?2))
         OR (p.lead_id IS NULL AND p.lead_request IS NOT NULL AND json_extract(p.lead_request, '$.payload.phone') = ?2))
       ORDER BY p.created_at DESC, p.id DESC LIMIT ?3`,
    )
    .bind(tenant, phone, ACCOUNT_LIST_MAX, key)
    .all<AccountReservation & { sent: string | null }>();
  return results;
}

export async function listReservations(db: D1Database, tenant: string, phone: string, key: string | null): Promise<AccountReservation[]> {
  return (await reservationRows(db, tenant, phone, key)).map(({ sent: _sent, ...r }) => r);
}

/** Leads of this site sent with the phone as their contact phone, newest first: what was sent, never how the dealer handled it. */
async function enquiryRows(db: D1Database, tenant: string, phone: string) {
  const { results } = await db
    .prepare(
      `SELECT id, created_at, category, subcategory, car_id, json_extract(payload, '$.payload') AS sent
       FROM leads WHERE tenant = ? AND contact_phone = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .bind(tenant, phone, ACCOUNT_LIST_MAX)
    .all<AccountEnquiry & { sent: string | null }>();
  return results;
}

export async function listEnquiries(db: D1Database, tenant: string, phone: string): Promise<AccountEnquiry[]> {
  return (await enquiryRows(db, tenant, phone)).map(({ sent: _sent, ...r }) => r);
}

const parseSent = (json: string | null): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(json ?? 'null') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

// Export and deletion ----------------------------------------------------------------------------------------------

/**
 * "Download my data": everything the shopper's account holds on this site, and the enquiries and reservations made with
 * their phone as My Garage lists them (date, car, type, amount, status). Not the forms' contents: a lead is matched by
 * the phone typed into it, and a stranger who typed this number (a typo) must not have their name, email and message
 * handed to the number's owner. Never the dealer's or the platform's fields (delivery state, spam flags, address
 * hashes, processor ids).
 */
export async function exportData(db: D1Database, tenant: string, user: UserRow, now: number, key: string | null) {
  const [watchlist, savedSearches, reservations, enquiries, alerts, signIns] = await Promise.all([
    db.prepare('SELECT car_id, created_at FROM watchlist WHERE tenant = ? AND user_id = ? ORDER BY created_at DESC, car_id DESC')
      .bind(tenant, user.id).all<{ car_id: string; created_at: number }>().then((r) => r.results.map((w) => ({ car_id: w.car_id, saved_at: w.created_at }))),
    listSavedSearches(db, tenant, user.id),
    reservationRows(db, tenant, user.phone, key),
    enquiryRows(db, tenant, user.phone),
    // The alerts computed for the shopper (texted, waiting or cancelled): what changed, never the platform's retry state.
    db.prepare('SELECT kind, car_id, search_id, payload, status, created_at, sent_at FROM alert_outbox WHERE tenant = ? AND user_id = ? ORDER BY created_at DESC LIMIT 500')
      .bind(tenant, user.id)
      .all<{ kind: string; car_id: string; search_id: string | null; payload: string; status: string; created_at: number; sent_at: number | null }>()
      .then((r) => r.results.map(({ payload, ...a }) => ({ ...a, details: parseSent(payload) }))),
    // The sign-in records of spec §7 (a code sent, a code verified) for the user or the phone.
    db.prepare('SELECT verification_type AS type, created_at FROM verifications WHERE tenant = ? AND (user_id = ? OR phone = ?) ORDER BY created_at DESC LIMIT 500')
      .bind(tenant, user.id, user.phone)
      .all<{ type: string; created_at: number }>()
      .then((r) => r.results),
  ]);
  return {
    site: tenant,
    exported_at: new Date(now).toISOString(),
    user: { ...sessionUserOf(user), created_at: user.created_at, updated_at: user.updated_at },
    preferences: { sms_alerts: user.sms_alerts === 1 },
    watchlist,
    saved_searches: savedSearches,
    reservations: reservations.map(({ sent: _sent, ...r }) => r),
    enquiries: enquiries.map(({ sent: _sent, ...e }) => e),
    alerts,
    sign_ins: signIns,
  };
}

/**
 * "Delete my data": the user row and, in one batch (one transaction), its alerts (queued and texted), watchlist, saved
 * searches, sessions (they also cascade from `users`; deleted explicitly so nothing depends on the foreign-key pragma)
 * and its sign-in records (`verifications` of the user or the phone). Leads and payments stay: they were delivered to
 * the dealer and are the dealer's records (README "Account"). False: no such user (already gone).
 */
export async function deleteAccount(db: D1Database, tenant: string, user: { id: string; phone: string }): Promise<boolean> {
  const results = await db.batch([
    db.prepare('DELETE FROM verifications WHERE tenant = ? AND (user_id = ? OR phone = ?)').bind(tenant, user.id, user.phone),
    db.prepare('DELETE FROM alert_outbox WHERE tenant = ? AND user_id = ?').bind(tenant, user.id),
    db.prepare('DELETE FROM alert_messages WHERE tenant = ? AND user_id = ?').bind(tenant, user.id),
    db.prepare('DELETE FROM watchlist WHERE tenant = ? AND user_id = ?').bind(tenant, user.id),
    db.prepare('DELETE FROM saved_searches WHERE tenant = ? AND user_id = ?').bind(tenant, user.id),
    db.prepare('DELETE FROM sessions WHERE tenant = ? AND user_id = ?').bind(tenant, user.id),
    db.prepare('DELETE FROM users WHERE tenant = ? AND id = ?').bind(tenant, user.id),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}
