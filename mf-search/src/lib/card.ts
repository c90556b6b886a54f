import { isPurchasable, type Car } from '@forecourt/contracts/entities/car';
import { formatKm, priceDisplay, type PriceDisplay } from '@forecourt/contracts/display';
import { facetLabel } from '../engine/facets.ts';

/** What a search card needs: a small slice of the Car, so island props stay small. */
export type CardCar = {
  id: string;
  slug: string;
  path: string;
  title: string;
  name: string;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  image: string | null;
  chips: string[];
  price: PriceDisplay;
  priceType: string | null;
  status: Car['status'];
  /** Spec §4: a car that is not available (sold) cannot be favourited. */
  available: boolean;
  city: string | null;
};


export function toCardCar(car: Car): CardCar {
  const chips = [facetLabel('car_type', car.car_type), car.simple_body ? facetLabel('simple_body', car.simple_body) : null, car.km > 0 ? formatKm(car.km) : null, car.simple_transmission].filter((c): c is string => Boolean(c));
  return {
    id: String(car.id),
    slug: car.slug,
    path: car.path ?? `/cars/${car.slug}`,
    title: `${car.year} ${car.make} ${car.model}`,
    name: car.name,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    series: car.series ?? null,
    image: car.primary_image_url ?? car.images[0]?.image.url ?? null,
    chips,
    price: priceDisplay(car),
    priceType: car.price_type ?? null,
    status: car.status,
    available: isPurchasable(car) && !car.sold,
    city: car.city ?? null,
  };
}
