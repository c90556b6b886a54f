/** Dealership, Manufacturer, Brand, Plugin: spec §3. */
import * as v from 'valibot';
import { HrefSchema, IdSchema, SlugSchema, UrlRefSchema } from './common.ts';

/** A dealership's website entry (brand grid, mega menu of a dealer group). */
export const DealershipWebsiteSchema = v.object({
  name: v.string(),
  slug: SlugSchema,
  make: v.nullish(v.string()),
  url: HrefSchema,
  logo: v.nullish(UrlRefSchema),
});
export type DealershipWebsite = v.InferOutput<typeof DealershipWebsiteSchema>;

export const DealershipSchema = v.object({
  id: IdSchema,
  slug: SlugSchema,
  name: v.pipe(v.string(), v.minLength(1)),
  average_rating: v.nullish(v.pipe(v.number(), v.minValue(0), v.maxValue(5))),
  review_count: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
  websites: v.optional(v.array(DealershipWebsiteSchema), []),
  /** External service-booking address for this dealership (spec §2 Service). */
  service_booking_url: v.nullish(HrefSchema),
});
export type Dealership = v.InferOutput<typeof DealershipSchema>;

export const VEHICLE_CATEGORIES = ['car', 'motorcycle', 'truck'] as const;

export const ManufacturerSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.minLength(1)),
  slug: SlugSchema,
  logo: v.nullish(UrlRefSchema),
  /** Brand grid section (spec §2 Other screens: car, motorcycle, truck). */
  category: v.optional(v.picklist(VEHICLE_CATEGORIES), 'car'),
});
export type Manufacturer = v.InferOutput<typeof ManufacturerSchema>;

/** Brand landing page content (`/{brand}/overview`). */
export const BrandSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1)),
  slug: SlugSchema,
  logo: v.nullish(HrefSchema),
  banner: v.nullish(HrefSchema),
  description: v.array(v.string()),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

export const PLUGIN_NAMES = ['Autogauge', 'Car Analysis'] as const;

/** A plugin switched on for a site, named by `feature` or `name` (spec §3). */
export const PluginSchema = v.pipe(
  v.object({ feature: v.nullish(v.string()), name: v.nullish(v.string()) }),
  v.check((p) => Boolean(p.feature || p.name), 'A plugin needs a feature or a name'),
);
export type Plugin = v.InferOutput<typeof PluginSchema>;
