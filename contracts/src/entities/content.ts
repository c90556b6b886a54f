/** Promo node, Offer, Feature, Blog card, Form field: spec §3. */
import * as v from 'valibot';
import { CAR_TYPES } from './car.ts';
import { HrefSchema, IdSchema, IsoDateSchema, SlugSchema, UrlRefSchema } from './common.ts';

/** A promotional card placed in the search grid. */
export const PromoNodeSchema = v.object({
  start: v.nullish(IsoDateSchema),
  expiry: v.nullish(IsoDateSchema),
  /** Zero-based position among the result cards. */
  position: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Car types whose searches show it. */
  display: v.array(v.picklist(CAR_TYPES)),
  /** Only when the search is exactly these car types. */
  strictDisplay: v.optional(v.boolean(), false),
});
export type PromoNode = v.InferOutput<typeof PromoNodeSchema>;

export const OfferSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.string(),
  disclaimer: v.nullish(v.string()),
  url: v.nullish(HrefSchema),
  hide_overlay: v.optional(v.boolean(), false),
  image_or_model_image: v.nullish(UrlRefSchema),
  model: v.nullish(v.object({ slug: SlugSchema, name: v.string() })),
  /** For `/offers/{manufacturerSlug}/{id}`. */
  manufacturer_slug: v.nullish(SlugSchema),
  expiry: v.nullish(IsoDateSchema),
});
export type Offer = v.InferOutput<typeof OfferSchema>;

export const FeatureSchema = v.object({
  title: v.string(),
  description: v.string(),
  image: v.nullish(UrlRefSchema),
});
export type Feature = v.InferOutput<typeof FeatureSchema>;

export const BlogCardSchema = v.object({
  href: HrefSchema,
  heading: v.string(),
  image: v.nullish(HrefSchema),
  /** Shown cut at 100 characters (spec §9). */
  description: v.string(),
  /** Shown dd MMM yyyy. */
  date: IsoDateSchema,
});
export type BlogCard = v.InferOutput<typeof BlogCardSchema>;

export const FORM_FIELD_TYPES = ['text', 'email', 'tel', 'number', 'textarea', 'select', 'checkbox', 'radio', 'date', 'datetime-local', 'hidden'] as const;

export const FormFieldSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  label: v.string(),
  type: v.picklist(FORM_FIELD_TYPES),
  required: v.optional(v.boolean(), false),
  options: v.optional(v.array(v.object({ label: v.string(), value: v.string() }))),
});
export type FormField = v.InferOutput<typeof FormFieldSchema>;
