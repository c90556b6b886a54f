/**
 * The location block (spec §2 Location block; contracts/location-block.ts): which of the site's locations it shows,
 * in what order, as which cards, laid out how. Pure functions of the params, the tenant's config and data and the
 * clock, so each rule is unit-tested without a Worker.
 */
import { LOCATION_CAROUSEL_SWIPE_MIN } from '@forecourt/contracts/constants';
import { effectiveLocationType, type Location, type LocationType } from '@forecourt/contracts/entities/location';
import type { LocationBlockLayout, LocationBlockParams, LocationBlockShow, LocationBlockVariant } from '@forecourt/contracts/location-block';
import { directionsHref, imageSrc, locationTypeRank, primaryLocation, webAddress } from '@forecourt/contracts/locations';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import type { LocationsData } from './locations-data.ts';
import { projectPoint } from './australia-map.ts';
import { cardContext, contactSlug, siteLocations, toLocationCard, type LocationCard } from './locations.ts';
import { pickReviews, reviewSummary, shownReview, type ReviewSummary, type ShownReview } from './reviews.ts';

/** Locations a block shows when its host names no `show` and no limit (the home page's section as it always was). */
export const DEFAULT_BLOCK_LIMIT = 4;
/** Locations a block shows at most when it names `show` and no limit (the slot's largest limit). */
export const MAX_BLOCK_LIMIT = 12;

/**
 * Spec §9 location type sort: primary locations first, then sales (used yards with them), service, parts (contracts
 * locationTypeRank, the order the list and a location's page use); the config's order within each (a stable sort).
 * @example byLocationType([service, sales, primaryParts]) // [primaryParts, sales, service]
 */
export function byLocationType<L extends Pick<Location, 'primary' | 'location_type' | 'location_subtype'>>(locations: readonly L[]): L[] {
  return locations
    .map((location, index) => ({ location, index, rank: (location.primary ? 0 : 10) + locationTypeRank(effectiveLocationType(location)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.location);
}

const TYPES_SHOWN: Partial<Record<LocationBlockShow, readonly LocationType[]>> = {
  sales: ['sales', 'used'],
  service: ['service'],
  parts: ['parts'],
  'service-and-parts': ['service', 'parts'],
};

const ids = (list: string | undefined) => new Set((list ?? '').split(',').filter(Boolean));
const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/**
 * The locations a block shows (spec §2 Location block), from the site's visible ones: `primary` (the config's primary
 * location, else its first), `id` (that one), a type (`sales` with used yards, `service`, `parts`,
 * `service-and-parts`) or `all` (also without `show`), then only those of the `manufacturer`, whose subtype has every
 * word of `subtype`, among the `include` ids, not among the `exclude` ids; sorted by `byLocationType`, at most
 * `limit` (default 4 without `show`, else 12).
 * @example selectBlockLocations(config, data, { show: 'service', manufacturer: 'hino' }) // the site's Hino service centres
 */
export function selectBlockLocations(config: Pick<SiteConfig, 'locations'>, data: Pick<TenantData, 'locations'>, params: LocationBlockParams): { locations: Location[]; total: number } {
  const site = siteLocations(config, data);
  let chosen: Location[];
  if (params.show === 'primary') {
    const primary = primaryLocation(config, site);
    chosen = primary ? [primary] : [];
  } else if (params.show === 'id') chosen = site.filter((l) => l.id === params.id);
  else {
    const types = params.show ? TYPES_SHOWN[params.show] : undefined;
    chosen = types ? site.filter((l) => types.includes(effectiveLocationType(l))) : site;
  }
  if (params.manufacturer) chosen = chosen.filter((l) => l.manufacturers.some((m) => m.toLowerCase() === params.manufacturer));
  if (params.subtype) {
    const wanted = words(params.subtype);
    chosen = chosen.filter((l) => {
      const has = new Set(words(l.location_subtype ?? ''));
      return wanted.every((w) => has.has(w));
    });
  }
  if (params.include) {
    const only = ids(params.include);
    chosen = chosen.filter((l) => only.has(l.id));
  }
  if (params.exclude) {
    const without = ids(params.exclude);
    chosen = chosen.filter((l) => !without.has(l.id));
  }
  const sorted = byLocationType(chosen);
  const limit = params.limit ? Number(params.limit) : params.show ? MAX_BLOCK_LIMIT : DEFAULT_BLOCK_LIMIT;
  return { locations: sorted.slice(0, limit), total: sorted.length };
}

/**
 * The block's grid columns (spec §2 "One location gives a large card; several give a grid (4 columns above 3
 * locations, 3 when 6)"): 1 is the large card; 2 and 3 fill one row; 6 is two rows of 3; every other count above 3
 * has 4 columns (5 is a row of 4 and one; 7 a row of 4 and 3). Wide screens only: narrower ones have fewer (styles).
 */
export function blockColumns(count: number): 1 | 2 | 3 | 4 {
  if (count <= 1) return 1;
  if (count <= 3) return count as 2 | 3;
  return count === 6 ? 3 : 4;
}

/** Spec §9 "Location carousel swipe hint above 3 cards": the 'Swipe' hint shows when the carousel has more than 3. */
export const showSwipeHint = (cards: number): boolean => cards > LOCATION_CAROUSEL_SWIPE_MIN;

/** Where a dealership books services online: its `service_booking_url` when that is a web address (never `javascript:`). */
export function serviceBookingUrl(data: Pick<TenantData, 'dealerships'>, dealershipId: string): string | null {
  return webAddress(data.dealerships.find((d) => d.id === dealershipId)?.service_booking_url);
}

/** A block card's image: the location's photo at the size the styles give it (width and height: no layout shift). */
export type BlockImage = { src: string; width: number; height: number };
/** Location photos are 2:1 (the feed's and the demo's); the card crops to that box. */
export const BLOCK_IMAGE = { width: 640, height: 320 } as const;

/** What a block or carousel card shows besides the location card: its image and its buttons. Plain JSON (island props). */
export type BlockCard = LocationCard & {
  image: BlockImage | null;
  /** The contact button: 'Contact Us' (`/contact-us/<contact slug>`), or 'Book a Service' on service locations where the tenant says so. */
  contact: { label: 'Contact Us' | 'Book a Service'; href: string; external: boolean };
  directionsHref: string;
  detailsHref: string;
  /** 'View Our Stock' (`/search/<location slug>`, mf-search's location page): sales and used locations only. */
  stockHref: string | null;
  /** Where the location falls on the map of Australia (./australia-map.ts), null without coordinates: the `map` variant's pin. */
  marker: { x: number; y: number } | null;
};

/** A location's block card at `context`'s clock: the location card plus image and buttons (see BlockCard). */
export function toBlockCard(location: Location, config: Pick<SiteConfig, 'features'>, data: Pick<TenantData, 'dealerships'>, card: LocationCard): BlockCard {
  const type = effectiveLocationType(location);
  const booking = config.features.location_book_service && type === 'service';
  const bookingUrl = booking ? serviceBookingUrl(data, location.dealership_id) : null;
  const image = imageSrc(location.image?.image.url);
  return {
    ...card,
    image: image ? { src: image, ...BLOCK_IMAGE } : null,
    contact: booking
      ? { label: 'Book a Service', href: bookingUrl ?? '/service', external: bookingUrl !== null }
      : { label: 'Contact Us', href: `/contact-us/${contactSlug(location.name)}`, external: false },
    directionsHref: directionsHref(location.address),
    detailsHref: `/locations/${location.slug}`,
    stockHref: type === 'sales' || type === 'used' ? `/search/${location.slug}` : null,
    marker: location.address.lat != null && location.address.long != null ? projectPoint(location.address.lat, location.address.long) : null,
  };
}

/** The block cards of some of a site's locations at `now`. */
export function blockCards(locations: readonly Location[], config: SiteConfig, data: LocationsData, now: Date): BlockCard[] {
  const context = cardContext(config, data, now);
  return locations.map((l) => toBlockCard(l, config, data, toLocationCard(l, context)));
}

/** What the home page's section (the summary slot) renders. */
export type LocationBlock = {
  layout: LocationBlockLayout;
  cards: BlockCard[];
  /** How many locations match in all (the section links to the full list when it shows fewer). */
  total: number;
  /** The cards' look: `map` puts the map of Australia with the location's pin in place of its photo. */
  variant: LocationBlockVariant;
  /** The host's heading, else the block's own ('Visit us' / 'Our locations'). */
  heading: string | null;
  /** The `#reviews` block of the first location (params `reviews: 'list'`), or null where none may show. */
  reviews: BlockReviews | null;
};

/** The `#reviews` block's content: the location's summary and the reviews it lists. */
export type BlockReviews = { locationId: string; review: ReviewSummary; items: ShownReview[] };

/**
 * The `#reviews` block of a location (the car page's, issue 18): its summary and reviews rated 4 and up (./reviews.ts),
 * or null where spec §5 hides them (tenant `reviews` off, no rating above the minimum) or it has no review to list.
 * @example blockReviews(location, config) // { locationId: 'loc-1', review: { average: '4.6', ... }, items: [{ author: 'Sam P.', ... }] }
 */
export function blockReviews(location: Location | undefined, config: Pick<SiteConfig, 'features' | 'locale'>): BlockReviews | null {
  if (!location) return null;
  const review = reviewSummary(location, { reviews: config.features.reviews }, config.locale);
  const items = review ? pickReviews(location.review_items).map((r) => shownReview(r, config.locale)) : [];
  return review && items.length ? { locationId: location.id, review, items } : null;
}

/** The block a slot's params describe at `now`. */
export function locationBlock(config: SiteConfig, data: LocationsData, params: LocationBlockParams, now: Date): LocationBlock {
  const { locations, total } = selectBlockLocations(config, data, params);
  return {
    layout: params.layout ?? 'block',
    cards: blockCards(locations, config, data, now),
    total,
    variant: params.variant ?? 'card',
    heading: params.heading ?? null,
    reviews: params.reviews === 'list' ? blockReviews(locations[0], config) : null,
  };
}
