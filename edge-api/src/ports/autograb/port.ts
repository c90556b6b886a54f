import type { MarketPriceResult } from '@forecourt/contracts/entities/market-price';

/** What a market valuation needs from a car (a subset of the contracts Car). */
export type MarketPriceCar = {
  id: string;
  make: string;
  model: string;
  badge?: string | null;
  year: number;
  km?: number | null;
  price: number;
};

/** Market-price answer: the AutoGauge panel fields plus the car's autograb_data (spec §3). */
export type MarketValuation = MarketPriceResult & {
  average_market_price: number;
  /** Null when the adapter has no state-level data. */
  state_average_market_price: number | null;
};

/**
 * Market price of a car (spec §7 GET {api}/{car path}/autogauge). Null when no valuation applies
 * (spec §9: price must be above 200). A real adapter (AutoGrab valuation API by NVIC/VIN, key from a
 * secret) comes with the vehicle-page issue and implements this same method.
 */
export interface AutograbPort {
  marketValuation(tenant: string, car: MarketPriceCar): Promise<MarketValuation | null>;
}
