/**
 * A location's own page (`/our-location/{slug}`, `/locations/{slug}`; spec §2 Location block detail panel, Hours
 * display; §4 "A location's opening-hours table switches by selected location type"): what it shows, as a pure
 * function of the slug, the selected type, the tenant's config and data and the clock.
 *
 * A slug names a location, or a dealership (then its locations). Either way the page offers the locations of that
 * dealership that share the address (a location's page) or all of them (a dealership's page) as a 'Location type'
 * choice; the choice switches the panel (today, address, phone, the Opening Hours table, holiday hours, map). Without
 * JavaScript the choice is a GET form (`?type=service`); with it, the LocationPanel island switches in place.
 */
import { telHref } from '@forecourt/contracts/display';
import { effectiveLocationType, type Location, type LocationType } from '@forecourt/contracts/entities/location';
import type { Dealership } from '@forecourt/contracts/entities/dealership';
import { addressKey, directionsHref, imageSrc, locationTypeRank, mapHref, siteLocations, webAddress } from '@forecourt/contracts/locations';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { LocationsData } from './locations-data.ts';
import { projectPoint } from './australia-map.ts';
import { holidayDays, upcomingSpecialHours, type HolidayDay } from './holiday.ts';
import { hoursTable, type HoursRow } from './hours-table.ts';
import { websiteLinks } from './list.ts';
import { TYPE_LABELS } from './locations.ts';
import { locationRating, pickReviews, reviewSummary, shownReview, type ReviewSummary, type ShownReview } from './reviews.ts';
import { locationJsonLd } from './schema.ts';
import { locationTimeZone, todayStatus, zonedNow, type TodayStatus } from './today.ts';

/** The query parameter of the location type choice (contracts routes: `/our-location/:slug`, `/locations/:slug`). */
export const TYPE_PARAM = 'type';

/** One location's panel (plain JSON: the LocationPanel island's props). */
export type DetailPanel = {
  id: string;
  slug: string;
  name: string;
  type: LocationType;
  typeLabel: string;
  /** Its entry in the 'Location type' choice: the type (`service`), or the slug when two share a type. */
  option: { value: string; label: string };
  street: string;
  /** 'Springwood QLD 4127' */
  locality: string;
  /** The address's link: the map place (contracts `mapHref`). */
  mapHref: string;
  /** Google Maps directions to the location (opened only on a click). */
  directionsHref: string;
  phone: string | null;
  phoneHref: string | null;
  today: TodayStatus;
  hours: HoursRow[];
  /** Upcoming special dates ('View Holiday Hours'); empty: no button. */
  holidays: HolidayDay[];
  dealerLicence: string | null;
  repairer: string | null;
  image: { src: string; alt: string } | null;
  /** The marker on the embedded map of Australia (./australia-map.ts), null without coordinates. */
  marker: { x: number; y: number } | null;
  /** 'Enquire Now': the dealership's external service booking on a service location (contracts Dealership). */
  bookingHref: string | null;
};

export type LocationDetailView = {
  title: string;
  /** 'Sales · Springwood QLD', or a dealership's types: 'Sales, Service and Parts'. */
  subtitle: string;
  description: string;
  panels: DetailPanel[];
  /** The id of the panel shown first (the `type` parameter's, else the page's own location). */
  selected: string;
  /** The review summary near the top and atop #reviews, when spec §5 allows it; else null (no #reviews either). */
  review: ReviewSummary | null;
  /** The #reviews block's reviews (spec §9: rating 4 and up, newest first, up to 12). */
  reviews: ShownReview[];
  /** 'Visit Website': the dealership's own website (a path when it is a page of this site; none when its home). */
  websiteHref: string | null;
  /** 'View Our Stock': the search page of the location or dealership (mf-search resolves `/search/{slug}`). */
  stockHref: string | null;
  jsonLd: Record<string, unknown>[];
};

/** Spec §9 location type sort (contracts locationTypeRank): sales (used yards with them), service, parts. */
const byTypeOrder = (locations: readonly Location[]) =>
  locations
    .map((l, i) => ({ l, i }))
    .sort((a, b) => locationTypeRank(effectiveLocationType(a.l)) - locationTypeRank(effectiveLocationType(b.l)) || a.i - b.i)
    .map(({ l }) => l);

/** One address (contracts addressKey, the rule the list's tabs use). */
const sameAddress = (a: Location, b: Location) => addressKey(a.address) === addressKey(b.address);

/** 'Sales, Service and Parts' */
const listText = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

type DetailConfig = Pick<SiteConfig, 'features' | 'time_zone' | 'locale' | 'site_url' | 'dealerships' | 'locations'>;

/**
 * The page a slug names at `now`, or null (no visible location or dealership of the site has that slug).
 * @example locationDetail('southern-cross-hyundai', 'service', config, data, now) // the dealership's three locations, Service shown
 */
export function locationDetail(slug: string, type: string | null, config: DetailConfig, data: LocationsData, now: Date): LocationDetailView | null {
  const locations = siteLocations(config, data);
  const s = slug.toLowerCase();
  const own = locations.find((l) => l.slug === s);
  const dealership = data.dealerships.find((d) => d.slug === (own ? own.dealership_slug : s)) ?? null;
  const group = own ? null : locations.filter((l) => l.dealership_slug === s);
  if (!own && !group?.length) return null;

  const shown = byTypeOrder(own ? locations.filter((l) => l === own || (l.dealership_id === own.dealership_id && sameAddress(l, own))) : group!);
  const panels = shown.map((l) => toPanel(l, shown, dealership, config, data, now));
  const wanted = (type ?? '').trim().toLowerCase();
  const selected = panels.find((p) => wanted && p.option.value === wanted) ?? panels.find((p) => p.id === own?.id) ?? panels[0]!;

  // Reviews: the location's own, or on a dealership's page the dealership's rating and its locations' reviews.
  const pageLocations = own ? [own] : shown;
  const features = { reviews: config.features.reviews };
  const locale = config.locale;
  const dealershipSummary = dealership ? reviewSummary(dealership, features, locale) : null;
  const review = own ? reviewSummary(own, features, locale) : (dealershipSummary ?? pageLocations.map((l) => reviewSummary(l, features, locale)).find(Boolean) ?? null);
  const reviews = review ? pickReviews(pageLocations.flatMap((l) => l.review_items ?? [])).map((r) => shownReview(r, locale)) : [];

  const title = own ? own.name : (dealership?.name ?? shown[0]!.name);
  const first = own ?? shown[0]!;
  const subtitle = own
    ? `${TYPE_LABELS[effectiveLocationType(own)]} · ${own.address.city} ${own.address.state}`
    : listText([...new Set(shown.map((l) => TYPE_LABELS[effectiveLocationType(l)]))]);

  return {
    title,
    subtitle,
    description: `${title}: address, phone number, opening hours and holiday hours${own ? ` in ${first.address.city} ${first.address.state}` : ''}.`,
    panels,
    selected: selected.id,
    review,
    reviews,
    websiteHref: websiteLinks(dealership, config.site_url)[0]?.href ?? null,
    stockHref: stockHref(own, shown, dealership, config),
    jsonLd: pageLocations.map((l) => {
      const zone = locationTimeZone(l.address.state, config.time_zone);
      const shownHere = reviewSummary(l, features, locale);
      return locationJsonLd(l, config.site_url, {
        specialHours: upcomingSpecialHours(l.id, data.special_hours, zonedNow(now, zone).date),
        rating: shownHere ? locationRating(l) : null,
        reviews: shownHere ? pickReviews(l.review_items) : [],
      });
    }),
  };
}

function toPanel(location: Location, all: readonly Location[], dealership: Dealership | null, config: DetailConfig, data: LocationsData, now: Date): DetailPanel {
  const type = effectiveLocationType(location);
  const typeLabel = TYPE_LABELS[type];
  const uniqueType = all.filter((l) => effectiveLocationType(l) === type).length === 1;
  const zone = locationTimeZone(location.address.state, config.time_zone);
  const here = zonedNow(now, zone);
  const phone = location.contact_detail.phone?.trim() || location.contact_detail.landline_phone?.trim() || null;
  const { address } = location;
  const showLicence = config.features.show_dealer_licence;
  const src = imageSrc(location.image?.image.url);
  const today = todayStatus(location, data.special_hours, now, zone);
  return {
    id: location.id,
    slug: location.slug,
    name: location.name,
    type,
    typeLabel,
    option: uniqueType ? { value: type, label: typeLabel } : { value: location.slug, label: location.name },
    street: address.street,
    locality: `${address.city} ${address.state} ${address.postcode}`,
    mapHref: mapHref(address),
    directionsHref: directionsHref(location.address),
    phone,
    phoneHref: phone ? telHref(phone) : null,
    today,
    hours: hoursTable(location.contact_detail.opening_hours, here.weekday, today.holiday ? today.hours : null),
    holidays: holidayDays(location, data.special_hours, here.date, config.locale),
    dealerLicence: showLicence ? location.dealer_license_number || null : null,
    repairer: showLicence ? location.motor_vehicle_repairer || null : null,
    image: src ? { src, alt: `${location.name}, ${address.street}, ${address.city}` } : null,
    marker: address.lat != null && address.long != null ? projectPoint(address.lat, address.long) : null,
    bookingHref: type === 'service' ? webAddress(dealership?.service_booking_url) : null,
  };
}

/**
 * 'View Our Stock' (spec §2: `/search/{locationSlug}` or `{dealership_slug}`, which mf-search resolves for the site's
 * own locations and dealerships): a sales location's own search; a dealership's (or a service or parts location's)
 * the dealership's when the site lists it, else its first sales yard's; none without either.
 */
function stockHref(own: Location | undefined, shown: readonly Location[], dealership: Dealership | null, config: Pick<SiteConfig, 'dealerships'>): string | null {
  const sells = (l: Location) => ['sales', 'used'].includes(effectiveLocationType(l));
  if (own && sells(own)) return `/search/${own.slug}`;
  if (dealership && config.dealerships.includes(dealership.id)) return `/search/${dealership.slug}`;
  const yard = shown.find(sells);
  return yard ? `/search/${yard.slug}` : null;
}
