/**
 * The tenant's locations as cards (spec §2 Locations list / Location block), and the pure rules that pick them:
 * which locations a site shows, which a contact link's slug means, and which a search box query matches.
 */
import { telHref } from '@forecourt/contracts/display';
import { effectiveLocationType, type Location, type LocationType, type SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { LocationsData } from './locations-data.ts';
import { hoursSummary, type HoursLine } from '@forecourt/contracts/hours';
import { reviewSummary, type ReviewSummary } from './reviews.ts';
import { locationTimeZone, todayStatus, type TodayStatus } from './today.ts';
import { mapHref, siteLocations } from '@forecourt/contracts/locations';

export { telHref };

/** What a location card shows; plain JSON so it can travel as island props. */
export type LocationCard = {
  id: string;
  slug: string;
  name: string;
  type: LocationType;
  typeLabel: string;
  street: string;
  /** 'Springwood QLD 4127' */
  locality: string;
  mapHref: string;
  phone: string | null;
  phoneHref: string | null;
  hours: HoursLine[];
  /** Today where the location is: open now or not, until when, holiday hours (./today.ts); null without a clock. */
  today: TodayStatus | null;
  /** The review summary where spec §5 allows it (./reviews.ts), else null. */
  review: ReviewSummary | null;
  /** DL# and MVR#, only when the tenant shows them (spec §2: controlled by a flag). */
  dealerLicence: string | null;
  repairer: string | null;
};

export const TYPE_LABELS: Record<LocationType, string> = { sales: 'Sales', used: 'Used cars', service: 'Service', parts: 'Parts' };

/** The site's locations and address links are one rule of the platform (contracts/locations.ts). */
export { mapHref, siteLocations } from '@forecourt/contracts/locations';

/** What a card needs besides its location: the tenant's switches, its holiday hours and the clock. */
export type CardContext = {
  /** DL# and MVR# shown (tenant `features.show_dealer_licence`). */
  showLicence: boolean;
  /** Review summaries shown (tenant `features.reviews`); default off. */
  reviews?: boolean;
  /** The tenant's special (holiday) hours (`special-hours:<slug>`, locations-data.ts). */
  specialHours?: readonly SpecialHoursEntry[];
  /** The request's time; without it the card says nothing about today. */
  now?: Date;
  /** The tenant's `time_zone`, for a location whose state names none. */
  timeZone?: string;
  locale?: string;
};

/** The context of a tenant's cards at `now`. */
export function cardContext(config: Pick<SiteConfig, 'features' | 'time_zone' | 'locale'>, data: Pick<LocationsData, 'special_hours'>, now: Date): CardContext {
  return { showLicence: config.features.show_dealer_licence, reviews: config.features.reviews, specialHours: data.special_hours, now, timeZone: config.time_zone, locale: config.locale };
}

export function toLocationCard(location: Location, context: CardContext): LocationCard {
  const type = effectiveLocationType(location);
  const phone = location.contact_detail.phone?.trim() || location.contact_detail.landline_phone?.trim() || null;
  const { address } = location;
  const { showLicence, now } = context;
  return {
    id: location.id,
    slug: location.slug,
    name: location.name,
    type,
    typeLabel: TYPE_LABELS[type],
    street: address.street,
    locality: `${address.city} ${address.state} ${address.postcode}`,
    mapHref: mapHref(address),
    phone,
    phoneHref: phone ? telHref(phone) : null,
    hours: hoursSummary(location.contact_detail.opening_hours),
    today: now ? todayStatus(location, context.specialHours ?? [], now, locationTimeZone(address.state, context.timeZone)) : null,
    review: reviewSummary(location, { reviews: context.reviews ?? false }, context.locale),
    dealerLicence: showLicence ? location.dealer_license_number || null : null,
    repairer: showLicence ? location.motor_vehicle_repairer || null : null,
  };
}

const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The slug a contact link uses for a location (spec §2 Contact and locations): a trailing Sales, Service or Parts
 * is stripped from the name, and 'koda' maps to 'skoda'.
 * @example contactSlug('Brisbane Škoda Service') // 'brisbane-skoda'
 */
export function contactSlug(name: string): string {
  const base = name.trim().replace(/\s+(?:sales|service|parts)$/i, '');
  return slugify(base)
    .split('-')
    .map((part) => (part === 'koda' ? 'skoda' : part))
    .join('-');
}

/** Locations a `/contact-us/{slug}` link means: by location slug, contact slug, dealership slug or brand. */
export function contactLocations(locations: readonly Location[], slug: string): Location[] {
  const s = slug.toLowerCase();
  const wanted = s === 'koda' ? 'skoda' : s;
  return locations.filter(
    (l) => l.slug === wanted || contactSlug(l.name) === wanted || l.dealership_slug === wanted || l.manufacturers.some((m) => m.toLowerCase() === wanted),
  );
}

/** Only locations of one type (the service and parts pages). */
export const ofType = (locations: readonly Location[], type: LocationType): Location[] => locations.filter((l) => effectiveLocationType(l) === type);

/**
 * The search box (spec §2 Locations list 'Search locations...', URL parameter locationQuery): every word of the query
 * must appear in the card's name, type, address or postcode; case and accents are ignored.
 */
export function filterLocations<T extends Pick<LocationCard, 'name' | 'typeLabel' | 'street' | 'locality'>>(cards: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...cards];
  return cards.filter((card) => {
    const haystack = fold(`${card.name} ${card.typeLabel} ${card.street} ${card.locality}`);
    return words.every((w) => haystack.includes(w));
  });
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Longest query the search box keeps (a URL parameter, so bounded). */
export const MAX_QUERY_LENGTH = 100;
export const normaliseQuery = (value: string | null | undefined): string => (value ?? '').trim().slice(0, MAX_QUERY_LENGTH);
