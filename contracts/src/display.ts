/** Display rules shared by search cards and the vehicle page (no copy-paste between remotes). */
import type { Car } from './entities/car.ts';
import { MIN_DISPLAYED_PRICE, NO_PRICE_TEXT, PREORDER_TEXT, SUBSCRIPTION_SUFFIX } from './constants.ts';

export { NO_PRICE_TEXT };

export type PriceDisplay =
  | { kind: 'subscription'; amount: number; text: string }
  | { kind: 'offer'; amount: number; was?: number; text: string }
  | { kind: 'price'; amount: number; text: string }
  | { kind: 'preorder'; text: typeof PREORDER_TEXT }
  | { kind: 'none'; text: string };

/**
 * The formatters are built once, on first use (not when the module loads): the first Intl formatter of a page loads the
 * locale's data, a 20-80 ms task on a phone, which a browser script importing this module for something else (the
 * shell's light client, an island) must not pay at load. Building one per call would cost that much every time.
 */
let aud: Intl.NumberFormat | undefined;
let plain: Intl.NumberFormat | undefined;
export const formatAud = (n: number) => (aud ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 })).format(n);
/** Thousands separators. */
export const formatNumber = (n: number) => (plain ??= new Intl.NumberFormat('en-AU')).format(n);
export const formatKm = (n: number) => `${formatNumber(n)} kms`;

type PriceFields = Pick<Car, 'price'> & Partial<Pick<Car, 'subscription_price' | 'offer_price' | 'before_price' | 'preorder'>>;

/**
 * Spec §4 Price display precedence: subscription price (shown '/ week'), reduced or offer price, normal price when
 * above MIN_DISPLAYED_PRICE (10), PREORDER when preorder set, else the no-price text.
 */
export function priceDisplay(car: PriceFields, noPriceText = NO_PRICE_TEXT): PriceDisplay {
  if (car.subscription_price && car.subscription_price > 0) return { kind: 'subscription', amount: car.subscription_price, text: `${formatAud(car.subscription_price)} ${SUBSCRIPTION_SUFFIX}` };
  if (car.offer_price && car.offer_price > 0) {
    const was = car.before_price && car.before_price > car.offer_price ? car.before_price : car.price > car.offer_price ? car.price : undefined;
    return { kind: 'offer', amount: car.offer_price, was, text: formatAud(car.offer_price) };
  }
  if (car.before_price && car.before_price > car.price && car.price > MIN_DISPLAYED_PRICE) return { kind: 'offer', amount: car.price, was: car.before_price, text: formatAud(car.price) };
  if (car.price > MIN_DISPLAYED_PRICE) return { kind: 'price', amount: car.price, text: formatAud(car.price) };
  if (car.preorder) return { kind: 'preorder', text: PREORDER_TEXT };
  return { kind: 'none', text: noPriceText };
}

/**
 * `tel:` address of a display phone number: digits, plus a leading '+' for international numbers.
 * @example telHref('07 3000 0000') // 'tel:0730000000'
 * @example telHref('+61 (7) 3000-0000') // 'tel:+61730000000'
 */
export const telHref = (phone: string): string => `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values (`& < > " '`), for markup built as strings. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Most date formatters kept per isolate (a time zone and format each: tenants' zones are a handful in practice). */
export const MAX_DATE_FORMATTERS = 64;
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat`, built once per isolate (or page) for each locale and options and then reused: building one
 * (a time zone's rules, the locale's data) is the slow part of formatting a date, so a formatter made on every call
 * costs that every time. Throws, keeping nothing, for an unknown time zone. Bounded: the oldest goes first.
 * @example dateFormatter('en-AU', { timeZone: 'Australia/Perth', day: 'numeric', month: 'short' }).format(now)
 */
export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (dateFormatters.size >= MAX_DATE_FORMATTERS) dateFormatters.delete(dateFormatters.keys().next().value!);
    dateFormatters.set(key, format);
  }
  return format;
}

/** Formatters held now (tests). */
export const dateFormatterCount = (): number => dateFormatters.size;

/**
 * Today's date (`YYYY-MM-DD`) in a time zone: the calendar day a dealer's start, expiry and campaign dates refer to
 * (the config's default zone when none or an unknown one is given).
 * @example todayIn('Australia/Perth', Date.UTC(2026, 10, 26, 17)) // '2026-11-27'
 */
export function todayIn(timeZone: string | undefined, now: number): string {
  const format = (zone: string) => dateFormatter('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone || 'Australia/Brisbane');
  } catch {
    return format('Australia/Brisbane');
  }
}
