/**
 * The comparison of the shopper's compare list (`GET /api/search/compare`): each car as display texts in the same
 * rows, so mf-account's table needs no car rules of its own. Words come from the card's helpers (one wording).
 */
import * as v from 'valibot';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import { formatNumber, priceDisplay } from '@forecourt/contracts/display';
import type { Car } from '@forecourt/contracts/entities/car';
import { SlugSchema } from '@forecourt/contracts/entities/common';
import type { CompareCar } from '@forecourt/contracts/search';
import { carPath } from './card-buttons.ts';
import { isAvailable } from './card-tags.ts';
import { chipText, engineLitres } from './card-title.ts';

const DASH = '—';
const clean = (s: string | null | undefined) => (s ?? '').trim() || null;

/** `?slug=a&slug=b`: 1 to COMPARE_MAX valid, distinct slugs in order, else null (a 400). */
export function parseCompareQuery(params: URLSearchParams): string[] | null {
  const slugs = [...new Set(params.getAll('slug'))];
  if (!slugs.length || slugs.length > COMPARE_MAX) return null;
  return slugs.every((s) => v.is(SlugSchema, s)) ? slugs : null;
}

export function compareCar(car: Car): CompareCar {
  const price = priceDisplay(car);
  const text = (value: string | null) => value ?? DASH;
  const rows: Array<[string, string]> = [
    ['Year', String(car.year)],
    ['Condition', text(chipText(car, 'car_type'))],
    ['Kilometres', car.km > 0 ? `${formatNumber(car.km)} kms` : DASH],
    ['Body', text(chipText(car, 'simple_body'))],
    ['Transmission', text(chipText(car, 'simple_transmission'))],
    ['Fuel', text(chipText(car, 'fuel'))],
    ['Engine', text(engineLitres(car))],
    ['Drive', text(clean(car.drive) ?? clean(car.simple_drive))],
    ['Seats', car.seats && car.seats > 0 ? String(car.seats) : DASH],
    ['Colour', text(clean(car.colour))],
    ['Location', text(clean(car.city) ?? clean(car.location?.name))],
    ['Stock number', text(clean(car.stocknum))],
  ];
  return {
    id: String(car.id),
    slug: car.slug,
    path: carPath(car),
    title: [`${car.year} ${car.make} ${car.model}`, clean(car.badge)].filter(Boolean).join(' '),
    image: car.primary_image_url ?? car.images[0]?.image.url ?? null,
    price: price.text,
    priceType: price.kind === 'price' || price.kind === 'offer' ? clean(car.price_type) : null,
    available: isAvailable(car),
    rows,
  };
}
