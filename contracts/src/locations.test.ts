import { describe, expect, it } from 'vitest';
import type { Location } from './entities/location.ts';
import { sampleLocation } from './fixtures/location.ts';
import * as v from 'valibot';
import { ImageSrcSchema } from './content.ts';
import { addressKey, addressText, directionsHref, imageSrc, locationTypeRank, mapHref, primaryLocation, siteLocations, webAddress } from './locations.ts';

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

  it('loads a feed image only from a site path or https, the rule of ImageSrcSchema', () => {
    const good = ['/media/yard.jpg', '/a/b?w=640', 'https://cdn.example/x.png'];
    const bad = ['/\\evil.example/x.png', '//evil.example/x.png', 'http://cdn.example/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'media/x.png', '/a b.png', '', null, undefined];
    for (const url of good) expect(imageSrc(url), url).toBe(url);
    for (const url of bad) expect(imageSrc(url), String(url)).toBeNull();
    for (const url of [...good, ...bad]) if (typeof url === 'string') expect(imageSrc(url) !== null, url).toBe(v.is(ImageSrcSchema, url));
    expect(imageSrc(`/${'a'.repeat(2048)}`)).toBeNull();
  });

  it('Get Directions: by coordinates, else by address, with the feed place id', () => {
    const address = { street: '1 Main St', city: 'Wacol', state: 'QLD', postcode: '4076' };
    expect(directionsHref({ ...address, lat: -27.5, long: 152.9 })).toBe('https://www.google.com/maps/dir/?api=1&destination=-27.5%2C152.9');
    expect(directionsHref({ ...address, place_id: 'abc' })).toBe('https://www.google.com/maps/dir/?api=1&destination=1+Main+St%2C+Wacol+QLD+4076&destination_place_id=abc');
  });

  it('one address despite case, accents and punctuation; another postcode is another address', () => {
    expect(addressKey({ street: '12 Smith St.', postcode: '4127' })).toBe(addressKey({ street: ' 12  SMITH st', postcode: '4127' }));
    expect(addressKey({ street: '3 Rue Élise', postcode: '2000' })).toBe(addressKey({ street: '3 rue elise', postcode: '2000' }));
    expect(addressKey({ street: '12 Smith St', postcode: '4127' })).not.toBe(addressKey({ street: '12 Smith St', postcode: '4128' }));
  });

  it('location type order: sales (used with it), service, parts', () => {
    expect(['parts', 'service', 'used', 'sales'].map((t) => locationTypeRank(t as 'sales'))).toEqual([2, 1, 0, 0]);
  });
});
