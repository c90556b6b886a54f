import { describe, expect, it } from 'vitest';
import { siteConfig, tenantData, LOCATION_IDS } from '../test/tenant.ts';
import { cardContext, contactLocations, contactSlug, filterLocations, mapHref, normaliseQuery, ofType, siteLocations, telHref, toLocationCard } from './locations.ts';

const config = siteConfig('test-motors', { locations: LOCATION_IDS });
const data = tenantData();
const visible = siteLocations(config, data);
const cards = visible.map((l) => toLocationCard(l, { showLicence: true }));

describe('siteLocations', () => {
  it('keeps the config order, skips hidden locations and those of other sites', () => {
    expect(visible.map((l) => l.id)).toEqual(['l1', 'l2', 'l4']);
    expect(siteLocations(siteConfig('x', { locations: ['l4', 'l1', 'nope'] }), data).map((l) => l.id)).toEqual(['l4', 'l1']);
  });
});

describe('toLocationCard (spec §2 Locations list card)', () => {
  it('has name, type, address, map link, phone and collapsed hours', () => {
    expect(cards[0]).toEqual({
      id: 'l1',
      slug: 'springwood-toyota',
      name: 'Springwood Toyota Sales',
      type: 'sales',
      typeLabel: 'Sales',
      street: '3350 Pacific Highway',
      locality: 'Springwood QLD 4127',
      mapHref: 'https://maps.example/springwood',
      phone: '07 3208 0000',
      phoneHref: 'tel:0732080000',
      hours: [
        { days: 'Mon-Fri', text: '8:30am - 5:30pm' },
        { days: 'Sat', text: 'By appointment only' },
        { days: 'Sun', text: 'Closed' },
      ],
      today: null,
      review: null,
      dealerLicence: 'MD12345',
      repairer: 'MVR54321',
    });
  });
  it('with a clock, says whether it is open now (in its state’s time zone), and shows reviews when the tenant does', () => {
    const now = new Date('2026-03-04T00:00:00Z'); // Wednesday, 10am in Queensland
    const card = toLocationCard(visible[0]!, { ...cardContext(config, data, now), reviews: true });
    expect(card.today).toEqual({ state: 'open', label: 'Open now', next: 'Closes at 5:30pm', hours: '8:30am - 5:30pm', holiday: false });
    expect(card.review).toMatchObject({ average: '4.6', countText: 'Based on 212 reviews' });
    const holiday = toLocationCard(visible[0]!, { ...cardContext(config, data, now), specialHours: [{ date: '2026-03-04', status: 'Closed', location_id: 'l1', start_hour: null, end_hour: null, hours: null }] });
    expect(holiday.today).toMatchObject({ state: 'closed', hours: 'Closed', holiday: true });
  });
  it('falls back to the landline and reads the type (empty = sales)', () => {
    expect(cards[1]).toMatchObject({ type: 'service', typeLabel: 'Service', phone: '07 3208 1111', hours: [] });
  });
  it('hides DL# and MVR# when the tenant turns them off', () => {
    expect(toLocationCard(visible[0]!, { showLicence: false })).toMatchObject({ dealerLicence: null, repairer: null });
  });
});

describe('mapHref', () => {
  const address = { street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127' };
  it('uses the place link, else coordinates, else the address', () => {
    expect(mapHref({ ...address, place_url: 'https://maps.example/p' })).toBe('https://maps.example/p');
    expect(mapHref({ ...address, lat: -27.61, long: 153.12 })).toBe('https://www.google.com/maps/search/?api=1&query=-27.61%2C153.12');
    expect(mapHref({ ...address, place_id: 'abc' })).toBe('https://www.google.com/maps/search/?api=1&query=12+Dennis+Road%2C+Springwood+QLD+4127&query_place_id=abc');
  });
});

describe('contact and location slugs (spec §2 Contact and locations)', () => {
  it('strips a trailing Sales, Service or Parts and maps koda to skoda', () => {
    expect(contactSlug('Springwood Toyota Sales')).toBe('springwood-toyota');
    expect(contactSlug('Springwood Toyota Service')).toBe('springwood-toyota');
    expect(contactSlug('Capalaba Mazda Parts')).toBe('capalaba-mazda');
    expect(contactSlug('Logan Škoda Sales')).toBe('logan-skoda');
    expect(contactSlug('Logan Koda')).toBe('logan-skoda');
    expect(contactSlug('Salesforce Motors')).toBe('salesforce-motors');
  });
  it('finds contact locations by contact slug, location slug, dealership or brand', () => {
    expect(contactLocations(visible, 'springwood-toyota').map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(contactLocations(visible, 'logan-skoda').map((l) => l.id)).toEqual(['l4']);
    expect(contactLocations(visible, 'koda').map((l) => l.id)).toEqual(['l4']);
    expect(contactLocations(visible, 'springwood-motor-group').map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(contactLocations(visible, 'nowhere')).toEqual([]);
  });
  it('filters by effective type', () => {
    expect(ofType(visible, 'service').map((l) => l.id)).toEqual(['l2']);
    expect(ofType(visible, 'parts')).toEqual([]);
  });
});

describe('filterLocations (spec §2 Search locations...)', () => {
  it('matches every word against name, type, address and postcode, ignoring case and accents', () => {
    expect(filterLocations(cards, '').length).toBe(3);
    expect(filterLocations(cards, '  ').length).toBe(3);
    expect(filterLocations(cards, 'springwood').map((c) => c.id)).toEqual(['l1', 'l2']);
    expect(filterLocations(cards, 'springwood SERVICE').map((c) => c.id)).toEqual(['l2']);
    expect(filterLocations(cards, '4114').map((c) => c.id)).toEqual(['l4']);
    expect(filterLocations(cards, 'skoda').map((c) => c.id)).toEqual(['l4']);
    expect(filterLocations(cards, 'sydney')).toEqual([]);
  });
  it('bounds the query', () => {
    expect(normaliseQuery(null)).toBe('');
    expect(normaliseQuery(`  ${'a'.repeat(150)} `)).toHaveLength(100);
  });
  it('builds tel: links', () => {
    expect(telHref('+61 7 3208 0000')).toBe('tel:+61732080000');
  });
});
