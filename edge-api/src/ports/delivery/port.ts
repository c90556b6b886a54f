import type { DeliveryEstimate } from '@forecourt/contracts/entities/vdp';

export type DeliveryRequest = {
  tenant: string;
  /** Where the buyer wants the car (spec §5 Delivery calculator: postcode required). */
  postcode: string;
  /** Postcode the car leaves from: the car's location, else the dealership's. */
  originPostcode: string;
};

/**
 * Delivery cost by postcode (spec §7): region name and price, or null when no estimate can be given
 * (spec §8 "Sorry, we can't provide an estimate for that location..."); throws when the provider cannot answer.
 * Adapters: embedded.ts (region tariff) and http.ts (a transport partner's quote API, wire format stated there).
 */
export interface DeliveryPort {
  estimate(request: DeliveryRequest): Promise<DeliveryEstimate | null>;
}
