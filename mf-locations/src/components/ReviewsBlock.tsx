import type { CSSProperties } from 'react';
import type { ReviewSummary, ShownReview } from '../lib/reviews.ts';
import { ReviewStars } from './ReviewStars.tsx';

export const REVIEWS_ID = 'reviews';

/**
 * The #reviews block (spec §5 Reviews block, §9 Reviews): the summary, then the reviews rated 4 and up, newest first,
 * up to 12, each with its stars, author, date and words. Rendered only where the summary may show (spec §5), so the
 * summary's link to #reviews always lands here.
 */
export function ReviewsBlock({ review, reviews }: { review: ReviewSummary; reviews: readonly ShownReview[] }) {
  return (
    <section className="fl-reviews" id={REVIEWS_ID} aria-labelledby="fl-reviews-title">
      <h2 id="fl-reviews-title">Reviews</h2>
      <ReviewStars review={review} />
      {reviews.length ? (
        <ol className="fl-reviews__list">
          {reviews.map((r, i) => (
            <li key={`${r.date}-${i}`} className="fc-card fl-review">
              <p className="fl-rating">
                <span className="fl-stars" role="img" aria-label={r.label} style={{ '--fl-stars-fill': r.fill } as CSSProperties} />
              </p>
              <p className="fl-review__by">
                <strong>{r.author}</strong> <time dateTime={r.date}>{r.dateText}</time>
              </p>
              <p className="fl-review__text">{r.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
