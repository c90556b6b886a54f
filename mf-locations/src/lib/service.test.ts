import { describe, expect, it } from 'vitest';
import type { TenantDataInput } from '@forecourt/contracts/tenant-data';
import { locationInput, locationsData, siteConfig } from '../test/tenant.ts';
import { formPageView, PARTS_SEARCH, SERVICE_LINKS, serviceBookings } from './service.ts';

const NOW = new Date('2026-03-04T00:00:00Z');
const service = (id: string, dealership: string, extra: Record<string, unknown> = {}) =>
  locationInput({ id, name: `Service ${id}`, slug: `service-${id}`, location_type: 'service', dealership_id: dealership, dealership_slug: `dealer-${dealership}`, ...extra });

const input: TenantDataInput = {
  locations: [
    locationInput({ id: 's1', name: 'Sales One', slug: 'sales-one', primary: true }),
    service('a1', 'da'),
    service('b1', 'db'),
    service('a2', 'da'),
    locationInput({ id: 'p1', name: 'Parts One', slug: 'parts-one', location_type: 'parts' }),
  ],
  dealerships: [
    { id: 'da', slug: 'dealer-da', name: 'Alpha Motors', service_booking_url: 'https://www.alpha.example/book-a-service' },
    { id: 'db', slug: 'dealer-db', name: 'Bravo Motors', service_booking_url: null },
  ],
  manufacturers: [{ id: 'm-toyota', name: 'Toyota', slug: 'toyota' }],
};
const data = locationsData('t', input);
const ids = ['s1', 'a1', 'b1', 'a2', 'p1'];
const serviceLocations = data.locations.filter((l) => l.location_type === 'service');

describe('serviceBookings (spec §2 Service: booking address per dealership, manufacturer page on one brand’s sites, else the enquiry form)', () => {
  it('per dealership, in the order of its first service location: its booking site, else the enquiry form', () => {
    expect(serviceBookings(siteConfig('t', { locations: ids }), data, serviceLocations)).toEqual([
      { dealership: 'Alpha Motors', locations: ['Service a1', 'Service a2'], how: 'booking', label: 'Book a service online', href: 'https://www.alpha.example/book-a-service' },
      { dealership: 'Bravo Motors', locations: ['Service b1'], how: 'enquiry', label: 'Send a service enquiry', href: '#fl-enquiry' },
    ]);
  });
  it('a single-brand site links its brand’s service page for a dealership without a booking site', () => {
    const single = siteConfig('t', { locations: ids, manufacturer: 'toyota', service: { manufacturer_url: 'https://www.toyota.example/service' } });
    expect(serviceBookings(single, data, serviceLocations).map((b) => [b.how, b.label, b.href])).toEqual([
      ['booking', 'Book a service online', 'https://www.alpha.example/book-a-service'],
      ['manufacturer', 'Visit the Toyota service page', 'https://www.toyota.example/service'],
    ]);
  });
  it('the manufacturer page means nothing on a multi-brand site (no `manufacturer`)', () => {
    const group = siteConfig('t', { locations: ids, service: { manufacturer_url: 'https://www.toyota.example/service' } });
    expect(serviceBookings(group, data, serviceLocations).map((b) => b.how)).toEqual(['booking', 'enquiry']);
  });
});

describe('formPageView: service and parts', () => {
  const view = (page: 'service' | 'parts' | 'contact', config = siteConfig('t', { locations: ids }), query = '') => formPageView(page, new URLSearchParams(query), config, data, NOW, { title: page })!;

  it('service: its locations with hours, the bookings, the Service Enquiry form while a dealership needs it, the service pages', () => {
    const v = view('service');
    expect(v.cards.map((c) => c.id)).toEqual(['a1', 'b1', 'a2']);
    expect(v.cards[0]!.hours[0]).toEqual({ days: 'Mon-Fri', text: '8:30am - 5:30pm' });
    expect(v.bookings?.map((b) => b.how)).toEqual(['booking', 'enquiry']);
    expect(v.contactForm?.params).toMatchObject({ form: 'service', location_options: 'a1,b1,a2' });
    expect(v.links).toEqual(SERVICE_LINKS);
    expect(SERVICE_LINKS.map((l) => l.href)).toEqual(['/capped-price-servicing', '/warranty', '/roadside-assist']);
    expect(v).not.toHaveProperty('robots');
  });

  it('service: no form when every dealership books online or on the brand’s page', () => {
    const single = siteConfig('t', { locations: ids, manufacturer: 'toyota', service: { manufacturer_url: 'https://www.toyota.example/service' } });
    const v = view('service', single);
    expect(v.contactForm).toBeUndefined();
    expect(v.intro).toBe('Book your next service online, or call or visit one of our service centres.');
  });

  it('service on a site without service locations: the enquiry form about any location', () => {
    const v = view('service', siteConfig('t', { locations: ['s1', 'p1'] }));
    expect(v.bookings).toEqual([]);
    expect(v.contactForm?.params).toMatchObject({ form: 'service', location_options: 's1,p1' });
  });

  it('parts: its locations, the Parts Enquiry form; the search goes to /parts/search with q', () => {
    const v = view('parts');
    expect(v.cards.map((c) => c.id)).toEqual(['p1']);
    expect(v.contactForm?.params).toMatchObject({ form: 'parts', location_options: 'p1' });
    expect(PARTS_SEARCH).toEqual({ action: '/parts/search', param: 'query', label: 'Search parts and accessories' });
  });

  it('contact: the locations a slug names, block-sorted; an unknown slug is null', () => {
    expect(view('contact').cards.map((c) => c.id)).toEqual(['s1', 'a1', 'b1', 'a2', 'p1']);
    expect(view('contact', undefined, '_slug=dealer-da').cards.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(formPageView('contact', new URLSearchParams('_slug=nowhere'), siteConfig('t', { locations: ids }), data, NOW, { title: 'Contact us' })).toBeNull();
  });
});
