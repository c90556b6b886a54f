/**
 * The home page's reviews summary, 'What our customers say' (contracts SLOTS.reviewsSummary, issue 13: a shopper sees
 * at once that people trust this dealer). This Worker owns the location reviews and their rules (./reviews.ts), so
 * the summary is made here from the same functions as every location card and `#reviews` block: the site's locations'
 * averages weighted by their counts, shown only where spec §5's Reviews block would show, and the newest reviews of 4
 * stars and more, each linking to its location's `#reviews`.
 */
import { REVIEW_STARS } from '@forecourt/contracts/constants';
import type { Location } from '@forecourt/contracts/entities/location';
import { siteLocations } from '@forecourt/contracts/locations';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { locationRating, pickReviews, reviewSummary, shownReview, type ReviewSummary, type ShownReview } from './reviews.ts';

/** Reviews the home page quotes at most: a row of three cards on a wide screen. */
export const HOME_REVIEWS = 3;

/** A quoted review with the location it is about (its name, and its page's `#reviews` block). */
export type HomeReview = ShownReview & { location: { name: string; href: string } };

export type ReviewsSummary = {
  /** The site's rating: the weighted average, its stars, 'Based on 1,284 reviews' (./reviews.ts `reviewSummary`). */
  review: ReviewSummary;
  /** '5' of 'out of 5'. */
  outOf: number;
  /** How many of the site's locations the rating covers (those with reviews). */
  locations: number;
  /** The newest reviews of 4 stars and more, at most HOME_REVIEWS; may be none (a rating without review texts). */
  items: HomeReview[];
};

/**
 * The summary of a site's reviews, or null where spec §5 hides the Reviews block: the tenant hides reviews
 * (`features.reviews`), none of its shown locations has a review, or the weighted average does not exceed
 * REVIEWS_MIN_RATING. Only locations whose own summary shows are quoted, so each quote's link lands on a `#reviews`.
 * @example reviewsSummary(config, data) // { review: { average: '4.6', countText: 'Based on 1,284 reviews', ... }, outOf: 5, locations: 2, items: [...] }
 */
export function reviewsSummary(config: Pick<SiteConfig, 'locations' | 'features' | 'locale'>, data: Pick<TenantData, 'locations'>): ReviewsSummary | null {
  const features = { reviews: config.features.reviews };
  if (!features.reviews) return null;
  const locations = siteLocations(config, data);
  let count = 0;
  let weighted = 0;
  let rated = 0;
  for (const location of locations) {
    const rating = locationRating(location);
    if (!rating || rating.count <= 0) continue;
    count += rating.count;
    weighted += rating.average * rating.count;
    rated++;
  }
  if (!count) return null;
  const review = reviewSummary({ reviews: { average_rating: weighted / count, count } }, features, config.locale);
  if (!review) return null;
  const quotable = locations.filter((l) => reviewSummary(l, features, config.locale));
  const items = pickReviews(quotable.flatMap((l) => (l.review_items ?? []).map((r) => ({ ...r, at: l }))))
    .slice(0, HOME_REVIEWS)
    .map(({ at, ...r }): HomeReview => ({ ...shownReview(r, config.locale), location: reviewsLink(at) }));
  return { review, outOf: REVIEW_STARS, locations: rated, items };
}

/** A location's name and its page's `#reviews` block (mf-locations' `/locations/<slug>`, spec §2 anchor `#reviews`). */
const reviewsLink = (location: Pick<Location, 'name' | 'slug'>) => ({ name: location.name, href: `/locations/${encodeURIComponent(location.slug)}#reviews` });
