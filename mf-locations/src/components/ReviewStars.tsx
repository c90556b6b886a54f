import type { CSSProperties } from 'react';
import type { ReviewSummary } from '../lib/reviews.ts';

/**
 * A location's review summary (spec §2 Location block: average, stars, 'Based on N reviews'). The stars are one image
 * named 'Rated 4.7 out of 5'; their fill is the rounded average, so the last star may be partly filled (spec §9).
 * With `href` (a location's page: '#reviews') the count links to the reviews block (spec §2 detail panel).
 */
export function ReviewStars({ review, href }: { review: ReviewSummary; href?: string }) {
  return (
    <p className="fl-rating">
      <span className="fl-stars" role="img" aria-label={review.label} style={{ '--fl-stars-fill': review.fill } as CSSProperties} />
      <span className="fl-rating__average" aria-hidden="true">
        {review.average}
      </span>
      {href ? (
        <a className="fl-rating__count" href={href}>
          {review.countText}
        </a>
      ) : (
        <span className="fl-rating__count">{review.countText}</span>
      )}
    </p>
  );
}
