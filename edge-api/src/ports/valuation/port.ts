import type { AuState } from '../../lib/au/states.ts';
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';

export type ValuationRequest = {
  /** The site asking (the provider's usage reference). */
  tenant: string;
  vehicle: TradeInVehicle;
  /** Odometer, km. */
  odometer: number;
  /** The condition answers (contracts TRADE_IN_QUESTIONS ids to option values). */
  answers: Readonly<Record<string, string>>;
  /** Where the car is registered (a state-level price where the provider has one). */
  state: AuState | null;
};

/** A trade-in range in whole AUD (low <= high). */
export type TradeValuation = { low: number; high: number };

/**
 * Trade-in valuation of the journey's offer (issue 18 step 4): the car, its odometer and condition -> a range in whole
 * dollars, or null when the provider has no match for the car (offer 'no_match'); throws ValuationUnavailableError
 * when the provider cannot answer (offer 'unavailable'; the shopper is promised a call, never a dead end).
 * Finance owing never changes the value (it is settled from it at sale); the answer is only noted with the lead.
 * Adapters: embedded.ts (from the taxonomy's new prices by age, km and condition) and http.ts (AutoGrab's wire format).
 */
export interface ValuationPort {
  /** What the offer names as its source ('embedded', 'autograb'): the dealer sees where a figure came from. */
  readonly provider: string;
  value(request: ValuationRequest): Promise<TradeValuation | null>;
}

/** The provider gave no usable answer (network error, timeout, refused key, 5xx, a malformed body). */
export class ValuationUnavailableError extends Error {
  override name = 'ValuationUnavailableError';
}
