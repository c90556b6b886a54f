import { describe, expect, it } from 'vitest';
import { pickReviews, reviewSummary, shownReview } from './reviews.ts';

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

describe('pickReviews (spec §9 Reviews: minimum rating 4, full quantity 12)', () => {
  const r = (author: string, rating: number, date: string) => ({ author, rating, date, text: `${author} says hi.` });
  it('keeps ratings of 4 and up, newest first, the feed’s order within a day', () => {
    const picked = pickReviews([r('a', 4, '2026-01-02'), r('b', 3.9, '2026-12-01'), r('c', 5, '2026-06-01'), r('d', 4.5, '2026-01-02'), r('e', 1, '2026-11-01')]);
    expect(picked.map((x) => x.author)).toEqual(['c', 'a', 'd']);
  });
  it('at most 12', () => {
    const many = Array.from({ length: 20 }, (_, i) => r(`r${i}`, 5, `2026-01-${String(i + 1).padStart(2, '0')}`));
    const picked = pickReviews(many);
    expect(picked).toHaveLength(12);
    expect(picked[0]!.author).toBe('r19');
    expect(picked[11]!.author).toBe('r8');
  });
  it('none, or only empty words: nothing', () => {
    expect(pickReviews(undefined)).toEqual([]);
    expect(pickReviews([{ author: 'x', rating: 5, date: '2026-01-01', text: '  ' }])).toEqual([]);
  });
});

describe('shownReview', () => {
  it('stars filled to the rating, its words, and the date in the local format', () => {
    expect(shownReview({ author: ' Megan T. ', rating: 4, date: '2026-10-18', text: ' Great. ' })).toEqual({
      author: 'Megan T.',
      rating: 4,
      fill: '80%',
      label: 'Rated 4 out of 5',
      text: 'Great.',
      date: '2026-10-18',
      dateText: '18 Oct 2026',
    });
    expect(shownReview({ author: '', rating: 4.5, date: '2026-01-05', text: 'ok' })).toMatchObject({ author: 'A customer', fill: '90%', label: 'Rated 4.5 out of 5' });
  });
});
