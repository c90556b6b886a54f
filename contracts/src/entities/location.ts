/**
 * Location and its hours: spec §3 "Location", "Opening-hour entry", "Special-hours entry".
 */
import * as v from 'valibot';
import { HrefSchema, IdSchema, IsoDateSchema, SlugSchema, UrlRefSchema } from './common.ts';

/** Location types as stored; an empty type means sales (spec §3). */
export const LOCATION_TYPES = ['sales', 'used', 'service', 'parts'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** 'HH:MM' 24-hour clock. */
const Clock = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Must be HH:MM'));

export const OPENING_STATUSES = ['Open', 'Closed'] as const;

/** Opening hours of one weekday: weekday 0-6 with 0 = Sunday (displays start the week on Monday). */
export const OpeningHourEntrySchema = v.object({
  weekday: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  status: v.picklist(OPENING_STATUSES),
  /** Display text as given by the feed (spec spelling), e.g. '8:30am - 5:30pm' or 'By appointment only'. */
  formated_hours: v.nullish(v.string()),
  open: v.nullish(Clock),
  close: v.nullish(Clock),
});
export type OpeningHourEntry = v.InferOutput<typeof OpeningHourEntrySchema>;

/** Holiday/special hours for one date; the range is start_hour/end_hour or hours.begin/end (spec §3). */
export const SpecialHoursEntrySchema = v.object({
  date: IsoDateSchema,
  status: v.picklist(OPENING_STATUSES),
  start_hour: v.nullish(Clock),
  end_hour: v.nullish(Clock),
  hours: v.nullish(v.object({ begin: Clock, end: Clock })),
  location_id: IdSchema,
});
export type SpecialHoursEntry = v.InferOutput<typeof SpecialHoursEntrySchema>;

export const AddressSchema = v.object({
  id: v.nullish(IdSchema),
  street: v.string(),
  city: v.string(),
  state: v.string(),
  postcode: v.pipe(v.string(), v.regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.')),
  lat: v.nullish(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  long: v.nullish(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))),
  place_id: v.nullish(v.string()),
  /** Link to the place on a map (address links go here). */
  place_url: v.nullish(HrefSchema),
  map_key: v.nullish(v.string()),
});
export type Address = v.InferOutput<typeof AddressSchema>;

export const ContactDetailSchema = v.object({
  phone: v.nullish(v.string()),
  landline_phone: v.nullish(v.string()),
  opening_hours: v.array(OpeningHourEntrySchema),
});

export const ReviewSchema = v.object({
  author: v.string(),
  rating: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
  text: v.string(),
  date: IsoDateSchema,
});
export type Review = v.InferOutput<typeof ReviewSchema>;

export const LocationSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.minLength(1)),
  slug: SlugSchema,
  visible: v.boolean(),
  primary: v.boolean(),
  /** '' or missing means sales (spec §3); use `effectiveLocationType`. */
  location_type: v.nullish(v.union([v.literal(''), v.picklist(LOCATION_TYPES)])),
  /** Free text; 'pre-owned sales' makes the type used; may mention buying. */
  location_subtype: v.nullish(v.string()),
  dealership_id: IdSchema,
  dealership_slug: SlugSchema,
  /** Manufacturer slugs represented at this location. */
  manufacturers: v.optional(v.array(v.string()), []),
  image: v.nullish(v.object({ image: UrlRefSchema })),
  /** DL# */
  dealer_license_number: v.nullish(v.string()),
  /** MVR# */
  motor_vehicle_repairer: v.nullish(v.string()),
  address: AddressSchema,
  contact_detail: ContactDetailSchema,
  average_rating: v.nullish(v.pipe(v.number(), v.minValue(0), v.maxValue(5))),
  review_count: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
  reviews: v.nullish(v.object({ average_rating: v.number(), count: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
  /** Individual reviews shown in the #reviews block (not in spec §3's summary; kept beside it). */
  review_items: v.optional(v.array(ReviewSchema)),
});
export type Location = v.InferOutput<typeof LocationSchema>;
export type LocationInput = v.InferInput<typeof LocationSchema>;

/** The type a location is shown under: empty means sales; a 'pre-owned sales' subtype means used (spec §3 Location). */
export function effectiveLocationType(location: Pick<Location, 'location_type' | 'location_subtype'>): LocationType {
  if (location.location_subtype && location.location_subtype.toLowerCase().includes('pre-owned sales')) return 'used';
  return location.location_type ? location.location_type : 'sales';
}
