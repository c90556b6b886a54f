/** schema.org JSON-LD for a location page (ARCHITECTURE.md: "AutoDealer with opening hours"). */
import { effectiveLocationType, type Location } from '@forecourt/contracts/entities/location';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SCHEMA_TYPES = { sales: 'AutoDealer', used: 'AutoDealer', service: 'AutoRepair', parts: 'AutoPartsStore' } as const;

/**
 * One location as a schema.org business. Opening hours list only days the feed gives as open with clock times
 * (a text like 'By appointment only' has no machine-readable range).
 */
export function locationJsonLd(location: Location, siteUrl?: string): Record<string, unknown> {
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
  const phone = contact.phone || contact.landline_phone;
  if (phone) ld.telephone = phone;
  if (address.lat != null && address.long != null) ld.geo = { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long };
  const hours = contact.opening_hours.filter((h) => h.status === 'Open' && h.open && h.close);
  if (hours.length) {
    ld.openingHoursSpecification = hours.map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.weekday]}`, opens: h.open, closes: h.close }));
  }
  if (location.reviews && location.reviews.count > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: location.reviews.average_rating, reviewCount: location.reviews.count };
  }
  return ld;
}
