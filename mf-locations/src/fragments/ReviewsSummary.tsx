import type { CSSProperties } from 'react';
import type { ReviewsSummary as Summary } from '../lib/reviews-summary.ts';

export const REVIEWS_SUMMARY_TITLE_ID = 'fl-home-reviews-title';

/** Stars filled to `fill` ('92%'); decoration only: the figure beside them says the rating in words. */
const Stars = ({ fill }: { fill: string }) => <span className="fl-stars" aria-hidden="true" style={{ '--fl-stars-fill': fill } as CSSProperties} />;

/**
 * The home page's 'What our customers say' (contracts SLOTS.reviewsSummary), server-rendered without JavaScript: the
 * site's rating in words ('4.6 out of 5', 'Based on 1,284 reviews across our 3 locations') beside its stars, then the
 * newest reviews of 4 stars and more as quotes, each with its author, date and location (a link to that location's
 * `#reviews`). Stars have a fixed size and nothing loads later, so nothing moves once the page is drawn.
 */
export function ReviewsSummary({ summary }: { summary: Summary }) {
  const { review, outOf, locations, items } = summary;
  return (
    <section className="fl-home-reviews" aria-labelledby={REVIEWS_SUMMARY_TITLE_ID}>
      <div className="fl-home-reviews__head">
        <h2 id={REVIEWS_SUMMARY_TITLE_ID}>What our customers say</h2>
        <p className="fl-rating fl-home-reviews__score">
          <Stars fill={review.fill} />
          <span>
            <strong className="fl-home-reviews__average">{review.average}</strong> out of {outOf}
          </span>
          <span className="fl-rating__count">
            {review.countText}
            {locations > 1 ? ` across our ${locations} locations` : ''}
          </span>
        </p>
      </div>
      {items.length ? (
        <ul className="fl-home-reviews__list">
          {items.map((r, i) => (
            <li key={`${r.date}-${i}`} className="fc-card fl-home-review">
              <figure>
                <p className="fl-rating">
                  <Stars fill={r.fill} />
                  <span className="fc-visually-hidden">{r.label}</span>
                </p>
                <blockquote>
                  <p>{r.text}</p>
                </blockquote>
                <figcaption>
                  <strong>{r.author}</strong>, <a href={r.location.href}>{r.location.name}</a> <time dateTime={r.date}>{r.dateText}</time>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
