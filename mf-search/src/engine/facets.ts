/**
 * Facet values, labels and counts (spec §3 "Facet item: label, value, count"), and min/max of range facets.
 * Values are matched by a normalised key, so 'Land Rover', 'land-rover' and 'LAND ROVER' are one value
 * (route params like /search/{make} carry slugs while facet items carry the feed's spelling).
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { FacetItem, RangeFacet, TermFacet } from '@forecourt/contracts/search';

/** Normalised facet key: lowercase, accents stripped, runs of other characters turned into single dashes. */
export function facetKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The car's raw value(s) for a term facet, as the feed spells them; empty when the car has none. */
export function facetRawValues(car: Car, facet: TermFacet): string[] {
  if (facet === 'categories') return (car.categories ?? []).filter((c) => c.trim() !== '');
  if (facet === 'certified') return [car.certified === true ? 'true' : 'false'];
  const value = car[facet];
  if (value == null) return [];
  const text = String(value);
  return text.trim() === '' ? [] : [text];
}

const FIXED_LABELS: Partial<Record<TermFacet, Record<string, string>>> = {
  car_type: { new: 'New', used: 'Used', demo: 'Demo' },
  status: { in_stock: 'In Stock', coming_soon: 'Coming Soon', sold: 'Sold' },
  certified: { true: 'Certified', false: 'Not Certified' },
};

/** Labels for the body-type codes of spec §5 (feeds may also send plain words such as 'SUV' or 'Ute'). */
const BODY_LABELS: Record<string, string> = {
  '4x4': '4x4', bus: 'Bus', cabChassis: 'Cab Chassis', convertible: 'Convertible', coupe: 'Coupe', ev: 'EV',
  hardtop: 'Hardtop', hatch: 'Hatch', hatchback: 'Hatchback', motorhome: 'Motorhome', lightTruck: 'Light Truck',
  peopleMover: 'People Mover', prestige: 'Prestige', sedan: 'Sedan', softtop: 'Softtop', suv: 'SUV', ute: 'Ute',
  van: 'Van', wagon: 'Wagon', stationWagon: 'Station Wagon',
};

/**
 * Human label of a facet value: car_type 'new' -> 'New', status 'in_stock' -> 'In Stock', body codes to words,
 * location ids to the location's name and dealership slugs to the dealership's name when the car carries them;
 * every other value (make, model, colour, ...) as the feed spells it.
 */
export function facetLabel(facet: TermFacet, value: string, car?: Car): string {
  const fixed = FIXED_LABELS[facet]?.[value];
  if (fixed) return fixed;
  // A body outside the spec's list (e.g. 'motorcycle') still reads as a word: 'Motorcycle'.
  if (facet === 'simple_body') return BODY_LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
  if (facet === 'location_id' && car?.location?.id === value && car.location.name) return car.location.name;
  if (facet === 'dealership_slug' && car?.dealership_slug === value && car.dealership_name) return car.dealership_name;
  return value;
}

/** What a facet key stands for: the first spelling seen in the stock, and its label. */
export type FacetValueInfo = { value: string; label: string };

/**
 * English label order, as `localeCompare(…, 'en')` orders: one collator made once (localeCompare with a locale sets up
 * ICU collation on every call, the bulk of a cold search's facet counting).
 */
const LABEL_ORDER = new Intl.Collator('en');

/** Orders facet items by count (highest first), then label, then value (spec §3 facet lists). */
export function compareFacetItems(a: FacetItem, b: FacetItem): number {
  return b.count - a.count || LABEL_ORDER.compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/**
 * Turns key counts into sorted facet items. Keys without a known spelling (not in `info`) are listed as the key.
 */
export function facetItems(counts: ReadonlyMap<string, number>, info: ReadonlyMap<string, FacetValueInfo>): FacetItem[] {
  const items: FacetItem[] = [];
  for (const [key, count] of counts) {
    if (count <= 0) continue;
    const known = info.get(key);
    items.push({ value: known?.value ?? key, label: known?.label ?? key, count });
  }
  return items.sort(compareFacetItems);
}

/**
 * Counts a term facet over cars: each car counts once per distinct value (a car in two categories counts in both).
 * @example countFacet(cars, 'make') // [{ value: 'Toyota', label: 'Toyota', count: 12 }, ...]
 */
export function countFacet(cars: readonly Car[], facet: TermFacet): FacetItem[] {
  const counts = new Map<string, number>();
  const info = new Map<string, FacetValueInfo>();
  for (const car of cars) {
    const seen = new Set<string>();
    for (const raw of facetRawValues(car, facet)) {
      const key = facetKey(raw);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!info.has(key)) info.set(key, { value: raw, label: facetLabel(facet, raw, car) });
    }
  }
  return facetItems(counts, info);
}

/** Min and max of a range facet over cars; undefined when there are none. */
export function rangeStats(cars: readonly Pick<Car, RangeFacet>[], field: RangeFacet): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const car of cars) {
    const value = car[field];
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min === Infinity ? undefined : { min, max };
}

/** Inclusive range test (spec: min/max inclusive; a missing bound is open). */
export function inRange(value: number, range: { min?: number | undefined; max?: number | undefined } | undefined): boolean {
  if (!range) return true;
  if (range.min != null && value < range.min) return false;
  if (range.max != null && value > range.max) return false;
  return true;
}
