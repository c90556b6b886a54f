import type { AuState } from '../../lib/au/states.ts';

export type GeocodeResult = {
  postcode: string;
  lat: number;
  lng: number;
  state: AuState;
  locality?: string;
  /** True when the point stands for a nearby area rather than the postcode's own centre. */
  approximate: boolean;
};

/** Message thrown for an empty or unknown postcode (spec §7 Geocoding: empty result throws 'Invalid postcode'). */
export const INVALID_POSTCODE = 'Invalid postcode';

/**
 * Postcode -> point, restricted to Australia (spec §5). Throws Error(INVALID_POSTCODE) when nothing is found.
 * A real adapter (maps service GET with postal_code, country AU, key from a secret) comes with its issue:
 * it maps results[0].geometry.location to { lat, lng } and throws INVALID_POSTCODE on an empty result.
 */
export interface GeocodingPort {
  geocodePostcode(postcode: string): Promise<GeocodeResult>;
}
