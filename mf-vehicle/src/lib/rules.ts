/**
 * The vehicle page's business rules as pure functions (spec §4, §5, §9), unit-tested against the spec's numbers.
 * Components stay thin: they ask these what to show.
 */
import {
  AUTOGRAB_PRICE_THRESHOLD,
  BELOW_MARKET_MIN_DIFFERENCE,
  MARKET_PRICE_BANDS,
  MARKET_PRICE_GREAT_DEAL_FILL,
  MARKET_PRICE_MIN_CONFIDENCE,
} from '@forecourt/contracts/constants';
import { priceDisplay } from '@forecourt/contracts/display';
import { financeHref as contractsFinanceHref } from '@forecourt/contracts/finance-link';
import { isPurchasable, isReservable, type Car } from '@forecourt/contracts/entities/car';
import type { MarketPriceResult } from '@forecourt/contracts/entities/market-price';
import type { FeatureFlags } from '@forecourt/contracts/tenant';

export { fuelCost } from './fuel.ts';
export { maskPhone } from './phone.ts';

/**
 * Spec §5 Below-market badge: the price is more than 499 below the market average, the state average preferred.
 * @returns how far below the average the price is (dollars), or null when no badge shows
 * @example belowMarketBy({ price: 30000, autograb_data: { average_market_price: 31000, state_average_market_price: 30400 } }) // null (400)
 */
export function belowMarketBy(car: Pick<Car, 'price' | 'autograb_data'>): number | null {
  const data = car.autograb_data;
  const average = data?.state_average_market_price || data?.average_market_price;
  if (!average || !(car.price > 0)) return null;
  const below = average - car.price;
  return below > BELOW_MARKET_MIN_DIFFERENCE ? below : null;
}

/** Spec §5 Market-price feature eligibility: feature on, in stock, not sold, not reserved, price above 200. */
export function marketPriceEligible(car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>, features: Pick<FeatureFlags, 'market_price'>): boolean {
  return features.market_price && car.status === 'in_stock' && !car.sold && !car.reserved && car.price > AUTOGRAB_PRICE_THRESHOLD;
}

export type MarketPanel = {
  fill: number;
  listingPrice: number;
  min: number;
  max: number;
  confidence: number;
  description: string | null;
  /** Spec §9: fill below 0.65 'Good Deal', else 'Great Deal'. */
  label: 'Good Deal' | 'Great Deal';
  /** Spec §9 colour bands: below 0.3, 0.3-0.6, 0.6 and above. */
  band: 'low' | 'mid' | 'high';
};

/**
 * Spec §5 Market-price panel: shown only when fill, listing price, range min, range max and confidence are all
 * present, confidence is above 0.2 and range max is not below the listing price; otherwise null (panel hidden).
 */
export function marketPanel(result: MarketPriceResult | null | undefined): MarketPanel | null {
  if (!result) return null;
  const { fill, listing_price, market_range_min, market_range_max, confidence } = result;
  if (fill == null || listing_price == null || market_range_min == null || market_range_max == null || confidence == null) return null;
  if (!(confidence > MARKET_PRICE_MIN_CONFIDENCE) || market_range_max < listing_price) return null;
  const [low, high] = MARKET_PRICE_BANDS;
  return {
    fill,
    listingPrice: listing_price,
    min: market_range_min,
    max: market_range_max,
    confidence,
    description: result.description ?? null,
    label: fill < MARKET_PRICE_GREAT_DEAL_FILL ? 'Good Deal' : 'Great Deal',
    band: fill < low ? 'low' : fill < high ? 'mid' : 'high',
  };
}

/**
 * Spec §4 Registration display: a past expiry shows 'Unregistered' on some sites or nothing; a future one
 * 'Expires on {date}' (day month year in the tenant's locale).
 */
export function registrationText(expiry: string | null | undefined, now: Date, options: { showUnregistered?: boolean; locale?: string; timeZone?: string } = {}): string | null {
  if (!expiry) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(expiry) ? `${expiry}T23:59:59Z` : expiry);
  if (Number.isNaN(date.getTime())) return null;
  if (date.getTime() < now.getTime()) return options.showUnregistered ? 'Unregistered' : null;
  // A date-only expiry is a calendar day: shown as written, whatever the tenant's time zone.
  const timeZone = /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? 'UTC' : (options.timeZone ?? 'UTC');
  const text = registrationFormat(options.locale ?? 'en-AU', timeZone).format(date);
  return `Expires on ${text}`;
}

/**
 * Date formats kept per isolate, one per locale and time zone (a tenant has one of each, and date-only expiries use
 * UTC): building an `Intl.DateTimeFormat` costs more than the rest of a car's details (issue 19). Oldest out past it.
 */
export const REGISTRATION_FORMATS_MAX = 32;
const registrationFormats = new Map<string, Intl.DateTimeFormat>();

/** The expiry's 'day month year' format for a locale and time zone, built once (an unknown zone throws, as before). */
export function registrationFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = registrationFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    registrationFormats.set(key, format);
    if (registrationFormats.size > REGISTRATION_FORMATS_MAX) registrationFormats.delete(registrationFormats.keys().next().value!);
  }
  return format;
}

/** How many date formats the isolate holds (tests of the bound). */
export const registrationFormatsHeld = () => registrationFormats.size;

/** Spec §5 Fuel calculator: hidden for electric cars. */
export const isElectric = (car: Pick<Car, 'fuel' | 'simple_fuel'>): boolean => /^(electric|ev|bev)$/i.test((car.simple_fuel ?? car.fuel ?? '').trim()) || /\belectric\b/i.test(car.fuel ?? '') && !/hybrid/i.test(car.fuel ?? '');

/**
 * Cuts text to `limit` characters at a word boundary when one is near, with an ellipsis (spec §9: comments 400,
 * disclaimer 197). `truncated` says whether a show more/less toggle is needed.
 */
export function truncate(text: string, limit: number): { text: string; truncated: boolean } {
  const clean = text.trim();
  if (clean.length <= limit) return { text: clean, truncated: false };
  const cut = clean.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > limit * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`, truncated: true };
}

/** Spec §5 Dealer comments: empty or only a separator (dashes, dots, underscores, stars, pipes) means pending. */
export function commentsPending(text: string | null | undefined): boolean {
  const plain = (text ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
  return plain.replace(/[\s\-–—_.*|=~#]+/g, '') === '';
}

export type VehicleButton = 'reserve' | 'enquire' | 'instant-message' | 'call' | 'test-drive' | 'finance' | 'trade-in' | 'history-report';

/**
 * Which sidebar buttons a car gets (spec §4 Purchasable car, §5 Trade-in/History report conditions):
 * reserve, finance and test drive only for purchasable cars; reserve when the tenant reserves online, the car is
 * not reserved and no test-drive-only mode applies; coming-soon cars lose the test drive where the tenant says so;
 * Enquire Now becomes Instant Message where the tenant uses it; the history report needs a file.
 */
export function vehicleButtons(car: Pick<Car, 'status' | 'reserved' | 'tag' | 'file'>, features: Pick<FeatureFlags, 'reserve_online' | 'test_drive' | 'coming_soon_test_drive' | 'instant_message' | 'trade_in'>, hasPhone: boolean): VehicleButton[] {
  const buttons: VehicleButton[] = [];
  const purchasable = isPurchasable(car);
  if (features.reserve_online && isReservable({ ...car, sold: false })) buttons.push('reserve');
  buttons.push(features.instant_message ? 'instant-message' : 'enquire');
  if (hasPhone) buttons.push('call');
  if (purchasable && features.test_drive && (car.status !== 'coming_soon' || features.coming_soon_test_drive)) buttons.push('test-drive');
  if (purchasable) buttons.push('finance');
  if (features.trade_in) buttons.push('trade-in');
  if (car.file?.url) buttons.push('history-report');
  return buttons;
}

/** Spec §4 Purchasable car: other statuses (and sold or reserved flags on sold cars) show the SOLD block. */
export const showsSoldBlock = (car: Pick<Car, 'status' | 'sold'>): boolean => !isPurchasable(car) || car.sold === true;

export type ShareLink = { network: 'facebook' | 'twitter' | 'whatsapp' | 'email' | 'sms'; label: string; href: string; popup: boolean };

/**
 * Share icons (spec §2; §5 Share link only if the site URL is configured; Twitter hideable per tenant): links to the
 * car's page on the tenant's public site. Empty without a site URL.
 */
export function shareLinks(siteUrl: string | undefined, path: string, title: string, showTwitter: boolean): ShareLink[] {
  if (!siteUrl) return [];
  const url = new URL(path, siteUrl).toString();
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links: ShareLink[] = [{ network: 'facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, popup: true }];
  if (showTwitter) links.push({ network: 'twitter', label: 'Share on Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, popup: true });
  links.push(
    { network: 'whatsapp', label: 'Share on WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, popup: true },
    { network: 'email', label: 'Share by email', href: `mailto:?subject=${t}&body=${u}`, popup: false },
    { network: 'sms', label: 'Share by SMS', href: `sms:?&body=${encodeURIComponent(`${title} ${url}`)}`, popup: false },
  );
  return links;
}

/**
 * Get Finance link (spec §2 Finance: links carry preferredDealership, vehiclePriceBudget, car_id, car_type and vin and
 * end with #finance-form), built by contracts' one `financeHref` so it matches the search card's. The budget is the price
 * the shopper sees (an offer wins, spec §4), the amount the page's estimate is worked out on; none for a subscription,
 * preorder or unpriced car.
 */
export function financeHref(car: Pick<Car, 'id' | 'car_type' | 'vin' | 'price' | 'dealership_slug' | 'offer_price' | 'before_price' | 'subscription_price' | 'preorder'>): string {
  const shown = priceDisplay(car);
  return contractsFinanceHref(car, shown.kind === 'price' || shown.kind === 'offer' ? shown.amount : 0);
}
