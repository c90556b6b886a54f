import { describe, expect, it } from 'vitest';
import type { TenantDataInput } from '@forecourt/contracts/tenant-data';
import { locationInput, locationsData, siteConfig } from '../test/tenant.ts';
import { blockCards, blockColumns, byLocationType, DEFAULT_BLOCK_LIMIT, locationBlock, selectBlockLocations, showSwipeHint } from './block.ts';

type Type = '' | 'sales' | 'used' | 'service' | 'parts';
const loc = (id: string, type: Type, extra: Record<string, unknown> = {}) => locationInput({ id, name: `Place ${id} ${type === 'service' ? 'Service' : 'Sales'}`, slug: `place-${id}`, location_type: type, ...extra });

/** A group: two dealerships; sales, a used yard, service and parts; Hino and Isuzu trucks; one hidden, one foreign. */
const input: TenantDataInput = {
  locations: [
    loc('s1', 'sales', { manufacturers: ['hyundai'] }),
    loc('sv1', 'service', { manufacturers: ['hyundai'] }),
    loc('p1', 'parts', { manufacturers: ['hyundai'] }),
    loc('u1', '', { location_subtype: 'Pre-Owned Sales & Buying', manufacturers: [] }),
    loc('t1', 'sales', { primary: true, manufacturers: ['hino', 'isuzu-trucks'], dealership_id: 'd2', dealership_slug: 'trucks', location_subtype: 'Truck Centre' }),
    loc('tv1', 'service', { manufacturers: ['hino'], dealership_id: 'd2', dealership_slug: 'trucks', location_subtype: 'Truck Service Centre' }),
    loc('hidden', 'service', { visible: false }),
    loc('foreign', 'sales'),
  ],
  dealerships: [
    { id: 'd1', slug: 'springwood-motor-group', name: 'Springwood Motor Group' },
    { id: 'd2', slug: 'trucks', name: 'Trucks', service_booking_url: 'https://book.trucks.example/service' },
  ],
};
const data = locationsData('t', input);
const config = siteConfig('t', { locations: ['s1', 'sv1', 'p1', 'u1', 't1', 'tv1', 'hidden'] });
const NOW = new Date('2026-03-04T00:00:00Z');
const pick = (params: Parameters<typeof selectBlockLocations>[2]) => selectBlockLocations(config, data, params).locations.map((l) => l.id);

describe('byLocationType (spec §9 location type sort)', () => {
  it('primary first, then sales with used yards, service, parts; the config order within each', () => {
    expect(byLocationType(data.locations.filter((l) => l.visible && l.id !== 'foreign')).map((l) => l.id)).toEqual(['t1', 's1', 'u1', 'sv1', 'tv1', 'p1']);
  });
});

describe('selectBlockLocations (spec §2 Location block variants)', () => {
  it('without show: every visible location of the site, sorted, at most 4 (the section as it was)', () => {
    expect(pick({})).toEqual(['t1', 's1', 'u1', 'sv1']);
    expect(DEFAULT_BLOCK_LIMIT).toBe(4);
    expect(selectBlockLocations(config, data, {}).total).toBe(6);
  });
  it('primary: the config’s primary location; else the site’s first', () => {
    expect(pick({ show: 'primary' })).toEqual(['t1']);
    const noPrimary = locationsData('t', { ...input, locations: input.locations!.map((l) => ({ ...l, primary: false })) });
    expect(selectBlockLocations(config, noPrimary, { show: 'primary' }).locations.map((l) => l.id)).toEqual(['s1']);
  });
  it('id: that one location, only if the site shows it', () => {
    expect(pick({ show: 'id', id: 'p1' })).toEqual(['p1']);
    expect(pick({ show: 'id', id: 'hidden' })).toEqual([]);
    expect(pick({ show: 'id', id: 'foreign' })).toEqual([]);
  });
  it('by type: sales takes used yards; service; parts; service-and-parts; all (up to 12 once show is named)', () => {
    expect(pick({ show: 'sales' })).toEqual(['t1', 's1', 'u1']);
    expect(pick({ show: 'service' })).toEqual(['sv1', 'tv1']);
    expect(pick({ show: 'parts' })).toEqual(['p1']);
    expect(pick({ show: 'service-and-parts' })).toEqual(['sv1', 'tv1', 'p1']);
    expect(pick({ show: 'all' })).toEqual(['t1', 's1', 'u1', 'sv1', 'tv1', 'p1']);
  });
  it('manufacturer, subtype (every word, any case), include (only these) and exclude narrow the list', () => {
    expect(pick({ show: 'all', manufacturer: 'hino' })).toEqual(['t1', 'tv1']);
    expect(pick({ show: 'sales', manufacturer: 'isuzu-trucks' })).toEqual(['t1']);
    expect(pick({ show: 'all', subtype: 'service centre' })).toEqual(['tv1']);
    expect(pick({ show: 'all', subtype: 'PRE-OWNED' })).toEqual(['u1']);
    expect(pick({ show: 'all', include: 'p1,s1,foreign' })).toEqual(['s1', 'p1']);
    expect(pick({ show: 'service-and-parts', exclude: 'tv1' })).toEqual(['sv1', 'p1']);
    expect(pick({ show: 'all', include: 's1,t1', exclude: 't1' })).toEqual(['s1']);
  });
  it('limit: at most that many, the total still counts every match', () => {
    expect(selectBlockLocations(config, data, { show: 'all', limit: '2' })).toMatchObject({ total: 6 });
    expect(pick({ show: 'all', limit: '2' })).toEqual(['t1', 's1']);
  });
});

describe('blockColumns (spec §2: one large card; a grid of 4 columns above 3 locations, 3 when 6)', () => {
  it.each([
    [0, 1], [1, 1], [2, 2], [3, 3], [4, 4], [5, 4], [6, 3], [7, 4], [8, 4], [9, 4], [12, 4],
  ])('%i locations -> %i columns', (count, columns) => {
    expect(blockColumns(count)).toBe(columns);
  });
});

describe('showSwipeHint (spec §9: above 3 cards)', () => {
  it('only with more than 3 cards', () => {
    expect([1, 2, 3, 4, 9].map(showSwipeHint)).toEqual([false, false, false, true, true]);
  });
});

describe('block cards', () => {
  const cards = (features: Record<string, boolean> = {}) => blockCards(byLocationType(data.locations.filter((l) => config.locations.includes(l.id) && l.visible)), siteConfig('t', { locations: config.locations, features }), data, NOW);
  it('Get Directions: contracts directionsHref (the one a location page uses), with the place id', () => {
    const one = locationsData('t', { locations: [loc('d', 'sales', { address: { street: '1 Main St', city: 'Wacol', state: 'QLD', postcode: '4076', place_id: 'abc' } })] });
    const card = blockCards(one.locations, siteConfig('t', { locations: ['d'] }), one, NOW)[0]!;
    expect(card.directionsHref).toBe('https://www.google.com/maps/dir/?api=1&destination=1+Main+St%2C+Wacol+QLD+4076&destination_place_id=abc');
  });
  it('contact button: Contact Us to the location’s contact page; details; stock only for sales and used', () => {
    const byId = Object.fromEntries(cards().map((c) => [c.id, c]));
    expect(byId.sv1!.contact).toEqual({ label: 'Contact Us', href: '/contact-us/place-sv1', external: false });
    expect(byId.s1!.contact.href).toBe('/contact-us/place-s1');
    expect(byId.s1!.detailsHref).toBe('/locations/place-s1');
    expect(byId.s1!.stockHref).toBe('/search/place-s1');
    expect(byId.u1!.stockHref).toBe('/search/place-u1');
    expect(byId.sv1!.stockHref).toBeNull();
    expect(byId.p1!.stockHref).toBeNull();
  });
  it('Book a Service on service locations where the tenant says so: the dealership’s booking site, else /service', () => {
    const byId = Object.fromEntries(cards({ location_book_service: true }).map((c) => [c.id, c]));
    expect(byId.tv1!.contact).toEqual({ label: 'Book a Service', href: 'https://book.trucks.example/service', external: true });
    expect(byId.sv1!.contact).toEqual({ label: 'Book a Service', href: '/service', external: false });
    expect(byId.s1!.contact.label).toBe('Contact Us');
  });
  it('a booking address that is not a web address is never a link', () => {
    const bad = locationsData('t', { ...input, dealerships: [{ id: 'd2', slug: 'trucks', name: 'Trucks', service_booking_url: 'javascript:alert(1)' }] });
    const [card] = blockCards(bad.locations.filter((l) => l.id === 'tv1'), siteConfig('t', { locations: ['tv1'], features: { location_book_service: true } }), bad, NOW);
    expect(card!.contact).toEqual({ label: 'Book a Service', href: '/service', external: false });
  });
  it('the image keeps its size (no layout shift)', () => {
    const withImage = locationsData('t', { locations: [loc('i', 'sales', { image: { image: { url: '/img/i.jpg' } } })] });
    const block = locationBlock(siteConfig('t', { locations: ['i'] }), withImage, { show: 'primary' }, NOW);
    expect(block).toMatchObject({ layout: 'block', total: 1, cards: [{ image: { src: '/img/i.jpg', width: 640, height: 320 } }] });
    expect(locationBlock(config, data, { layout: 'carousel' }, NOW).layout).toBe('carousel');
    const bad = locationsData('t', { locations: [loc('j', 'sales', { image: { image: { url: 'javascript:alert(1)' } } }), loc('k', 'sales', { image: { image: { url: '//evil.example/x.png' } } }), loc('m', 'sales', { image: { image: { url: '/\\evil.example/x.png' } } }), loc('n', 'sales', { image: { image: { url: 'http://cdn.example/x.png' } } })] });
    expect(locationBlock(siteConfig('t', { locations: ['j', 'k', 'm', 'n'] }), bad, { show: 'all' }, NOW).cards.map((c) => c.image)).toEqual([null, null, null, null]);
  });
});
