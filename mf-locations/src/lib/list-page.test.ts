import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { GEOCODE_ERRORS } from '@forecourt/contracts/internal';
import { groupConfigInput, groupData } from '../test/group.ts';
import { listPageView } from './list-page.ts';
import { LOCATOR_TEXTS } from './locator.ts';

const config = parseSiteConfig(groupConfigInput());
const data = groupData();
const NOW = new Date('2026-03-04T00:00:00Z');
const view = (page: 'locations' | 'dealer-locator', query = '', place?: Parameters<typeof listPageView>[5]) => listPageView(page, new URLSearchParams(query), config, data, NOW, place);
const order = (v: ReturnType<typeof view>) => v.groups.map((g) => g.slug);

describe('listPageView: /locations', () => {
  it('the dealerships’ cards in the config’s order, the query, ?tab=, canonical to the bare page, no locator', () => {
    const v = view('locations', 'locationQuery=%20ford%20&tab=hus&utm_source=x');
    expect(v).toMatchObject({ kind: 'locations', page: 'locations', title: 'Our locations', query: 'ford', tab: 'hus', total: 7, locator: null, canonical: 'https://www.groupmotors.com.au/locations' });
    expect(order(v)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    expect(v.keep).toEqual([['locationQuery', 'ford']]);
    expect(view('locations', 'tab=%3Cx%3E').tab).toBeNull();
  });
});

describe('listPageView: /dealer-locator', () => {
  it('no place: the list unsorted with the form, its type and brand options', () => {
    const v = view('dealer-locator');
    expect(v).toMatchObject({ title: 'Dealer locator', canonical: 'https://www.groupmotors.com.au/dealer-locator' });
    expect(order(v)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    expect(v.locator).toMatchObject({ near: '', type: '', brand: '', fieldError: null, notice: null, nearestTo: null, active: false });
    expect(v.locator!.typeOptions.map((o) => o.value)).toEqual(['sales', 'used', 'service', 'parts']);
    expect(v.locator!.brandOptions.map((o) => o.value)).toEqual(['ford', 'hyundai', 'kia', 'mazda']);
  });

  it('a place found: nearest dealership first, its nearest address first, each location with its distance', () => {
    const v = view('dealer-locator', 'near=4114', { kind: 'found', origin: { lat: -27.6397, lng: 153.1092 }, label: 'Logan Central QLD 4114' });
    expect(order(v)).toEqual(['harbour-hyundai', 'bay-kia-mazda', 'penrith-ford']);
    const hyundai = v.groups[0]!;
    expect(hyundai.tabs.map((t) => t.label)).toEqual(['Used cars', 'Sales, Service & Parts']);
    expect(hyundai.tabs[0]!.locations[0]!.distance).toBe('Less than 0.1 km away');
    expect(hyundai.tabs[1]!.locations[0]!.distance).toBe('3.6 km away');
    expect(v.locator).toMatchObject({ near: '4114', nearestTo: 'Nearest to Logan Central QLD 4114', active: true });
    expect(v.keep).toEqual([['near', '4114']]);
  });

  it('filters by type and brand before sorting', () => {
    const v = view('dealer-locator', 'type=service&brand=ford');
    expect(v.groups.map((g) => [g.slug, g.tabs.flatMap((t) => t.locations.map((l) => l.id))])).toEqual([['penrith-ford', ['fsv']]]);
    expect(v.total).toBe(1);
    expect(v.locator).toMatchObject({ type: 'service', brand: 'ford', active: true });
    expect(view('dealer-locator', 'type=parts&brand=ford').groups).toEqual([]);
  });

  it('a field error or a notice: the list still shows, unsorted', () => {
    const bad = view('dealer-locator', 'near=412', { kind: 'field-error', error: GEOCODE_ERRORS.postcode });
    expect(bad.locator).toMatchObject({ fieldError: 'Invalid postcode. Please enter a 4-digit number.', notice: null, nearestTo: null });
    expect(order(bad)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    const down = view('dealer-locator', 'near=4127', { kind: 'notice', message: GEOCODE_ERRORS.unavailable });
    expect(down.locator).toMatchObject({ fieldError: null, notice: GEOCODE_ERRORS.unavailable });
    expect(down.total).toBe(7);
    expect(view('dealer-locator', 'lat=51.5&lng=-0.1', { kind: 'notice', message: LOCATOR_TEXTS.pointOutside }).locator).toMatchObject({ notice: LOCATOR_TEXTS.pointOutside, active: true });
  });
});
