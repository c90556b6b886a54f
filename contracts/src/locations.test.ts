import { describe, expect, it } from 'vitest';
import type { Location } from './entities/location.ts';
import { sampleLocation } from './fixtures/location.ts';
import { addressText, mapHref, primaryLocation, siteLocations, webAddress } from './locations.ts';

const loc = (id: string, extra: Partial<Location> = {}): Location => ({ ...(sampleLocation as Location), id, ...extra });

describe('locations (one owner for how every part shows them)', () => {
  it('a site shows its listed, visible locations in its order; its primary one first among them', () => {
    const data = { locations: [loc('a', { primary: false }), loc('b', { visible: false, primary: false }), loc('c', { primary: true })] };
    expect(siteLocations({ locations: ['c', 'b', 'a', 'x'] }, data).map((l) => l.id)).toEqual(['c', 'a']);
    expect(primaryLocation({ locations: ['a', 'c'] }, data.locations)?.id).toBe('c');
    expect(primaryLocation({ locations: ['a'] }, data.locations)?.id).toBe('a');
    expect(primaryLocation({ locations: [] }, data.locations)).toBeNull();
  });

  it('links an address to its map place only when that is a web address, else to a map search', () => {
    const address = { ...sampleLocation.address, lat: null, long: null, place_id: null };
    expect(mapHref({ ...address, place_url: 'https://maps.example/place/1' })).toBe('https://maps.example/place/1');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) expect(mapHref({ ...address, place_url: bad }), bad).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(webAddress('http://x.example/')).toBe('http://x.example/');
    expect(webAddress(null)).toBeNull();
    expect(addressText({ address })).toBe(`${address.street}, ${address.city} ${address.state} ${address.postcode}`);
  });
});
