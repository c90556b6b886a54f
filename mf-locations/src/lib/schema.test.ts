import { describe, expect, it } from 'vitest';
import { serializeIslandProps } from '@forecourt/contracts/fragments';
import { tenantData } from '../test/tenant.ts';
import { locationJsonLd } from './schema.ts';

const [sales, service] = tenantData().locations;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

describe('locationJsonLd', () => {
  it('describes a sales location as an AutoDealer with address, phone, geo and the week’s hours', () => {
    const ld = locationJsonLd(sales!, 'https://www.testmotors.com.au');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      name: 'Springwood Toyota Sales',
      url: 'https://www.testmotors.com.au/locations/springwood-toyota',
      telephone: '07 3208 0000',
      address: { '@type': 'PostalAddress', streetAddress: '3350 Pacific Highway', addressLocality: 'Springwood', addressRegion: 'QLD', postalCode: '4127', addressCountry: 'AU' },
      geo: { '@type': 'GeoCoordinates', latitude: -27.6125, longitude: 153.1294 },
    });
    // Mon-Fri with clock times, Sunday closed (00:00-00:00); 'By appointment only' has no machine-readable range.
    expect(ld.openingHoursSpecification).toEqual([
      ...WEEKDAYS.map((d) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${d}`, opens: '08:30', closes: '17:30' })),
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Sunday', opens: '00:00', closes: '00:00' },
    ]);
    // No rating unless the page shows one.
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('adds the special dates (valid on that date only; closed as 00:00), the rating and the reviews the page shows', () => {
    const ld = locationJsonLd({ ...sales!, image: { image: { url: '/img/yard.jpg' } } }, 'https://www.testmotors.com.au', {
      specialHours: [
        { date: '2026-12-24', status: 'Open', start_hour: '08:30', end_hour: '12:00', location_id: 'l1' },
        { date: '2026-12-25', status: 'Closed', location_id: 'l1' },
        { date: '2026-12-31', status: 'Open', hours: { begin: '09:00', end: '15:00' }, location_id: 'l1' },
      ],
      rating: { average: 4.66, count: 1234 },
      reviews: [{ author: 'Megan T.', rating: 5, date: '2026-10-18', text: 'Great </script> service' }],
    });
    expect(ld.image).toBe('https://www.testmotors.com.au/img/yard.jpg');
    expect((ld.openingHoursSpecification as unknown[]).slice(-3)).toEqual([
      { '@type': 'OpeningHoursSpecification', opens: '08:30', closes: '12:00', validFrom: '2026-12-24', validThrough: '2026-12-24' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-25', validThrough: '2026-12-25' },
      { '@type': 'OpeningHoursSpecification', opens: '09:00', closes: '15:00', validFrom: '2026-12-31', validThrough: '2026-12-31' },
    ]);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 1234, bestRating: 5 });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Megan T.' },
        datePublished: '2026-10-18',
        reviewBody: 'Great </script> service',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
      },
    ]);
    // The shell writes it through contracts' serializer: feed text cannot close the script element.
    expect(serializeIslandProps(ld)).not.toContain('</script>');
    expect(JSON.parse(serializeIslandProps(ld))).toEqual(ld);
  });

  it('a service location is an AutoRepair; missing data is left out; a feed’s javascript: image is dropped', () => {
    const ld = locationJsonLd({ ...service!, image: { image: { url: 'javascript:alert(1)' } } });
    expect(ld['@type']).toBe('AutoRepair');
    expect(ld.telephone).toBe('07 3208 1111');
    for (const key of ['url', 'geo', 'openingHoursSpecification', 'aggregateRating', 'image', 'review']) expect(ld).not.toHaveProperty(key);
    for (const url of ['/\\evil.example/x.png', '//evil.example/x.png', 'http://cdn.example/x.png']) {
      expect(locationJsonLd({ ...service!, image: { image: { url } } }, 'https://www.testmotors.com.au'), url).not.toHaveProperty('image');
    }
  });

  it('a parts location is an AutoPartsStore', () => {
    expect(locationJsonLd({ ...service!, location_type: 'parts' })['@type']).toBe('AutoPartsStore');
  });
});
