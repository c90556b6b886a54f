/**
 * The location block's params (spec §2 Location block): one schema for the two places that name them, the home page
 * section of a tenant's config (tenant.ts `HomeSectionSchema` `locations`) and mf-locations' summary slot
 * (slots.ts `LocationsSummarySlotParamsSchema`), so a config the shell accepts is a slot mf-locations accepts.
 * Flat strings only (a slot's params travel as a query string). No imports but valibot: tenant.ts and slots.ts both
 * import it.
 */
import * as v from 'valibot';

/** Which locations the block shows: the primary one, one by id, or a filtered list (sales takes used yards with it). */
export const LOCATION_BLOCK_SHOWS = ['primary', 'id', 'sales', 'service', 'parts', 'service-and-parts', 'all'] as const;
export type LocationBlockShow = (typeof LOCATION_BLOCK_SHOWS)[number];
/** How the block lays its locations out: cards (one large card, or a grid) or the 'Our Locations' carousel. */
export const LOCATION_BLOCK_LAYOUTS = ['block', 'carousel'] as const;
export type LocationBlockLayout = (typeof LOCATION_BLOCK_LAYOUTS)[number];
/**
 * How a block card looks: `card` (its photo, the default) or `map` (the car page's `#vehicle-map`, issue 18: the map
 * of Australia with the location's pin in place of the photo, an inline SVG, so nothing loads from a third party
 * before the shopper clicks Get Directions).
 */
export const LOCATION_BLOCK_VARIANTS = ['card', 'map'] as const;
export type LocationBlockVariant = (typeof LOCATION_BLOCK_VARIANTS)[number];

const LOCATION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const IdList = v.optional(v.pipe(v.string(), v.maxLength(2000), v.regex(/^[A-Za-z0-9_-]{1,100}(?:,[A-Za-z0-9_-]{1,100}){0,49}$/, 'Comma-separated location ids')));

/**
 * Which locations (`show`; without it all of them, primary first, at most 4: the section as it was), narrowed to a
 * `manufacturer` slug, a `subtype` (the words of the location's subtype, any case), the `include` ids (only these)
 * and without the `exclude` ids; the `layout` (default `block`) and at most `limit` of them (1-12; default 4 without
 * `show`, else 12); the cards' `variant`, the `reviews` list and the `heading`. Every entry is optional: a host that
 * names none gets the section as before.
 */
export const LocationBlockParamsEntries = {
  show: v.optional(v.picklist(LOCATION_BLOCK_SHOWS)),
  /** The one location of `show: 'id'`. */
  id: v.optional(v.pipe(v.string(), v.regex(LOCATION_ID, 'A location id'))),
  manufacturer: v.optional(v.pipe(v.string(), v.maxLength(60), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A manufacturer slug'))),
  subtype: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
  include: IdList,
  exclude: IdList,
  layout: v.optional(v.picklist(LOCATION_BLOCK_LAYOUTS)),
  limit: v.optional(v.pipe(v.string(), v.regex(/^(?:[1-9]|1[0-2])$/, 'Between 1 and 12 locations'))),
  /** The cards' look (LOCATION_BLOCK_VARIANTS; block layout only). */
  variant: v.optional(v.picklist(LOCATION_BLOCK_VARIANTS)),
  /**
   * `list`: after the cards, the `#reviews` block (spec §2 anchor) of the first location's reviews, its card's rating
   * linking there; nothing where spec §5 hides reviews (tenant `reviews` off, no rating above the minimum, no review
   * rated 4 or more). The car page asks for it with the car's location.
   */
  reviews: v.optional(v.picklist(['list'])),
  /** The section's heading, instead of 'Visit us' / 'Our locations'. */
  heading: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
};

export type LocationBlockParams = { [K in keyof typeof LocationBlockParamsEntries]?: v.InferOutput<(typeof LocationBlockParamsEntries)[K]> };

/**
 * `show: 'id'` names its location with `id`, and `id` means nothing without it: a config that disagrees fails at load,
 * a slot request that does gets mf-locations' empty 404 (never a silently different set of locations).
 */
export const locationBlockParamsAgree = (p: { show?: LocationBlockShow | undefined; id?: string | undefined }): boolean => (p.show === 'id') === (p.id !== undefined);
