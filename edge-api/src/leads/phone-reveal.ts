/**
 * Phone-reveal lead call (spec §4 Phone reveal: "click records a lead call"; §7 Phone-reveal lead call: car_id,
 * dealership_id, website_id). A lead without contact details: the dealer's CRM learns that a shopper took the number
 * of this car, so a call that follows can be attributed. Stored like every lead (row, analytics 25 and outbox row in
 * one D1 batch) and delivered by the outbox with the same guarantee. A failure is only logged by the page (spec §8).
 */
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { PHONE_REVEAL_CATEGORY, type PhoneRevealLead } from '@forecourt/contracts/api';
import { RATE_LIMITS, clientIp, hitRateLimits, scopedHash } from './rate-limit.ts';
import { findLead, type CallDocument } from './store.ts';
import { lookUpCar } from '../lib/cars.ts';
import { storeLead, storedOutcome, type LeadContext, type LeadOutcome } from './submit.ts';

export const PHONE_REVEAL_RATE_LIMIT_MESSAGE = 'Too many phone numbers revealed. Please try again later.';
export const UNKNOWN_CAR_MESSAGE = 'No such car.';

/** Analytics 25's label: 'New Car' or 'Used Car' (spec §7; demo cars count as new, unknown as new). */
export const phoneRevealType = (carType: PhoneRevealLead['car_type']) => (carType === 'used' ? 'Used Car' : 'New Car');

/** The lead document of a reveal: no contact fields, the car in the payload, dealership and website beside it. */
export function phoneRevealDocument(tenant: string, call: PhoneRevealLead, now: number): CallDocument {
  return {
    lead_id: call.call_id,
    category: PHONE_REVEAL_CATEGORY,
    subcategory: null,
    payload: { category: PHONE_REVEAL_CATEGORY, car_id: call.car_id, ...(call.car_type ? { car_type: call.car_type } : {}) },
    userData: null,
    parent_lead_id: null,
    flagged: false,
    spam_reason: null,
    // website_id is the tenant the request came through, whatever the page sent.
    call: { dealership_id: call.dealership_id, website_id: tenant, page: call.page ?? null },
    received_at: now,
  };
}

/** Records one reveal: idempotent per call_id (200 on a repeat), limited per IP (429), a car of the stock only (404), 201 when new. */
export async function submitPhoneReveal(c: LeadContext, call: PhoneRevealLead): Promise<LeadOutcome> {
  const existing = await findLead(c.env.DB, c.tenant, call.call_id);
  if (existing) return { ok: true, status: 200, leadId: existing.id, duplicate: true };
  const now = c.now ?? Date.now();
  const ip = clientIp(c.headers);
  const byIp = await hitRateLimits(c.env.DB, c.tenant, [[RATE_LIMITS.phoneRevealIp, ip]], now);
  if (!byIp.ok) return { ok: false, status: 429, error: PHONE_REVEAL_RATE_LIMIT_MESSAGE, retryAfterSeconds: byIp.retryAfterSeconds };
  // Only a car of this site's stock makes a lead call, and its dealership is the stock's, not what the page sent.
  let car;
  try {
    car = await lookUpCar(c.env, c.tenant, call.car_slug);
  } catch (error) {
    // The stock cannot say right now: the call is recorded as the page described it (a lead is never dropped for that).
    console.error(`edge-api phone-reveal: car not checked for ${c.tenant}: ${error instanceof Error ? error.message : 'error'}`);
  }
  if (car === null || (car && car.id !== call.car_id)) return { ok: false, status: 404, error: UNKNOWN_CAR_MESSAGE };
  if (car) call = { ...call, dealership_id: car.dealership_id, car_type: car.car_type };
  const stored = await storeLead(c, {
    tenant: c.tenant,
    doc: phoneRevealDocument(c.tenant, call, now),
    carId: call.car_id,
    contactPhone: null,
    contactEmail: null,
    ipHash: ip ? await scopedHash(c.tenant, ip) : null,
    eventId: ANALYTICS_EVENTS.PHONE_CLICK,
    page: call.page ?? '/',
    eventMeta: { type: phoneRevealType(call.car_type), dealership_id: call.dealership_id, website_id: c.tenant },
  });
  return storedOutcome(stored);
}
