import { describe, expect, it } from 'vitest';
import { reviewSummary } from './reviews.ts';

const on = { reviews: true };

describe('reviewSummary (spec §2 Location block, §5 Reviews block, §9 Reviews)', () => {
  it('average to one decimal, partial stars from the rounded average, count with thousands separators', () => {
    expect(reviewSummary({ reviews: { average_rating: 4.66, count: 1234 } }, on)).toEqual({
      average: '4.7',
      fill: '94%',
      countText: 'Based on 1,234 reviews',
      label: 'Rated 4.7 out of 5',
    });
    expect(reviewSummary({ reviews: { average_rating: 4.25, count: 1 } }, on)).toMatchObject({ average: '4.3', fill: '86%', countText: 'Based on 1 review' });
    expect(reviewSummary({ reviews: { average_rating: 5, count: 12 } }, on)).toMatchObject({ average: '5.0', fill: '100%' });
  });
  it('only when the average exceeds the minimum of 4', () => {
    expect(reviewSummary({ reviews: { average_rating: 4, count: 80 } }, on)).toBeNull();
    expect(reviewSummary({ reviews: { average_rating: 3.9, count: 80 } }, on)).toBeNull();
    expect(reviewSummary({ reviews: { average_rating: 4.01, count: 80 } }, on)).toMatchObject({ average: '4.0' });
  });
  it('not when the tenant hides reviews, or there are none', () => {
    expect(reviewSummary({ reviews: { average_rating: 4.8, count: 80 } }, { reviews: false })).toBeNull();
    expect(reviewSummary({ reviews: { average_rating: 4.8, count: 0 } }, on)).toBeNull();
    expect(reviewSummary({ reviews: null, average_rating: null, review_count: null }, on)).toBeNull();
  });
  it('reads the top-level rating fields when the summary is missing (spec §3 Location)', () => {
    expect(reviewSummary({ average_rating: 4.5, review_count: 20 }, on)).toMatchObject({ average: '4.5', countText: 'Based on 20 reviews' });
  });
});
