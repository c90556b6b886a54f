import { describe, expect, it } from 'vitest';
import { REVIEWS_MIN_RATING } from '@forecourt/contracts/constants';
import type { LocationInput } from '@forecourt/contracts/entities/location';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import { DETAIL_TENANT, detailConfig, detailDataInput } from '../test/detail.ts';
import { HOME_REVIEWS, reviewsSummary } from './reviews-summary.ts';

/** The detail tenant's data with each location changed by `change` (its locations: s1 4.66/1234 with 15 reviews, s2 3.9/40, s3 4.6/212, b1 4.2/10, m1 none). */
const dataWith = (change: (l: LocationInput) => LocationInput) => {
  const input = detailDataInput();
  return parseTenantData(DETAIL_TENANT, { ...input, locations: (input.locations ?? []).map((l) => change(l)) });
};
const data = dataWith((l) => l);
const config = detailConfig();
const review = (author: string, rating: number, date: string) => ({ author, rating, date, text: `${author} was happy.` });

describe("reviewsSummary: the home page's 'What our customers say' (issue 13)", () => {
  it("weighs each shown location's average by its count: the total, the rating as every card shows it", () => {
    const s = reviewsSummary(config, data)!;
    // (4.66 x 1234 + 3.9 x 40 + 4.6 x 212 + 4.2 x 10) / 1496 = 4.628...; m1 has no reviews.
    expect(s.review).toEqual({ average: '4.6', fill: '92%', countText: 'Based on 1,496 reviews', label: 'Rated 4.6 out of 5' });
    expect(s.outOf).toBe(5);
    expect(s.locations).toBe(4);
  });

  it('quotes the 3 newest reviews of 4 stars and more, with author, date and a link to their location’s #reviews', () => {
    const { items } = reviewsSummary(config, data)!;
    expect(items).toHaveLength(HOME_REVIEWS);
    // 'Low' (3 stars, 20 Nov) is left out; the newest good ones come first.
    expect(items.map((r) => [r.author, r.rating, r.date])).toEqual([
      ['Buyer 13', 5, '2026-11-22'],
      ['Buyer 12', 4, '2026-11-21'],
      ['Buyer 11', 5, '2026-11-20'],
    ]);
    expect(items[0]).toMatchObject({ fill: '100%', label: 'Rated 5 out of 5', dateText: '22 Nov 2026', location: { name: 'Harbour City Sales', href: '/locations/harbour-city-sales#reviews' } });
  });

  it('quotes across locations, but only those whose own summary shows (their page has the #reviews the link lands on)', () => {
    const more = dataWith((l) =>
      l.id === 'b1' ? { ...l, review_items: [review('Brisbane buyer', 5, '2026-11-25')] } : l.id === 's2' ? { ...l, review_items: [review('Service buyer', 5, '2026-11-26')] } : l,
    );
    const { items } = reviewsSummary(config, more)!;
    // s2's own average (3.9) is not shown, so its review is not quoted; b1's (4.2) is.
    expect(items.map((r) => r.author)).toEqual(['Brisbane buyer', 'Buyer 13', 'Buyer 12']);
    expect(items[0]!.location).toEqual({ name: 'Harbour City Brisbane', href: '/locations/harbour-city-brisbane#reviews' });
  });

  it("counts only the site's visible locations", () => {
    const hidden = dataWith((l) => (l.id === 's1' ? { ...l, visible: false } : l));
    // Without s1: (3.9 x 40 + 4.6 x 212 + 4.2 x 10) / 262 = 4.48...
    expect(reviewsSummary(config, hidden)).toMatchObject({ review: { average: '4.5', countText: 'Based on 262 reviews' }, locations: 3, items: [] });
    const fewer = detailConfig({ locations: ['s1'] });
    expect(reviewsSummary(fewer, data)).toMatchObject({ review: { average: '4.7', countText: 'Based on 1,234 reviews' }, locations: 1 });
  });

  it('shows nothing where spec §5 hides the Reviews block: reviews off, no reviews, an average not above the minimum', () => {
    expect(reviewsSummary(detailConfig({ features: { reviews: false } }), data)).toBeNull();
    expect(reviewsSummary(config, dataWith((l) => ({ ...l, reviews: null, average_rating: null, review_count: null, review_items: [] })))).toBeNull();
    expect(reviewsSummary(config, dataWith((l) => ({ ...l, reviews: { average_rating: 4.8, count: 0 } })))).toBeNull();
    expect(reviewsSummary(config, dataWith((l) => ({ ...l, reviews: { average_rating: REVIEWS_MIN_RATING, count: 50 } })))).toBeNull();
    // One location above the minimum is not enough when the weighted average is not: 4.5 x 10 and 3.5 x 10 give 4.0.
    const weighted = dataWith((l) => ({ ...l, reviews: l.id === 's1' ? { average_rating: 4.5, count: 10 } : l.id === 's2' ? { average_rating: 3.5, count: 10 } : null }));
    expect(reviewsSummary(config, weighted)).toBeNull();
    expect(reviewsSummary(config, dataWith((l) => ({ ...l, reviews: { average_rating: 4.8, count: 10 } })))?.review.average).toBe('4.8');
  });
});
