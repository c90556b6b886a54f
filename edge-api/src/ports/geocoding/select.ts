import { adapterName } from '../adapter-name.ts';
import type { GeocodingPort } from './port.ts';
import { EmbeddedGeocoding } from './embedded.ts';

/** Adapters of the geocoding port. The maps service's HTTP adapter ('http') lands with the locations issue. */
export const GEOCODING_ADAPTERS = ['embedded'] as const;

/** Picks the geocoding adapter named by env.GEOCODING_ADAPTER (default 'embedded'). */
export function selectGeocoding(env: { GEOCODING_ADAPTER?: string }): GeocodingPort {
  switch (adapterName('GEOCODING_ADAPTER', env.GEOCODING_ADAPTER, GEOCODING_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedGeocoding();
  }
}
