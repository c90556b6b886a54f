/** The tenant's locations as the vehicle pages use them: the primary one, the one a page is about, directions. */
import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { carLocationOf } from './lead-forms.ts';

/** The site's primary location (its own locations only), else its first. */
export function primaryLocation(config: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): Location | null {
  const own = locations.filter((l) => config.locations.includes(l.id));
  return own.find((l) => l.primary) ?? own[0] ?? null;
}

/** The location a lead page's context card shows: where the car is, else the site's primary location. */
export function contextLocation(car: Car | null, config: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): Location | null {
  return (car ? carLocationOf(car, locations) : null) ?? primaryLocation(config, locations);
}

/** A location's one-line address. */
export const addressText = (location: Location) => `${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode}`;

/** Directions to a location (its map place when known), else to the car's address or city. */
export function directionsHref(location: Location | null, car: Pick<Car, 'location' | 'city' | 'state'> | null): string {
  if (location?.address.place_url) return location.address.place_url;
  const destination = location ? addressText(location) : (car?.location?.address ?? `${car?.city ?? ''} ${car?.state ?? ''}`);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
