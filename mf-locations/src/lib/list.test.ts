import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { groupConfigInput, groupData } from '../test/group.ts';
import { cardContext, siteLocations } from './locations.ts';
import {
  addressTabs, filterGroups, groupLocations, initialSelection, listKey, reconcileSelection, selectionFor, shownLocation, tabHref, tabKeyTarget,
  toListLocation, typesLabel, websiteLinks,
} from './list.ts';

const config = parseSiteConfig(groupConfigInput());
const data = groupData();
const NOW = new Date('2026-03-04T00:00:00Z');
const all = siteLocations(config, data).map((l) => toListLocation(l, cardContext(config, data, NOW)));
const groups = groupLocations(all, data.dealerships, { order: config.dealerships });
const shape = (g: typeof groups) => g.map((d) => [d.name, d.tabs.map((t) => [t.label, t.locations.map((l) => l.id)])]);

describe('groupLocations (spec §2 one card per dealership, grouped by name; §9 type order)', () => {
  it('one card per dealership in the config’s order; one tab per address, tabs and types in sales, used, service, parts order', () => {
    expect(shape(groups)).toEqual([
      ['Penrith Ford', [['Sales & Service', ['fsa', 'fsv']]]],
      ['Harbour Hyundai', [['Sales, Service & Parts', ['hsa', 'hsv', 'hpa']], ['Used cars', ['hus']]]],
      ['Bay Kia & Mazda', [['Sales', ['kia']]]],
    ]);
  });

  it('without a config order, the order the locations come in', () => {
    expect(groupLocations(all, data.dealerships).map((g) => g.slug)).toEqual(['harbour-hyundai', 'bay-kia-mazda', 'penrith-ford']);
  });

  it('a location of an unknown dealership is its own card, named after the location', () => {
    const stray = { ...all[0]!, id: 'x', dealershipSlug: 'nobody', name: 'Stray Yard' };
    expect(groupLocations([stray], data.dealerships).map((g) => [g.slug, g.name])).toEqual([['nobody', 'Stray Yard']]);
  });

  it('two tabs that would read the same are told apart by their city', () => {
    const a = { ...all.find((l) => l.id === 'fsa')! };
    const b = { ...a, id: 'fsb', street: '1 Other Street', city: 'Emu Plains', postcode: '2750' };
    expect(addressTabs([a, b]).map((t) => t.label)).toEqual(['Sales · Penrith', 'Sales · Emu Plains']);
  });

  it('typesLabel joins the types at an address', () => {
    expect(typesLabel(['parts'])).toBe('Parts');
    expect(typesLabel(['parts', 'service'])).toBe('Service & Parts');
    expect(typesLabel(['service', 'sales', 'parts', 'sales'])).toBe('Sales, Service & Parts');
  });
});

describe('a location in the list', () => {
  const hsa = all.find((l) => l.id === 'hsa')!;
  it('carries its dealership, brands, position and image (a fixed size, alt text); a feed’s javascript: image is dropped', () => {
    expect(hsa).toMatchObject({ dealershipSlug: 'harbour-hyundai', city: 'Springwood', postcode: '4127', manufacturers: ['hyundai'], point: { lat: -27.6129, lng: 153.1296 } });
    expect(hsa.image).toEqual({ src: '/demo-img/place/1f4e8c/sales.svg', alt: 'Harbour Hyundai Sales, 12 Dennis Road, Springwood', width: 640, height: 360 });
    expect(all.find((l) => l.id === 'kia')!.image).toBeNull();
    for (const url of ['/\\evil.example/x.png', '//evil.example/x.png', 'http://cdn.example/x.png']) {
      expect(toListLocation({ ...siteLocations(config, data)[0]!, image: { image: { url } } } as never, cardContext(config, data, NOW)).image, url).toBeNull();
    }
    expect(hsa).toMatchObject({ distance: null, distanceKm: null, dealerLicence: 'MD12345', repairer: 'MVR54321' });
  });

  it('DL# and MVR# only when the tenant shows them', () => {
    const hidden = parseSiteConfig(groupConfigInput({ features: { show_dealer_licence: false } as never }));
    const l = toListLocation(siteLocations(hidden, data)[1]!, cardContext(hidden, data, NOW));
    expect([l.dealerLicence, l.repairer]).toEqual([null, null]);
  });
});

describe('websiteLinks (Visit Website: the dealership’s website entries that are web addresses)', () => {
  it('one entry: Visit Website; several: named by make; a javascript: address: none', () => {
    expect(groups.find((g) => g.slug === 'harbour-hyundai')!.websites).toEqual([{ href: 'https://harbourhyundai.example.com.au/', label: 'Visit Website' }]);
    expect(groups.find((g) => g.slug === 'bay-kia-mazda')!.websites.map((w) => w.label)).toEqual(['Visit Kia website', 'Visit Mazda website']);
    expect(groups.find((g) => g.slug === 'penrith-ford')!.websites).toEqual([]);
    expect(websiteLinks(undefined)).toEqual([]);
  });

  it('never points at the site the shopper is on: its home is dropped, its other pages become paths (as on a location page)', () => {
    const dealership = { websites: [{ name: 'Home', make: '', url: 'https://www.group.example/' }, { name: 'Hyundai', make: 'Hyundai', url: 'https://www.group.example/hyundai?x=1' }] };
    expect(websiteLinks(dealership as never, 'https://www.group.example')).toEqual([{ href: '/hyundai?x=1', label: 'Visit Website' }]);
    expect(websiteLinks({ websites: [{ name: 'Home', make: '', url: 'https://www.group.example' }] } as never, 'https://www.group.example/')).toEqual([]);
    expect(websiteLinks({ websites: [{ name: 'Home', make: '', url: 'https://www.group.example' }] } as never).map((w) => w.href)).toEqual(['https://www.group.example/']);
  });
});

describe('filterGroups (spec §5: name, postcode, street or type, case-insensitive)', () => {
  it('keeps a dealership’s whole card when any of its locations matches', () => {
    expect(filterGroups(groups, 'PARTS').map((g) => g.slug)).toEqual(['harbour-hyundai']);
    expect(filterGroups(groups, 'parts')[0]!.tabs.flatMap((t) => t.locations).length).toBe(4);
    expect(filterGroups(groups, '4114').map((g) => g.slug)).toEqual(['harbour-hyundai']);
    expect(filterGroups(groups, 'mulgoa').map((g) => g.slug)).toEqual(['penrith-ford']);
    expect(filterGroups(groups, 'service').map((g) => g.slug)).toEqual(['penrith-ford', 'harbour-hyundai']);
    expect(filterGroups(groups, '  ')).toHaveLength(3);
    expect(filterGroups(groups, 'perth')).toEqual([]);
  });
});

describe('selection: tabs, ?tab= and the location-type select', () => {
  const hyundai = groups.find((g) => g.slug === 'harbour-hyundai')!;
  it('?tab=<location id> selects the tab holding it and that type; anything else the first tab', () => {
    expect(selectionFor(hyundai, 'hus')).toEqual({ tab: 1, choice: { hus: 'hus' } });
    expect(selectionFor(hyundai, 'hpa')).toEqual({ tab: 0, choice: { hsa: 'hpa' } });
    expect(selectionFor(hyundai, 'fsa')).toEqual({ tab: 0, choice: {} });
    expect(selectionFor(hyundai, null)).toEqual({ tab: 0, choice: {} });
    expect(shownLocation(hyundai.tabs[0]!, { hsa: 'hpa' }).name).toBe('Harbour Hyundai Parts');
    expect(shownLocation(hyundai.tabs[0]!, {}).name).toBe('Harbour Hyundai Sales');
    expect(shownLocation(hyundai.tabs[0]!, { hsa: 'nope' }).name).toBe('Harbour Hyundai Sales');
  });

  it('resets every card to its first tab when the list changes (spec §4), keeps it while the list is the same', () => {
    const start = initialSelection(groups, 'hus');
    expect(start.cards['harbour-hyundai']).toEqual({ tab: 1, choice: { hus: 'hus' } });
    expect(reconcileSelection(start, listKey(groups))).toBe(start);
    const filtered = filterGroups(groups, 'hyundai');
    expect(listKey(filtered)).not.toBe(listKey(groups));
    expect(reconcileSelection(start, listKey(filtered))).toEqual({ key: listKey(filtered), cards: {} });
  });

  it('the same cards with other matching locations is another list too (the card stays whole, its tab resets)', () => {
    const logan = filterGroups(groups, 'logan');
    const wembley = filterGroups(groups, 'wembley');
    expect(logan.map((g) => g.slug)).toEqual(['harbour-hyundai']);
    expect(listKey(logan, 'logan')).toBe(listKey(wembley, 'wembley')); // both match the used yard only
    expect(listKey(logan, 'logan')).not.toBe(listKey(filterGroups(groups, 'hyundai'), 'hyundai'));
    expect(listKey(groups, '  ')).toBe(listKey(groups));
    const start = initialSelection(logan, 'hus', 'logan');
    expect(reconcileSelection(start, listKey(logan, 'logan'))).toBe(start);
    expect(reconcileSelection(start, listKey(filterGroups(groups, 'hyundai'), 'hyundai')).cards).toEqual({});
  });

  it('tab links keep the page’s parameters and the search box’s current query', () => {
    expect(tabHref([['near', '4127'], ['locationQuery', 'old'], ['tab', 'x']], 'logan', 'hus', 'harbour-hyundai')).toBe('?near=4127&locationQuery=logan&tab=hus#fl-d-harbour-hyundai');
    expect(tabHref([], ' ', 'hus', 'harbour-hyundai')).toBe('?tab=hus#fl-d-harbour-hyundai');
  });
});

describe('tabKeyTarget (ARIA tabs keys)', () => {
  it('Left/Right wrap, Home/End go to the ends, other keys are left alone', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Enter', 0, 3)).toBeNull();
    expect(tabKeyTarget('ArrowDown', 0, 3)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});

