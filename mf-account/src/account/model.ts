/**
 * Pure rules of the signed-in shopper's pages (issue 16: the watchlist, My Garage, `/alerts/stop`): what each saved car's
 * status says, which saved cars a comparison takes, the words of reservations and enquiries, dates in the dealer's time
 * zone, and the messages a plain form's redirect names. Nothing here reads the network or the clock.
 */
import * as v from 'valibot';
import { accountDone, accountFormError, ACCOUNT_DONE_PARAM, ACCOUNT_ERROR_PARAM, SavedSearchUrlSchema, type AccountReservation } from '@forecourt/contracts/account';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import { dateFormatter, formatAud, formatKm, priceDisplay, todayIn } from '@forecourt/contracts/display';
import { reservability, type Car } from '@forecourt/contracts/entities/car';
import { MY_GARAGE_PAGES, MY_GARAGE_PATH } from '@forecourt/contracts/routes';
import { WATCHLIST_PAGE } from '@forecourt/contracts/watchlist-client';

/** The fewest saved cars a comparison takes (side by side needs two). */
export const COMPARE_MIN = 2;
/** The query parameter of the watchlist's comparison (`/watchlist?compare=<id>&compare=<id>`). */
export const COMPARE_PARAM = 'compare';

/** Where the shopper's account area lives when a page has no garage path of its own (contracts' one constant). */
export const DEFAULT_GARAGE_PATH = MY_GARAGE_PATH;
/** The watchlist page (the View List target, spec §4 Watchlist toggle; contracts' one constant). */
export const WATCHLIST_PATH = WATCHLIST_PAGE;

/** Texts of these pages that are not in a contract catalogue. */
export const ACCOUNT_TEXTS = {
  unavailable: "We couldn't load your account just now. Please try again in a moment.",
  emptyWatchlist: "You haven't saved any cars yet.",
  noEnquiries: 'Enquiries you send on this site appear here.',
  noReservations: 'You have not reserved a car on this site.',
  noSearches: 'You have no saved searches yet. Save a search from our stock search and it appears here.',
  signedOut: 'Your session has ended. Sign in again to see your saved cars, searches and enquiries.',
  keepEverywhere: 'Sign in to keep your saved cars on every device',
  compareHint: `Tick ${COMPARE_MIN} to ${COMPARE_MAX} saved cars, then choose Compare.`,
  compareTooFew: `Pick at least ${COMPARE_MIN} saved cars to compare.`,
  compareTooMany: `You can compare up to ${COMPARE_MAX} cars at a time.`,
  compareGone: 'Cars no longer listed are left out of the comparison.',
  carUnknown: "We couldn't load this car's details just now.",
  gone: 'No longer listed',
} as const;

/** The messages of a page's query: the contract catalogues' texts for `account_done` and `account_error` codes. */
export type PageMessages = { done: string | null; error: string | null };

/**
 * The status and error messages a plain form's 303 names (contracts ACCOUNT_DONE / ACCOUNT_FORM_ERRORS): only the
 * catalogues' texts, so a link can never make the page say a sentence of its own.
 */
export function readMessages(query: URLSearchParams): PageMessages {
  return { done: accountDone(query.get(ACCOUNT_DONE_PARAM)), error: accountFormError(query.get(ACCOUNT_ERROR_PARAM)) };
}

/**
 * The page's own path for the forms' `redirect`: the my-garage route the shopper is on (the shell passes its name as
 * the `garage` param), or `/my-garage` for anything that is not one of contracts MY_GARAGE_PAGES.
 * @example garagePath('mymotorama') // '/mymotorama'
 */
export function garagePath(garage: string | null | undefined): string {
  return garage && (MY_GARAGE_PAGES as readonly string[]).includes(garage) ? `/${garage}` : DEFAULT_GARAGE_PATH;
}

/** What the shopper is told about a saved car today. */
export type CarStatusText = 'Available' | 'Coming soon' | 'Reserved' | 'Sold' | typeof ACCOUNT_TEXTS.gone;

/**
 * A saved car's status said honestly (spec §4 Purchasable car / Reserve): sold (not in stock any more, or flagged sold),
 * reserved (the feed's flag or a paid reservation in edge-api), coming soon, else available; a car mf-search no longer
 * lists is 'No longer listed'.
 */
export function carStatus(car: Pick<Car, 'status' | 'sold' | 'reserved' | 'tag'> | null, reservedInStore = false): CarStatusText {
  if (!car) return ACCOUNT_TEXTS.gone;
  const state = reservability(car, reservedInStore);
  if (state === 'sold') return 'Sold';
  if (state === 'reserved') return 'Reserved';
  return car.status === 'coming_soon' ? 'Coming soon' : 'Available';
}

/** The price line of a saved car: the platform's price display (spec §4 Price display precedence) and its type. */
export function priceText(car: Pick<Car, 'price' | 'subscription_price' | 'offer_price' | 'before_price' | 'preorder' | 'price_type'>): { text: string; was: string | null } {
  const price = priceDisplay(car);
  const typed = (price.kind === 'price' || price.kind === 'offer') && car.price_type ? `${price.text} ${car.price_type}` : price.text;
  return { text: typed, was: price.kind === 'offer' && price.was ? formatAud(price.was) : null };
}

/** A car's picture for a list: its primary image, else the first image's thumbnail. */
export const carImage = (car: Pick<Car, 'primary_image_url' | 'images'>): string | null => car.primary_image_url ?? car.images[0]?.image.thumb.url ?? null;

/** The vehicle page of a car. */
export const carHref = (car: Pick<Car, 'slug'>): string => `/cars/${car.slug}`;

/**
 * Engine size in litres, one decimal, from cc (the Car schema's unit); the variant's litres when the feed has no cc.
 * @example engineText({ engine_size: 1798 }) // '1.8L'
 */
export function engineText(car: Pick<Car, 'engine_size' | 'variant'>): string | null {
  if (car.engine_size && car.engine_size > 0) return `${(car.engine_size / 1000).toFixed(1)}L`;
  const litres = car.variant?.enginesize_litres;
  return litres && litres > 0 ? `${litres.toFixed(1)}L` : null;
}

/** The comparison's rows (label, value per car); a missing value is '—' so every column has every row. */
export function compareRows(cars: readonly { car: Car; reserved: boolean }[]): { label: string; values: string[] }[] {
  const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));
  const row = (label: string, value: (car: Car, reserved: boolean) => string | number | null | undefined) => ({ label, values: cars.map(({ car, reserved }) => dash(value(car, reserved))) });
  return [
    row('Price', (car) => priceText(car).text),
    row('Year', (car) => car.year),
    row('Kilometres', (car) => formatKm(car.km)),
    row('Body', (car) => car.body ?? car.bodyconfiguration),
    row('Transmission', (car) => car.trans ?? car.simple_transmission),
    row('Fuel', (car) => car.fuel ?? car.simple_fuel),
    row('Engine', (car) => engineText(car)),
    row('Colour', (car) => car.colour),
    row('Status', (car, reserved) => carStatus(car, reserved)),
  ];
}

/**
 * The saved cars a comparison asks for (`?compare=<id>` repeated): only ids of the shopper's own watchlist, each
 * once, in the watchlist's order. `null` when none was asked; otherwise the ids and, when the count is outside
 * COMPARE_MIN..COMPARE_MAX, the message saying so (never text from the URL).
 */
export function compareSelection(query: URLSearchParams, saved: readonly string[]): { ids: string[]; problem: string | null } | null {
  const asked = query.getAll(COMPARE_PARAM);
  if (asked.length === 0) return null;
  const wanted = new Set(asked);
  const ids = saved.filter((id) => wanted.has(id));
  if (ids.length < COMPARE_MIN) return { ids, problem: ACCOUNT_TEXTS.compareTooFew };
  if (ids.length > COMPARE_MAX) return { ids, problem: ACCOUNT_TEXTS.compareTooMany };
  return { ids, problem: null };
}

/** The formatter of amounts with cents, built on first use (dollars). */
let withCents: Intl.NumberFormat | undefined;

/**
 * A money amount in cents said in dollars: whole dollars without cents ($500), else with them ($99.50).
 * @example dollars(50000) // '$500'
 */
export function dollars(cents: number): string {
  if (cents % 100 === 0) return formatAud(cents / 100);
  // Built on first use and kept (building a formatter is the slow part: contracts display.ts).
  return (withCents ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 })).format(cents / 100);
}

/** Why a reservation was refunded, in words (edge-api's reasons; an unknown one says nothing rather than a code). */
const REFUND_REASONS: Record<string, string> = {
  already_reserved: 'someone else reserved this car first',
  dealer: 'refunded by the dealer',
  requested_by_customer: 'refunded at your request',
  duplicate: 'a duplicate payment',
};

/** A reservation's state in words: Paid, Refunded (with why), Awaiting payment or Payment failed. */
export function reservationStatus(reservation: Pick<AccountReservation, 'status' | 'refund_reason'>): string {
  switch (reservation.status) {
    case 'paid':
      return 'Paid';
    case 'requires_payment':
      return 'Awaiting payment';
    case 'failed':
      return 'Payment failed';
    case 'refunded': {
      const reason = reservation.refund_reason ? REFUND_REASONS[reservation.refund_reason] : undefined;
      return reason ? `Refunded: ${reason}` : 'Refunded';
    }
  }
}

/**
 * What kind of enquiry it was, in words: the lead's category and, when it has one, its subcategory (without the CRM's
 * ordering number, '3. Offer Accepted' -> 'Offer Accepted').
 * @example enquiryType('Test Drive', null) // 'Test Drive'
 */
export function enquiryType(category: string, subcategory: string | null): string {
  const sub = subcategory?.replace(/^\d+\.\s*/, '').trim();
  return sub && sub !== category ? `${category}: ${sub}` : category;
}

/**
 * A day in the dealer's time zone, as shoppers read it ('27 Nov 2026'); the default zone when the tenant's is unknown.
 * @example formatDay(Date.UTC(2026, 10, 26, 15), 'Australia/Brisbane') // '27 Nov 2026'
 */
export function formatDay(ms: number, timeZone: string | undefined): string {
  // One formatter per zone per isolate (contracts dateFormatter), not one per date shown.
  const format = (zone: string) => dateFormatter('en-AU', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' }).format(ms);
  try {
    return format(timeZone || 'Australia/Brisbane');
  } catch {
    return format('Australia/Brisbane');
  }
}

/** The same day as a machine-readable date (`<time datetime>`), in the same zone. */
export const isoDay = (ms: number, timeZone: string | undefined): string => todayIn(timeZone, ms);

/** A saved search's link: only a search page of this site (contracts SavedSearchUrlSchema), else none. */
export const savedSearchHref = (url: string): string | null => (v.is(SavedSearchUrlSchema, url) ? url : null);

/** An alert link's token is plausible: the length contracts OptOutRequestSchema takes, in URL-safe characters. */
export const STOP_TOKEN = /^[A-Za-z0-9_.~-]{10,400}$/;

/** The `t` of `/alerts/stop?t=` when it could be a token (else the page says the link is not valid). */
export function stopToken(query: URLSearchParams): string | null {
  const t = query.get('t');
  return t && STOP_TOKEN.test(t) ? t : null;
}

/**
 * Up to `limit` of `items` mapped at once (the car lookups of a page go to mf-search in parallel, bounded so a long
 * watchlist never opens dozens of subrequests together). Order is kept.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
