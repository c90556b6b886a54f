import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** spec §9: default phone country code 61. */
export const DEFAULT_PHONE_COUNTRY = 'AU';
export const INVALID_PHONE_MESSAGE = 'Invalid phone number.';

/**
 * A shopper's phone in the form dealers dial: Australian numbers in local form (spec §5: a leading 61 becomes 0,
 * '+61 412 345 678' -> '0412345678'), other countries in E.164. Null when libphonenumber says the number is not valid.
 */
export function normaliseLeadPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  // '61412345678' typed without the plus is the international form too (spec §5), not a national number.
  const international = compact.startsWith('+') ? compact : /^61\d{9}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(international, DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return null;
  // National format carries the trunk 0 where Australia dials one (not on 13/1300/1800 numbers).
  if (parsed.countryCallingCode === '61') return parsed.formatNational().replace(/\D/g, '');
  return parsed.number;
}
