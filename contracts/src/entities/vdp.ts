/** Vehicle-page state shapes: spin view state and delivery estimate, spec §3. */
import * as v from 'valibot';

export const SPIN_VIEWS = ['spin', 'images', 'interior'] as const;
export type SpinView = (typeof SPIN_VIEWS)[number];

export const SpinViewStateSchema = v.object({
  view: v.picklist(SPIN_VIEWS),
  fullscreen: v.boolean(),
  /** Current spin frame. */
  activeImageIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Current gallery slide (reset when a non-gallery view is chosen, spec §4). */
  activeGalleryIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type SpinViewState = v.InferOutput<typeof SpinViewStateSchema>;

/** Delivery cost for a postcode: region name and price in dollars. */
export const DeliveryEstimateSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  price: v.pipe(v.number(), v.minValue(0)),
});
export type DeliveryEstimate = v.InferOutput<typeof DeliveryEstimateSchema>;
