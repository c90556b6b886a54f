/**
 * A tenant's locations as every part shows them (one owner for these rules: mf-locations' pages, the shell's footer,
 * mf-vehicle's context cards): which locations a site shows, its primary one, an address as one line, and where an
 * address links (the feed's map place when it is a web address, else a map search; spec §3 Address place_url), how
 * Get Directions links, when two locations share an address, the location type order, and which feed image addresses
 * a page may load.
 */
import { LOCATION_TYPE_ORDER } from './constants.ts';
import type { Location, LocationType } from './entities/location.ts';
import type { SiteConfig } from './tenant.ts';
import type { TenantData } from './tenant-data.ts';

/** The locations a site shows: those its config lists, in the config's order, that are visible. */
export function siteLocations(config: Pick<SiteConfig, 'locations'>, data: Pick<TenantData, 'locations'>): Location[] {
  const byId = new Map(data.locations.map((l) => [l.id, l]));
  return config.locations.flatMap((id) => {
    const location = byId.get(id);
    return location && location.visible ? [location] : [];
  });
}

/** The site's primary location (its own locations only), else its first. */
export function primaryLocation(config: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): Location | null {
  const own = locations.filter((l) => config.locations.includes(l.id));
  return own.find((l) => l.primary) ?? own[0] ?? null;
}

/** A location's one-line address: '1480 Wynnum Road, Tingalpa QLD 4173'. */
export const addressText = (location: Pick<Location, 'address'>) => `${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode}`;

/** A web address a feed gave (http or https), or null: a feed's `javascript:` or `data:` never becomes a link. */
export function webAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Where an address links: the feed's map place when it is a web address, else a map search for it. */
export function mapHref(address: Location['address']): string {
  const place = webAddress(address.place_url);
  if (place) return place;
  const query = address.lat != null && address.long != null ? `${address.lat},${address.long}` : `${address.street}, ${address.city} ${address.state} ${address.postcode}`;
  const params = new URLSearchParams({ api: '1', query });
  if (address.place_id) params.set('query_place_id', address.place_id);
  return `https://www.google.com/maps/search/?${params}`;
}

/**
 * Get Directions (spec §2 Location block): Google Maps' directions to the address, a plain link (nothing loads from
 * Google until the shopper follows it); by coordinates when the feed has them, else by the address, with the feed's
 * place id when it has one.
 * @example directionsHref({ street: '1 Main St', city: 'Wacol', state: 'QLD', postcode: '4076', lat: -27.5, long: 152.9 }) // 'https://www.google.com/maps/dir/?api=1&destination=-27.5%2C152.9'
 */
export function directionsHref(address: Pick<Location['address'], 'street' | 'city' | 'state' | 'postcode'> & Partial<Pick<Location['address'], 'lat' | 'long' | 'place_id'>>): string {
  const destination = address.lat != null && address.long != null ? `${address.lat},${address.long}` : `${address.street}, ${address.city} ${address.state} ${address.postcode}`;
  const params = new URLSearchParams({ api: '1', destination });
  if (address.place_id) params.set('destination_place_id', address.place_id);
  return `https://www.google.com/maps/dir/?${params}`;
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * When two locations are at one address: their streets read the same (case, accents, punctuation and spacing aside)
 * and their postcodes match. The locations list's tabs and a location page's 'Location type' choice both use it.
 * @example addressKey({ street: '12 Smith St.', postcode: '4127' }) === addressKey({ street: '12 smith st', postcode: '4127' })
 */
export const addressKey = (address: { street: string; postcode: string }): string => `${fold(address.street)}|${address.postcode.trim()}`;

/**
 * spec §9 'Location type sort: sales, service, parts' (constants LOCATION_TYPE_ORDER) as a rank; used-car yards sell,
 * so they rank with sales (ties keep the caller's order: sort stably).
 */
export const locationTypeRank = (type: LocationType): number => (LOCATION_TYPE_ORDER as readonly string[]).indexOf(type === 'used' ? 'sales' : type);

/**
 * What an image address may be, the one rule of the platform (contracts/content.ts `ImageSrcSchema` is built on it):
 * a site path that does not start `//` or `/\` (which browsers load from another host), or an https:// address; no
 * spaces or backslashes. Here, not in content.ts, so the pages' islands need not bundle the content schemas.
 */
export const IMAGE_SRC_PATTERN = /^(?:\/(?![/\\])[^\s\\]*|https:\/\/[^\s\\]+)$/;

/**
 * A feed's image address a page may load (one rule for every locations page, the block and JSON-LD): a path of this
 * site or an https:// address, else null: never `//host`, `/\host`, `http:`, `javascript:` nor `data:`.
 * @example imageSrc('/media/yard.jpg') // '/media/yard.jpg'; imageSrc('/\\evil.example/x.png') // null
 */
export function imageSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.length <= 2048 && IMAGE_SRC_PATTERN.test(url) ? url : null;
}
