/**
 * The offer rules of the trade-in journey (issue 18 step 4, spec §9 trade-in FAQ values), pure: the tenant's age and
 * km limits, the valuation's answer, the validity date and the promised call. Unit-tested in offer.test.ts.
 */
import { todayIn } from '@forecourt/contracts/display';
import { addDays, nextContactTime, type NoEstimateReason, type TradeInOffer, type TradeInSettings, type TradeInVehicle } from '@forecourt/contracts/trade-in';
import type { TradeValuation } from '../ports/valuation/port.ts';

/** The year `now` falls in, in the tenant's time zone. */
export const yearIn = (timeZone: string, now: number) => Number(todayIn(timeZone, now).slice(0, 4));

/**
 * Why a car gets no online estimate before any valuation is asked (spec §9: 'no online estimate for cars over 7 or 10
 * years or 100,000 km (varies by dealer)'), or null when it may get one. Age is by build year in the tenant's zone:
 * a car of exactly `max_age_years` still gets one.
 */
export function limitReason(vehicle: Pick<TradeInVehicle, 'year'>, odometer: number, settings: Pick<TradeInSettings, 'max_age_years' | 'max_km'>, timeZone: string, now: number): NoEstimateReason | null {
  if (yearIn(timeZone, now) - vehicle.year > settings.max_age_years) return 'over_age';
  if (odometer > settings.max_km) return 'over_km';
  return null;
}

/**
 * The last day an offer made `now` holds (inclusive), in the tenant's zone: spec §9 'estimate valid 7 days' counts the
 * day of the offer as the first, so an offer of Friday 27 holds through Thursday 3 (today + days - 1).
 */
export const validUntil = (settings: Pick<TradeInSettings, 'estimate_valid_days'>, timeZone: string, now: number) => addDays(todayIn(timeZone, now), settings.estimate_valid_days - 1);

/** No online estimate: the reason and when the dealer will call (the tenant's hours, spec §9 when it names none). */
export const noEstimate = (reason: NoEstimateReason, settings: Pick<TradeInSettings, 'hours'>, timeZone: string, now: number): TradeInOffer => ({
  kind: 'none',
  reason,
  contact_by: nextContactTime(settings.hours ?? null, now, timeZone),
});

/** The estimate of a valuation (whole dollars, low <= high) valid until validUntil. */
export const estimate = (valuation: TradeValuation, provider: string, settings: Pick<TradeInSettings, 'estimate_valid_days'>, timeZone: string, now: number): TradeInOffer => {
  const low = Math.max(0, Math.round(Math.min(valuation.low, valuation.high)));
  const high = Math.max(low, Math.round(Math.max(valuation.low, valuation.high)));
  return { kind: 'estimate', low, high, valid_until: validUntil(settings, timeZone, now), provider };
};

/** Whether an estimate still holds on `now`'s day in the tenant's zone (its last day included). */
export const offerHolds = (offer: TradeInOffer | null, timeZone: string, now: number): boolean =>
  offer?.kind === 'estimate' && todayIn(timeZone, now) <= offer.valid_until;
