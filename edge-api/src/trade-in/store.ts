/**
 * D1 side of the trade-in journey (migration 0013): one row per journey, every query by tenant and id. A journey lives
 * JOURNEY_TTL_MS after its last step; an expired row answers as unknown and the cron deletes it (deleteExpiredJourneys).
 */
import * as v from 'valibot';
import {
  TradeInOfferSchema, TradeInVehicleSchema, maskPhone, maskRego,
  type TradeInJourneyKind, type TradeInJourneyState, type TradeInOffer, type TradeInStep, type TradeInVehicle,
} from '@forecourt/contracts/trade-in';
import type { AuState } from '../lib/au/states.ts';

/** A journey is kept 30 days after its last step (the offer is valid 7: a shopper may come back to accept it). */
export const JOURNEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type JourneyRow = {
  tenant: string;
  id: string;
  kind: TradeInJourneyKind;
  car_id: string | null;
  rego: string | null;
  rego_state: AuState | null;
  vehicle: string | null;
  odometer: number | null;
  answers: string | null;
  lead_id: string | null;
  verify_phone: string | null;
  verified_at: number | null;
  offer: string | null;
  accepted_at: number | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
};

/** A journey as the routes use it (JSON columns parsed). */
export type Journey = Omit<JourneyRow, 'vehicle' | 'answers' | 'offer'> & {
  vehicle: TradeInVehicle | null;
  answers: Record<string, string> | null;
  offer: TradeInOffer | null;
};

const parseJson = <T>(text: string | null, schema: v.GenericSchema<unknown, T>): T | null => {
  if (text === null) return null;
  try {
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
};
const AnswersSchema = v.record(v.string(), v.string());

const fromRow = (row: JourneyRow): Journey => ({
  ...row,
  vehicle: parseJson(row.vehicle, TradeInVehicleSchema),
  answers: parseJson(row.answers, AnswersSchema),
  offer: parseJson(row.offer, TradeInOfferSchema),
});

/** 16 random bytes as base64url: 22 characters (contracts TRADE_IN_JOURNEY_ID). */
export function newJourneyId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The live journey of a tenant (null: unknown, another tenant's, or expired). */
export async function findJourney(db: D1Database, tenant: string, id: string, now: number): Promise<Journey | null> {
  const row = await db.prepare('SELECT * FROM trade_in_journeys WHERE tenant = ? AND id = ? AND expires_at > ?').bind(tenant, id, now).first<JourneyRow>();
  return row ? fromRow(row) : null;
}

export type NewJourney = { kind: TradeInJourneyKind; carId: string | null; rego: string | null; regoState: AuState | null; vehicle: TradeInVehicle | null };

export async function createJourney(db: D1Database, tenant: string, input: NewJourney, now: number): Promise<Journey> {
  const id = newJourneyId();
  await db
    .prepare(
      `INSERT INTO trade_in_journeys (tenant, id, kind, car_id, rego, rego_state, vehicle, created_at, updated_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(tenant, id, input.kind, input.carId, input.rego, input.regoState, input.vehicle ? JSON.stringify(input.vehicle) : null, now, now, now + JOURNEY_TTL_MS)
    .run();
  const created = await findJourney(db, tenant, id, now);
  if (!created) throw new Error('trade-in journey not readable after insert');
  return created;
}

/** The columns a step may change. */
export type JourneyChanges = Partial<{
  car_id: string | null;
  rego: string | null;
  rego_state: AuState | null;
  vehicle: TradeInVehicle | null;
  odometer: number | null;
  answers: Record<string, string> | null;
  lead_id: string | null;
  verify_phone: string | null;
  verified_at: number | null;
  offer: TradeInOffer | null;
  accepted_at: number | null;
}>;

const JSON_COLUMNS = new Set(['vehicle', 'answers', 'offer']);

/**
 * Writes a step's changes and moves the expiry on (30 days from now). `where` adds a guard (e.g. `accepted_at IS
 * NULL`), so two simultaneous posts of one step change the row once. Answers the journey after the write, or null
 * when the guard (or the expiry) refused it.
 */
export async function updateJourney(db: D1Database, tenant: string, id: string, changes: JourneyChanges, now: number, where = '1 = 1'): Promise<Journey | null> {
  const columns = Object.keys(changes) as (keyof JourneyChanges)[];
  const sets = columns.map((c) => `${c} = ?`);
  const values = columns.map((c) => {
    const value = changes[c];
    return JSON_COLUMNS.has(c) && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null);
  });
  const result = await db
    .prepare(`UPDATE trade_in_journeys SET ${[...sets, 'updated_at = ?', 'expires_at = ?'].join(', ')} WHERE tenant = ? AND id = ? AND expires_at > ? AND (${where})`)
    .bind(...values, now, now + JOURNEY_TTL_MS, tenant, id, now)
    .run();
  if (result.meta.changes === 0) return null;
  return findJourney(db, tenant, id, now);
}

/**
 * The expiry delete, tenant by tenant on the (tenant, expires_at) index (every index starts with tenant, so a bare
 * `expires_at <=` would scan the table): the tenants are walked by index seeks (each the next tenant after the last),
 * then each tenant's expired rows are a range of that index.
 */
export const DELETE_EXPIRED_JOURNEYS_SQL = `WITH RECURSIVE tenants(tenant) AS (
  SELECT (SELECT tenant FROM trade_in_journeys ORDER BY tenant LIMIT 1)
  UNION ALL
  SELECT (SELECT t.tenant FROM trade_in_journeys AS t WHERE t.tenant > tenants.tenant ORDER BY t.tenant LIMIT 1) FROM tenants WHERE tenants.tenant IS NOT NULL
)
DELETE FROM trade_in_journeys WHERE tenant IN (SELECT tenant FROM tenants WHERE tenant IS NOT NULL) AND expires_at <= ?`;

/** Journeys past their expiry, across tenants (the hourly cron: src/index.ts `scheduled`), by index (above). */
export async function deleteExpiredJourneys(db: D1Database, now = Date.now()): Promise<number> {
  const result = await db.prepare(DELETE_EXPIRED_JOURNEYS_SQL).bind(now).run();
  return result.meta.changes;
}

/** Whether this journey still owes the texted code before its offer. */
export const awaitsCode = (journey: Journey, verifyPhone: boolean) => verifyPhone && journey.lead_id !== null && journey.verified_at === null;

/** The step a journey is at: the first one it has not done. */
export function journeyStep(journey: Journey, verifyPhone: boolean): TradeInStep {
  if (journey.accepted_at !== null) return 'accepted';
  if (!journey.vehicle) return 'vehicle';
  if (journey.odometer === null || !journey.answers) return 'condition';
  if (!journey.lead_id) return 'contact';
  // Verified (or no code asked): the offer step, even while its offer is still to be made (a failed attempt after a
  // right code): that step retries the offer; the code is never asked again.
  if (awaitsCode(journey, verifyPhone)) return 'verify';
  return 'offer';
}

/** The journey's public state (contracts TradeInJourneyStateSchema): no contact details, the rego masked. */
export function journeyState(journey: Journey, verifyPhone: boolean): TradeInJourneyState {
  const step = journeyStep(journey, verifyPhone);
  return {
    id: journey.id,
    journey: journey.kind,
    step,
    car_id: journey.car_id,
    rego_masked: journey.rego ? maskRego(journey.rego) : null,
    regoState: journey.rego_state,
    vehicle: journey.vehicle,
    odometer: journey.odometer,
    answers: journey.answers,
    lead_id: journey.lead_id,
    phone_masked: step === 'verify' && journey.verify_phone ? maskPhone(journey.verify_phone) : null,
    offer: journey.offer,
    accepted_at: journey.accepted_at === null ? null : new Date(journey.accepted_at).toISOString(),
    expires_at: new Date(journey.expires_at).toISOString(),
  };
}
