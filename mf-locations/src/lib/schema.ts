/**
 * schema.org JSON-LD for a location page (ARCHITECTURE.md: "AutoDealer with opening hours"; issue 17): the business
 * (AutoDealer, AutoRepair for service, AutoPartsStore for parts) with its address, geo, phone, page, image, the week's
 * opening hours and its special dates, and its rating and the reviews the page shows, when the page shows them.
 * The shell writes each object in a `<script type="application/ld+json">` with `<`, `>` and `&` escaped (contracts
 * `serializeIslandProps`), so feed text cannot close the script.
 */
import { REVIEW_STARS } from '@forecourt/contracts/constants';
import { effectiveLocationType, type Location, type Review, type SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import { imageSrc } from '@forecourt/contracts/locations';
import { specialRange } from './holiday.ts';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SCHEMA_TYPES = { sales: 'AutoDealer', used: 'AutoDealer', service: 'AutoRepair', parts: 'AutoPartsStore' } as const;
/** schema.org's way of saying closed all day: opens and closes at midnight. */
const CLOSED = { opens: '00:00', closes: '00:00' } as const;

/** What the page shows beside the location itself; each left out when not given. */
export type JsonLdOptions = {
  /** The location's upcoming special dates (./holiday.ts `upcomingSpecialHours`). */
  specialHours?: readonly SpecialHoursEntry[];
  /** The rating the page shows (./reviews.ts `reviewSummary` allowed it), or null when it shows none. */
  rating?: { average: number; count: number } | null;
  /** The reviews the page lists (./reviews.ts `pickReviews`). */
  reviews?: readonly Review[];
};

/**
 * The location's image as JSON-LD needs it (an absolute address): the feed's image when contracts' `imageSrc` lets a
 * page load it (a site path, resolved against the site, or https), else none.
 */
const imageUrl = (href: string | null | undefined, siteUrl?: string): string | null => {
  const src = imageSrc(href);
  if (!src) return null;
  if (src.startsWith('https://')) return src;
  return siteUrl ? new URL(src, siteUrl).toString() : null;
};

/**
 * One location as a schema.org business. The week lists days open with clock times and closed days (opens and closes
 * '00:00'); a day in words only ('By appointment only') has no machine-readable range and is left out. Special dates
 * are entries valid on that date only (validFrom = validThrough).
 * @example locationJsonLd(location, 'https://www.dealer.com.au', { specialHours, rating: { average: 4.7, count: 812 }, reviews })
 */
export function locationJsonLd(location: Location, siteUrl?: string, options: JsonLdOptions = {}): Record<string, unknown> {
  const { address, contact_detail: contact } = location;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[effectiveLocationType(location)],
    name: location.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postcode,
      addressCountry: 'AU',
    },
  };
  if (siteUrl) ld.url = new URL(`/locations/${location.slug}`, siteUrl).toString();
  const image = imageUrl(location.image?.image.url, siteUrl);
  if (image) ld.image = image;
  const phone = contact.phone || contact.landline_phone;
  if (phone) ld.telephone = phone;
  if (address.lat != null && address.long != null) ld.geo = { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long };

  const week = contact.opening_hours.flatMap((h) => {
    const dayOfWeek = `https://schema.org/${SCHEMA_DAYS[h.weekday]}`;
    if (h.status === 'Closed') return [{ '@type': 'OpeningHoursSpecification', dayOfWeek, ...CLOSED }];
    if (h.open && h.close && !/appointment/i.test(h.formated_hours ?? '')) return [{ '@type': 'OpeningHoursSpecification', dayOfWeek, opens: h.open, closes: h.close }];
    return [];
  });
  const special = (options.specialHours ?? []).flatMap((s) => {
    const validity = { validFrom: s.date, validThrough: s.date };
    if (s.status === 'Closed') return [{ '@type': 'OpeningHoursSpecification', ...CLOSED, ...validity }];
    const range = specialRange(s);
    return range ? [{ '@type': 'OpeningHoursSpecification', opens: range.open, closes: range.close, ...validity }] : [];
  });
  if (week.length || special.length) ld.openingHoursSpecification = [...week, ...special];

  if (options.rating && options.rating.count > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: Math.round(options.rating.average * 10) / 10, reviewCount: options.rating.count, bestRating: REVIEW_STARS };
    if (options.reviews?.length) {
      ld.review = options.reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author },
        datePublished: r.date,
        reviewBody: r.text,
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: REVIEW_STARS },
      }));
    }
  }
  return ld;
}
