/**
 * A location's review summary (spec §2 Location block: average, stars, 'Based on N reviews'), shown only where spec §5
 * allows it: the average exceeds the minimum rating (§9: 4) and the tenant does not hide reviews (`features.reviews`).
 */
import { REVIEW_STARS, REVIEWS_MIN_RATING } from '@forecourt/contracts/constants';
import type { Location } from '@forecourt/contracts/entities/location';

export type ReviewSummary = {
  /** The average rounded to one decimal, as shown ('4.7'). */
  average: string;
  /** How much of the five stars is filled, from the rounded average ('94%'): a partial last star (spec §9). */
  fill: string;
  /** 'Based on 1,234 reviews' (thousands separators, spec §9). */
  countText: string;
  /** 'Rated 4.7 out of 5' (the stars' text alternative). */
  label: string;
};

/** The rating and count of a location: its `reviews` summary, else the top-level fields (spec §3 Location). */
function ratingOf(location: Pick<Location, 'reviews' | 'average_rating' | 'review_count'>): { average: number; count: number } | null {
  if (location.reviews) return { average: location.reviews.average_rating, count: location.reviews.count };
  if (location.average_rating != null && location.review_count != null) return { average: location.average_rating, count: location.review_count };
  return null;
}

/**
 * The summary to show, or null: no reviews, an average not above `REVIEWS_MIN_RATING`, or reviews hidden for the site.
 * @example reviewSummary({ reviews: { average_rating: 4.66, count: 1234 } }, { reviews: true }) // { average: '4.7', fill: '94%', countText: 'Based on 1,234 reviews', label: 'Rated 4.7 out of 5' }
 */
export function reviewSummary(
  location: Pick<Location, 'reviews' | 'average_rating' | 'review_count'>,
  features: { reviews: boolean },
  locale = 'en-AU',
): ReviewSummary | null {
  if (!features.reviews) return null;
  const rating = ratingOf(location);
  if (!rating || rating.count <= 0 || !(rating.average > REVIEWS_MIN_RATING)) return null;
  const rounded = Math.min(REVIEW_STARS, Math.round(rating.average * 10) / 10);
  const average = rounded.toFixed(1);
  return {
    average,
    fill: `${Math.round((rounded / REVIEW_STARS) * 1000) / 10}%`,
    countText: `Based on ${rating.count.toLocaleString(locale)} ${rating.count === 1 ? 'review' : 'reviews'}`,
    label: `Rated ${average} out of ${REVIEW_STARS}`,
  };
}
