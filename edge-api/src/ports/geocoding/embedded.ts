import { locatePostcode } from '../../lib/au/lookup.ts';
import { INVALID_POSTCODE, type GeocodeResult, type GeocodingPort } from './port.ts';

/** Pure lookup in the built-in Australian gazetteer; throws Error('Invalid postcode') for empty, malformed or unowned postcodes. */
export function geocodePostcodeEmbedded(postcode: string): GeocodeResult {
  const location = locatePostcode(postcode.trim());
  if (!location) throw new Error(INVALID_POSTCODE);
  return location;
}

/** In-process geocoder: no network, no key. */
export class EmbeddedGeocoding implements GeocodingPort {
  async geocodePostcode(postcode: string): Promise<GeocodeResult> {
    return geocodePostcodeEmbedded(postcode);
  }
}
