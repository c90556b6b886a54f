/** The tenant's locations as the vehicle pages use them: the primary one, the one a page is about, directions. */
import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { addressText, primaryLocation, webAddress } from '@forecourt/contracts/locations';
import { carLocationOf } from './lead-forms.ts';

export { addressText, primaryLocation };

/** The location a lead page's context card shows: where the car is, else the site's primary location. */
export function contextLocation(car: Car | null, config: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): Location | null {
  return (car ? carLocationOf(car, locations) : null) ?? primaryLocation(config, locations);
}

/** Directions to a location (its map place when known), else to the car's address or city. */
export function directionsHref(location: Location | null, car: Pick<Car, 'location' | 'city' | 'state'> | null): string {
  const place = webAddress(location?.address.place_url);
  if (place) return place;
  const destination = location ? addressText(location) : (car?.location?.address ?? `${car?.city ?? ''} ${car?.state ?? ''}`);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
