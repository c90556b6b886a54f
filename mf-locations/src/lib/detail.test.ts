import { describe, expect, it } from 'vitest';
import { DETAIL_IDS, detailConfig, detailData } from '../test/detail.ts';
import { locationDetail } from './detail.ts';

/** Friday 27 November 2026, 10am in Sydney (UTC+11, daylight saving). */
const NOW = new Date('2026-11-26T23:00:00Z');
const data = detailData();
const detail = (slug: string, type: string | null = null, config = detailConfig(), now = NOW) => locationDetail(slug, type, config, data, now);

describe('locationDetail: which locations a slug shows, and which first', () => {
  it('a location’s page offers the dealership’s locations at the same address, by type (sales, service, parts)', () => {
    const page = detail('harbour-city-service')!;
    expect(page.title).toBe('Harbour City Service');
    expect(page.subtitle).toBe('Service · Parramatta NSW');
    expect(page.panels.map((p) => [p.id, p.option])).toEqual([
      ['s1', { value: 'sales', label: 'Sales' }],
      ['s2', { value: 'service', label: 'Service' }],
      ['s3', { value: 'parts', label: 'Parts' }],
    ]);
    // Its own location first, unless the shopper chose a type.
    expect(page.selected).toBe('s2');
    expect(detail('harbour-city-service', 'parts')!.selected).toBe('s3');
    expect(detail('harbour-city-service', ' SALES ')!.selected).toBe('s1');
    expect(detail('harbour-city-service', 'nonsense')!.selected).toBe('s2');
  });

  it('a dealership’s page shows all its locations; two of a type are told apart by name and chosen by slug', () => {
    const page = detail('harbour-city-motors')!;
    expect(page.title).toBe('Harbour City Motors');
    expect(page.subtitle).toBe('Sales, Service and Parts');
    expect(page.panels.map((p) => [p.id, p.option.value, p.option.label])).toEqual([
      ['s1', 'harbour-city-sales', 'Harbour City Sales'],
      ['b1', 'harbour-city-brisbane', 'Harbour City Brisbane'],
      ['s2', 'service', 'Service'],
      ['s3', 'parts', 'Parts'],
    ]);
    expect(page.selected).toBe('s1');
    expect(detail('harbour-city-motors', 'harbour-city-brisbane')!.selected).toBe('b1');
    expect(detail('harbour-city-motors', 'service')!.selected).toBe('s2');
  });

  it('a location alone at its address has one panel; an unknown, hidden or other site’s slug is nothing', () => {
    expect(detail('harbour-city-brisbane')!.panels.map((p) => p.id)).toEqual(['b1']);
    expect(detail('nowhere')).toBeNull();
    expect(detail('harbour-city-parts', null, detailConfig({ locations: ['s1', 's2'] }))).toBeNull();
  });
});

describe('a panel: today, hours, holidays, contact and map', () => {
  const panel = (slug: string, id: string, now = NOW) => detail(slug, null, detailConfig(), now)!.panels.find((p) => p.id === id)!;

  it('reads today where the location is: Friday in Sydney, its row marked', () => {
    const sales = panel('harbour-city-sales', 's1');
    expect(sales.today).toMatchObject({ state: 'open', label: 'Open now', next: 'Closes at 5:30pm' });
    expect(sales.hours.map((r) => [r.days, r.text, r.today])).toEqual([
      ['Monday – Friday', '8:30am - 5:30pm', true],
      ['Saturday', 'By appointment only', false],
      ['Sunday', 'Closed', false],
    ]);
    const service = panel('harbour-city-sales', 's2');
    expect(service.hours.filter((r) => r.today).map((r) => r.days)).toEqual(['Friday']);
  });

  it('at 13:30Z on a Saturday it is Sunday in Sydney (daylight saving) but still Saturday in Brisbane', () => {
    const instant = new Date('2026-11-28T13:30:00Z');
    expect(panel('harbour-city-motors', 's1', instant).hours.find((r) => r.today)?.days).toBe('Sunday');
    expect(panel('harbour-city-motors', 'b1', instant).hours.find((r) => r.today)?.days).toBe('Saturday');
  });

  it('lists its own upcoming holiday dates (the past one gone), Today on the day, and they decide open now', () => {
    expect(panel('harbour-city-sales', 's1').holidays.map((d) => [d.label, d.text])).toEqual([
      ['Thu 24 Dec 2026', '8:30am - 12pm'],
      ['Fri 25 Dec 2026', 'Closed'],
      ['Thu 31 Dec 2026', '9am - 3pm'],
    ]);
    const christmasEve = panel('harbour-city-sales', 's1', new Date('2026-12-23T23:00:00Z')); // 10am on the 24th in Sydney
    expect(christmasEve.holidays[0]).toMatchObject({ label: 'Today', today: true });
    expect(christmasEve.today).toMatchObject({ state: 'open', next: 'Closes at 12pm', holiday: true });
    // The week's table keeps Thursday's usual hours, and notes today's holiday hours on its row.
    expect(christmasEve.hours[0]).toMatchObject({ days: 'Monday – Friday', text: '8:30am - 5:30pm', today: true, holiday: '8:30am - 12pm' });
    expect(panel('harbour-city-sales', 's3').holidays).toEqual([]);
  });

  it('address to the map place, directions by coordinates, phone, licence (by the tenant’s switch), image, map marker', () => {
    const sales = panel('harbour-city-sales', 's1');
    expect(sales).toMatchObject({
      street: '10 Church Street',
      locality: 'Parramatta NSW 2150',
      mapHref: 'https://maps.example/parramatta',
      directionsHref: 'https://www.google.com/maps/dir/?api=1&destination=-33.8151%2C151.0011',
      phone: '07 3208 0000',
      phoneHref: 'tel:0732080000',
      dealerLicence: 'MD12345',
      repairer: 'MVR54321',
      image: { src: '/img/harbour-city-sales.jpg', alt: 'Harbour City Sales, 10 Church Street, Parramatta' },
      bookingHref: null,
    });
    expect(sales.marker!.x).toBeGreaterThan(350);
    const hidden = detail('harbour-city-sales', null, detailConfig({ features: { show_dealer_licence: false } }))!.panels[0]!;
    expect([hidden.dealerLicence, hidden.repairer]).toEqual([null, null]);
  });

  it('Enquire Now: the dealership’s service booking, on its service location only', () => {
    const page = detail('harbour-city-motors')!;
    expect(page.panels.map((p) => p.bookingHref)).toEqual([null, null, 'https://book.example/harbour-city', null]);
  });

  it('one address despite case and punctuation: a location page offers the types the list puts in one tab', () => {
    const service = data.locations.find((l) => l.id === 's2')!;
    // '10 Church Street' written another way: the list's rule (contracts addressKey) says it is the same address.
    const twin = { ...service, id: 'twin', slug: 'harbour-city-twin', address: { ...service.address, street: '10, CHURCH Street.' } };
    const page = locationDetail('harbour-city-sales', null, detailConfig({ locations: [...DETAIL_IDS, 'twin'] }), { ...data, locations: [...data.locations, twin] }, NOW)!;
    expect(page.panels.map((p) => p.id)).toContain('twin');
  });
});

describe('the page around the panel: reviews, stock, website, JSON-LD', () => {
  it('a location’s review summary and its 12 newest reviews rated 4 and up', () => {
    const page = detail('harbour-city-sales')!;
    expect(page.review).toEqual({ average: '4.7', fill: '94%', countText: 'Based on 1,234 reviews', label: 'Rated 4.7 out of 5' });
    expect(page.reviews).toHaveLength(12);
    expect(page.reviews[0]).toMatchObject({ author: 'Buyer 13', date: '2026-11-22', dateText: '22 Nov 2026' });
    expect(page.reviews.map((r) => r.author)).not.toContain('Low');
    expect(page.reviews.map((r) => r.author)).not.toContain('Old');
    expect(page.reviews.every((r) => r.rating >= 4)).toBe(true);
  });

  it('no summary and no reviews block when the average is not above 4 or the tenant hides reviews (spec §5)', () => {
    expect(detail('harbour-city-service')!.review).toBeNull(); // 3.9
    expect(detail('harbour-city-service')!.reviews).toEqual([]);
    const hidden = detail('harbour-city-sales', null, detailConfig({ features: { reviews: false } }))!;
    expect([hidden.review, hidden.reviews]).toEqual([null, []]);
    expect(hidden.jsonLd[0]).not.toHaveProperty('aggregateRating');
  });

  it('a dealership’s page: the dealership’s rating and its locations’ reviews', () => {
    const page = detail('harbour-city-motors')!;
    expect(page.review).toMatchObject({ average: '4.5', countText: 'Based on 2,100 reviews' });
    expect(page.reviews).toHaveLength(12);
  });

  it('View Our Stock: a sales location’s own search; a service location’s dealership’s; Visit Website: the dealership’s', () => {
    expect(detail('harbour-city-sales')!.stockHref).toBe('/search/harbour-city-sales');
    expect(detail('harbour-city-service')!.stockHref).toBe('/search/harbour-city-motors');
    expect(detail('harbour-city-motors')!.stockHref).toBe('/search/harbour-city-motors');
    // A dealership the site does not list is not a search path there: its first sales yard's instead.
    expect(detail('harbour-city-service', null, detailConfig({ dealerships: [] }))!.stockHref).toBe('/search/harbour-city-sales');
    expect(detail('harbour-city-sales')!.websiteHref).toBe('https://www.harbourcity.example/');
    // The dealership's website is this very site's home, or not a web address: no link; a page of this site: its path.
    expect(detail('harbour-city-sales', null, detailConfig({ site_url: 'https://www.harbourcity.example' }))!.websiteHref).toBeNull();
    const group = { ...data, dealerships: data.dealerships.map((d) => ({ ...d, websites: d.websites.map((w) => ({ ...w, url: 'https://www.detailmotors.example/hyundai/overview' })) })) };
    expect(locationDetail('harbour-city-sales', null, detailConfig(), group, NOW)!.websiteHref).toBe('/hyundai/overview');
    expect(detail('bayside-melbourne')!.websiteHref).toBeNull();
  });

  it('JSON-LD: the page’s location (its siblings have their own pages), or each of a dealership’s', () => {
    const [ld, ...more] = detail('harbour-city-sales')!.jsonLd;
    expect(more).toEqual([]);
    expect(ld).toMatchObject({ '@type': 'AutoDealer', name: 'Harbour City Sales', url: 'https://www.detailmotors.example/locations/harbour-city-sales', aggregateRating: { ratingValue: 4.7, reviewCount: 1234 } });
    expect(ld!.review).toHaveLength(12);
    // Its upcoming special dates, not the past one.
    const valid = (ld!.openingHoursSpecification as Array<{ validFrom?: string }>).flatMap((s) => (s.validFrom ? [s.validFrom] : []));
    expect(valid).toEqual(['2026-12-24', '2026-12-25', '2026-12-31']);
    expect(detail('harbour-city-motors')!.jsonLd.map((x) => x['@type'])).toEqual(['AutoDealer', 'AutoDealer', 'AutoRepair', 'AutoPartsStore']);
    // The service location's 3.9 is not shown, so not published either.
    expect(detail('harbour-city-motors')!.jsonLd[2]).not.toHaveProperty('aggregateRating');
  });
});
