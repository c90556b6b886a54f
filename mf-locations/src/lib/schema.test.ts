import { describe, expect, it } from 'vitest';
import { tenantData } from '../test/tenant.ts';
import { locationJsonLd } from './schema.ts';

const [sales, service] = tenantData().locations;

describe('locationJsonLd', () => {
  it('describes a sales location as an AutoDealer with address, phone, geo, hours and rating', () => {
    const ld = locationJsonLd(sales!, 'https://www.testmotors.com.au');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      name: 'Springwood Toyota Sales',
      url: 'https://www.testmotors.com.au/locations/springwood-toyota',
      telephone: '07 3208 0000',
      address: { '@type': 'PostalAddress', streetAddress: '3350 Pacific Highway', addressLocality: 'Springwood', addressRegion: 'QLD', postalCode: '4127', addressCountry: 'AU' },
      geo: { '@type': 'GeoCoordinates', latitude: -27.6125, longitude: 153.1294 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 212 },
    });
    // Only Mon-Fri have clock times; 'By appointment only' and Closed have no machine-readable range.
    expect(ld.openingHoursSpecification).toEqual(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${d}`, opens: '08:30', closes: '17:30' })),
    );
  });
  it('a service location is an AutoRepair; missing data is left out', () => {
    const ld = locationJsonLd(service!);
    expect(ld['@type']).toBe('AutoRepair');
    expect(ld.telephone).toBe('07 3208 1111');
    for (const key of ['url', 'geo', 'openingHoursSpecification', 'aggregateRating']) expect(ld).not.toHaveProperty(key);
  });
});
