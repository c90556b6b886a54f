/**
 * Search card title, detail line and chips (spec §2 Search card): pure, computed server-side into CardCar.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { formatKm, formatNumber } from '@forecourt/contracts/display';
import type { TenantSearch } from '@forecourt/contracts/tenant';
import { facetLabel } from '../engine/facets.ts';

export type CardTitleStyle = TenantSearch['card_title'];
export type CardChip = TenantSearch['card_chips'][number];

export type CardTitle = {
  /** The card's heading: `{year} {make} {model}`. */
  title: string;
  /** Spec §2 "some sites": name, colour, gear count, transmission, body configuration ('detailed'); else null. */
  subtitle: string | null;
  /** Badge and series on one line, or null when the car has neither. */
  badgeLine: string | null;
};

const clean = (text: string | null | undefined): string | null => {
  const t = text?.trim();
  return t ? t : null;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Gear count and transmission: '6 Speed Automatic'; a single-gear (CVT, electric) car shows the transmission only. */
export function gearsText(car: Pick<Car, 'gearnum' | 'trans' | 'simple_transmission'>): string | null {
  const trans = clean(car.trans) ?? (car.simple_transmission ? capitalise(facetLabel('simple_transmission', car.simple_transmission)) : null);
  // Feeds often spell the gears in `trans` already ('10 Speed Automatic'): say them once.
  const gears = car.gearnum && car.gearnum > 1 && !/\bspeed\b/i.test(trans ?? '') ? `${car.gearnum} Speed` : null;
  const text = [gears, trans].filter(Boolean).join(' ');
  return text || null;
}

/**
 * Title variants (tenant `search.card_title`): 'standard' is `{year} {make} {model}`; 'detailed' adds a line with the
 * car's name when it says more than the title, its colour, gear count and transmission, and body configuration.
 */
export function cardTitle(car: Car, style: CardTitleStyle): CardTitle {
  const title = `${car.year} ${car.make} ${car.model}`;
  const badgeLine = [clean(car.badge), clean(car.series)].filter(Boolean).join(' ') || null;
  if (style !== 'detailed') return { title, subtitle: null, badgeLine };
  // The feed's name usually repeats year/make/model (and the badge); only what it adds is worth a second line.
  const name = clean(car.name);
  const extra = name && name.toLowerCase().startsWith(title.toLowerCase()) ? clean(name.slice(title.length)) : name;
  const nameText = extra && !(badgeLine ?? '').toLowerCase().includes(extra.toLowerCase()) ? extra : null;
  const parts = [nameText, clean(car.colour), gearsText(car), clean(car.bodyconfiguration)].filter((p): p is string => Boolean(p));
  return { title, subtitle: parts.length ? parts.join(', ') : null, badgeLine };
}

/**
 * Engine size in litres, one decimal, from cc (the Car schema's unit); the variant's litres when the feed has no cc.
 * @example engineLitres({ engine_size: 2755 }) // '2.8L'
 */
export function engineLitres(car: Pick<Car, 'engine_size' | 'variant'>): string | null {
  if (car.engine_size && car.engine_size > 0) return `${(car.engine_size / 1000).toFixed(1)}L`;
  const litres = car.variant?.enginesize_litres;
  return litres && litres > 0 ? `${litres.toFixed(1)}L` : null;
}

/** One chip's text in words, or null when the car has nothing to show for it. */
export function chipText(car: Car, chip: CardChip): string | null {
  switch (chip) {
    case 'car_type':
      return facetLabel('car_type', car.car_type);
    case 'simple_body':
      return car.simple_body ? facetLabel('simple_body', car.simple_body) : null;
    case 'km':
      return car.km > 0 ? formatKm(car.km) : null;
    case 'simple_transmission':
      return car.simple_transmission ? capitalise(facetLabel('simple_transmission', car.simple_transmission)) : null;
    case 'stocknum':
      return clean(car.stocknum) ? `Stock #${clean(car.stocknum)}` : null;
    case 'views':
      return car.views != null && car.views > 0 ? `${formatNumber(car.views)} ${car.views === 1 ? 'view' : 'views'}` : null;
    case 'seats':
      return car.seats && car.seats > 0 ? `${car.seats} ${car.seats === 1 ? 'seat' : 'seats'}` : null;
    case 'engine_size':
      return engineLitres(car);
    case 'fuel': {
      // The feed's wording ('Hybrid', 'Diesel') first, else the facet value in words.
      const fuel = clean(car.fuel) ?? (clean(car.simple_fuel) ? facetLabel('simple_fuel', car.simple_fuel!) : null);
      return fuel ? capitalise(fuel) : null;
    }
  }
}

/** The tenant's chips (tenant `search.card_chips`, in its order), leaving out those the car has no value for. */
export function cardChips(car: Car, chips: readonly CardChip[]): string[] {
  return chips.map((chip) => chipText(car, chip)).filter((c): c is string => c !== null);
}
