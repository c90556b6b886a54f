/**
 * The dealer locator's texts and limits the island needs, in a module of its own: the island must not import
 * contracts' internal.ts (its schemas would ship to the browser). locator.test.ts holds the copies equal to
 * contracts' GEOCODE_QUERY_MAX and GEOCODE_ERRORS.postcode.
 */

/** The locator's own texts (the geocoding ones are contracts' GEOCODE_ERRORS, spec §7/§8). */
export const LOCATOR_TEXTS = {
  /** 'Use my location' refused or unavailable in the browser (the island says it in a live region). */
  geolocationFailed: 'We could not get your location. Enter your postcode or suburb instead.',
  /** `lat`/`lng` that are not numbers inside Australia (geocoding is restricted to Australia, spec §5). */
  pointOutside: 'We could not use that location: the dealer locator covers Australia only. Enter your postcode or suburb instead.',
  /** Too many lookups from one client (the LOCATOR_LIMITER binding). */
  rateLimited: 'Too many searches just now. Please wait a minute and try again, or browse the list below.',
  /** The label of a browser position. */
  yourLocation: 'your location',
} as const;

/** The box's longest input (contracts' GEOCODE_QUERY_MAX: a suburb with its state and postcode fits). */
export const NEAR_MAX_LENGTH = 60;

/** spec §8, as contracts' GEOCODE_ERRORS.postcode: the island's own check of a box of digits that are not 4. */
export const POSTCODE_ERROR = 'Invalid postcode. Please enter a 4-digit number.';

/**
 * The island's check before the form is sent (the server checks everything with contracts' locatorQuery): only
 * digits that are not exactly four; anything else is left to the server.
 * @example postcodeError('412') // 'Invalid postcode. Please enter a 4-digit number.'
 */
export function postcodeError(near: string): string | null {
  const q = near.trim();
  return q && /^[\d\s]+$/.test(q) && !/^\d{4}$/.test(q.replace(/\s/g, '')) ? POSTCODE_ERROR : null;
}
