import { adapterName } from '../adapter-name.ts';
import type { GeocodingPort } from './port.ts';
import { EmbeddedGeocoding } from './embedded.ts';
import { HttpGeocoding } from './http.ts';

/** Adapters of the geocoding port: the built-in locality table, or Google's Geocoding API wire format ('http'). */
export const GEOCODING_ADAPTERS = ['embedded', 'http'] as const;

export type GeocodingEnv = {
  GEOCODING_ADAPTER?: string;
  /** The Geocoding API endpoint (e.g. https://maps.googleapis.com/maps/api/geocode/json), needed by 'http'. */
  GEOCODING_API_URL?: string;
  /** Worker secret (`wrangler secret put GEOCODING_API_KEY`), needed by 'http'. */
  GEOCODING_API_KEY?: string;
};

/** Picks the geocoding adapter named by env.GEOCODING_ADAPTER (default 'embedded'); 'http' without URL or key throws. */
export function selectGeocoding(env: GeocodingEnv, options: { fetch?: typeof fetch } = {}): GeocodingPort {
  switch (adapterName('GEOCODING_ADAPTER', env.GEOCODING_ADAPTER, GEOCODING_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedGeocoding();
    case 'http':
      return new HttpGeocoding({
        apiUrl: env.GEOCODING_API_URL ?? '',
        apiKey: env.GEOCODING_API_KEY ?? '',
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
