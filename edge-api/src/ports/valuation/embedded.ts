/**
 * The embedded valuation (VALUATION_ADAPTER=embedded, the default): plausible Australian trade-in figures without a
 * provider, deterministic. From the new price of the car's badge in the trade-in taxonomy (the middle badge's when the
 * badge is unknown): a trade value of 80% of new less 11% a year of age, moved 2.5% per 10,000 km away from 15,000 km
 * a year (bounded), then by the condition answers (conditionFactor), as a range of about ±5% in whole hundreds.
 * Null (no match) for a make and model the taxonomy does not know and for the embedded rego lookup's 'NM' cars; the
 * 'VF' cars fail (ValuationUnavailableError), so the journey's 'unavailable' path can be tried.
 */
import { EMBEDDED_FAILING_ID, EMBEDDED_NO_MATCH_ID } from '../rego-lookup/embedded.ts';
import { newPrice } from '../../trade-in/taxonomy.ts';
import { ValuationUnavailableError, type TradeValuation, type ValuationPort, type ValuationRequest } from './port.ts';

/** The trade share of the new price in the first year, and what each further year keeps. */
export const TRADE_SHARE_NEW = 0.8;
export const TRADE_KEPT_PER_YEAR = 0.89;
/** km a year an average car travels in Australia (about 13,000-15,000). */
export const KM_PER_YEAR = 15_000;
/** Value moved per 10,000 km above (or below) the expected odometer. */
export const VALUE_PER_10000_KM = 0.025;
/** Half the width of the range around the figure. */
export const RANGE_HALF_WIDTH = 0.05;
/** No offer below this (a car worth less still gets a figure the dealer can honour: scrap value). */
export const MIN_TRADE_VALUE = 500;

/**
 * What each condition answer does to the value (contracts TRADE_IN_QUESTIONS ids and values); an answer not listed
 * changes nothing. `finance_owing` is deliberately absent: a payout is settled from the value, not taken off it.
 */
export const CONDITION_FACTORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  accident_history: { none: 1, minor: 0.94, major: 0.78 },
  service_history: { full: 1, partial: 0.96, none: 0.9 },
  keys: { '2': 1, '1': 0.98 },
  paint: { excellent: 1.02, good: 1, fair: 0.95, poor: 0.88 },
  interior: { excellent: 1.01, good: 1, fair: 0.96, poor: 0.9 },
  tyres: { new: 1.01, good: 1, worn: 0.97 },
  modifications: { none: 1, minor: 0.99, major: 0.9 },
};

/** The product of the condition answers' factors (1 for a car in good order with a full logbook and two keys). */
export function conditionFactor(answers: Readonly<Record<string, string>>): number {
  let factor = 1;
  for (const [question, values] of Object.entries(CONDITION_FACTORS)) {
    const answer = answers[question];
    if (answer !== undefined) factor *= values[answer] ?? 1;
  }
  return factor;
}

/** A range of about ±RANGE_HALF_WIDTH around a figure, in whole hundreds, never below MIN_TRADE_VALUE. */
export function tradeRange(figure: number): TradeValuation {
  const low = Math.max(MIN_TRADE_VALUE, Math.floor((figure * (1 - RANGE_HALF_WIDTH)) / 100) * 100);
  const high = Math.max(low + 100, Math.ceil((figure * (1 + RANGE_HALF_WIDTH)) / 100) * 100);
  return { low, high };
}

/** The km factor: 2.5% per 10,000 km off the expected odometer for the age, kept within 0.6-1.1. */
export function kmFactor(odometer: number, ageYears: number): number {
  const expected = KM_PER_YEAR * Math.max(0.5, ageYears);
  return Math.min(1.1, Math.max(0.6, 1 - ((odometer - expected) / 10_000) * VALUE_PER_10000_KM));
}

/** The trade figure before rounding to a range (exported for the tests' plausibility checks). */
export function embeddedTradeFigure(price: number, ageYears: number, odometer: number, answers: Readonly<Record<string, string>>): number {
  const age = Math.max(0, ageYears);
  return price * TRADE_SHARE_NEW * TRADE_KEPT_PER_YEAR ** age * kmFactor(odometer, age) * conditionFactor(answers);
}

export class EmbeddedValuation implements ValuationPort {
  readonly provider = 'embedded';

  constructor(private readonly now: () => number = Date.now) {}

  async value({ vehicle, odometer, answers }: ValuationRequest): Promise<TradeValuation | null> {
    if (vehicle.provider_id === EMBEDDED_FAILING_ID) throw new ValuationUnavailableError('embedded valuation: a failing car (VF... rego)');
    if (vehicle.provider_id === EMBEDDED_NO_MATCH_ID) return null;
    const price = newPrice(vehicle.make, vehicle.model, vehicle.badge);
    if (price === null) return null;
    const age = new Date(this.now()).getUTCFullYear() - vehicle.year;
    return tradeRange(embeddedTradeFigure(price, age, odometer, answers));
  }
}
