/**
 * A location's review summary (spec §2 Location block: average, stars, 'Based on N reviews'), shown only where spec §5
 * allows it: the average exceeds the minimum rating (§9: 4) and the tenant does not hide reviews (`features.reviews`).
 */
import { REVIEW_STARS, REVIEWS_FULL_QUANTITY, REVIEWS_MIN_RATING } from '@forecourt/contracts/constants';
import type { Location, Review } from '@forecourt/contracts/entities/location';
import { localDate } from './holiday.ts';

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

/** The rating and count of a location (or a dealership): its `reviews` summary, else the top-level fields (spec §3). */
export function locationRating(location: Partial<Pick<Location, 'reviews' | 'average_rating' | 'review_count'>>): { average: number; count: number } | null {
  if (location.reviews) return { average: location.reviews.average_rating, count: location.reviews.count };
  if (location.average_rating != null && location.review_count != null) return { average: location.average_rating, count: location.review_count };
  return null;
}

/**
 * The summary to show, or null: no reviews, an average not above `REVIEWS_MIN_RATING`, or reviews hidden for the site.
 * @example reviewSummary({ reviews: { average_rating: 4.66, count: 1234 } }, { reviews: true }) // { average: '4.7', fill: '94%', countText: 'Based on 1,234 reviews', label: 'Rated 4.7 out of 5' }
 */
export function reviewSummary(
  location: Partial<Pick<Location, 'reviews' | 'average_rating' | 'review_count'>>,
  features: { reviews: boolean },
  locale = 'en-AU',
): ReviewSummary | null {
  if (!features.reviews) return null;
  const rating = locationRating(location);
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

/** A review as the #reviews block shows it (plain JSON). */
export type ShownReview = {
  author: string;
  rating: number;
  /** The review's stars, filled to its rating ('80%'). */
  fill: string;
  /** 'Rated 4 out of 5' */
  label: string;
  text: string;
  /** YYYY-MM-DD, for `<time datetime>`. */
  date: string;
  /** '18 Oct 2026' */
  dateText: string;
};

/**
 * The reviews the #reviews block lists (spec §9 Reviews: minimum rating 4, full quantity 12): those rated at least
 * `REVIEWS_MIN_RATING`, newest first (the feed's order among a day's), at most `REVIEWS_FULL_QUANTITY`. Generic so a
 * caller's reviews keep what it added (the home page's reviews summary: each review's location).
 * @example pickReviews(location.review_items) // the 12 newest of rating >= 4
 */
export function pickReviews<R extends Review>(items: readonly R[] | null | undefined): R[] {
  return (items ?? [])
    .filter((r) => r.rating >= REVIEWS_MIN_RATING && r.text.trim())
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.date.localeCompare(a.r.date) || a.i - b.i)
    .slice(0, REVIEWS_FULL_QUANTITY)
    .map(({ r }) => r);
}

/** A picked review with its stars and date as shown. */
export function shownReview(review: Review, locale = 'en-AU'): ShownReview {
  const rating = Math.min(REVIEW_STARS, Math.max(0, review.rating));
  return {
    author: review.author.trim() || 'A customer',
    rating,
    fill: `${Math.round((rating / REVIEW_STARS) * 1000) / 10}%`,
    label: `Rated ${rating} out of ${REVIEW_STARS}`,
    text: review.text.trim(),
    date: review.date,
    dateText: localDate(review.date, locale, { day: 'numeric', month: 'short', year: 'numeric' }),
  };
}
