/**
 * A tenant's locations as every part shows them (one owner for these rules: mf-locations' pages, the shell's footer,
 * mf-vehicle's context cards): which locations a site shows, its primary one, an address as one line, and where an
 * address links (the feed's map place when it is a web address, else a map search; spec §3 Address place_url).
 */
import type { Location } from './entities/location.ts';
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
