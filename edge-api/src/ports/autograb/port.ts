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
  /** The car's NVIC (spec §3 Car nvic): the most precise key a valuation provider can match on. */
  nvic?: string | null;
  /** Australian state the car is sold in (spec §3 Car state, e.g. 'QLD'): asks for a state-level market figure. */
  state?: string | null;
};

/** Market-price answer: the AutoGauge panel fields plus the car's autograb_data (spec §3). */
export type MarketValuation = MarketPriceResult & {
  average_market_price: number;
  /** Null when the adapter has no state-level data. */
  state_average_market_price: number | null;
};

/**
 * Market price of a car (spec §7 GET {api}/{car path}/autogauge). Null when no valuation applies
 * (spec §9: price must be above 200) or the provider has no match; throws when the provider cannot answer.
 * Adapters: embedded.ts (local estimate) and http.ts (AutoGrab's v2 API, key from a Worker secret).
 */
export interface AutograbPort {
  marketValuation(tenant: string, car: MarketPriceCar): Promise<MarketValuation | null>;
}
