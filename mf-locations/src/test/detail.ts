/**
 * Test support for a location's own page (lib/detail.ts): a tenant with a Sydney dealership whose sales, service and
 * parts share one address, a Brisbane yard of the same dealership elsewhere, a Melbourne location of another, and
 * their holiday hours and reviews; the time zones differ so a DST change shows.
 */
import type { LocationInput, OpeningHourEntry } from '@forecourt/contracts/entities/location';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { parseSpecialHours, parseTenantData, type SpecialHoursInput, type TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { LocationsData } from '../lib/locations-data.ts';
import { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { locationInput, SALES_HOURS } from './tenant.ts';

export const DETAIL_TENANT = 'detail-motors';

const SERVICE_HOURS: OpeningHourEntry[] = [
  ...[1, 2, 3, 4].map((weekday) => ({ weekday, status: 'Open' as const, formated_hours: null, open: '07:00', close: '17:30' })),
  { weekday: 5, status: 'Open', formated_hours: null, open: '07:00', close: '16:00' },
  { weekday: 6, status: 'Closed', formated_hours: null, open: null, close: null },
  { weekday: 0, status: 'Closed', formated_hours: null, open: null, close: null },
];

const review = (author: string, rating: number, date: string, text = `${author}’s review.`) => ({ author, rating, date, text });

const PARRAMATTA = { street: '10 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150', lat: -33.8151, long: 151.0011, place_url: 'https://maps.example/parramatta' };
const dealer = { dealership_id: 'd7', dealership_slug: 'harbour-city-motors' };

export function detailDataInput(): TenantDataInput & { special_hours: SpecialHoursInput } {
  return {
    locations: [
      locationInput({
        id: 's1', name: 'Harbour City Sales', slug: 'harbour-city-sales', location_type: 'sales', primary: true, ...dealer, address: PARRAMATTA,
        image: { image: { url: '/img/harbour-city-sales.jpg' } },
        reviews: { average_rating: 4.66, count: 1234 },
        review_items: [
          review('Old', 5, '2025-01-01'),
          review('Low', 3, '2026-11-20', 'Too slow.'),
          ...Array.from({ length: 13 }, (_, i) => review(`Buyer ${String(i + 1).padStart(2, '0')}`, i % 2 ? 4 : 5, `2026-${String(i < 9 ? 10 : 11).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}`)),
        ],
      }),
      locationInput({
        id: 's2', name: 'Harbour City Service', slug: 'harbour-city-service', location_type: 'service', ...dealer, address: { ...PARRAMATTA, street: '10 church street ' },
        contact_detail: { phone: '02 9000 0002', opening_hours: SERVICE_HOURS }, reviews: { average_rating: 3.9, count: 40 },
      }),
      locationInput({
        id: 's3', name: 'Harbour City Parts', slug: 'harbour-city-parts', location_type: 'parts', ...dealer, address: PARRAMATTA,
        contact_detail: { phone: '02 9000 0003', opening_hours: SERVICE_HOURS },
      }),
      locationInput({
        id: 'b1', name: 'Harbour City Brisbane', slug: 'harbour-city-brisbane', location_type: 'sales', ...dealer,
        address: { street: '1 Ann Street', city: 'Brisbane City', state: 'QLD', postcode: '4000', lat: -27.4679, long: 153.0281 },
        reviews: { average_rating: 4.2, count: 10 },
      }),
      locationInput({
        id: 'm1', name: 'Bayside Melbourne', slug: 'bayside-melbourne', dealership_id: 'd8', dealership_slug: 'bayside', location_type: 'sales',
        address: { street: '5 Bay Street', city: 'Brighton', state: 'VIC', postcode: '3186', lat: -37.9, long: 145.0 }, reviews: null,
      }),
    ] satisfies LocationInput[],
    dealerships: [
      {
        id: 'd7', slug: 'harbour-city-motors', name: 'Harbour City Motors', average_rating: 4.5, review_count: 2100,
        websites: [{ name: 'Harbour City Motors', slug: 'harbour-city-motors', url: 'https://www.harbourcity.example' }],
        service_booking_url: 'https://book.example/harbour-city',
      },
      { id: 'd8', slug: 'bayside', name: 'Bayside', websites: [{ name: 'Bayside', slug: 'bayside', url: 'javascript:alert(1)' }] },
    ],
    manufacturers: [],
    special_hours: [
      { date: '2026-12-24', status: 'Open', start_hour: '08:30', end_hour: '12:00', location_id: 's1' },
      { date: '2026-12-25', status: 'Closed', location_id: 's1' },
      { date: '2026-12-31', status: 'Open', hours: { begin: '09:00', end: '15:00' }, location_id: 's1' },
      { date: '2026-11-01', status: 'Closed', location_id: 's1' },
      { date: '2026-12-25', status: 'Closed', location_id: 's2' },
      { date: '2026-12-25', status: 'Closed', location_id: 'm1' },
    ],
  };
}

export const DETAIL_IDS = ['s1', 's2', 's3', 'b1', 'm1'];

export function detailConfigInput(overrides: Partial<SiteConfigInput> = {}): SiteConfigInput {
  return siteConfigInput(DETAIL_TENANT, { locations: DETAIL_IDS, dealerships: ['d7'], site_url: 'https://www.detailmotors.example', ...overrides });
}

export const detailConfig = (overrides: Partial<SiteConfigInput> = {}) => siteConfig(DETAIL_TENANT, { locations: DETAIL_IDS, dealerships: ['d7'], site_url: 'https://www.detailmotors.example', ...overrides });
/** As the store reads them: the data set, and the special hours (stored here in the data set, as one written before they had their own key). */
export const detailData = (): LocationsData => {
  const input = detailDataInput();
  return { ...parseTenantData(DETAIL_TENANT, input), special_hours: parseSpecialHours(DETAIL_TENANT, input.special_hours) };
};

export { SALES_HOURS };
