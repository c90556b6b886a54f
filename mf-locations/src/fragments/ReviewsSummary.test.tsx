import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { detailConfig, detailData } from '../test/detail.ts';
import { reviewsSummary } from '../lib/reviews-summary.ts';
import { ReviewsSummary } from './ReviewsSummary.tsx';

const summary = reviewsSummary(detailConfig(), detailData())!;

describe("ReviewsSummary: 'What our customers say' (issue 13)", () => {
  it('says the rating in words beside decorative stars: the average out of 5, the total, across how many locations', () => {
    const html = renderToString(<ReviewsSummary summary={summary} />);
    expect(html).toMatch(/^<section class="fl-home-reviews" aria-labelledby="fl-home-reviews-title">/);
    expect(html).toContain('<h2 id="fl-home-reviews-title">What our customers say</h2>');
    expect(html).toContain('<span class="fl-stars" aria-hidden="true" style="--fl-stars-fill:92%"></span>');
    expect(html).toContain('<strong class="fl-home-reviews__average">4.6</strong> out of <!-- -->5');
    expect(html).toContain('Based on 1,496 reviews<!-- --> across our 4 locations');
    // No star is an image to announce: the words carry the figure.
    expect(html).not.toContain('role="img"');
  });

  it('quotes each review with its stars named in text, its author, its date and a link to its location’s #reviews', () => {
    const html = renderToString(<ReviewsSummary summary={summary} />);
    expect(html.match(/<li class="fc-card fl-home-review">/g)).toHaveLength(3);
    expect(html).toContain('<span class="fc-visually-hidden">Rated 5 out of 5</span>');
    expect(html).toContain('<blockquote><p>Buyer 13’s review.</p></blockquote>');
    expect(html).toContain('<strong>Buyer 13</strong>, <a href="/locations/harbour-city-sales#reviews">Harbour City Sales</a> <time dateTime="2026-11-22">22 Nov 2026</time>');
  });

  it('one location and no review texts: the rating alone, without "across our locations" or an empty list', () => {
    const one = reviewsSummary(detailConfig({ locations: ['b1'] }), detailData())!;
    const html = renderToString(<ReviewsSummary summary={one} />);
    expect(html).toContain('Based on 10 reviews</span>');
    expect(html).not.toContain('across our');
    expect(html).not.toContain('<ul');
  });
});
