/**
 * A part or accessory of a tenant's parts catalogue (spec §7 "Offers/parts search": filters on categories and price),
 * searched on `/parts/search` (mf-search) and enquired about through the lead-form slot (issue 17).
 *
 * Where it lives: its own KV key `parts:<slug>` in CONFIG (`kvPartsKey`, read with the tenant store's `parts(slug)`),
 * not a field of TenantData: tenant data is read by every page of every part (the shell, each remote, edge-api),
 * while only the parts search reads the catalogue, which can hold thousands of lines. Its own key keeps every other
 * page's read small and lets a dealer's catalogue be re-imported without touching its locations and offers.
 */
import * as v from 'valibot';
import { ImageSrcSchema } from '../content.ts';
import { IdSchema, NonNegativeSchema, SlugSchema } from './common.ts';

/**
 * The catalogue's categories: what Australian dealers' parts counters and accessory brochures file parts under.
 * A fixed list, so the search's category filter and its facet counts are the same on every tenant.
 */
export const PART_CATEGORIES = [
  'floor-mats',
  'towing',
  'roof-racks',
  'bull-bars',
  'service-kits',
  'filters',
  'wiper-blades',
  'batteries',
  'cargo-storage',
  'lighting',
  'weather-shields',
  'seat-covers',
  'tyres-wheels',
] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];

/** Each category's label as shoppers read it (checkbox lists, result cards). */
export const PART_CATEGORY_LABELS: Readonly<Record<PartCategory, string>> = {
  'floor-mats': 'Floor mats',
  towing: 'Tow bars and towing',
  'roof-racks': 'Roof racks and bars',
  'bull-bars': 'Nudge bars and bull bars',
  'service-kits': 'Service kits',
  filters: 'Filters',
  'wiper-blades': 'Wiper blades',
  batteries: 'Batteries',
  'cargo-storage': 'Cargo and storage',
  lighting: 'Lighting',
  'weather-shields': 'Weather shields',
  'seat-covers': 'Seat covers',
  'tyres-wheels': 'Tyres and wheels',
};

/**
 * How the price reads: `rrp` 'RRP $89', `each` '$25 each', `pair` '$59 per pair', `set` '$129 per set' (four mats,
 * four tyres), `from` 'From $449' (the price of the cheapest fitment). No price type: the price alone.
 */
export const PART_PRICE_TYPES = ['rrp', 'each', 'pair', 'set', 'from'] as const;
export type PartPriceType = (typeof PART_PRICE_TYPES)[number];

export const PartSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  /** The manufacturer's or supplier's part number as the parts counter looks it up (`PZ434-G1005-ZB`). */
  part_number: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  category: v.picklist(PART_CATEGORIES),
  description: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
  /** Australian dollars, GST included. */
  price: NonNegativeSchema,
  price_type: v.optional(v.picklist(PART_PRICE_TYPES)),
  /** Price fitted by the dealer's workshop (parts and labour), when the dealer quotes one. */
  fitted_price: v.optional(v.nullable(NonNegativeSchema)),
  /** The brand it is made for (a manufacturer slug of the tenant's data: `toyota`), or null for universal parts. */
  manufacturer_slug: v.optional(v.nullable(SlugSchema), null),
  /** The models it fits, by name (`HiLux`, `LandCruiser 300`); empty for universal parts. */
  fits: v.optional(v.array(v.pipe(v.string(), v.maxLength(100))), []),
  /**
   * The part's photo, rendered as the card's `<img src>`: a site path or an https address only (content.ts
   * `ImageSrcSchema`), so a feed's `javascript:`, `data:`, plain `http:` (mixed content) or protocol-relative
   * `//host` / `/\host` never reaches the page.
   */
  image: v.optional(v.nullable(ImageSrcSchema), null),
  in_stock: v.boolean(),
});
export type Part = v.InferOutput<typeof PartSchema>;
export type PartInput = v.InferInput<typeof PartSchema>;

/** What `parts:<slug>` holds: the tenant's whole catalogue (none stored reads as an empty catalogue). */
export const PartsCatalogueSchema = v.pipe(
  v.object({ parts: v.optional(v.array(PartSchema), []) }),
  // Ids are how an enquiry link names a part (`?enquire=<id>`): two parts with one id would make it ambiguous.
  v.check((c) => new Set(c.parts.map((p) => p.id)).size === c.parts.length, 'Part ids must be unique'),
);
export type PartsCatalogue = v.InferOutput<typeof PartsCatalogueSchema>;

/** KV key (CONFIG namespace) of a tenant's parts catalogue. */
export const kvPartsKey = (slug: string) => `parts:${slug}`;

/** Parses a stored catalogue (null: none stored, an empty one) and throws one readable error listing every bad field. */
export function parsePartsCatalogue(slug: string, input: unknown): PartsCatalogue {
  const result = v.safeParse(PartsCatalogueSchema, input ?? {});
  if (!result.success) {
    const lines = result.issues.slice(0, 20).map((i) => `  ${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`Invalid parts catalogue "${slug}":\n${lines.join('\n')}`);
  }
  return result.output;
}

/** The price as a card shows it: '$1,249', 'RRP $89', '$59 per pair', 'From $449'. */
export function partPriceText(part: Pick<Part, 'price' | 'price_type'>): string {
  const amount = `$${part.price.toLocaleString('en-AU', { minimumFractionDigits: Number.isInteger(part.price) ? 0 : 2, maximumFractionDigits: 2 })}`;
  switch (part.price_type) {
    case 'rrp':
      return `RRP ${amount}`;
    case 'each':
      return `${amount} each`;
    case 'pair':
      return `${amount} per pair`;
    case 'set':
      return `${amount} per set`;
    case 'from':
      return `From ${amount}`;
    default:
      return amount;
  }
}
