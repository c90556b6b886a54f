/** Small building blocks shared by the entity schemas. */
import * as v from 'valibot';

/** Entity ids are strings everywhere (feeds mix numeric and UUID ids; tenant config lists ids as strings). */
export const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
export type Id = v.InferOutput<typeof IdSchema>;

/** Lowercase URL slug: `toyota`, `2021-toyota-corolla-ascent-sport-12345`. */
export const SlugSchema = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lowercase slug'));

/** An absolute or root-relative address (demo images are served locally, so not always absolute). */
export const HrefSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(2048));

/** `{ url }` as feeds nest image and logo addresses. */
export const UrlRefSchema = v.object({ url: HrefSchema });
export type UrlRef = v.InferOutput<typeof UrlRefSchema>;

/** ISO 8601 timestamp with a time zone (`2024-05-01T09:30:00.000Z` or `+10:00`). */
export const IsoTimestampSchema = v.pipe(v.string(), v.isoTimestamp());

/** ISO calendar date (`2024-12-25`). */
export const IsoDateSchema = v.pipe(v.string(), v.isoDate());

/** Milliseconds since the Unix epoch. */
export const EpochMsSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

export const NonNegativeSchema = v.pipe(v.number(), v.minValue(0));
export const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Australian postcode: exactly 4 digits (spec §5 Postcode field). */
export const PostcodeSchema = v.pipe(v.string(), v.regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.'));
