/**
 * D1 side of payments (`payment_intents`, migrations 0001 + 0003), shared by every adapter: every statement filters by
 * tenant, every status change is a compare-and-set on the current status, so a webhook delivered twice (or a webhook
 * racing the shopper's return) records one settlement.
 */
import type { CreatePaymentIntent, PaymentIntent, PaymentStatus, Settlement } from './port.ts';

export type IntentRow = {
  tenant: string; id: string; idempotency_key: string; amount_cents: number; currency: 'aud'; car_id: string | null; car_slug: string | null;
  description: string; status: PaymentStatus; provider: string; provider_ref: string | null; checkout_url: string | null;
  payment_ref: string | null; return_path: string | null; lead_request: string | null; lead_id: string | null;
  paid_at: number | null; refunded_at: number | null; refund_ref: string | null; refund_reason: string | null;
  created_at: number; updated_at: number;
};

export const toIntent = (r: IntentRow): PaymentIntent => ({
  id: r.id, tenant: r.tenant, amountCents: r.amount_cents, currency: r.currency, carId: r.car_id, carSlug: r.car_slug,
  description: r.description, status: r.status, provider: r.provider, createdAt: r.created_at,
  checkoutUrl: r.status === 'requires_payment' ? r.checkout_url : null, paidAt: r.paid_at, refundedAt: r.refunded_at,
  returnPath: r.return_path, leadId: r.lead_id,
});

/** The same idempotency key was used for another amount or car: refused, never a second charge. */
export class IdempotencyConflictError extends Error {
  constructor() {
    super('idempotencyKey was already used for a different amount or car.');
    this.name = 'IdempotencyConflictError';
  }
}

/** A new payment id: not the processor's (Stripe's `pi_`), so logs and support can tell them apart. */
export const newPaymentId = () => `pay_${crypto.randomUUID().replaceAll('-', '')}`;

const SELECT = 'SELECT * FROM payment_intents';

export async function findIntent(db: D1Database, tenant: string, id: string): Promise<IntentRow | null> {
  return db.prepare(`${SELECT} WHERE tenant = ? AND id = ?`).bind(tenant, id).first<IntentRow>();
}
export async function findIntentByKey(db: D1Database, tenant: string, key: string): Promise<IntentRow | null> {
  return db.prepare(`${SELECT} WHERE tenant = ? AND idempotency_key = ?`).bind(tenant, key).first<IntentRow>();
}
export async function findIntentByProviderRef(db: D1Database, tenant: string, ref: string): Promise<IntentRow | null> {
  return db.prepare(`${SELECT} WHERE tenant = ? AND provider_ref = ?`).bind(tenant, ref).first<IntentRow>();
}
export async function findIntentByPaymentRef(db: D1Database, tenant: string, ref: string): Promise<IntentRow | null> {
  return db.prepare(`${SELECT} WHERE tenant = ? AND payment_ref = ?`).bind(tenant, ref).first<IntentRow>();
}

/**
 * Records an intent once per (tenant, idempotency key) and answers the stored row: the first request's row for every
 * retry. A key reused for another amount or car throws IdempotencyConflictError.
 */
export async function insertIntent(db: D1Database, provider: string, input: CreatePaymentIntent, now: number): Promise<IntentRow> {
  const { tenant, idempotencyKey, amountCents } = input;
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents.');
  if (!idempotencyKey) throw new Error('idempotencyKey is required.');
  await db
    .prepare(
      `INSERT INTO payment_intents (tenant, id, idempotency_key, amount_cents, currency, car_id, car_slug, description, status, provider,
         return_path, lead_request, contact_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'aud', ?, ?, ?, 'requires_payment', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant, idempotency_key) DO NOTHING`,
    )
    .bind(
      tenant, newPaymentId(), idempotencyKey, amountCents, input.carId ?? null, input.carSlug ?? null, input.description, provider,
      input.returnPath ?? null, input.leadRequest === undefined ? null : JSON.stringify(input.leadRequest), input.contactKey ?? null, now, now,
    )
    .run();
  const row = await findIntentByKey(db, tenant, idempotencyKey);
  if (!row) throw new Error('Payment intent was not recorded.');
  if (row.amount_cents !== amountCents || row.car_id !== (input.carId ?? null)) throw new IdempotencyConflictError();
  return row;
}

/**
 * Remembers the processor's checkout of an unpaid intent; the first one recorded wins (two simultaneous retries of
 * one form both answer the stored checkout). Answers the row as stored.
 */
export async function setCheckout(db: D1Database, tenant: string, id: string, providerRef: string, checkoutUrl: string, now: number): Promise<IntentRow> {
  await db
    .prepare(`UPDATE payment_intents SET provider_ref = ?, checkout_url = ?, updated_at = ? WHERE tenant = ? AND id = ? AND status = 'requires_payment' AND provider_ref IS NULL`)
    .bind(providerRef, checkoutUrl, now, tenant, id)
    .run();
  const row = await findIntent(db, tenant, id);
  if (!row) throw new Error(`Payment ${id} does not exist.`);
  return row;
}

async function transition(db: D1Database, tenant: string, id: string, from: PaymentStatus, set: string, values: unknown[]): Promise<Settlement> {
  const changed = await db
    .prepare(`UPDATE payment_intents SET ${set} WHERE tenant = ? AND id = ? AND status = ? RETURNING id`)
    .bind(...values, tenant, id, from)
    .first<{ id: string }>();
  const row = await findIntent(db, tenant, id);
  if (!row) throw new Error(`Payment ${id} does not exist.`);
  return { intent: toIntent(row), changed: changed !== null };
}

/** requires_payment -> paid (once), keeping the processor's payment id for refunds. */
export const markPaid = (db: D1Database, tenant: string, id: string, paymentRef: string | null, now: number) =>
  transition(db, tenant, id, 'requires_payment', "status = 'paid', payment_ref = COALESCE(?, payment_ref), paid_at = ?, updated_at = ?", [paymentRef, now, now]);

/** requires_payment -> failed (checkout expired or the payment method failed); its contact details are dropped (no lead). */
export const markFailed = (db: D1Database, tenant: string, id: string, now: number) =>
  transition(db, tenant, id, 'requires_payment', "status = 'failed', lead_request = NULL, updated_at = ?", [now]);

/** paid -> refunded (once): the car is no longer reserved; contact details not yet made a lead are dropped. */
export const markRefunded = (db: D1Database, tenant: string, id: string, refundRef: string | null, reason: string, now: number) =>
  transition(db, tenant, id, 'paid', "status = 'refunded', lead_request = NULL, refund_ref = COALESCE(?, refund_ref), refund_reason = ?, refunded_at = ?, updated_at = ?", [refundRef, reason, now, now]);

/**
 * Checkouts left unpaid since before `createdBefore` become failed and lose their contact details (kept only to make
 * the lead of a payment that will now never come). Answers how many.
 */
export async function expireAbandoned(db: D1Database, tenant: string, createdBefore: number, now: number): Promise<number> {
  const result = await db
    .prepare(`UPDATE payment_intents SET status = 'failed', lead_request = NULL, updated_at = ? WHERE tenant = ? AND status = 'requires_payment' AND created_at < ?`)
    .bind(now, tenant, createdBefore)
    .run();
  return result.meta.changes;
}

/**
 * Every tenant's checkouts nobody paid within `createdBefore` are failed and their contact details dropped (privacy:
 * the cron runs it, so details never wait for that tenant's next reservation). One tenant at a time.
 * @returns how many were expired
 */
export async function expireAbandonedEverywhere(db: D1Database, createdBefore: number, now: number): Promise<number> {
  const { results } = await db.prepare(`SELECT DISTINCT tenant FROM payment_intents WHERE status = 'requires_payment' AND created_at < ?`).bind(createdBefore).all<{ tenant: string }>();
  let expired = 0;
  for (const { tenant } of results) expired += await expireAbandoned(db, tenant, createdBefore, now);
  return expired;
}

/** The reservation became a lead: keep its id, drop the contact details (the lead holds them, under its retention). */
export async function setLead(db: D1Database, tenant: string, id: string, leadId: string, now: number): Promise<void> {
  await db.prepare('UPDATE payment_intents SET lead_id = ?, lead_request = NULL, updated_at = ? WHERE tenant = ? AND id = ?').bind(leadId, now, tenant, id).run();
}

/** The first paid (not refunded) reservation of a car: the one that holds it. */
export async function reservationOf(db: D1Database, tenant: string, carId: string): Promise<IntentRow | null> {
  return db
    .prepare(`${SELECT} WHERE tenant = ? AND car_id = ? AND status = 'paid' ORDER BY paid_at, created_at, id LIMIT 1`)
    .bind(tenant, carId)
    .first<IntentRow>();
}

/** Which of these cars have a paid reservation (spec §4 card tag 'Reserved'). */
export async function reservedCarIds(db: D1Database, tenant: string, carIds: readonly string[]): Promise<string[]> {
  if (carIds.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT DISTINCT car_id FROM payment_intents WHERE tenant = ? AND status = 'paid' AND car_id IN (SELECT value FROM json_each(?))`)
    .bind(tenant, JSON.stringify(carIds))
    .all<{ car_id: string }>();
  const reserved = new Set(results.map((r) => r.car_id));
  return carIds.filter((id) => reserved.has(id));
}
