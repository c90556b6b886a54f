import type { AutograbPort, MarketPriceCar, MarketValuation } from './port.ts';

/** spec §9: market price only for cars priced above 200. */
export const MARKET_PRICE_MIN_PRICE = 200;

/**
 * The embedded estimator's model. It has no market data, so it anchors on the listing price and moves the
 * market average by how far the car's km sit from a typical year's driving, plus a fixed per-model-year demand
 * factor; the range widens and confidence drops with age and missing data.
 */
export const ESTIMATOR = {
  typicalKmPerYear: 13_000,
  valuePerExtraKm: 0.03 / 10_000,
  kmFactorClamp: [0.8, 1.12],
  demandSpread: 0.12,
  baseHalfWidth: 0.04,
  halfWidthPerYear: 0.006,
  maxHalfWidth: 0.15,
  baseConfidence: 0.9,
  confidenceLossPerYear: 0.03,
  missingBadgePenalty: 0.15,
  missingKmPenalty: 0.2,
  minConfidence: 0.05,
  roundTo: 100,
} as const;

/** FNV-1a 32-bit hash -> [0, 1): a stable pseudo-random number per key. */
export function unitHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round = (x: number, step: number) => Math.round(x / step) * step;
/** Two decimals, as the panel's fill and confidence are sent. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Where a listing price sits in a market range: 1 = at or below the bottom (best deal), 0 = at or above the top
 * (spec §9 labels by fill); 0 for an empty range. Rounded to two decimals. Shared by every autograb adapter.
 */
export function marketFill(price: number, min: number, max: number): number {
  return round2(max > min ? clamp((max - price) / (max - min), 0, 1) : 0);
}

/** "2021 Toyota Corolla Ascent Sport": the car as a valuation describes it (badge left out when unknown). */
export function vehicleLabel(car: Pick<MarketPriceCar, 'year' | 'make' | 'model' | 'badge'>): string {
  const badge = car.badge?.trim() ?? '';
  return `${car.year} ${car.make} ${car.model}${badge ? ` ${badge}` : ''}`;
}

/** Deterministic market valuation of a car as of a date; null at or below spec §9's price threshold. */
export function estimateMarketValuation(car: MarketPriceCar, asOf: Date): MarketValuation | null {
  if (!(car.price > MARKET_PRICE_MIN_PRICE) || !Number.isFinite(car.year)) return null;
  const m = ESTIMATOR;
  const age = Math.max(0, asOf.getUTCFullYear() - car.year);
  const hasKm = typeof car.km === 'number' && Number.isFinite(car.km) && car.km >= 0;
  const badge = car.badge?.trim() ?? '';

  const extraKm = hasKm ? car.km! - age * m.typicalKmPerYear : 0;
  const kmFactor = clamp(1 - extraKm * m.valuePerExtraKm, m.kmFactorClamp[0], m.kmFactorClamp[1]);
  // Same make/model/badge/year -> same demand, whoever lists it.
  const demand = (unitHash(`${car.make}|${car.model}|${badge}|${car.year}`.toLowerCase()) - 0.5) * m.demandSpread;
  const average = round(car.price * kmFactor * (1 + demand), m.roundTo);
  const halfWidth = Math.min(m.maxHalfWidth, m.baseHalfWidth + m.halfWidthPerYear * age);
  const min = round(average * (1 - halfWidth), m.roundTo);
  const max = round(average * (1 + halfWidth), m.roundTo);

  const confidence = clamp(
    m.baseConfidence - m.confidenceLossPerYear * age - (badge ? 0 : m.missingBadgePenalty) - (hasKm ? 0 : m.missingKmPenalty),
    m.minConfidence,
    m.baseConfidence,
  );
  return {
    fill: marketFill(car.price, min, max),
    listing_price: car.price,
    market_range_min: min,
    market_range_max: max,
    confidence: round2(confidence),
    description: `Estimated market range for a ${vehicleLabel(car)} from its age and kilometres (local estimate, not live market data).`,
    average_market_price: average,
    state_average_market_price: null,
  };
}

export class EmbeddedAutograb implements AutograbPort {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async marketValuation(_tenant: string, car: MarketPriceCar): Promise<MarketValuation | null> {
    return estimateMarketValuation(car, this.now());
  }
}
