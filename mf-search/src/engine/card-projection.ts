/**
 * The search card projection of a car (issue 19, uncached search pages): what a list of cars needs (search cards, stock
 * strips, similar cars, alerts' ids, the sitemap's slugs), without the vehicle page's detail (finance lenders, the
 * whole gallery and its thumbnails, spin frames, hotspots, equipment, comments, registration...; the VIN stays: the
 * card's finance link names it). A snapshot keeps
 * every car's projection in memory (about 1 KB a car, see snapshot.ts), so a search page of any sort and page reads no
 * KV at all once its tenant's card blocks are in; the full car is read only for its own page.
 *
 * The projection is still a valid Car (contracts CarSchema: every required field kept, optional ones dropped), so hits
 * keep the search port's type. What it keeps is checked against the cards' own code on the demo stock
 * (`lib/card-projection.test.ts`: the card view model, the finance strip's photo rule and the compare table are the
 * same from the projection as from the full car): a card that starts reading a dropped field fails there.
 * Pure ESM, no Node APIs: runs in workerd and in Node (the import).
 */
import type { Car } from '@forecourt/contracts/entities/car';

/**
 * Fields only the vehicle page (or no page) reads: left out of the projection. Images are cut to the first two (a card
 * shows the first; the finance strip asks for more than one photo when the feed gives no `photos_count`), the variant
 * to what a card title reads, the location to its identity and name.
 */
export const DETAIL_ONLY_FIELDS = [
  'thumbnails',
  'finance_lenders',
  'hotspots',
  'standardEquipment',
  'dealercomments',
  'features',
  'spin_images',
  'spin_interior_image',
  'spin_code',
  'specifications',
  'payment_processors',
  'file',
  'youxQuote',
  'autograb_data',
  'video_url',
  'external_video_url',
  'carsales_title',
  'private_suburb',
  'private_postcode',
  'nvic',
  'has_nvic',
  'regplate',
  'rego_expiry',
  'compliance_date',
  'build_date',
  'weekly_price_range',
  'interior_colour',
  'item_type',
] as const satisfies readonly (keyof Car)[];

const DROPPED = new Set<string>(DETAIL_ONLY_FIELDS);
/** Images a projection keeps. */
export const CARD_IMAGES_KEPT = 2;

/** The card projection of a car (a valid Car with less in it). */
export function cardProjection(car: Car): Car {
  const out: Record<string, unknown> = {};
  for (const key in car) {
    if (DROPPED.has(key)) continue;
    const value = car[key as keyof Car];
    if (value === undefined) continue;
    out[key] = value;
  }
  out.images = car.images.slice(0, CARD_IMAGES_KEPT);
  if (car.variant) out.variant = { enginesize_litres: car.variant.enginesize_litres ?? null, bodyconfiguration: car.variant.bodyconfiguration ?? null };
  if (car.location) out.location = { id: car.location.id, name: car.location.name, slug: car.location.slug };
  return out as Car;
}

/**
 * Card projections as text: the first line the field names (JSON), then one JSON array of values per car in that
 * order (null for an absent or null field). About 40% smaller than objects (the field names once, not per car).
 */
export function encodeCards(cars: readonly Car[]): string {
  const projected = cars.map(cardProjection);
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const card of projected) {
    for (const key of Object.keys(card)) {
      if (!seen.has(key)) {
        seen.add(key);
        fields.push(key);
      }
    }
  }
  const lines = [JSON.stringify(fields)];
  for (const card of projected) lines.push(JSON.stringify(fields.map((f) => (card as Record<string, unknown>)[f] ?? null)));
  return lines.join('\n');
}

/** A block of encoded cards, split: its field names and one line per car (parsed one at a time by decodeCard). */
export type CardBlock = { fields: string[]; lines: string[]; chars: number };

export function splitCards(text: string): CardBlock {
  const lines = text.split('\n');
  const fields = JSON.parse(lines[0] ?? '[]') as string[];
  return { fields, lines: lines.slice(1), chars: text.length };
}

/** One card of a block (its `k`-th line): null fields left out, as an absent optional field. */
export function decodeCard(block: CardBlock, k: number): Car | undefined {
  const line = block.lines[k];
  if (line === undefined) return undefined;
  const values = JSON.parse(line) as unknown[];
  const car: Record<string, unknown> = {};
  block.fields.forEach((field, f) => {
    const value = values[f];
    if (value !== null && value !== undefined) car[field] = value;
  });
  return car as Car;
}
