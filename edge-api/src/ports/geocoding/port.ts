import type { GeocodeAnswer } from '@forecourt/contracts/internal';

/** What the dealer locator looks up: a kind and text as contracts' `locatorQuery` classified them. */
export type GeocodeRequest = {
  /** 'postcode': exactly 4 digits; 'suburb': a locality name, optionally followed by a state code and/or a postcode. */
  kind: 'postcode' | 'suburb';
  q: string;
  /**
   * The site's own state (its config's `default_state`): breaks a tie between suburbs of the same name in several
   * states ('Belmont'). The embedded adapter uses it; a provider answers its own best match.
   */
  preferState?: string | null;
};

/**
 * Geocoding (spec §7 "Geocoding GET (maps service)", restricted to Australia): a postcode or suburb -> one point with
 * what was found, or null when nothing was (the route answers spec §7's 'Invalid postcode', or the suburb text); throws
 * GeocodingUnavailableError when the provider cannot answer (the route answers 503).
 * Adapters: embedded.ts (the locality table of src/lib/au) and http.ts (Google's Geocoding API wire format).
 */
export interface GeocodingPort {
  locate(request: GeocodeRequest): Promise<GeocodeAnswer | null>;
  /**
   * True for a paid provider: the route keeps its answers ("none" included) in D1 for GEOCODE_ANSWER_TTL_MS, so a
   * place costs at most one lookup a month. The embedded adapter answers from memory and keeps nothing.
   */
  readonly keepsAnswers: boolean;
}

/** The provider gave no usable answer (network error, timeout, refused key, quota, an error status, a malformed body). */
export class GeocodingUnavailableError extends Error {
  override name = 'GeocodingUnavailableError';
}
