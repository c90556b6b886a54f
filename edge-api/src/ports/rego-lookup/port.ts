import type { AuState } from '../../lib/au/states.ts';
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';

export type RegoLookupRequest = {
  /** Normalised registration (contracts RegoSchema: letters and digits, upper case). Never logged in clear. */
  rego: string;
  state: AuState;
  /** The site asking (the provider's usage reference; never the shopper). */
  tenant: string;
};

/**
 * Registration lookup of the trade-in journey (issue 18 step 1): a rego and its state -> the vehicle (year, make, model,
 * badge, body, transmission, fuel and the provider's vehicle id, `source: 'rego'`), or null when the provider knows no
 * such registration (the page offers "enter it by hand"); throws RegoLookupUnavailableError when the provider cannot
 * answer (the page still offers the manual path: never a dead end).
 * Adapters: embedded.ts (a stable hash of the rego into the demo taxonomy) and http.ts (AutoGrab's wire format).
 */
export interface RegoLookupPort {
  lookup(request: RegoLookupRequest): Promise<TradeInVehicle | null>;
}

/** The provider gave no usable answer (network error, timeout, refused key, 5xx, a malformed body). */
export class RegoLookupUnavailableError extends Error {
  override name = 'RegoLookupUnavailableError';
}
